// Showing a map (docs/language.md, "Maps"): written once in one unit, or as a table of
// keys and values. Display decides from the values and the declared unit alone.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "interpreter/display/format.hpp"
#include "interpreter/values/value.hpp"

namespace reckon {

// A key as written in messages: `"us-east"` for a text, `nvidia` for a member.
std::string key_text(const Value& key);

// `{"us-east": 380, "eu-north": 30} gCO2e/kWh`: every value in one unit, `unit` or the
// one readable for the largest, written once.
std::string format_map(const MapValue& m, const DisplayOptions& options, const DisplayUnit* unit);

// The map as a two-column table, keys and values, the unit in the values' heading; each
// line begins with `indent` and ends with a newline.
std::string format_map_table(const MapValue& m, const DisplayOptions& options,
                             const DisplayUnit* unit, std::string_view indent);

// The unit a map's quantities are shown in (`unit`, or one readable for the largest);
// nullopt when none is a quantity.
std::optional<DisplayUnit> map_display_unit(const MapValue& m, const DisplayOptions& options,
                                            const DisplayUnit* unit);

}  // namespace reckon
