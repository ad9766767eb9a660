// The operations of the language on numbers, defined once for every engine: the tree
// walk (evaluate.cpp), compiled code (run_code.cpp) and planned sweeps, one point or a
// batch at a time (sweep/plan_run.cpp), call these and nothing else, so that they cannot
// disagree. Each engine only dispatches: what an operator or builtin computes, what it
// needs of its operands and how a broken need is reported are written here.
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
#include <cstdint>
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

// floor, ceil and round take x in the unit of scale s. When x is a quotient `a / b`
// (`floor(300 ms / 100 ms)`), it is taken as the written numbers divide, as `//` takes
// it: 0.3 s / 0.1 s is 2.9999999999999996 in binary, and within a few ulps of a whole
// number (a half, for round) the quotient is that number, even in a base unit.
inline double taken_in(double x, double s, bool quotient, double step = 1) {
  return quotient ? snap(x / s, step) : in_unit(x, s, step);
}
inline double floor_in(double x, double s, bool quotient = false) {
  return std::floor(taken_in(x, s, quotient)) * s;
}
inline double ceil_in(double x, double s, bool quotient = false) {
  return std::ceil(taken_in(x, s, quotient)) * s;
}
// Halves round away from zero (round(2.5 kWh) is 3 kWh).
inline double round_in(double x, double s, bool quotient = false) {
  return std::round(taken_in(x, s, quotient, 0.5)) * s;
}

struct DivMod {
  double quotient;   // floor(a / b), whole
  double remainder;  // a - quotient * b, with b's sign (or 0)
};

// Whether x is a whole number, as x == std::trunc(x) says (infinities are, NaN is not),
// without the library call std::trunc is on baseline x86-64: doubles of magnitude 2^52
// and more are all whole, and below it the cast to an integer is defined.
inline bool whole(double x) {
  if (!(std::fabs(x) < 0x1p52)) return x == x;
  return x == static_cast<double>(static_cast<long long>(x));
}

// Whether whole a and b are divided by divmod_whole: both below 2^53, b not 0.
inline bool divides_in_integers(double a, double b) {
  return std::fabs(a) < 0x1p53 && std::fabs(b) < 0x1p53 && b != 0;
}

// divmod of whole a and b below 2^53 in magnitude, b not 0, in integers: the same
// results as the doubles' algorithm below, whose fmod, subtraction and division are
// then all exact (the remainder below |b|, the quotient a whole number below 2^53), so
// both compute floor(a / b) and a - floor(a / b) * b. Zeros take their signs as there:
// a zero quotient a / b's, a zero remainder b's. (fmod is a loop in the C library.)
inline DivMod divmod_whole(double a, double b) {
  const auto x = static_cast<long long>(a), y = static_cast<long long>(b);
  long long q = x / y, r = x % y;  // truncated: r has x's sign
  if (r != 0 && (r < 0) != (y < 0)) {
    r += y;
    q -= 1;
  }
  return {q != 0 ? static_cast<double>(q) : std::copysign(0.0, a / b),
          r != 0 ? static_cast<double>(r) : std::copysign(0.0, b)};
}

// Floor division and remainder of doubles, exactly (CPython's float_divmod): fmod is
// exact, and the quotient is rounded to the whole number it must be. NaN when b is 0.
inline DivMod divmod(double a, double b) {
  if (divides_in_integers(a, b) && whole(a) && whole(b)) return divmod_whole(a, b);
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
  const bool whole_operands = whole(a) && whole(b);
  // The usual case (`layers // segments`) straight to the integers, the operands tested
  // once.
  if (whole_operands && divides_in_integers(a, b)) return divmod_whole(a, b);
  const double q = a / b;
  if (!whole_operands && std::isfinite(q) && std::fabs(q) < 0x1p40) {
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

// --- Operators and builtins on base-unit doubles ----------------------------------------
// Comparisons and logic give 1 or 0. Operands are finite (every engine checks each
// result); a result that is not finite is an overflow, or a need broken (below).

inline double add(double x, double y) { return x + y; }
inline double sub(double x, double y) { return x - y; }
inline double mul(double x, double y) { return x * y; }
inline double div(double x, double y) { return x / y; }
inline double power(double x, double y) { return std::pow(x, y); }
inline double negate(double x) { return -x; }
inline double truth(bool b) { return b ? 1.0 : 0.0; }
inline double logical_not(double x) { return truth(x == 0); }
inline double logical_and(double x, double y) { return truth(x != 0 && y != 0); }
inline double logical_or(double x, double y) { return truth(x != 0 || y != 0); }
// Quantities compare with equality_tolerance; `<` and `>` are strict, so a value within
// the tolerance of another is neither less nor greater, but equal, <= and >=.
inline double eq(double x, double y) { return truth(close(x, y)); }
inline double ne(double x, double y) { return truth(!close(x, y)); }
inline double lt(double x, double y) { return truth(x < y); }
inline double le(double x, double y) { return truth(x <= y || close(x, y)); }
inline double gt(double x, double y) { return truth(x > y); }
inline double ge(double x, double y) { return truth(x >= y || close(x, y)); }
// Enumeration members, booleans and the like compare exactly.
inline double eq_exact(double x, double y) { return truth(x == y); }
inline double ne_exact(double x, double y) { return truth(x != y); }

inline double square_root(double x) { return std::sqrt(x); }
inline double absolute(double x) { return std::fabs(x); }
inline double log_2(double x) { return std::log2(x); }
inline double log_10(double x) { return std::log10(x); }
inline double natural_log(double x) { return std::log(x); }
inline double exponential(double x) { return std::exp(x); }
inline double smaller(double x, double y) { return std::min(x, y); }
inline double larger(double x, double y) { return std::max(x, y); }

// What an operation needs of its operands beyond being finite. The tree walk and
// compiled code report a broken need as a located error (E0501 for a divisor, E0508 for
// a builtin's argument, with the texts below); a planned sweep needs no test, since the
// result of a broken need is never finite and marks its point for the lazy evaluator.
enum class Need : std::uint8_t {
  nothing,
  nonzero_divisor,  // `/`, `//`, `%`: the right operand
  not_negative,     // sqrt
  positive,         // log2, log10, ln
};
inline bool holds(Need need, double operand) {
  switch (need) {
    case Need::nothing:
      return true;
    case Need::nonzero_divisor:
      return operand != 0;
    case Need::not_negative:
      return operand >= 0;
    case Need::positive:
      return operand > 0;
  }
  return true;
}
// How a builtin's broken need reads after its name ("`sqrt` needs ...").
inline const char* need_text(Need need) {
  switch (need) {
    case Need::not_negative:
      return "needs a value that is not negative";
    case Need::positive:
      return "needs a positive value";
    default:
      return "";
  }
}

}  // namespace reckon::ops
