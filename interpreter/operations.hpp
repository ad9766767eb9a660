// The integer operations of the language, defined once for every engine: the tree walk
// (evaluate.cpp), compiled code (run_code.cpp) and planned sweeps (sweep/plan_run.cpp)
// call these and nothing else, so that they cannot disagree.
//
// `//`, `%`, floor, ceil and round work in a unit, not on the base-unit double: the
// written unit of their operands (written_unit.hpp), or the base unit when none is
// known. A value is stored in base units (29 cm is 0.29 m, which is not exact in
// binary), so taking it back into its unit may land a few units in the last place off
// a whole number (28.999999999999996 cm); such a value counts as that whole number.
// The arithmetic after that follows Python's float divmod (the remainder has the
// divisor's sign), exact on the doubles, except that a quotient within a few ulps of a
// whole number is that number (divmod_written: 0.3 // 0.1 is 3, 0.3 % 0.1 is 0).
//
// The functions return NaN or an infinity where the engines report an error (a zero
// divisor, an overflow); each engine checks the operands and the result itself.
#pragma once

#include <algorithm>
#include <cmath>
#include <limits>

namespace reckon::ops {

// The relative tolerance of `==` on quantities (unit scales such as 1e9 or 2^30 are
// not exact in binary).
inline constexpr double equality_tolerance = 1e-12;

inline bool close(double a, double b) {
  return std::fabs(a - b) <= equality_tolerance * std::max(std::fabs(a), std::fabs(b));
}

// How far (in units in the last place, relative) a value taken into its unit may be
// from the whole number it was written as: the rounding of one multiplication (into
// base units) and one division (back), with room to spare.
inline constexpr double unit_round_trip_ulps = 4;

// `r` (a value just divided by its unit's scale) as the multiple of `step` (1, or 0.5
// for round's halves) it is within a few ulps of, or unchanged.
inline double snap(double r, double step) {
  const double n = std::nearbyint(r / step) * step;
  const double slack = unit_round_trip_ulps * std::numeric_limits<double>::epsilon();
  return std::fabs(r - n) <= slack * std::fabs(r) ? n : r;
}

// A base-unit value `x` in the unit of scale `s`. The base unit (s == 1) involves no
// conversion, so its values are taken exactly as they are.
inline double in_unit(double x, double s, double step = 1) {
  return s == 1 ? x : snap(x / s, step);
}

inline double floor_in(double x, double s) { return std::floor(in_unit(x, s)) * s; }
inline double ceil_in(double x, double s) { return std::ceil(in_unit(x, s)) * s; }
// Halves round away from zero (round(2.5 kWh) is 3 kWh).
inline double round_in(double x, double s) { return std::round(in_unit(x, s, 0.5)) * s; }

struct DivMod {
  double quotient;   // floor(a / b), whole
  double remainder;  // a - quotient * b, with b's sign (or 0)
};

// Floor division and remainder of doubles, exactly (CPython's float_divmod): fmod is
// exact, and the quotient is rounded to the whole number it must be. NaN when b is 0.
inline DivMod divmod(double a, double b) {
  double mod = std::fmod(a, b);
  double div = (a - mod) / b;
  if (mod != 0) {
    if ((b < 0) != (mod < 0)) {
      mod += b;
      div -= 1;
    }
  } else {
    mod = std::copysign(0.0, b);
  }
  double quotient;
  if (div != 0) {
    quotient = std::floor(div);
    if (div - quotient > 0.5) quotient += 1;
  } else {
    quotient = std::copysign(0.0, a / b);
  }
  return {quotient, mod};
}

// divmod as a person computes it from the decimals written: a dividend that is a whole
// multiple of the divisor but for binary rounding (0.3 s // 0.1 s: 0.3 / 0.1 is
// 2.9999999999999996) divides evenly, quotient 3 and remainder 0. Whole operands, and
// quotients too large for a few ulps to be a fraction of one, are divided exactly
// (1e17 % 3 is 1).
inline DivMod divmod_written(double a, double b) {
  const double q = a / b;
  const bool whole = a == std::trunc(a) && b == std::trunc(b);
  if (!whole && std::isfinite(q) && std::fabs(q) < 0x1p40) {
    const double n = std::nearbyint(q);
    const double slack = unit_round_trip_ulps * std::numeric_limits<double>::epsilon();
    if (n != 0 && std::fabs(q - n) <= slack * std::fabs(q)) return {n, std::copysign(0.0, b)};
  }
  return divmod(a, b);
}

// `x // y` with x taken in the unit of scale sx and y in that of sy: the whole
// quotient, in the unit sx/sy (a plain number when both are the same unit; 3 h for
// `7 h // 2`).
// A dividend too large for the unit it is taken in (1e308 ms in ns) stays infinite,
// which the engines report as an overflow.
inline double floordiv_in(double x, double y, double sx, double sy) {
  const double a = in_unit(x, sx);
  if (std::isinf(a)) return a;
  const double q = divmod_written(a, in_unit(y, sy)).quotient;
  return sx == sy ? q : q * (sx / sy);
}

// `x % y` likewise: the remainder, in x's unit (0 ms for `300 ms % 100 ms`).
inline double mod_in(double x, double y, double sx, double sy) {
  const double a = in_unit(x, sx);
  if (std::isinf(a)) return a;
  return divmod_written(a, in_unit(y, sy)).remainder * sx;
}

// Whether a double converts to a std::int64_t without overflow (the integer parameters
// of natives): [-2^63, 2^63). NaN does not.
inline bool fits_int64(double x) {
  return x >= -9223372036854775808.0 && x < 9223372036854775808.0;
}

}  // namespace reckon::ops
