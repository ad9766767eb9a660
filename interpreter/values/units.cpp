#include "interpreter/values/units.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <optional>
#include <span>
#include <unordered_map>

namespace reckon {

namespace {

// A prefix, with its name as an answer may spell it out (`kilobytes`: answer_text.cpp).
struct Prefix {
  std::string_view symbol;
  double scale;
  std::string_view name;
};

constexpr Prefix si_large[] = {{"k", 1e3, "kilo"},  {"M", 1e6, "mega"},  {"G", 1e9, "giga"},
                               {"T", 1e12, "tera"}, {"P", 1e15, "peta"}, {"E", 1e18, "exa"}};
constexpr Prefix si_small[] = {
    {"m", 1e-3, "milli"}, {"u", 1e-6, "micro"}, {"n", 1e-9, "nano"}, {"p", 1e-12, "pico"}};
constexpr Prefix binary[] = {{"Ki", 0x1p10, "kibi"}, {"Mi", 0x1p20, "mebi"},
                             {"Gi", 0x1p30, "gibi"}, {"Ti", 0x1p40, "tebi"},
                             {"Pi", 0x1p50, "pebi"}, {"Ei", 0x1p60, "exbi"}};

Dimension dim(Base b, int power = 1) { return Dimension::of(b, static_cast<std::int8_t>(power)); }

const Dimension time_d = dim(Base::time);
const Dimension information_d = dim(Base::information);
const Dimension compute_d = dim(Base::compute);
const Dimension mass_d = dim(Base::mass);
const Dimension length_d = dim(Base::length);
const Dimension energy_d = mass_d * length_d.pow(2) / time_d.pow(2);
const Dimension power_d = energy_d / time_d;
const Dimension volume_d = length_d.pow(3);
const Dimension carbon_d = dim(Base::carbon);
const Dimension money_d = dim(Base::money);

struct Catalogue {
  std::vector<UnitInfo> units;
  std::unordered_map<std::string, std::size_t> index;

  void add(std::string symbol, double scale, Dimension d) {
    index.emplace(symbol, units.size());
    units.push_back({std::move(symbol), scale, d});
  }
  template <std::size_t N>
  void prefixed(const std::string& symbol, double scale, Dimension d, const Prefix (&ps)[N]) {
    for (const Prefix& p : ps) add(std::string(p.symbol) + symbol, p.scale * scale, d);
  }

