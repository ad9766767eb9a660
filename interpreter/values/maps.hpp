// Maps in the language (docs/language.md, "Maps"): `{"us-east": 380 gCO2e/kWh, ...}` of
// type `{text: gCO2e/kWh}`, or keyed by an enumeration's members. This header holds what
// the values know of a map (its keys); the checking is check_maps.cpp (check_context.hpp),
// the evaluation evaluate_maps.cpp and the display format_map.hpp.
#pragma once

#include <cstddef>
#include <optional>

#include "interpreter/values/value.hpp"

namespace reckon {

// Builtins over maps, called by name (`keys(m)`): a call to one has CallKind::map_builtin
// and its slot is the MapBuiltin (builtins.hpp).

// The index of `key` among `m`'s keys, or nullopt.
inline std::optional<std::size_t> find_key(const MapValue& m, const Value& key) {
  const std::size_t i = m.find(key);
  if (i == KeyIndex::npos) return std::nullopt;
  return i;
}

}  // namespace reckon
