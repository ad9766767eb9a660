// A collection's type as `reckon doc` and the REPL name it: in the unit its values are
// shown in, not in base units.
#pragma once

#include <optional>
#include <string>

#include "syntax/display_unit.hpp"
#include "syntax/types.hpp"

namespace reckon {

// The quantities inside a list (its elements), a map (its values) or a tuple (each element
// in its own unit) in `unit` when it has one: `[TB/s]`, `{text: gCO2e/kWh}`, `(text, us)`,
// where describe gives base units (`[B/s]`, `{text: kgCO2e/J}`, `(text, s)`). Other types
// as describe names them (a quantity's dimension says what it is: `B (information)`).
// Defined in type_names.cpp.
std::string describe_shown(const Type& t, const std::optional<DisplayUnit>& unit);

}  // namespace reckon
