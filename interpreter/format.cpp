#include "interpreter/format.hpp"

#include <fmt/format.h>

#include <cmath>
#include <limits>
#include <string>

#include "interpreter/instance.hpp"
#include "interpreter/maps.hpp"
#include "interpreter/units.hpp"
#include "syntax/ast.hpp"

namespace reckon {

namespace {

// "12.5", "3.15e23", "1e-5": fmt's shortest round-trip text with a plain exponent.
std::string shortest(double v) {
  std::string s = fmt::format("{}", v);
  auto e = s.find('e');
  if (e == std::string::npos) return s;
  return s.substr(0, e) + "e" + std::to_string(std::stoi(s.substr(e + 1)));
}

// The few-ulp error of a unit round trip (500 ns is 499.99999999999994 ns after going
// through seconds) is undone by snapping to the whole number; 4 ulps is well above that
// error and far below any value a person wrote (5e11 + 0.4 is 3e6 ulps from 5e11).
double snap_round_trip(double shown) {
  double whole = std::round(shown);
  double tolerance = 4 * std::numeric_limits<double>::epsilon() * std::fabs(whole);
  return std::fabs(shown - whole) <= tolerance ? whole : shown;
}

// The same for a number taken into a unit other than its base unit, at more digits than
// a double holds for certain: the shortest decimal of at most 15 significant digits
// within 4 ulps, if there is one (0.12 USD/kWh is 0.11999999999999998 after the round
// trip through USD/J, and shows as 0.12).
double snap_decimal(double shown) {
  if (shown == 0 || !std::isfinite(shown)) return shown;
  const double tolerance = 4 * std::numeric_limits<double>::epsilon() * std::fabs(shown);
  for (int digits = 1; digits <= 15; ++digits) {
    const double d = std::stod(fmt::format("{:.{}e}", shown, digits - 1));
    if (std::fabs(d - shown) <= tolerance) return d;
  }
  return shown;
}

// "1.00e300": `decimals` digits after the point of the mantissa, a plain exponent.
std::string scientific(double v, int decimals) {
  std::string s = fmt::format("{:.{}e}", v, decimals);
  const auto e = s.find('e');
  return s.substr(0, e) + "e" + std::to_string(std::stoi(s.substr(e + 1)));
}

}  // namespace

double number_in_unit(double base, double scale) {
  const double quotient = base / scale;
  if (scale == 1) return quotient;
  return snap_decimal(snap_round_trip(quotient));
}

bool written_in_full(const Dimension& d) {
  const Dimension physical = d.physical();
  return physical == Dimension::of(Base::money) || physical == Dimension::of(Base::time);
}

std::string format_number(double v, int digits, bool in_full, bool wholes_significant) {
  if (std::isnan(v)) return "nan";
  if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  if (v == 0) return "0";
  if (v == std::trunc(v) && std::fabs(v) < 1e15 &&
      (!wholes_significant || digits > max_meaningful_digits ||
       std::fabs(v) >= std::pow(10.0, digits)))
    return fmt::format("{:.0f}", v);
  // More digits than a double holds would show its binary expansion (12.5 as
  // 12.500000000000000, 0.1 as 0.10000000000000001): the shortest text that reads back as
  // the same double is shown instead.
  if (digits > max_meaningful_digits) return shortest(v);
  // Round to the requested significant digits first, so 999.97 becomes 1000 and is
  // then printed with the decimals that 1000 needs.
  int magnitude = static_cast<int>(std::floor(std::log10(std::fabs(v))));
  double unit = std::pow(10.0, magnitude - digits + 1);
  double rounded = std::round(v / unit) * unit;
  if (rounded != 0) magnitude = static_cast<int>(std::floor(std::log10(std::fabs(rounded))));
  double a = std::fabs(rounded);
  // A value with more whole digits than significant ones would print made-up zeros
  // (195172490.6 as 195200000): those go to scientific notation (1.952e8).
  if (a >= 1e-4 && a < 1e15 && magnitude < digits) {
    int decimals = std::max(0, digits - 1 - magnitude);
    return fmt::format("{:.{}f}", rounded, decimals);
  }
  if (in_full && a >= 1 && a < max_written_in_full) return fmt::format("{:.0f}", rounded);
  return scientific(v, digits - 1);
}

DisplayUnit default_display_unit(const Value& v, int digits) {
  Dimension physical = v.dim.physical();
  Dimension counts = v.dim.counts();
  DisplayUnit u;
  std::string symbol;
  // The step is chosen for the value as it will be shown: 999.97 GB at 4 digits is
  // 1000 GB, shown as 1.000 TB.
  double value = snap_round_trip(v.number);
  // A count per second is a throughput (token/s), never kHz*token.
  bool per_time_count = !counts.is_dimensionless() && physical == Dimension::of(Base::time, -1);
  auto readable = per_time_count ? std::nullopt : readable_unit(physical, value, &symbol, digits);
  if (!readable) {  // no ladder: the dimension in base units, counts included (token/s)
    u.symbol = base_unit_string(v.dim);
    return u;
  }
  u.scale = readable->scale;
  u.symbol = symbol;
  for (std::size_t i = first_count_base; i < base_count; ++i) {
    int e = counts.exponents[i];
    if (e == 0) continue;
    std::string name(base_unit_symbols[i]);
    if (std::abs(e) != 1) name += fmt::format("^{}", std::abs(e));
    u.symbol += (e > 0 ? "*" : "/") + name;
  }
  return u;
}

bool any_not_whole(std::span<const Value> values, const DisplayUnit& unit, int digits) {
  for (const Value& x : values) {
    if (x.kind != ValueKind::quantity || !std::isfinite(x.number)) continue;
    double shown = snap_round_trip(x.number / unit.scale);
    if (unit.scale != 1 && digits > 15) shown = snap_decimal(shown);
    if (shown != std::trunc(shown) || std::fabs(shown) >= 1e15) return true;
  }
  return false;
}

DisplayUnit ladder_display_unit(const Value& v, const DisplayUnit& written, int digits) {
  std::string symbol;
  if (binary_step(v.dim, written.symbol))
    if (const auto step = readable_binary_unit(v.dim, snap_round_trip(v.number), &symbol, digits))
      return DisplayUnit{symbol, step->scale};
  return default_display_unit(v, digits);
}

namespace {

// A quantity's number in `chosen`, without the unit.
std::string number_in(const Value& v, const DisplayUnit& chosen, const DisplayOptions& options) {
  // Unit scales are not exact in binary (500 ns is 499.99999999999994 ns after the round
  // trip through seconds): a value within a few ulps of a whole number shows as that
  // whole number.
  double shown = snap_round_trip(v.number / chosen.scale);
  if (chosen.scale != 1 && options.digits > 15) shown = snap_decimal(shown);
  return format_number(shown, options.digits, written_in_full(v.dim), options.wholes_significant);
}

// A list's options for its quantities: wholes at significant digits when one is not whole.
DisplayOptions element_options(const ListValue& list, const std::optional<DisplayUnit>& chosen,
                               const DisplayOptions& options) {
  DisplayOptions each = options;
  each.wholes_significant =
      chosen && !chosen->is_tuple() && any_not_whole(list.items(), *chosen, options.digits);
  return each;
}

// `[1, 2.5, 4] GB`: every quantity of a list in one unit, `unit` or the one readable for
// its largest element, written once after the list.
std::string format_list(const ListValue& list, const DisplayOptions& options,
                        const DisplayUnit* unit) {
  const std::optional<DisplayUnit> chosen = list_display_unit(list, options.digits, unit);
  const std::size_t shown = std::min(list.items().size(), options.list_elements);
  const DisplayOptions numbers = element_options(list, chosen, options);
  std::string out = "[";
  for (std::size_t i = 0; i < shown; ++i) {
    const Value& x = list.items()[i];
    if (i) out += ", ";
    out += x.kind == ValueKind::quantity ? number_in(x, *chosen, numbers)
                                         : format_value(x, options, unit);
  }
  if (shown < list.items().size()) {
    std::string more = std::to_string(list.items().size() - shown);
    for (auto at = static_cast<std::ptrdiff_t>(more.size()) - 3; at > 0; at -= 3)
      more.insert(static_cast<std::size_t>(at), ",");
    out += (shown ? ", ... " : "... ") + more + " more";
  }
  out += "]";
  if (chosen && !chosen->symbol.empty()) out += " " + chosen->symbol;
  return out;
}

}  // namespace

std::optional<DisplayUnit> list_display_unit(const ListValue& list, int digits,
                                             const DisplayUnit* unit) {
  if (unit && unit->is_tuple()) return *unit;  // each tuple's elements in their own units
  const Value* largest = nullptr;
  for (const Value& x : list.items())
    if (x.kind == ValueKind::quantity &&
        (!largest || std::fabs(x.number) > std::fabs(largest->number)))
      largest = &x;
  if (!largest) return std::nullopt;
  // A written step of a ladder lets the ladder choose, for the largest element, as it
  // does for one value (`[1 GB, 2000 GB]` is `[0.001000, 2.000] TB`, as `2000 GB` is
  // `2.000 TB`); a list of zeros stays in the unit written.
  if (unit && (!unit->ladder || largest->number == 0)) return *unit;
  return unit ? ladder_display_unit(*largest, *unit, digits)
              : default_display_unit(*largest, digits);
}

std::optional<DisplayUnit> fitting_display_unit(const Value& v,
                                                const std::optional<DisplayUnit>& unit,
                                                int digits) {
  if (!unit) return std::nullopt;
  if (v.kind == ValueKind::quantity) {
    if (!std::isfinite(v.number / unit->scale)) return std::nullopt;
    if (unit->ladder && v.number != 0 && binary_step(v.dim, unit->symbol))
      return ladder_display_unit(v, *unit, digits);
    if (unit->ladder && v.number != 0) return std::nullopt;
  }
  // A tuple's elements are fitted as format_value shows them, one at a time.
  return unit;
}

std::string format_value(const Value& v, const DisplayOptions& options, const DisplayUnit* unit) {
  switch (v.kind) {
    case ValueKind::none:
      return "none";
    case ValueKind::boolean:
      return v.truthy() ? "true" : "false";
    case ValueKind::text: {
      // Quoted as it would be written, so that a quote inside (a built text, a record
      // shown in one) cannot end it early and every value stays on one line.
      std::string out = "\"";
      for (char c : v.text()) {
        if (c == '"' || c == '\\')
          (out += '\\') += c;
        else if (c == '\n')
          out += "\\n";
        else if (c == '\t')
          out += "\\t";
        else
          out += c;
      }
      return out + "\"";
    }
    case ValueKind::enumeration:
      return v.enumeration()->members.at(static_cast<std::size_t>(v.number));
    case ValueKind::instance:
      return std::string(v.instance()->name) + " (" + v.instance()->scenario->name + ")";
    case ValueKind::record: {
      std::string out = v.record()->type->name + "(";
      for (std::size_t i = 0; i < v.record()->fields.size(); ++i) {
        if (i) out += ", ";
        // A tuple field shows its elements in their declared units (a quantity field's
        // declared unit states only a dimension: the ladder chooses, docs/language.md).
        const std::optional<DisplayUnit>& declared = v.record()->type->fields[i].display;
        const DisplayUnit* field = declared && declared->is_tuple() ? &*declared : nullptr;
        out += v.record()->type->fields[i].name + ": " +
               format_value(v.record()->fields[i], options, field);
      }
      return out + ")";
    }
    case ValueKind::quantity: {
      DisplayUnit chosen = unit ? *unit : default_display_unit(v, options.digits);
      std::string number = number_in(v, chosen, options);
      return chosen.symbol.empty() ? number : number + " " + chosen.symbol;
    }
    case ValueKind::list:
      return format_list(*v.list(), options, unit);
    case ValueKind::map:
      return format_map(*v.map(), options, unit);
    case ValueKind::tuple: {  // `(1 GB, 2 s)`: each element in a unit of its own
      std::string out = "(";
      const auto& items = v.tuple()->items();
      for (std::size_t i = 0; i < items.size(); ++i) {
        const DisplayUnit* declared = unit ? unit->element(i) : nullptr;
        const std::optional<DisplayUnit> fits =
            declared ? fitting_display_unit(items[i], *declared) : std::nullopt;
        out += (i ? ", " : "") + format_value(items[i], options, fits ? &*fits : nullptr);
      }
      return out + ")";
    }
  }
  return "?";
}

std::string format_quantity(const Value& v, const DigitsFormat& format, const DisplayUnit* unit) {
  if (format.style == DigitsFormat::Style::significant) {
    DisplayOptions options;
    options.digits = format.digits;
    return format_value(v, options, unit);
  }
  const DisplayUnit chosen = unit ? *unit : default_display_unit(v);
  const double shown = snap_round_trip(v.number / chosen.scale);
  std::string number;
  if (std::isnan(shown))
    number = "nan";
  else if (std::isinf(shown))
    number = shown > 0 ? "inf" : "-inf";
  else if (std::fabs(shown) >= 1e15)  // past a double's digits: no made-up ones
    number = scientific(shown, format.digits);
  else
    number = fmt::format("{:.{}f}", shown, format.digits);
  // A negative number that rounds to zero shows as zero.
  if (number.front() == '-' && number.find_first_not_of("-0.") == std::string::npos)
    number.erase(0, 1);
  return chosen.symbol.empty() ? number : number + " " + chosen.symbol;
}

}  // namespace reckon