  Catalogue() {
    // Time. A year is the Julian year (365.25 days), as astronomers and the IAU use, and a
    // month is a twelfth of it (30.4375 days), so that 12 month is exactly 1 year.
    // Spelled-out words (`hour`, `seconds`, `days`) are not units: the did-you-mean hints
    // name the symbol, so every unit has one spelling, the one values are shown in.
    add("s", 1, time_d);
    prefixed("s", 1, time_d, si_small);
    add("min", 60, time_d);
    add("h", 3600, time_d);
    add("day", 86400, time_d);
    add("week", 7 * 86400, time_d);
    add("month", 365.25 * 86400 / 12, time_d);
    add("year", 365.25 * 86400, time_d);
    add("Hz", 1, time_d.pow(-1));
    prefixed("Hz", 1, time_d.pow(-1), si_large);

    // Information: the byte is the base unit; GB is 1e9 B and GiB is 2^30 B.
    add("B", 1, information_d);
    prefixed("B", 1, information_d, si_large);
    prefixed("B", 1, information_d, binary);
    add("bit", 0.125, information_d);
    prefixed("bit", 0.125, information_d, si_large);
    prefixed("bit", 0.125, information_d, binary);

    // Compute work. `flop` and `FLOP` are the same unit (both spellings are common). An
    // operation (`op`, `OP`: an integer multiply or add, as datasheets count TOPS) is one
    // unit of the same dimension: one op is one flop, so an INT8 roof (`TOP/s`) and a
    // workload in flop meet in one roofline (docs/conventions.md, "Devices and operations").
    // The prefixed ops are upper case only (`TOP/s`, `GOP/s`), as datasheets write them.
    for (const char* f : {"flop", "FLOP"}) {
      add(f, 1, compute_d);
      prefixed(f, 1, compute_d, si_large);
    }
    add("op", 1, compute_d);
    add("OP", 1, compute_d);
    prefixed("OP", 1, compute_d, si_large);

    add("USD", 1, money_d);

    add("g", 1e-3, mass_d);
    prefixed("g", 1e-3, mass_d, si_large);
    prefixed("g", 1e-3, mass_d, si_small);
    add("t", 1e3, mass_d);

    // Emissions in CO2-equivalent are their own dimension, not mass: `1 kg + 1 kgCO2e` is
    // an error, and emissions show as tCO2e, never as Mg.
    add("gCO2e", 1e-3, carbon_d);
    add("kgCO2e", 1, carbon_d);
    add("tCO2e", 1e3, carbon_d);
    add("ktCO2e", 1e6, carbon_d);
    add("MtCO2e", 1e9, carbon_d);
    add("GtCO2e", 1e12, carbon_d);

    add("m", 1, length_d);
    prefixed("m", 1, length_d, si_large);
    add("cm", 1e-2, length_d);
    prefixed("m", 1, length_d, si_small);
    // The litre, for cooling water: 1 L = 1 dm^3 = 1e-3 m^3.
    add("mL", 1e-6, volume_d);
    add("L", 1e-3, volume_d);
    add("kL", 1, volume_d);

    add("J", 1, energy_d);
    prefixed("J", 1, energy_d, si_large);
    prefixed("J", 1, energy_d, si_small);
    add("W", 1, power_d);
    prefixed("W", 1, power_d, si_large);
    prefixed("W", 1, power_d, si_small);
    add("Wh", 3600, energy_d);
    prefixed("Wh", 3600, energy_d, si_large);

    // Counting units, singular and plural.
    for (Base b :
         {Base::token, Base::param, Base::sample, Base::request, Base::layer, Base::iteration}) {
      std::string name(base_unit_symbols[static_cast<std::size_t>(b)]);
      add(name, 1, dim(b));
      add(name + "s", 1, dim(b));
      prefixed(name, 1, dim(b), si_large);
    }
    // Accelerators are counted too, on every tier (`80 GiB/device`, `1024 devices`): a GPU,
    // a TPU chip, a phone's NPU and a microcontroller are each one device. `GPU` (`GPUs`)
    // is another name of the same unit, for a cluster of GPUs that reads better so; a
    // value declared in it shows in it (respelled). No prefixes: `kdevice` would read as
    // a typo, and clusters are written in whole devices.
    for (const char* name : {"device", "devices", "GPU", "GPUs"}) add(name, 1, dim(Base::device));
  }
};

const Catalogue& catalogue() {
  static const Catalogue c;
  return c;
}

// The units a dimension is shown in when none was declared, ascending. A value that
// would need 1000 or more of the top step is shown in the overflow step instead, where
// format_number writes it in scientific notation: `3.150e23 flop`, never `315000 Eflop`.
struct Ladder {
  Dimension dim;
  std::vector<std::pair<std::string, double>> steps;  // ascending scale
  std::size_t overflow = 0;                           // index into steps
  std::size_t zero = 0;                               // the step zero is shown in
};

const std::vector<Ladder>& ladders() {
  static const std::vector<Ladder> l = [] {
    // `unit` is the scale of the unprefixed symbol in base units (a gram is 1e-3 kg); it is
    // also where values above the largest prefix are shown.
    auto si = [](const std::string& symbol, Dimension d, bool small, double unit = 1) {
      Ladder lad{d, {}};
      if (small)
        for (auto it = std::rbegin(si_small); it != std::rend(si_small); ++it)
          lad.steps.emplace_back(std::string(it->symbol) + symbol, it->scale * unit);
      lad.overflow = lad.zero = lad.steps.size();
      lad.steps.emplace_back(symbol, unit);
      for (const Prefix& p : si_large)
        lad.steps.emplace_back(std::string(p.symbol) + symbol, p.scale * unit);
      return lad;
    };
    // A ladder of one unit, for rates people always write one way (`USD/h`).
    auto only = [](const std::string& symbol, Dimension d, double scale) {
      return Ladder{d, {{symbol, scale}}, 0, 0};
    };
    std::vector<Ladder> v;
    v.push_back(si("B", information_d, false));
    // Time beyond a minute reads better in minutes, hours and days than in ks or Ms; weeks
    // and months are units but not steps (10 day reads better than 1.429 week).
    v.push_back({time_d,
                 {{"ps", 1e-12},
                  {"ns", 1e-9},
                  {"us", 1e-6},
                  {"ms", 1e-3},
                  {"s", 1},
                  {"min", 60},
                  {"h", 3600},
                  {"day", 86400},
                  {"year", 365.25 * 86400}},
                 8,
                 4});
    v.push_back(si("Hz", time_d.pow(-1), false));
    v.push_back(si("flop", compute_d, false));
    v.push_back(si("W", power_d, true));
    v.push_back(si("J", energy_d, true));
    v.push_back(si("g", mass_d, true, 1e-3));
    v.push_back(si("m", length_d, true));
    v.push_back({volume_d, {{"mL", 1e-6}, {"L", 1e-3}, {"kL", 1}}, 1, 1});
    v.push_back({carbon_d,
                 {{"gCO2e", 1e-3},
                  {"kgCO2e", 1},
                  {"tCO2e", 1e3},
                  {"ktCO2e", 1e6},
                  {"MtCO2e", 1e9},
                  {"GtCO2e", 1e12}},
                 1,
                 1});
    Ladder rate{compute_d / time_d, {}};
    rate.steps.emplace_back("flop/s", 1);
    for (const Prefix& p : si_large)
      rate.steps.emplace_back(std::string(p.symbol) + "FLOP/s", p.scale);
    v.push_back(rate);
    // Efficiency: FLOP/s per watt is flop per joule.
    Ladder efficiency{compute_d / energy_d, {}};
    efficiency.steps.emplace_back("flop/s/W", 1);
    for (const Prefix& p : si_large)
      efficiency.steps.emplace_back(std::string(p.symbol) + "FLOP/s/W", p.scale);
    v.push_back(efficiency);
    Ladder bandwidth = si("B", information_d / time_d, false);
    for (auto& s : bandwidth.steps) s.first += "/s";
    v.push_back(bandwidth);
    // Prices and grid intensities as tariffs and papers quote them.
    v.push_back(only("USD/h", money_d / time_d, 1.0 / 3600));
    v.push_back(only("USD/kWh", money_d / energy_d, 1.0 / 3.6e6));
    v.push_back(only("gCO2e/kWh", carbon_d / energy_d, 1e-3 / 3.6e6));
    return v;
  }();
  return l;
}

}  // namespace

const UnitInfo* find_unit(std::string_view name) {
  const Catalogue& c = catalogue();
  auto it = c.index.find(std::string(name));
  return it == c.index.end() ? nullptr : &c.units[it->second];
}

const std::vector<UnitInfo>& all_units() { return catalogue().units; }

std::string dimension_name(const Dimension& d) {
  static const std::vector<std::pair<Dimension, std::string>> names = {
      {Dimension{}, "dimensionless"},
      {time_d, "time"},
      {information_d, "information"},
      {compute_d, "compute"},
      {money_d, "money"},
      {mass_d, "mass"},
      {length_d, "length"},
      {energy_d, "energy"},
      {power_d, "power"},
      {volume_d, "volume"},
      {compute_d / time_d, "compute rate"},
      {information_d / time_d, "bandwidth"},
      {time_d.pow(-1), "frequency"},
      {compute_d / information_d, "arithmetic intensity"},
      {dim(Base::token), "token count"},
      {dim(Base::param), "parameter count"},
      {dim(Base::sample), "sample count"},
      {dim(Base::request), "request count"},
      {dim(Base::layer), "layer count"},
      {dim(Base::device), "device count"},
      {dim(Base::iteration), "iteration count"},
      {carbon_d, "carbon"},
      {carbon_d / energy_d, "carbon intensity"},
      {compute_d / energy_d, "compute efficiency"},
  };
  for (const auto& [dd, n] : names)
    if (dd == d) return n;
  // A named physical dimension with counts: "information per token", "power per device",
  // "information times parameters", so a counting mismatch reads in words.
  const Dimension physical = d.physical();
  if (d.has_counts() && !physical.is_dimensionless()) {
    for (const auto& [dd, n] : names) {
      if (dd != physical) continue;
      std::string per, times;
      for (std::size_t i = first_count_base; i < base_count; ++i) {
        int e = d.exponents[i];
        if (e == 0) continue;
        std::string name(base_unit_symbols[i]);
        if (e > 0) name += 's';
        if (std::abs(e) != 1) name += fmt::format("^{}", std::abs(e));
        std::string& list = e < 0 ? per : times;
        list += (list.empty() ? "" : " and ") + name;
      }
      // Counts per second are a rate of them (token/s), not a frequency times tokens.
      if (physical == time_d.pow(-1) && per.empty() && times.find(' ') == std::string::npos &&
          times.find('^') == std::string::npos)
        return times.substr(0, times.size() - 1) + " rate";
      std::string out = n;
      if (!per.empty()) out += " per " + per;
      if (!times.empty()) out += " times " + times;
      return out;
    }
  }
  return counted_unit_string(d);
}

namespace {

// `d` in base-unit symbols, after `lead` raised to `lead_exponent` when one is given:
// "B/(s*token)", "W/device".
std::string unit_string(const Dimension& d, std::string_view lead = "", int lead_exponent = 0) {
  std::string num, den;
  auto append = [](std::string& side, std::string_view symbol, int e) {
    if (!side.empty()) side += '*';
    side += symbol;
    if (e != 1) side += fmt::format("^{}", e);
  };
  if (lead_exponent != 0) append(lead_exponent > 0 ? num : den, lead, std::abs(lead_exponent));
  for (std::size_t i = 0; i < base_count; ++i) {
    int e = d.exponents[i];
    if (e > 0) append(num, base_unit_symbols[i], e);
    if (e < 0) append(den, base_unit_symbols[i], -e);
  }
  if (den.empty()) return num;
  if (num.empty()) num = "1";
  bool compound = den.find('*') != std::string::npos;
  return num + "/" + (compound ? "(" + den + ")" : den);
}

}  // namespace

std::string counted_unit_string(const Dimension& d) {
  // Mass and length only as energy or power (kg*m^2 per s^2 or s^3): spell that part
  // J or W, whichever leaves fewer other factors (`USD/J` for a price per kWh, `W/device`).
  const int m = d[Base::mass];
  if (m == 0 || d[Base::length] != 2 * m) return unit_string(d);
  auto factors = [](const Dimension& x) {
    int n = 0;
    for (auto e : x.exponents) n += std::abs(e);
    return n;
  };
  const Dimension via_w = d / power_d.pow(m);
  const Dimension via_j = d / energy_d.pow(m);
  const bool watts = factors(via_w) < factors(via_j);
  return unit_string(watts ? via_w : via_j, watts ? "W" : "J", m);
}

std::string base_unit_string(const Dimension& d) { return unit_string(d); }

namespace {

// `value` rounded to `digits` significant digits, as format_number shows it; unchanged
// past 15 digits (format_number then shows the double itself).
double round_significant(double value, int digits) {
  if (value == 0 || !std::isfinite(value) || digits > 15) return value;
  int magnitude = static_cast<int>(std::floor(std::log10(std::fabs(value))));
  double unit = std::pow(10.0, magnitude - digits + 1);
  return std::round(value / unit) * unit;
}

}  // namespace

bool decimal_binary_twins(std::string_view a, std::string_view b) {
  static constexpr std::array<std::pair<char, std::string_view>, 6> twins = {
      {{'k', "Ki"}, {'M', "Mi"}, {'G', "Gi"}, {'T', "Ti"}, {'P', "Pi"}, {'E', "Ei"}}};
  // A binary prefix is one letter longer than its decimal twin: `a` is to be the decimal
  // one, `b` the binary one, one letter longer. The checker asks this of every literal
  // bound to a declared type (hundreds per registry), so no string is built for it.
  if (a.size() > b.size()) std::swap(a, b);
  if (a.size() + 1 != b.size()) return false;
  // The texts are the same but for one prefix, at the start or after `*` or `/`, of a B
  // or a bit that ends the text or is followed by `*`, `/` or `^`. A decimal prefix and
  // its binary twin differ at their first letter (k, Ki) or their second (G, Gi), so the
  // prefix starts at the first byte that differs or the one before it.
  std::size_t differ = 0;
  while (differ < a.size() && a[differ] == b[differ]) ++differ;
  for (std::size_t at : {differ, differ - 1}) {
    if (at > differ || at >= a.size()) continue;  // differ - 1 of 0 wraps round
    const bool starts = at == 0 || a[at - 1] == '*' || a[at - 1] == '/';
    const std::string_view rest = a.substr(at + 1);
    if (!starts || rest != b.substr(at + 2) || a.substr(0, at) != b.substr(0, at)) continue;
    const bool twin = std::any_of(twins.begin(), twins.end(), [&](const auto& t) {
      return t.first == a[at] && t.second == b.substr(at, 2);
    });
    if (!twin) continue;
    for (std::string_view unit : {"B", "bit"}) {
      if (!rest.starts_with(unit)) continue;
      const std::size_t end = unit.size();
      if (end == rest.size() || rest[end] == '*' || rest[end] == '/' || rest[end] == '^')
        return true;
    }
  }
  return false;
}

namespace {

// The counts of `d` as the display writes them after a physical step (`/token`, `/device`).
std::string count_suffix(const Dimension& d) {
  std::string counts;
  for (std::size_t i = first_count_base; i < base_count; ++i) {
    int e = d.exponents[i];
    if (e == 0) continue;
    counts += (e > 0 ? "*" : "/") + std::string(base_unit_symbols[i]);
    if (std::abs(e) != 1) counts += fmt::format("^{}", std::abs(e));
  }
  return counts;
}

}  // namespace

namespace {

// Calls `word` for each word of `symbol`, between its operators (`TOP`, `s`, `GPU` in
// `TOP/s/GPU`), and `between` for each character between them, in order.
template <class Word, class Between>
void split_words(std::string_view symbol, Word word, Between between) {
  const auto in_word = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0; };
  std::size_t i = 0;
  while (i < symbol.size()) {
    if (!in_word(symbol[i])) {
      between(symbol[i++]);
      continue;
    }
    std::size_t end = i;
    while (end < symbol.size() && in_word(symbol[end])) ++end;
    word(symbol.substr(i, end - i));
    i = end;
  }
}

// `symbol` with each of its words replaced by what `f` returns for it.
template <class F>
std::string map_words(std::string_view symbol, F f) {
  std::string out;
  split_words(
      symbol, [&](std::string_view w) { out += f(w); }, [&](char c) { out += c; });
  return out;
}

// A word of a chosen unit (`device`, `TFLOP`) in the other names `names` stand for: the
// part of it kept and the name put after it (`T` and `OP` for `TFLOP`, `` and `GPU` for
// `device`); `renamed` false when they leave it as it is. The one rule of respelled and
// respells, in views of `w` and literals: nothing allocated.
struct RenamedWord {
  bool renamed = false;
  std::string_view kept, name;
};
RenamedWord renamed_word(std::string_view w, OtherNames names) {
  if (names.gpu && w == "device") return {true, {}, "GPU"};
  if (names.ops && (w == "flop" || w == "FLOP")) return {true, {}, "op"};
  if (names.ops && (w.ends_with("flop") || w.ends_with("FLOP")))
    return {true, w.substr(0, w.size() - 4), "OP"};
  return {};
}

bool device_alias(std::string_view w) { return w == "GPU" || w == "GPUs" || w == "devices"; }

// The prefix of an operation (`T` of `TOP`, `` of `op`), or nullopt when `w` is no op.
std::optional<std::string_view> op_prefix(std::string_view w) {
  if (w == "op") return std::string_view{};
  if (!w.ends_with("OP")) return std::nullopt;
  const std::string_view prefix = w.substr(0, w.size() - 2);
  if (prefix.empty()) return prefix;
  for (const Prefix& p : si_large)
    if (p.symbol == prefix) return prefix;
  return std::nullopt;
}

}  // namespace

