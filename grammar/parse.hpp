// Text to AST. Throws UserError with the location of the first syntax error.
#pragma once

#include <memory>
#include <vector>

#include "syntax/ast.hpp"
#include "syntax/source.hpp"

namespace reckon {

std::unique_ptr<Module> parse_module(const SourceManager& sources, FileId file);

// Whether the file's text starts with a declaration rather than an expression: its
// documentation or metadata, or one of the grammar's declaration forms (which the text
// may then get wrong: `let x =` starts a declaration). The REPL's way to tell them apart.
bool starts_declaration(const SourceManager& sources, FileId file);

// A lone expression (the command line's EXPR and --set values).
ExprPtr parse_expression(const SourceManager& sources, FileId file);

// The command line's `--vary NAME=VALUES` (the VALUES part): a list or a range; the
// result's name, range and input are left for the caller.
Vary parse_vary_spec(const SourceManager& sources, FileId file);
// The command line's `--show A,B`: expressions separated by commas.
std::vector<ExprPtr> parse_expression_list(const SourceManager& sources, FileId file);

}  // namespace reckon
