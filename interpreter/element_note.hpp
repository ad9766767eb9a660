// Which element a comprehension was at when its body or condition failed: both ways of
// running one (Evaluator::comprehend element by element, packed_comprehension over a
// packed list) add the same note, so that `[1 / (x - 5) for x in 1 .. 10]` names
// element 4 whichever ran it.
#pragma once

#include <cstddef>

#include "syntax/ast.hpp"
#include "syntax/diagnostics.hpp"

namespace reckon {

// Adds to `error` a note at the list (or map) `comprehension` reads: `at element 4 of
// this list` (`at entry 4 of this map`), `index` counted from 0.
void note_element(UserError& error, const Expr& comprehension, std::size_t index);

}  // namespace reckon