std::string ladder_spelling(std::string_view symbol) {
  return map_words(symbol, [](std::string_view w) -> std::string {
    if (device_alias(w)) return "device";
    if (const auto prefix = op_prefix(w))
      return prefix->empty() ? "flop" : std::string(*prefix) + "FLOP";
    return std::string(w);
  });
}

bool prefixed_op_name(std::string_view word) { return op_prefix(word).has_value(); }

std::optional<SpelledPrefix> spelled_prefix(std::string_view word) {
  // No name is the start of another, so the first that matches is the one.
  for (std::span<const Prefix> table :
       {std::span<const Prefix>(si_large), std::span<const Prefix>(si_small),
        std::span<const Prefix>(binary)})
    for (const Prefix& p : table)
      if (word.starts_with(p.name)) return SpelledPrefix{p.symbol, p.name.size()};
  return std::nullopt;
}

OtherNames other_names_in(std::string_view written) {
  OtherNames names;
  split_words(
      written,
      [&](std::string_view w) {
        names.gpu = names.gpu || gpu_name(w);
        names.ops = names.ops || op_name(w);
      },
      [](char) {});
  return names;
}

bool respells(std::string_view chosen, OtherNames names) {
  bool renamed = false;
  if (names.any())
    split_words(
        chosen, [&](std::string_view w) { renamed = renamed || renamed_word(w, names).renamed; },
        [](char) {});
  return renamed;
}

