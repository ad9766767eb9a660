// Which operation of operations.hpp each operator and builtin of the language is, what
// it needs of its operands, and how a broken need is reported: the tree walk and
// compiled code dispatch through these, and a planned sweep's instructions call the same
// functions (sweep/plan_run.cpp), so an operator's meaning is written once.
#pragma once

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <stdexcept>

#include "interpreter/model/builtins.hpp"
#include "interpreter/values/operations.hpp"
#include "syntax/ast.hpp"
#include "syntax/diagnostics.hpp"

namespace reckon::ops {

inline Need need_of(Op op) {
  return op == Op::div || op == Op::floordiv || op == Op::mod ? Need::nonzero_divisor
                                                              : Need::nothing;
}

// The message of E0501 for a zero right operand of `/`, `//` or `%`.
inline const char* zero_divisor_text(Op op) {
  switch (op) {
    case Op::floordiv:
      return "integer division by zero";
    case Op::mod:
      return "remainder of a division by zero";
    default:
      return "division by zero";
  }
}

// The located error for a zero right operand of the binary expression `e`.
[[noreturn]] inline void divisor_is_zero(const Expr& e) {
  throw UserError(e.operands[1]->range, "E0501", zero_divisor_text(e.op));
}

// `x op y` for an arithmetic or comparison operator on quantities, with sx and sy the
// scales of the units `//` and `%` take their operands in (Expr::operand_scales). Not
// for `and`, `or` and `??`, which may not evaluate their right operand.
inline double binary(Op op, double x, double y, double sx, double sy) {
  switch (op) {
    case Op::add:
      return add(x, y);
    case Op::sub:
      return sub(x, y);
    case Op::mul:
      return mul(x, y);
    case Op::div:
      return div(x, y);
    case Op::floordiv:
      return floordiv_in(x, y, sx, sy);
    case Op::mod:
      return mod_in(x, y, sx, sy);
    case Op::pow:
      return power(x, y);
    case Op::eq:
      return eq(x, y);
    case Op::ne:
      return ne(x, y);
    case Op::lt:
      return lt(x, y);
    case Op::le:
      return le(x, y);
    case Op::gt:
      return gt(x, y);
    case Op::ge:
      return ge(x, y);
    default:
      throw std::logic_error("not an operator on two numbers");
  }
}

inline Need need_of(Builtin b) {
  switch (b) {
    case Builtin::sqrt:
      return Need::not_negative;
    case Builtin::log2:
    case Builtin::log10:
    case Builtin::ln:
      return Need::positive;
    default:
      return Need::nothing;
  }
}

// A builtin of one argument (all but min and max), with s the scale of the unit round,
// floor and ceil take their argument in, and `quotient` whether it is a quotient `a / b`
// (operations.hpp, taken_in).
inline double unary_builtin(Builtin b, double x, double s, bool quotient) {
  switch (b) {
    case Builtin::sqrt:
      return square_root(x);
    case Builtin::abs:
      return absolute(x);
    case Builtin::round:
      return round_in(x, s, quotient);
    case Builtin::floor:
      return floor_in(x, s, quotient);
    case Builtin::ceil:
      return ceil_in(x, s, quotient);
    case Builtin::log2:
      return log_2(x);
    case Builtin::log10:
      return log_10(x);
    case Builtin::ln:
      return natural_log(x);
    case Builtin::exp:
      return exponential(x);
    default:
      break;
  }
  throw std::logic_error("not a builtin of one argument");
}

inline bool is_bitwise(Builtin b) { return b >= Builtin::bit_and; }

// The largest whole number a double holds with every smaller one: the bitwise builtins'
// operands and results stay at or below it.
inline constexpr double max_whole = 9007199254740992.0;  // 2^53

// Why `x` cannot be an operand of a bitwise builtin (its `index`-th), or null when it can:
// a whole number from 0 to 2^53, and a shift by 0 to 53 places.
inline const char* bitwise_operand_problem(Builtin b, std::size_t index, double x) {
  if (!ops::whole(x)) return "needs whole numbers";
  if (x < 0) return "needs numbers that are not negative";
  if (index == 1 && (b == Builtin::shift_left || b == Builtin::shift_right))
    return x <= 53 ? nullptr : "shifts by at most 53 places";
  return x <= max_whole ? nullptr : "needs numbers at most 2^53";
}

// A bitwise builtin of two operands that bitwise_operand_problem accepts; the result of
// shift_left may pass 2^53 (the caller refuses it).
inline double bitwise(Builtin b, double x, double y) {
  const auto a = static_cast<std::uint64_t>(x);
  const auto n = static_cast<std::uint64_t>(y);
  switch (b) {
    case Builtin::bit_and:
      return static_cast<double>(a & n);
    case Builtin::bit_or:
      return static_cast<double>(a | n);
    case Builtin::bit_xor:
      return static_cast<double>(a ^ n);
    case Builtin::shift_left:
      return std::ldexp(x, static_cast<int>(n));
    case Builtin::shift_right:
      return static_cast<double>(a >> n);
    default:
      throw std::logic_error("not a bitwise builtin");
  }
}

}  // namespace reckon::ops
