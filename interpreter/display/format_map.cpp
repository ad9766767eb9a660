// Showing maps: inline (`{"us-east": 380, "eu-north": 30} gCO2e/kWh`, in messages and
// explanations) and as a two-column table (what `reckon run` and `reckon eval` print).
// Either way every value is in one unit, written once.
#include "interpreter/display/format_map.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <optional>

#include "interpreter/values/maps.hpp"
#include "syntax/ast.hpp"

namespace reckon {

std::string key_text(const Value& key) {
  if (key.kind == ValueKind::text) return "\"" + key.text() + "\"";
  if (key.kind == ValueKind::enumeration)
    return key.enumeration()->members.at(static_cast<std::size_t>(key.number));
  return format_inline(key, std::nullopt, DisplayOptions{});
}

std::optional<DisplayUnit> map_display_unit(const MapValue& m, const DisplayOptions& options,
                                            const DisplayUnit* unit) {
  if (unit && unit->is_tuple()) return *unit;  // each tuple's elements in their own units
  const Value* largest = nullptr;
  for (const Value& x : m.values)
    if (x.kind == ValueKind::quantity &&
        (!largest || std::fabs(x.number) > std::fabs(largest->number)))
      largest = &x;
  if (!largest) return std::nullopt;
  // A written step of a ladder lets the ladder choose, as for a list (format.cpp).
  if (unit && (!unit->ladder || largest->number == 0)) return *unit;
  return unit ? ladder_display_unit(*largest, *unit, options.digits)
              : default_display_unit(*largest, options.digits);
}

namespace {

// A value without its unit when it is a quantity (the unit is shown once, elsewhere).
std::string bare_value(const Value& v, const DisplayOptions& options,
                       const std::optional<DisplayUnit>& unit, const DisplayUnit* asked) {
  if (v.kind != ValueKind::quantity || !unit) return format_value(v, options, asked);
  DisplayUnit bare = *unit;
  bare.symbol.clear();
  bare.ladder = false;
  return format_value(v, options, &bare);
}

}  // namespace

std::string format_map(const MapValue& m, const DisplayOptions& options, const DisplayUnit* unit) {
  const std::optional<DisplayUnit> chosen = map_display_unit(m, options, unit);
  DisplayOptions each = collection_options(m.values, chosen, options);
  each.records_short = true;  // `{"a": Accelerator "H100 SXM"}` inline
  std::string out = "{";
  for (std::size_t i = 0; i < m.keys.size(); ++i) {
    if (i) out += ", ";
    out += key_text(m.keys[i]) + ": " + bare_value(m.values[i], each, chosen, unit);
  }
  out += "}";
  if (chosen && !chosen->symbol.empty()) out += " " + chosen->symbol;
  return out;
}

std::string format_map_table(const MapValue& m, const DisplayOptions& options,
                             const DisplayUnit* unit, std::string_view indent) {
  const std::optional<DisplayUnit> chosen = map_display_unit(m, options, unit);
  const DisplayOptions each = collection_options(m.values, chosen, options);
  std::vector<std::string> keys{"key"};
  std::vector<std::string> values{
      chosen && !chosen->symbol.empty() ? "value (" + chosen->symbol + ")" : std::string("value")};
  for (std::size_t i = 0; i < m.keys.size(); ++i) {
    // Keys unquoted in a table: the column says what they are.
    const Value& k = m.keys[i];
    keys.push_back(k.kind == ValueKind::text ? k.text() : key_text(k));
    values.push_back(bare_value(m.values[i], each, chosen, unit));
  }
  std::size_t key_width = 0, value_width = 0;
  for (const std::string& k : keys) key_width = std::max(key_width, k.size());
  // Numbers right-aligned, so that their digits line up; other values (texts, records,
  // maps) left-aligned as they read.
  bool numbers = true;
  for (const Value& v : m.values) numbers = numbers && v.kind == ValueKind::quantity;
  for (std::size_t i = 1; i < values.size() && numbers; ++i)
    value_width = std::max(value_width, values[i].size());
  std::string out;
  for (std::size_t i = 0; i < keys.size(); ++i) {
    const std::string& v = values[i];
    const std::string cell = i == 0 || !numbers ? v : fmt::format("{:>{}}", v, value_width);
    out += fmt::format("{}{:<{}}  {}\n", indent, keys[i], key_width, cell);
  }
  if (m.keys.empty()) out += fmt::format("{}(no entries)\n", indent);
  return out;
}

}  // namespace reckon