std::string respelled(std::string_view chosen, std::string_view written) {
  const OtherNames names = other_names_in(written);
  if (!names.any()) return std::string(chosen);
  return map_words(chosen, [&](std::string_view w) -> std::string {
    const RenamedWord r = renamed_word(w, names);
    return r.renamed ? std::string(r.kept) + std::string(r.name) : std::string(w);
  });
}

bool ladder_step(const Dimension& d, std::string_view symbol) {
  // Counts follow the physical step as the display writes them (`GB/token`, `W/device`),
  // in either spelling of a unit with two (`W/GPU`, `TOP/s`: ladder_spelling).
  const std::string counts = count_suffix(d);
  const std::string spelled = ladder_spelling(symbol);
  symbol = spelled;
  if (!symbol.ends_with(counts)) return false;
  symbol.remove_suffix(counts.size());
  const Dimension physical = d.physical();
  // A count per second is a throughput (token/s), never on the frequency ladder.
  if (!counts.empty() && physical == time_d.pow(-1)) return false;
  for (const Ladder& l : ladders())
    if (l.dim == physical)
      for (const auto& step : l.steps)
        // The calendar's steps (min, h, day, year) are not prefixes of the second: a value
        // written or declared in hours reads in hours (58990 h, not 6.730 year).
        if (step.first == symbol) return !(physical == time_d && step.second >= 60);
  return false;
}

