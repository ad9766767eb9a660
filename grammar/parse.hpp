// Text to AST. Throws UserError with the location of the first syntax error.
#pragma once

#include <memory>

#include "interpreter/ast.hpp"
#include "interpreter/source.hpp"

namespace reckon {

std::unique_ptr<Module> parse_module(const SourceManager& sources, FileId file);

// A lone expression (the command line's EXPR and --set values).
ExprPtr parse_expression(const SourceManager& sources, FileId file);

}  // namespace reckon
