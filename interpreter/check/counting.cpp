#include "interpreter/check/counting.hpp"

#include <fmt/format.h>

#include <cstdlib>
#include <vector>

namespace reckon {

namespace {

// "tokens", "devices", "tokens^2": the plural of a counting unit, for prose.
std::string plural(std::size_t base, int exponent) {
  std::string name(base_unit_symbols[base]);
  name += 's';
  if (exponent != 1) name += fmt::format("^{}", exponent);
  return name;
}

std::size_t first_nonzero(const Dimension& d) {
  for (std::size_t i = first_count_base; i < base_count; ++i)
    if (d.exponents[i] != 0) return i;
  return first_count_base;
}

std::string joined(const std::vector<std::string>& names) {
  std::string out;
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (i) out += i + 1 == names.size() ? " and " : ", ";
    out += names[i];
  }
  return out;
}

}  // namespace

bool counts_differ_only(const Dimension& have, const Dimension& want) {
  if (have.physical() != want.physical() || have.counts() == want.counts()) return false;
  // Only a missing or extra count (B/token against B), not one count for another (token
  // against param): that is a plain dimension error.
  const Dimension missing = want.counts() / have.counts();
  bool more = false, fewer = false;
  for (std::size_t i = first_count_base; i < base_count; ++i) {
    more |= missing.exponents[i] > 0;
    fewer |= missing.exponents[i] < 0;
  }
  return more != fewer;
}

std::string counting_hint(const Dimension& have, const Dimension& want,
                          const std::string& subject) {
  if (!counts_differ_only(have, want)) return "";
  bool counted_up = true;  // tokens, not per token
  for (std::size_t i = first_count_base; i < base_count; ++i) counted_up &= have.exponents[i] >= 0;
  if (want.is_dimensionless() && have.is_pure_count() && counted_up) {
    // A count used where a plain number is declared.
    std::string unit;
    for (std::size_t i = first_count_base; i < base_count; ++i)
      if (have.exponents[i] != 0) unit = base_unit_symbols[i];
    return fmt::format(
        "the counting units differ: divide by `1 {}` to use a count as a plain "
        "number",
        unit);
  }
  const Dimension missing = want.counts() / have.counts();
  std::vector<std::string> times, per;
  for (std::size_t i = first_count_base; i < base_count; ++i) {
    int e = missing.exponents[i];
    if (e > 0) times.push_back(plural(i, e));
    if (e < 0) per.push_back(plural(i, -e));
  }
  std::string how;
  const std::string object = subject.empty() ? "" : " " + subject;
  if (!times.empty()) how = "multiply" + object + " by a number of " + joined(times);
  if (!per.empty()) {
    how += (how.empty() ? "divide" + object : " and divide") + (" by a number of " + joined(per));
    // B*token where B is wanted: more often a factor should have been per token.
    if (times.empty() && per.size() == 1 && missing.exponents[first_nonzero(missing)] == -1)
      how += ", or make one factor per " + std::string(base_unit_symbols[first_nonzero(missing)]);
  }
  return "the counting units differ: " + how;
}

std::string counting_contrast(const Dimension& left, const Dimension& right) {
  if (!counts_differ_only(left, right)) return "";
  auto counts = [](const Dimension& d) {
    std::vector<std::string> per, times;
    for (std::size_t i = first_count_base; i < base_count; ++i) {
      int e = d.exponents[i];
      std::string name(base_unit_symbols[i]);
      if (std::abs(e) != 1) name += fmt::format("^{}", std::abs(e));
      if (e < 0) per.push_back(name);
      if (e > 0) times.push_back(plural(i, 1) + (e != 1 ? fmt::format("^{}", e) : ""));
    }
    std::string out;
    if (!per.empty()) out = "is per " + joined(per);
    if (!times.empty()) out += (out.empty() ? "is times " : " and times ") + joined(times);
    return out.empty() ? std::string("has no count") : out;
  };
  return "the counting units differ: the left side " + counts(left) + ", the right side " +
         counts(right);
}

}  // namespace reckon