namespace {

// Ladders besides the decimal ones, for values written on them (units.hpp,
// alternative_ladder): bytes counted in powers of 1024 (a list or a range written in
// different binary units, `1 KiB .. 1 GiB times 2`), bits, and both per second.
const std::vector<Ladder>& alternative_ladders() {
  static const std::vector<Ladder> all = [] {
    auto ladder = [](const std::string& unit, double scale, std::span<const Prefix> prefixes,
                     bool per_second) {
      const std::string per = per_second ? "/s" : "";
      Ladder lad{per_second ? information_d / time_d : information_d, {{unit + per, scale}}, 0, 0};
      for (const Prefix& p : prefixes)
        lad.steps.emplace_back(std::string(p.symbol) + unit + per, p.scale * scale);
      lad.overflow = lad.steps.size() - 1;
      return lad;
    };
    // In pairs, a ladder then its per-second twin (alternative_ladder).
    return std::vector<Ladder>{ladder("B", 1, binary, false), ladder("B", 1, binary, true),
                               ladder("bit", 0.125, si_large, false),
                               ladder("bit", 0.125, si_large, true)};
  }();
  return all;
}

// The step of `l` in which `base_value`, rounded to `digits` significant digits, is at
// least 1 (readable_unit).
ComposedUnit choose_step(const Ladder& l, double base_value, std::string* symbol, int digits) {
  double magnitude = std::fabs(base_value);
  // How many of a step the value shows as; a hair below a whole number (a few ulps of a
  // unit round trip) counts as it.
  auto shown_in = [&](double scale) {
    return round_significant(magnitude / scale, digits) * (1 + 1e-12);
  };
  const auto* chosen = &l.steps.front();
  for (const auto& step : l.steps)
    if (shown_in(step.second) >= 1) chosen = &step;
  if (shown_in(l.steps.back().second) >= 1000) chosen = &l.steps[l.overflow];
  if (magnitude == 0) chosen = &l.steps[l.zero];
  *symbol = chosen->first;
  return ComposedUnit{chosen->second, l.dim};
}

}  // namespace

