// The i-th value of an arithmetic range is the decimal a person wrote (range_value.hpp):
// each expectation is the double that reading the decimal gives (strtod of the text), so
// the comparison is exact.
#include <catch2/catch.hpp>
#include <cstdint>
#include <cstdlib>

#include "interpreter/sweep/range_value.hpp"

using reckon::sweep::geometric_value;
using reckon::sweep::range_value;

namespace {

double read(const char* decimal) { return std::strtod(decimal, nullptr); }

struct Case {
  double start, step;
  std::uint64_t i;
  const char* want;  // the decimal start + i * step
};

}  // namespace

TEST_CASE("range values are the decimals written, not binary sums") {
  // In binary, 0.1 + 2 * 0.1 is 0.30000000000000004 and 0.1 + 5 * 0.1 is
  // 0.6000000000000001; the decimal sums are 0.3 and 0.6.
  REQUIRE(0.1 + 2 * 0.1 != read("0.3"));
  const Case cases[] = {
      {0.1, 0.1, 0, "0.1"},
      {0.1, 0.1, 2, "0.3"},
      {0.1, 0.1, 5, "0.6"},
      {0.1, 0.1, 6, "0.7"},
      {0.1, 0.1, 9, "1"},
      {0, 0.1, 3, "0.3"},
      {-0.5, 0.1, 2, "-0.3"},
      {1e-6, 1e-6, 6, "7e-6"},
      {2048, 1024, 3, "5120"},
      {0.25, 0.05, 7, "0.6"},
      {1.5e9, 2.5e8, 4, "2.5e9"},
      {3, 0.001, 1000, "4"},
      // Starts and steps of many digits keep all of them (not 6 decimals).
      {0.123456789, 0.1, 1, "0.223456789"},
      {1.0 / 3, 1, 2, "2.3333333333333333"},  // 1/3 reads 0.3333333333333333 (16 digits)
      {0.001, 0.000125, 8, "0.002"},
      {1e20, 1, 1, "1e20"},  // too far apart for 64 bits of digits: the binary sum
  };
  for (const Case& c : cases) {
    INFO(c.start << " + " << c.i << " * " << c.step);
    CHECK(range_value(c.start, c.step, c.i) == read(c.want));
  }
}

TEST_CASE("geometric range values are decimal products while the digits fit") {
  // In binary 0.1 * 3 is 0.30000000000000004; the decimal product is 0.3.
  REQUIRE(0.1 * 3 != read("0.3"));
  const Case cases[] = {
      {0.1, 3, 1, "0.3"},    {0.1, 3, 2, "0.9"},    {0.1, 3, 4, "8.1"},
      {2048, 2, 4, "32768"}, {1, 10, 300, "1e300"}, {0.3, 1.5, 3, "1.0125"},
  };
  for (const Case& c : cases) {
    INFO(c.start << " * " << c.step << "^" << c.i);
    CHECK(geometric_value(c.start, c.step, c.i) == read(c.want));
  }
  // 3^40 outgrows 64 bits of digits: the caller multiplies on in binary.
  CHECK_FALSE(geometric_value(1, 3, 40).has_value());
  CHECK_FALSE(geometric_value(1, 1.000000001, 3).has_value());
}
