// A syntax tree as text without its source positions: two texts that parse to the same
// tree give the same dump. `reckon fmt` compares the dumps of a file before and after
// formatting, and the formatter's tests do over every bundled file.
#pragma once

#include <string>

#include "syntax/ast.hpp"

namespace reckon {

// Everything the parser put in `module`'s declarations (names, docs and metadata, types,
// expressions with their operators, numbers, units and names), and nothing the checker
// adds. A doc line's trailing spaces are not part of it (the formatter removes them).
std::string dump_tree(const Module& module);

}  // namespace reckon