bool has_alternative_ladders(const Dimension& d) {
  for (const Ladder& l : alternative_ladders())
    if (l.dim == d.physical()) return true;
  return false;
}

namespace {

// The index in alternative_ladders of the ladder of `d` that `symbol` is a step of, or -1.
// Counts follow the step, as on the decimal ladders (`KiB/token`: ladder_step).
int alternative_index(const Dimension& d, std::string_view written) {
  const std::string counts = count_suffix(d);
  const std::string spelled = ladder_spelling(written);
  std::string_view symbol = spelled;
  if (!symbol.ends_with(counts)) return -1;
  symbol.remove_suffix(counts.size());
  const std::vector<Ladder>& all = alternative_ladders();
  for (std::size_t i = 0; i < all.size(); ++i)
    if (all[i].dim == d.physical())
      for (const auto& step : all[i].steps)
        if (step.first == symbol) return static_cast<int>(i);
  return -1;
}

}  // namespace

int alternative_ladder(const Dimension& d, std::string_view symbol) {
  const int i = alternative_index(d, symbol);
  return i < 0 ? -1 : i / 2;  // a ladder and its per-second twin are one kind
}

bool alternative_step(const Dimension& d, std::string_view symbol) {
  // The byte is the first step of the decimal ladder too: written in it, a value is not
  // written on the binary one.
  return alternative_ladder(d, symbol) >= 0 && !ladder_step(d, symbol);
}

std::optional<ComposedUnit> readable_alternative_unit(const Dimension& d, std::string_view written,
                                                      double base_value, std::string* symbol,
                                                      int digits) {
  const int i = alternative_index(d, written);
  if (i < 0) return std::nullopt;
  const ComposedUnit step =
      choose_step(alternative_ladders()[static_cast<std::size_t>(i)], base_value, symbol, digits);
  *symbol += count_suffix(d);
  return step;
}

std::optional<ComposedUnit> readable_unit(const Dimension& d, double base_value,
                                          std::string* symbol, int digits) {
  for (const Ladder& l : ladders())
    if (l.dim == d) return choose_step(l, base_value, symbol, digits);
  return std::nullopt;
}

}  // namespace reckon
