// The i-th value of an arithmetic range is the decimal a person wrote (range_value.hpp):
// each expectation is the double that reading the decimal gives (strtod of the text), so
// the comparison is exact.
#include <catch2/catch.hpp>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include "interpreter/values/range_value.hpp"

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

TEST_CASE("a range's values agree with strtod of the decimal, value by value") {
  // The decimal of value i, written out by hand from the range as a person wrote it:
  // 0.1 .. step 0.1 is (i + 1) tenths; 123.456 .. step 0.789 is 123456 + 789 i
  // thousandths; 1e-9 .. step 3e-12 is 1000 + 3 i units of 1e-12.
  const reckon::sweep::ArithmeticRange tenths(0.1, 0.1), mixed(123.456, 0.789), tiny(1e-9, 3e-12);
  for (std::uint64_t i = 0; i < 100000; ++i) {
    const std::string t = std::to_string(i + 1) + "e-1";
    const std::string m = std::to_string(123456 + 789 * i) + "e-3";
    const std::string s = std::to_string(1000 + 3 * i) + "e-12";
    if (tenths[i] != read(t.c_str()) || mixed[i] != read(m.c_str()) || tiny[i] != read(s.c_str())) {
      INFO("value " << i << ": " << t << ", " << m << ", " << s);
      CHECK(tenths[i] == read(t.c_str()));
      CHECK(mixed[i] == read(m.c_str()));
      CHECK(tiny[i] == read(s.c_str()));
      break;
    }
  }
  CHECK(mixed[99999] == read("79022667e-3"));  // 123456 + 789 * 99999 = 79022667
}

// expand_range is the one expansion of list ranges, sweeps' and exercises' `vary`s: each
// problem in the order the rules are tried, and the end included within rounding.
TEST_CASE("expand_range: the values, the end within rounding, and each problem") {
  using reckon::sweep::expand_range;
  using reckon::sweep::RangeProblem;
  // 0.1 .. 0.3 step 0.1: 0.1 + 2 * 0.1 in binary is 0.30000000000000004, above the end;
  // the count (0.3 - 0.1) / 0.1 = 1.9999999999999998, + 1e-9, floored, + 1 is 3.
  auto r = expand_range(0.1, 0.3, 0.1, false, 100);
  CHECK(r.problem == RangeProblem::none);
  CHECK(r.values == std::vector<double>{0.1, 0.2, 0.3});
  // 1 .. 1000 times 10: 1, 10, 100, 1000 (log(1000) / log(10) = 2.9999999999999996).
  CHECK(expand_range(1, 1000, 10, true, 100).values == std::vector<double>{1, 10, 100, 1000});
  CHECK(expand_range(5, 1, 1, false, 100).problem == RangeProblem::empty);
  // An empty range is reported before a bad step.
  CHECK(expand_range(5, 1, 0, false, 100).problem == RangeProblem::empty);
  CHECK(expand_range(1, 5, 0, false, 100).problem == RangeProblem::step);
  CHECK(expand_range(1, 5, 1, true, 100).problem == RangeProblem::factor);
  CHECK(expand_range(0, 5, 2, true, 100).problem == RangeProblem::start);
  // 1 .. 1000 step 1 has 1000 values, over a limit of 999: counted, none made.
  auto many = expand_range(1, 1000, 1, false, 999);
  CHECK(many.problem == RangeProblem::too_many);
  CHECK(many.count == 1000);
  CHECK(many.values.empty());
}
