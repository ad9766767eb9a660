// ops::divmod divides whole operands in integers (divmod_whole); these tests hold it to
// the doubles' algorithm, which is CPython's float_divmod, bit for bit.
#include <bit>
#include <catch2/catch.hpp>
#include <cmath>
#include <cstdint>
#include <random>

#include "interpreter/values/operations.hpp"

namespace {

// CPython's float_divmod (Objects/floatobject.c) on doubles, written out again here so
// that the integer path is checked against it and not against itself.
reckon::ops::DivMod python_divmod(double a, double b) {
  double mod = std::fmod(a, b);
  double div = (a - mod) / b;
  if (mod != 0) {
    if ((b < 0) != (mod < 0)) {
      mod += b;
      div -= 1.0;
    }
  } else {
    mod = std::copysign(0.0, b);
  }
  double floordiv = 0;
  if (div != 0) {
    floordiv = std::floor(div);
    if (div - floordiv > 0.5) floordiv += 1.0;
  } else {
    floordiv = std::copysign(0.0, a / b);
  }
  return {floordiv, mod};
}

std::uint64_t bits(double x) { return std::bit_cast<std::uint64_t>(x); }

}  // namespace

TEST_CASE("divmod: whole operands, as Python divides floats") {
  using reckon::ops::divmod;
  // Python 3: -7.0 // 2.0 == -4.0, -7.0 % 2.0 == 1.0; 7.0 // -2.0 == -4.0,
  // 7.0 % -2.0 == -1.0; -0.0 // 5.0 == -0.0; 0.0 // -5.0 == -0.0; 3.0 % -3.0 == -0.0;
  // -3.0 % 3.0 == 0.0; 1.0 // 3.0 == 0.0 and 1.0 % 3.0 == 1.0.
  CHECK(bits(divmod(-7, 2).quotient) == bits(-4.0));
  CHECK(bits(divmod(-7, 2).remainder) == bits(1.0));
  CHECK(bits(divmod(7, -2).quotient) == bits(-4.0));
  CHECK(bits(divmod(7, -2).remainder) == bits(-1.0));
  CHECK(bits(divmod(-0.0, 5).quotient) == bits(-0.0));
  CHECK(bits(divmod(0.0, -5).quotient) == bits(-0.0));
  CHECK(bits(divmod(3, -3).remainder) == bits(-0.0));
  CHECK(bits(divmod(-3, 3).remainder) == bits(0.0));
  CHECK(bits(divmod(1, 3).quotient) == bits(0.0));
  CHECK(bits(divmod(1, 3).remainder) == bits(1.0));
  // (2**53 - 1) // 2 == 4503599627370495, remainder 1, in Python's integers.
  CHECK(divmod(9007199254740991.0, 2).quotient == 4503599627370495.0);
  CHECK(divmod(9007199254740991.0, 2).remainder == 1.0);
}

TEST_CASE("divmod: the integer path gives float_divmod's bits on random whole operands") {
  std::mt19937_64 rng(28);
  std::uniform_int_distribution<int> magnitude(0, 53);
  std::uniform_int_distribution<int> sign(0, 1);
  auto whole_number = [&] {
    const int m = magnitude(rng);
    const double x = std::floor(std::ldexp(std::generate_canonical<double, 53>(rng), m));
    return sign(rng) ? -x : x;  // zeros of both signs among them
  };
  std::size_t compared = 0;
  for (int i = 0; i < 200000; ++i) {
    const double a = whole_number(), b = whole_number();
    if (b == 0) continue;
    const reckon::ops::DivMod mine = reckon::ops::divmod(a, b), theirs = python_divmod(a, b);
    if (bits(mine.quotient) != bits(theirs.quotient) ||
        bits(mine.remainder) != bits(theirs.remainder)) {
      INFO(a << " divmod " << b);
      CHECK(bits(mine.quotient) == bits(theirs.quotient));
      CHECK(bits(mine.remainder) == bits(theirs.remainder));
    }
    ++compared;
  }
  CHECK(compared > 190000);
}

TEST_CASE("divmod: whole says what std::trunc says") {
  const double infinity = HUGE_VAL, nan = std::nan("");
  for (double x : {0.0, -0.0, 1.0, -1.5, 0.5, 4503599627370495.5, 4503599627370496.0,
                   9007199254740993.0, 1e300, -1e300, infinity, -infinity, nan, 2.5e-310})
    CHECK(reckon::ops::whole(x) == (x == std::trunc(x)));
}
