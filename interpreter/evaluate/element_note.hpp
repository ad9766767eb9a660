// Which element a comprehension was at when its body or condition failed, and what it
// held: both ways of running one (Evaluator::comprehend element by element,
// packed_comprehension over a packed list) add the same note, so that
// `[1 / (x - 5) for x in 1 .. 10]` names element 4, which is 5, whichever ran it.
#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <string>

#include "interpreter/values/value.hpp"
#include "syntax/ast.hpp"
#include "syntax/diagnostics.hpp"
#include "syntax/display_unit.hpp"

namespace reckon {

// Adds to `error` a note at the list (or map) `comprehension` reads: `at element 4 of
// this list (5)`, `at entry 1 of this map ("b": 0 GB)`, `index` counted from 0. `bound`
// is what the pattern's names were bound to there: the element (`for x in xs`), a
// tuple's parts (`for (a, b) in ps`), or the key and the value (`for (k, v) in m`).
// `scenario` is the one whose instance the comprehension ran in (null at file scope):
// the unit of a list that is its property is that property's.
void note_element(UserError& error, const Expr& comprehension, std::size_t index,
                  std::span<const Value> bound, const ScenarioDecl* scenario);

// A value as a note names it, at most about 40 characters: a quantity in the unit
// `unit` (a readable one when null), a record with a `name` text by its type and name
// (`Gpu "H100"`), another record by its type and first field (`Link(bandwidth: 900
// GB/s, ...)`), anything else as it shows inline, cut short with `...` when longer.
std::string short_value(const Value& v, const std::optional<DisplayUnit>& unit);

}  // namespace reckon
