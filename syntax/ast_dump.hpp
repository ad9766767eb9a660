// A syntax tree as text without its source positions: two texts that parse to the same
// tree give the same dump. `reckon fmt` compares the dumps of a file before and after
// formatting, and the formatter's tests do over every bundled file.
#pragma once

#include <string>

#include "syntax/ast.hpp"

namespace reckon {

// Everything the parser put in `module`'s declarations (names, docs and metadata, types,
// expressions with their operators, numbers, units and names), and nothing the checker
// adds. Not part of it: a doc line's trailing spaces (the formatter removes them) and
// the spaces of a `with` variant's text (its name in messages, as written).
std::string dump_tree(const Module& module);

}  // namespace reckon
