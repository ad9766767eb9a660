// Maps in the language (docs/language.md, "Maps"): `{"us-east": 380 gCO2e/kWh, ...}` of
// type `{text: gCO2e/kWh}`, or keyed by an enumeration's members. The checking is
// check_maps.cpp, the evaluation evaluate_maps.cpp and the display format_map.cpp.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include "interpreter/builtins.hpp"
#include "interpreter/checker.hpp"
#include "interpreter/format.hpp"
#include "interpreter/value.hpp"
#include "syntax/ast.hpp"

namespace reckon {

// Builtins over maps, called by name (`keys(m)`): a call to one has CallKind::map_builtin
// and its slot is the MapBuiltin (builtins.hpp).

// The type of a map's keys: text, or the enumeration the map type names.
Type map_key_type(const Type& map);

// A key as written in messages: `"us-east"` for a text, `nvidia` for a member.
std::string key_text(const Value& key);

// The index of `key` among `m`'s keys, or nullopt.
std::optional<std::size_t> find_key(const MapValue& m, const Value& key);

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

class CheckContext;
// check_maps.cpp: `{k: v, ...}`, `m[k]` (`e` an index expression whose operand 0 has the
// map type `map`), `[... for (k, v) in m]` (operand 0 of map type `map`), keys and values.
Type check_map_literal(CheckContext& c, Expr& e, const Scope& s, const Type* expected);
Type check_map_lookup(CheckContext& c, Expr& e, const Scope& s, const Type& map);
Type check_map_comprehension(CheckContext& c, Expr& e, const Scope& s, const Type& map);
Type check_map_builtin(CheckContext& c, Expr& call, MapBuiltin b, const Scope& s);

}  // namespace reckon
