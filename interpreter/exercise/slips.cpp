// The grader's diagnosis of a wrong answer (slips.hpp).
#include "interpreter/exercise/slips.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>

#include "interpreter/values/units.hpp"

namespace reckon::exercise {

namespace {

std::string factor(double r) { return fmt::format("{:.4g}", r); }

// Prefixes of the information units: index k is 1000^k (decimal) or 1024^k (binary).
constexpr std::array<std::string_view, 7> decimal_prefixes = {"", "k", "M", "G", "T", "P", "E"};
constexpr std::array<std::string_view, 7> binary_prefixes = {"",   "Ki", "Mi", "Gi",
                                                             "Ti", "Pi", "Ei"};

// An information unit split into its prefix (index k of the tables above, binary or not)
// and its base (B or bit); nullopt for any other unit.
struct InformationUnit {
  int k = 0;
  bool binary = false;
  std::string base;
};

std::optional<InformationUnit> split_information_unit(std::string_view name) {
  for (std::string_view base : {"bit", "B"}) {
    if (!name.ends_with(base)) continue;
    std::string_view prefix = name.substr(0, name.size() - base.size());
    for (int k = 0; k < 7; ++k) {
      auto i = static_cast<std::size_t>(k);
      if (prefix == decimal_prefixes[i]) return InformationUnit{k, false, std::string(base)};
      if (k > 0 && prefix == binary_prefixes[i]) return InformationUnit{k, true, std::string(base)};
    }
  }
  return std::nullopt;
}

std::string unit_name(const InformationUnit& u) {
  auto i = static_cast<std::size_t>(u.k);
  return std::string(u.binary ? binary_prefixes[i] : decimal_prefixes[i]) + u.base;
}

}  // namespace

std::string counting_feedback(const Dimension& given, const Dimension& expected,
                              const std::string& given_unit, const std::string& expected_unit) {
  std::string parts;
  for (std::size_t i = first_count_base; i < base_count; ++i) {
    int g = given.exponents[i], e = expected.exponents[i];
    if (g == e) continue;
    std::string name(base_unit_symbols[i]), part;
    if (g < e)
      part = e <= 0 ? "per " + name : "missing " + name;
    else
      part = e < 0 ? "not per " + name : "counted in " + name;
    parts += (parts.empty() ? "" : ", ") + part;
  }
  return fmt::format("{}: your answer is {}, the question asks for {}", parts,
                     given_unit.empty() ? "a plain number" : given_unit,
                     expected_unit.empty() ? "a plain number" : expected_unit);
}

std::vector<UnitSlip> unit_slips(double number_in_base, const std::vector<UnitFactor>& unit) {
  std::vector<UnitSlip> out;
  for (const UnitFactor& f : unit) {
    auto written = split_information_unit(f.name);
    if (!written) continue;
    // The decimal/binary twin (same prefix step, other family) and the bits/bytes twin.
    std::vector<InformationUnit> twins;
    if (written->k > 0) twins.push_back({written->k, !written->binary, written->base});
    twins.push_back({written->k, written->binary, written->base == "B" ? "bit" : "B"});
    const UnitInfo* from = find_unit(f.name);
    for (const InformationUnit& twin : twins) {
      std::string name = unit_name(twin);
      const UnitInfo* to = find_unit(name);
      if (!from || !to) continue;
      double value = number_in_base * std::pow(to->scale / from->scale, f.exponent);
      std::string hint;
      if (twin.base == written->base) {
        InformationUnit decimal = twin.binary ? *written : twin, binary = decimal;
        binary.binary = true;
        hint = fmt::format("did you mix up {} and {} (1 {} = {} {})?", f.name, name,
                           unit_name(binary), factor(std::pow(1.024, twin.k)), unit_name(decimal));
      } else {
        hint = fmt::format("did you mix up {} and {} (1 B = 8 bit)?", f.name, name);
      }
      out.push_back({value, hint, twin.base != written->base});
    }
  }
  return out;
}

namespace {

struct Slip {
  double factor;
  std::string hint;
};

// The slips that could turn `expected` (in base units, of dimension d) into another
// value. Binary prefixes are considered at the expected value's own scale and the one
// below (1024 GiB is 1.1 TB: a GB-for-GiB slip there is one of G), not further: 90 GB
// for 82 GB is not a TB-for-TiB slip (a slip in the unit written is unit_slips' job).
std::vector<Slip> slips(const Dimension& d, double expected) {
  std::vector<Slip> out;
  bool information = d.physical()[Base::information] != 0;
  bool time = d.physical()[Base::time] != 0;
  if (information) {
    int scale = static_cast<int>(std::floor(std::log10(std::fabs(expected)) / 3));
    for (int k : {std::clamp(scale, 1, 6), std::clamp(scale - 1, 1, 6)}) {
      double f = std::pow(1.024, k);
      auto i = static_cast<std::size_t>(k);
      std::string hint =
          fmt::format("did you mix up {}B and {}B (1 {}B = {} {}B)?", decimal_prefixes[i],
                      binary_prefixes[i], binary_prefixes[i], factor(f), decimal_prefixes[i]);
      out.push_back({f, hint});
      out.push_back({1 / f, hint});
    }
    out.push_back({8, "did you use bits for bytes (1 B = 8 bit)?"});
    out.push_back({1.0 / 8, "did you use bytes for bits (1 B = 8 bit)?"});
    out.push_back({2, "did you use the right bytes per element (2 B at 16-bit precision)?"});
    out.push_back({0.5, "did you use the right bytes per element (2 B at 16-bit precision)?"});
  }
  if (time) {
    for (double f : {60.0, 3600.0, 86400.0}) {
      out.push_back({f, "check the time unit (s, min, h, day)"});
      out.push_back({1 / f, "check the time unit (s, min, h, day)"});
    }
  }
  for (int k = -5; k <= 5; ++k)
    if (k != 0)
      out.push_back({std::pow(1000.0, k), "check the prefix (k, M, G, T: steps of 1000)"});
  for (int k = -15; k <= 15; ++k)
    if (k % 3 != 0) out.push_back({std::pow(10.0, k), "check the power of ten"});
  out.push_back({-1, "check the sign"});
  return out;
}

}  // namespace

std::optional<std::string> ratio_slip(double ratio, const Dimension& d, double expected,
                                      double window) {
  std::optional<std::string> best;
  double best_distance = 0;
  for (const Slip& s : slips(d, expected)) {
    double q = ratio / s.factor;
    if (q <= 0) continue;
    double distance = std::fabs(std::log(q));
    if (std::fabs(q - 1) > window || (best && distance >= best_distance)) continue;
    best = s.hint;
    best_distance = distance;
  }
  return best;
}

}  // namespace reckon::exercise
