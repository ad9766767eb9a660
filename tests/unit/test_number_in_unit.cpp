// A number taken into a unit (interpreter/display/format.hpp, number_in_unit) is the nearest
// double of the shortest decimal of at most 12 significant digits within 4 ulps of the
// quotient, if there is one (display rule 7, docs/language.md). format.cpp finds that
// decimal with one multiplication; this test holds it to the definition written out the
// slow way: the quotient formatted at 1, 2, ... 12 significant digits and read back.
#include <fmt/format.h>

#include <catch2/catch.hpp>
#include <cmath>
#include <limits>
#include <random>
#include <string>

#include "interpreter/display/format.hpp"

using reckon::number_in_unit;

namespace {

// The definition: the first of 1..12 significant digits whose decimal reads back within
// 4 ulps of `q` (after a whole number within 4 ulps has been taken as that number).
double by_definition(double base, double scale) {
  double q = base / scale;
  if (scale == 1) return q;
  const double whole = std::round(q);
  if (std::fabs(q - whole) <= 4 * std::numeric_limits<double>::epsilon() * std::fabs(whole))
    q = whole;
  if (q == 0 || !std::isfinite(q)) return q;
  const double m = std::fabs(q);
  const double tolerance = 4 * (std::nextafter(m, std::numeric_limits<double>::infinity()) - m);
  for (int digits = 1; digits <= 12; ++digits) {
    const double d = std::stod(fmt::format("{:.{}e}", q, digits - 1));
    if (std::fabs(d - q) <= tolerance) return d;
  }
  return q;
}

}  // namespace

TEST_CASE("a number in its unit is the nearest double of the decimal written", "[format]") {
  // The figures (#27): 1280 us in ms, 1024 h in days (128/3, no short decimal),
  // 0.7 s in ms (699.9999999999999 by division).
  CHECK(number_in_unit(1280e-6, 1e-3) == 1.28);
  CHECK(number_in_unit(1024.0 * 3600, 86400) == 42.666666666666664);
  CHECK(number_in_unit(0.7, 1e-3) == 700);
  CHECK(number_in_unit(0.12 / 3.6e6, 1 / 3.6e6) == 0.12);
}

TEST_CASE("the fast search agrees with the definition on decimals in every unit", "[format]") {
  std::mt19937_64 random(20261206);
  // Scales of units across the ladders (ns to EB, binary ones, hours, USD/Mtoken).
  const double scales[] = {1e-9,   1e-6,  1e-3,       1e3,         1e6,     1e9,
                           1e12,   1e15,  1e18,       1024.0,      1048576, 1073741824,
                           3600.0, 86400, 31557600.0, 1e-6 / 1e-3, 0.3048,  2.54e-2};
  std::uniform_int_distribution<long long> mantissa(1, 999999999999LL);
  std::uniform_int_distribution<int> digits(1, 12), exponent(-30, 30);
  std::uniform_real_distribution<double> any(-1, 1);
  for (int i = 0; i < 200000; ++i) {
    const double scale = scales[static_cast<std::size_t>(i) % std::size(scales)];
    // A decimal someone could have written (up to 12 digits), taken to base units and
    // back; and, every other time, an arbitrary double, which has no short decimal.
    double written;
    if (i % 2 == 0) {
      const long long m = mantissa(random) % static_cast<long long>(std::pow(10, digits(random)));
      written = std::stod(fmt::format("{}e{}", m, exponent(random)));
    } else {
      written = any(random) * std::pow(10.0, exponent(random));
    }
    const double base = written * scale;
    INFO(fmt::format("{} in a unit of scale {} (base value {})", written, scale, base));
    CHECK(number_in_unit(base, scale) == by_definition(base, scale));
  }
}
