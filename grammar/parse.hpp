// Text to AST. Throws UserError with the location of the first syntax error.
#pragma once

#include <cstddef>
#include <memory>
#include <vector>

#include "syntax/ast.hpp"
#include "syntax/source.hpp"

namespace reckon {

std::unique_ptr<Module> parse_module(const SourceManager& sources, FileId file);

// The parse trees of a file's declarations, kept from one version of its text to the
// next, so that the next version reparses only the declarations an edit reached and
// converts the others' kept trees again (the language server, on every keystroke; one
// per open document). The AST is built afresh each time: the checker writes into it.
class ParseCache {
 public:
  ParseCache();
  ~ParseCache();
  ParseCache(const ParseCache&) = delete;
  ParseCache& operator=(const ParseCache&) = delete;

  // What the last parse_module with this cache did: how many declarations it parsed and
  // how many it took from the cache, and whether it parsed the whole file.
  struct Last {
    std::size_t parsed = 0, reused = 0;
    bool whole_file = true;
  };
  const Last& last() const { return last_; }

  struct State;  // grammar/parse.cpp

 private:
  friend std::unique_ptr<Module> parse_module(const SourceManager&, FileId, ParseCache&);
  std::unique_ptr<State> state_;
  Last last_;
};

// The same tree as parse_module(sources, file), and the same errors, parsing only the
// declarations whose text (or the text a parse of them looks at) differs from the
// version the cache holds; then the cache holds this version, if it parsed.
std::unique_ptr<Module> parse_module(const SourceManager& sources, FileId file, ParseCache& cache);

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
