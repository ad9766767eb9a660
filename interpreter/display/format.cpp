#include "interpreter/display/format.hpp"

#include <fmt/format.h>

#include <cmath>
#include <limits>
#include <optional>
#include <string>

#include "interpreter/display/format_map.hpp"
#include "interpreter/values/instance.hpp"
#include "interpreter/values/units.hpp"
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
// a double holds for certain: the shortest decimal of at most 12 significant digits
// within 4 ulps, if there is one (0.12 USD/kWh is 0.11999999999999998 after the round
// trip through USD/J, and shows as 0.12). Twelve, not the 15 a double holds: a decimal
// of 15 digits lies within 4 ulps of about half of all doubles (they are 1e-13 apart
// at 42, the ulp 7e-15), so 128/3 day, 42.666666666666664, would read 42.6666666666667;
// one of 12 digits does so by chance for about one quotient in a thousand, and people
// write no more digits than that.
// Exact powers of ten: every one up to 1e22 is a double.
constexpr double exact_power_of_ten[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,
                                         1e8,  1e9,  1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
                                         1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};
constexpr int exact_powers = 23;

// Only one decimal of at most 12 significant digits can lie within 4 ulps of a double
// (two such decimals are at least 1e-12 apart, relatively; 4 ulps are under 1e-15), and
// it is the double rounded to 12 digits: the shortest such decimal is that one with its
// trailing zeros. It is found with one multiplication, not by formatting the double at
// 1, 2, ... 12 digits (a sweep's CSV calls this per cell: formatting made a million
// rows 8 times slower); n / 10^k of a whole n and an exact 10^k is correctly rounded,
// so it is the nearest double of the decimal, as reading the decimal's text gives.
double snap_decimal(double shown) {
  if (shown == 0 || !std::isfinite(shown)) return shown;
  const double magnitude = std::fabs(shown);
  const double tolerance =
      4 * (std::nextafter(magnitude, std::numeric_limits<double>::infinity()) - magnitude);
  const int exponent = static_cast<int>(std::floor(std::log10(magnitude)));
  const int decimals = 11 - exponent;  // digits after the point of a 12-digit decimal
  double candidate;
  if (decimals >= 0 && decimals < exact_powers) {
    const double scale = exact_power_of_ten[decimals];
    candidate = std::nearbyint(shown * scale) / scale;
  } else if (decimals < 0 && -decimals < exact_powers) {
    const double scale = exact_power_of_ten[-decimals];
    candidate = std::nearbyint(shown / scale) * scale;
  } else {  // beyond the exact powers: read the decimal back from its text
    candidate = std::stod(fmt::format("{:.11e}", shown));
  }
  return std::fabs(candidate - shown) <= tolerance ? candidate : shown;
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

namespace {

// How format_number writes a finite `v` other than zero alone, decided without writing
// it (a list decides its notation from every element: CollectionNumbers).
struct Plain {
  enum class Kind { whole, shortest, fixed, in_full, scientific } kind;
  double rounded = 0;  // fixed, in_full: `v` at `digits` significant digits
  int decimals = 0;    // fixed
};

Plain plain_notation(double v, int digits, bool in_full, bool wholes_significant,
                     bool plain_decimals = false) {
  if (v == std::trunc(v) && std::fabs(v) < 1e15 &&
      (!wholes_significant || digits > max_meaningful_digits ||
       std::fabs(v) >= std::pow(10.0, digits)))
    return {Plain::Kind::whole};
  // More digits than a double holds would show its binary expansion (12.5 as
  // 12.500000000000000, 0.1 as 0.10000000000000001): the shortest text that reads back as
  // the same double is shown instead.
  if (digits > max_meaningful_digits)
    return {shortest(v).find('e') == std::string::npos ? Plain::Kind::shortest
                                                       : Plain::Kind::scientific};
  // Round to the requested significant digits first, so 999.97 becomes 1000 and is
  // then printed with the decimals that 1000 needs.
  int magnitude = static_cast<int>(std::floor(std::log10(std::fabs(v))));
  double unit = std::pow(10.0, magnitude - digits + 1);
  double rounded = std::round(v / unit) * unit;
  if (rounded != 0) magnitude = static_cast<int>(std::floor(std::log10(std::fabs(rounded))));
  double a = std::fabs(rounded);
  // A value with more whole digits than significant ones would print made-up zeros
  // (195172490.6 as 195200000): those go to scientific notation (1.952e8).
  if (a >= (plain_decimals ? plain_decimals_from : 1e-4) && a < 1e15 && magnitude < digits)
    return {Plain::Kind::fixed, rounded, std::max(0, digits - 1 - magnitude)};
  if (in_full && a >= 1 && a < max_written_in_full) return {Plain::Kind::in_full, rounded};
  return {Plain::Kind::scientific};
}

// `v` in scientific notation: `digits` significant digits, or past a double's digits the
// fewest that read back as `v` (2e21 as "2e21", 1 as "1e0").
std::string scientific_notation(double v, int digits) {
  if (digits <= max_meaningful_digits) {
    // Rounded half away from zero first, as plain notation rounds (plain_notation): fmt
    // rounds a tie to even, and 0.0078125 among scientific numbers would read 7.812e-3
    // where alone it reads 0.007813.
    const int magnitude = static_cast<int>(std::floor(std::log10(std::fabs(v))));
    const double unit = std::pow(10.0, magnitude - digits + 1);
    const double rounded = std::round(v / unit) * unit;
    return scientific(std::isfinite(rounded) && rounded != 0 ? rounded : v, digits - 1);
  }
  for (int n = 1; n < 17; ++n)
    if (std::stod(fmt::format("{:.{}e}", v, n - 1)) == v) return scientific(v, n - 1);
  return scientific(v, 16);
}

}  // namespace

std::string format_number(double v, int digits, bool in_full, bool wholes_significant,
                          bool all_scientific, bool plain_decimals) {
  if (std::isnan(v)) return "nan";
  if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  if (v == 0) {
    // Zero among numbers at significant digits shows as a number between 1 and 10 would
    // (`[0.000, 2.500]`, as `[1.000, 2.500]`); alone, or among whole numbers, as `0`.
    if (!wholes_significant || digits > max_meaningful_digits) return "0";
    return all_scientific ? scientific(0, digits - 1) : fmt::format("{:.{}f}", 0.0, digits - 1);
  }
  const Plain plain = all_scientific
                          ? Plain{Plain::Kind::scientific}
                          : plain_notation(v, digits, in_full, wholes_significant, plain_decimals);
  switch (plain.kind) {
    case Plain::Kind::whole:
      return fmt::format("{:.0f}", v);
    case Plain::Kind::shortest:
      return shortest(v);
    case Plain::Kind::fixed:
      return fmt::format("{:.{}f}", plain.rounded, plain.decimals);
    case Plain::Kind::in_full:
      return fmt::format("{:.0f}", plain.rounded);
    case Plain::Kind::scientific:
      break;
  }
  return scientific_notation(v, digits);
}

bool shows_scientific(double v, int digits, bool in_full, bool wholes_significant) {
  if (v == 0 || !std::isfinite(v)) return false;
  // Most numbers are well inside plain notation's range whatever their rounding to
  // `digits` digits: from 1e-4 (with a margin for the rounding's own error) to 10^digits
  // less one (rounded, still below 10^digits). A list decides its notation from every
  // element, so this spares a million elements plain_notation's logarithms.
  static constexpr double powers_of_ten[] = {1e0, 1e1, 1e2,  1e3,  1e4,  1e5,  1e6,  1e7,
                                             1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15};
  const double a = std::fabs(v);
  if (digits >= 1 && digits <= max_meaningful_digits && a >= 1.01e-4 &&
      a < powers_of_ten[digits] - 1)
    return false;
  // Money and durations from 1 to well below max_written_in_full (rounded, still below
  // it) are written in full: 99,921 ms of a trace.
  if (in_full && digits >= 1 && digits <= max_meaningful_digits && a >= 1 &&
      a < max_written_in_full / 2)
    return false;
  return plain_notation(v, digits, in_full, wholes_significant).kind == Plain::Kind::scientific;
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

namespace {

// A quantity's number in `unit`, as number_in shows it.
double shown_number(const Value& x, const DisplayUnit& unit, int digits) {
  double shown = snap_round_trip(x.number / unit.scale);
  if (unit.scale != 1 && digits > 15) shown = snap_decimal(shown);
  return shown;
}

}  // namespace

void CollectionNumbers::add(const Value& x) {
  if (x.kind != ValueKind::quantity || !std::isfinite(x.number)) return;
  const double shown = shown_number(x, unit_, options_.digits);
  const bool whole = shown == std::trunc(shown);
  const double magnitude = std::fabs(shown);
  if (!whole || magnitude >= 1e15) options_.wholes_significant = true;
  // The quantities of one collection are of its one element type, so of one dimension:
  // the first says whether they are written in full.
  if (!in_full_known_) {
    in_full_ = written_in_full(x.dim);
    in_full_known_ = true;
  }
  if (magnitude != 0) magnitudes_[whole].add(magnitude);
}

DisplayOptions CollectionNumbers::options() const {
  DisplayOptions each = options_;
  each.all_scientific = false;
  // `[1 TB, 2000 EB]`: 2e21 makes every number significant and is in scientific
  // notation, so 1e12 is too (`[1.000e12, 2.000e21] B`), not `1000000000000`. Under the
  // digits rule the collection has, now that every number is known.
  for (const Magnitudes& m : magnitudes_)
    if (m.any)
      for (const double a : {m.least, m.most})
        each.all_scientific = each.all_scientific ||
                              shows_scientific(a, each.digits, in_full_, each.wholes_significant);
  return each;
}

DisplayOptions collection_options(std::span<const Value> values,
                                  const std::optional<DisplayUnit>& unit,
                                  const DisplayOptions& options) {
  if (!unit || unit->is_tuple()) return options;  // tuples: each element as it shows alone
  CollectionNumbers numbers(*unit, options);
  for (const Value& x : values) numbers.add(x);
  return numbers.options();
}

DisplayOptions collection_options(const ListValue& list, const std::optional<DisplayUnit>& unit,
                                  const DisplayOptions& options) {
  if (!unit || unit->is_tuple()) return options;
  CollectionNumbers numbers(*unit, options);
  for (std::size_t i = 0; i < list.size(); ++i) numbers.add(list.at(i));
  return numbers.options();
}

namespace {

// The significant digits of the shortest text that reads back as `x`, trailing zeros
// of a whole number aside (80 is 1, 141 is 3, 85.89934592 is 10).
int digits_written(double x) {
  std::string s = shortest(x);
  s = s.substr(0, s.find('e'));
  std::erase_if(s, [](char c) { return c < '0' || c > '9'; });
  const auto first = s.find_first_not_of('0'), last = s.find_last_not_of('0');
  return first == std::string::npos ? 1 : static_cast<int>(last - first + 1);
}

// A value a person wrote (DisplayUnit::written_values) shown where the ladder chooses
// from the byte, the first step of the decimal and the binary ladder both (a field or
// input declared `B` or `B/device`): on the binary ladder when its number there is written
// in fewer digits than on the decimal one, so that the registry's 80 GiB reads
// 80 GiB/device and 256 KiB 256 KiB/device, while 141 GB stays 141 GB (a decimal capacity is
// 131.3 GiB, a binary one 85.90 GB: the shorter number is the one a datasheet wrote).
// Display rule 2. nullopt: the decimal ladder.
std::optional<DisplayUnit> binary_reading(const Value& v, const DisplayUnit& written, int digits) {
  if (!written.written_values || !has_alternative_ladders(v.dim) ||
      alternative_step(v.dim, written.symbol) || alternative_ladder(v.dim, written.symbol) < 0)
    return std::nullopt;
  std::string symbol;
  const double number = snap_round_trip(v.number);
  const auto binary = readable_alternative_unit(v.dim, written.symbol, number, &symbol, digits);
  if (!binary || binary->scale == 1) return std::nullopt;  // bytes alone: either ladder
  const DisplayUnit decimal = default_display_unit(v, digits);
  if (digits_written(number / binary->scale) >= digits_written(number / decimal.scale))
    return std::nullopt;
  return DisplayUnit{symbol, binary->scale};
}

}  // namespace

DisplayUnit ladder_display_unit(const Value& v, const DisplayUnit& written, int digits) {
  // The ladder chooses the step, the written unit its names (`B/GPU` holding 80 GiB reads
  // 80 GiB/GPU, `op/s` holding 4e12 op/s reads 4 TOP/s): units.hpp, respelled.
  DisplayUnit chosen = [&] {
    std::string symbol;
    if (alternative_step(v.dim, written.symbol))
      if (const auto step = readable_alternative_unit(v.dim, written.symbol,
                                                      snap_round_trip(v.number), &symbol, digits))
        return DisplayUnit{symbol, step->scale};
    if (auto binary = binary_reading(v, written, digits)) return *binary;
    return default_display_unit(v, digits);
  }();
  chosen.symbol = respelled(chosen.symbol, written.symbol);
  return chosen;
}

namespace {

// A quantity's number in `chosen`, without the unit.
std::string number_in(const Value& v, const DisplayUnit& chosen, const DisplayOptions& options) {
  // Unit scales are not exact in binary (500 ns is 499.99999999999994 ns after the round
  // trip through seconds): a value within a few ulps of a whole number shows as that
  // whole number.
  return format_number(shown_number(v, chosen, options.digits), options.digits,
                       written_in_full(v.dim), options.wholes_significant, options.all_scientific,
                       options.plain_decimals);
}

// `[1, 2.5, 4] GB`: every quantity of a list in one unit, `unit` or the one readable for
// its largest element, written once after the list.
// `[1, 2] GB`; a set's elements in braces, `{"a", "b"}` (`open` and `close`).
std::string format_list(const ListValue& list, const DisplayOptions& options,
                        const DisplayUnit* unit, char open = '[', char close = ']') {
  const std::optional<DisplayUnit> chosen = list_display_unit(list, options.digits, unit);
  // Read by at(): a packed list's elements are never all made into Values here.
  const std::size_t shown = std::min(list.size(), options.list_elements);
  DisplayOptions numbers = collection_options(list, chosen, options);
  numbers.records_short = true;  // `[Accelerator "H100 SXM", ...]` inline
  DisplayOptions inner = options;
  inner.records_short = true;
  std::string out(1, open);
  for (std::size_t i = 0; i < shown; ++i) {
    const Value x = list.at(i);
    if (i) out += ", ";
    out += x.kind == ValueKind::quantity ? number_in(x, *chosen, numbers)
                                         : format_value(x, inner, unit);
  }
  if (shown < list.size()) {
    std::string more = std::to_string(list.size() - shown);
    for (auto at = static_cast<std::ptrdiff_t>(more.size()) - 3; at > 0; at -= 3)
      more.insert(static_cast<std::size_t>(at), ",");
    out += (shown ? ", ... " : "... ") + more + " more";
  }
  out += close;
  if (chosen && !chosen->symbol.empty()) out += " " + chosen->symbol;
  return out;
}

}  // namespace

std::optional<DisplayUnit> list_display_unit(const ListValue& list, int digits,
                                             const DisplayUnit* unit) {
  if (unit && unit->is_tuple()) return *unit;  // each tuple's elements in their own units
  std::optional<Value> largest;
  for (std::size_t i = 0; i < list.size(); ++i)
    if (Value x = list.at(i); x.kind == ValueKind::quantity &&
                              (!largest || std::fabs(x.number) > std::fabs(largest->number)))
      largest = std::move(x);
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
    // The ladder chooses (an alternative ladder's step, the binary reading or the
    // decimal step), spelled in the declared unit's names (`80 GiB/GPU`).
    if (unit->ladder && v.number != 0) return ladder_display_unit(v, *unit, digits);
  }
  // A tuple's elements are fitted as format_value shows them, one at a time.
  return unit;
}

namespace {

// Longest text a short record gives its first field: a record inside a message keeps
// the message to one line.
constexpr std::size_t max_short_field = 40;

std::string cut_short(std::string text) {
  if (text.size() <= max_short_field) return text;
  std::size_t cut = max_short_field - 3;
  while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut;  // UTF-8
  return text.substr(0, cut) + "...";
}

}  // namespace

std::string short_record(const RecordValue& r, const DisplayOptions& options) {
  DisplayOptions inner = options;
  inner.records_short = true;
  const RecordDecl& type = *r.type;
  if (const int i = type.field_index("name"); i >= 0) {
    const Value& name = r.fields[static_cast<std::size_t>(i)];
    if (name.kind == ValueKind::text) return type.name + " " + format_value(name, inner);
  }
  if (r.fields.empty() || type.fields.empty()) return type.name + "()";
  const std::optional<DisplayUnit> unit = field_display_unit(r, 0, inner.digits);
  return type.name + "(" + type.fields[0].name + ": " +
         cut_short(format_value(r.fields[0], inner, unit ? &*unit : nullptr)) +
         (r.fields.size() > 1 ? ", ...)" : ")");
}

std::string quoted_text(std::string_view text) {
  std::string out = "\"";
  for (char c : text) {
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

std::string format_inline(const Value& v, const std::optional<DisplayUnit>& unit,
                          DisplayOptions options) {
  options.records_short = true;
  const std::optional<DisplayUnit> shown = fitting_display_unit(v, unit, options.digits);
  return format_value(v, options, shown ? &*shown : nullptr);
}

std::optional<DisplayUnit> field_display_unit(const std::optional<DisplayUnit>& declared,
                                              const Value& v, int digits) {
  if (!declared) return std::nullopt;
  if (declared->is_tuple()) return declared;  // each element as declared
  if (v.kind != ValueKind::quantity) return std::nullopt;
  // Marked for its ladder where it was declared (the checker), as every declared unit.
  return fitting_display_unit(v, declared, digits);
}

std::optional<DisplayUnit> spelled_field_unit(const RecordDecl& type, std::uint32_t spellings,
                                              std::size_t k) {
  if (spellings) {
    DisplayUnit spelled;
    spelled.tuple = spellings;
    if (const DisplayUnit* u = spelled.element(k)) return *u;
  }
  return type.fields[k].display;
}

std::optional<DisplayUnit> record_field_unit(const RecordValue& r, std::size_t k) {
  return spelled_field_unit(*r.type, r.spellings, k);
}

std::optional<DisplayUnit> field_display_unit(const RecordValue& r, std::size_t k, int digits) {
  return field_display_unit(record_field_unit(r, k), r.fields[k], digits);
}

std::string format_value(const Value& v, const DisplayOptions& options, const DisplayUnit* unit) {
  switch (v.kind) {
    case ValueKind::none:
      return "none";
    case ValueKind::boolean:
      return v.truthy() ? "true" : "false";
    case ValueKind::text:
      return quoted_text(v.text());
    case ValueKind::enumeration:
      return v.enumeration()->members.at(static_cast<std::size_t>(v.number));
    case ValueKind::instance:
      return std::string(v.instance()->name) + " (" + v.instance()->scenario->name + ")";
    case ValueKind::record: {
      if (options.records_short) return short_record(*v.record(), options);
      DisplayOptions inner = options;  // a record in a field by its short name
      inner.records_short = true;
      std::string out = v.record()->type->name + "(";
      for (std::size_t i = 0; i < v.record()->fields.size(); ++i) {
        if (i) out += ", ";
        const Field& field = v.record()->type->fields[i];
        const Value& x = v.record()->fields[i];
        const std::optional<DisplayUnit> unit = field_display_unit(*v.record(), i, options.digits);
        out += field.name + ": " + format_value(x, inner, unit ? &*unit : nullptr);
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
    case ValueKind::set:
      return format_list(v.set()->elements(), options, unit, '{', '}');
    case ValueKind::tuple: {  // `(1 GB, 2 s)`: each element in a unit of its own
      std::string out = "(";
      DisplayOptions inner = options;
      inner.records_short = true;
      const auto& items = v.tuple()->items();
      for (std::size_t i = 0; i < items.size(); ++i) {
        const DisplayUnit* declared = unit ? unit->element(i) : nullptr;
        const std::optional<DisplayUnit> fits =
            declared ? fitting_display_unit(items[i], *declared) : std::nullopt;
        out += (i ? ", " : "") + format_value(items[i], inner, fits ? &*fits : nullptr);
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
