// Running a Plan: one pass over its instructions. Every check the lazy evaluator makes
// is here too, but as a flag: a point that trips one is evaluated again lazily.
#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <exception>
#include <limits>

#include "interpreter/sweep/plan.hpp"
#include "interpreter/values/operations.hpp"

namespace reckon::sweep {

namespace {

// 0 for a finite x; the bits of a NaN, never all clear, for an infinite or NaN x.
inline std::uint64_t not_finite_bits(double x) { return std::bit_cast<std::uint64_t>(x - x); }

}  // namespace

// One point: each instruction's handler jumps straight to the next one's (the
// extension `run_code.cpp`'s loop uses too), and the code's `end` leaves; a switch paid
// a bounds check and a relative jump table per instruction. `sick` gathers, as
// run_batch's does, whether any result was not finite.
// Labels as values are a GCC and Clang extension, which -Wpedantic names.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wpedantic"
bool Plan::run(double* r) const {
  bool ok = true;
  std::uint64_t sick = 0;
  const std::uint16_t* pool = pool_.data();
  const Instr* in = code_.data();
  static const void* const handlers[] = {
      &&op_add, &&op_sub,      &&op_mul,      &&op_div,      &&op_floordiv, &&op_mod,    &&op_pow,
      &&op_neg, &&op_not,      &&op_and,      &&op_or,       &&op_lt,       &&op_le,     &&op_gt,
      &&op_ge,  &&op_eq_close, &&op_ne_close, &&op_eq_exact, &&op_ne_exact, &&op_select, &&op_sqrt,
      &&op_abs, &&op_round,    &&op_floor,    &&op_ceil,     &&op_log2,     &&op_log10,  &&op_ln,
      &&op_exp, &&op_min,      &&op_max,      &&op_native,   &&op_whole,    &&op_fail,   &&done};
  static_assert(std::size(handlers) == static_cast<std::size_t>(Code::end) + 1);
// Stored first: its register is then free for the test's subtraction (no copy made).
#define RECKON_RESULT(value)          \
  do {                                \
    const double result_ = (value);   \
    r[in->dst] = result_;             \
    sick |= not_finite_bits(result_); \
  } while (false)
#define RECKON_NEXT()                                       \
  do {                                                      \
    goto* handlers[static_cast<std::size_t>((++in)->code)]; \
  } while (false)
  try {
    goto* handlers[static_cast<std::size_t>(in->code)];
  op_add:
    RECKON_RESULT(ops::add(r[in->a], r[in->b]));
    RECKON_NEXT();
  op_sub:
    RECKON_RESULT(ops::sub(r[in->a], r[in->b]));
    RECKON_NEXT();
  op_mul:
    RECKON_RESULT(ops::mul(r[in->a], r[in->b]));
    RECKON_NEXT();
  op_div:
    // A zero divisor needs no test of its own here: x / 0 is infinite or NaN for every x,
    // which `sick` catches (test_force_planned.cpp's TwiceAtPole).
    RECKON_RESULT(ops::div(r[in->a], r[in->b]));
    RECKON_NEXT();
  op_floordiv : {
    const std::uint16_t* p = pool + in->a;
    ok &= ops::holds(ops::Need::nonzero_divisor, r[p[1]]);
    RECKON_RESULT(ops::floordiv_in(r[p[0]], r[p[1]], r[p[2]], r[p[3]]));
    RECKON_NEXT();
  }
  op_mod : {
    const std::uint16_t* p = pool + in->a;
    ok &= ops::holds(ops::Need::nonzero_divisor, r[p[1]]);
    RECKON_RESULT(ops::mod_in(r[p[0]], r[p[1]], r[p[2]], r[p[3]]));
    RECKON_NEXT();
  }
  op_pow:
    RECKON_RESULT(ops::power(r[in->a], r[in->b]));
    RECKON_NEXT();
  op_neg:
    r[in->dst] = ops::negate(r[in->a]);
    RECKON_NEXT();
  op_not:
    r[in->dst] = ops::logical_not(r[in->a]);
    RECKON_NEXT();
  op_and:
    r[in->dst] = ops::logical_and(r[in->a], r[in->b]);
    RECKON_NEXT();
  op_or:
    r[in->dst] = ops::logical_or(r[in->a], r[in->b]);
    RECKON_NEXT();
  op_lt:
    r[in->dst] = ops::lt(r[in->a], r[in->b]);
    RECKON_NEXT();
  op_le:
    r[in->dst] = ops::le(r[in->a], r[in->b]);
    RECKON_NEXT();
  op_gt:
    r[in->dst] = ops::gt(r[in->a], r[in->b]);
    RECKON_NEXT();
  op_ge:
    r[in->dst] = ops::ge(r[in->a], r[in->b]);
    RECKON_NEXT();
  op_eq_close:
    r[in->dst] = ops::eq(r[in->a], r[in->b]);
    RECKON_NEXT();
  op_ne_close:
    r[in->dst] = ops::ne(r[in->a], r[in->b]);
    RECKON_NEXT();
  op_eq_exact:
    r[in->dst] = ops::eq_exact(r[in->a], r[in->b]);
    RECKON_NEXT();
  op_ne_exact:
    r[in->dst] = ops::ne_exact(r[in->a], r[in->b]);
    RECKON_NEXT();
  op_select : {
    const std::uint16_t* p = pool + in->a;
    r[in->dst] = r[p[0]] != 0 ? r[p[1]] : r[p[2]];
    RECKON_NEXT();
  }
  op_sqrt:
    ok &= ops::holds(ops::Need::not_negative, r[in->a]);
    RECKON_RESULT(ops::square_root(r[in->a]));
    RECKON_NEXT();
  op_abs:
    r[in->dst] = ops::absolute(r[in->a]);
    RECKON_NEXT();
  op_round:
    RECKON_RESULT(ops::round_in(r[in->a], r[in->b], in->aux != 0));
    RECKON_NEXT();
  op_floor:
    RECKON_RESULT(ops::floor_in(r[in->a], r[in->b], in->aux != 0));
    RECKON_NEXT();
  op_ceil:
    RECKON_RESULT(ops::ceil_in(r[in->a], r[in->b], in->aux != 0));
    RECKON_NEXT();
  op_log2:
    ok &= ops::holds(ops::Need::positive, r[in->a]);
    RECKON_RESULT(ops::log_2(r[in->a]));
    RECKON_NEXT();
  op_log10:
    ok &= ops::holds(ops::Need::positive, r[in->a]);
    RECKON_RESULT(ops::log_10(r[in->a]));
    RECKON_NEXT();
  op_ln:
    ok &= ops::holds(ops::Need::positive, r[in->a]);
    RECKON_RESULT(ops::natural_log(r[in->a]));
    RECKON_NEXT();
  op_exp:
    RECKON_RESULT(ops::exponential(r[in->a]));
    RECKON_NEXT();
  op_min:
  op_max : {
    const std::uint16_t* p = pool + in->a;
    double best = r[p[0]];
    for (std::uint8_t i = 0; i < in->aux; ++i)
      best = in->code == Code::min ? ops::smaller(best, r[p[i]]) : ops::larger(best, r[p[i]]);
    r[in->dst] = best;
    RECKON_NEXT();
  }
  op_native:
    RECKON_RESULT(natives_[in->b]->raw_at(r, pool + in->a));
    RECKON_NEXT();
  op_whole:
    ok &= ops::whole(r[in->a]);
    RECKON_NEXT();
  op_fail:
    ok = false;
    RECKON_NEXT();
  done:;
  } catch (const std::exception&) {  // a native's domain error: the lazy evaluator reports it
    return false;
  }
#undef RECKON_RESULT
#undef RECKON_NEXT
  return ok && sick == 0;
}
#pragma GCC diagnostic pop

std::vector<double> Plan::batch_registers() const {
  std::vector<double> r(constants_.size() * batch);
  for (std::size_t i = 0; i < constants_.size(); ++i)
    std::fill_n(r.begin() + static_cast<std::ptrdiff_t>(i * batch), batch, constants_[i]);
  return r;
}

std::vector<double*> Plan::columns_of(std::vector<double>& batch_registers) {
  std::vector<double*> out(batch_registers.size() / batch);
  for (std::size_t i = 0; i < out.size(); ++i) out[i] = batch_registers.data() + i * batch;
  return out;
}

bool Plan::written(std::uint16_t i) const {
  for (const Instr& in : instructions())
    if (in.dst == i && in.code != Code::whole && in.code != Code::fail) return true;
  return false;
}

namespace {

// Whole numbers without std::trunc, which is a library call on baseline x86-64:
// doubles of magnitude 2^52 and more are all whole.
inline bool not_whole(double x) {
  return std::fabs(x) < 4503599627370496.0 && x != static_cast<double>(static_cast<long long>(x));
}

}  // namespace

// Every check of the evaluator that a result is a number reduces to "it is finite":
// x / 0 is infinite or NaN, and so are floor(x / 0), x mod 0, sqrt or log of what they
// do not take, and overflow. v - v is +0 (all bits clear) for a finite v and NaN for
// any other, so OR-ing its bits over every result of every lane into `sick` leaves it
// 0 exactly while all are finite. Which lane failed does not matter here (run() tells),
// so the flag is one integer in a register: an OR, unlike a sum of doubles, may be
// reordered, and the loops stay branch-free and vectorize without a store per result.
//
// A full batch runs with its lane count a constant (Lanes), so that each instruction's
// loop has a known trip count: no remainder loop, and unrolled four times.
//
// On x86-64 the loop is compiled twice, for the baseline instruction set (SSE2: two
// lanes per vector instruction) and for AVX2 (four), and run_batch picks the second once
// when the CPU has it. The operations are IEEE-754's in both, rounded alike, so the
// results are the same bits: AVX2 brings no fused multiply-add (that is the FMA
// extension, which neither is compiled for), and the libm functions called are the same.
template <std::size_t Lanes>
[[gnu::always_inline]] inline bool Plan::run_lanes(double* const* columns,
                                                   std::size_t lanes) const {
  const std::size_t n = Lanes ? Lanes : lanes;
  std::uint64_t sick = 0;
  bool bad = false;
  const std::uint16_t* pool = pool_.data();
  auto at = [columns](std::uint16_t reg) { return columns[reg]; };
  // An instruction's result register is none of its operands (every instruction writes
  // a register of its own), so the loops may take the three as separate arrays.
  auto each = [&](const Instr& in, auto f) {  // d = f(a, b), counted in sick
    double* __restrict d = at(in.dst);
    const double* a = at(in.a);
    const double* b = at(in.b);
    std::uint64_t s = 0;
#pragma GCC unroll 4
    for (std::size_t i = 0; i < n; ++i) {
      double v = f(a[i], b[i]);
      d[i] = v;
      s |= not_finite_bits(v);
    }
    sick |= s;
  };
  auto each_plain = [&](const Instr& in, auto f) {  // results that are always finite
    double* __restrict d = at(in.dst);
    const double* a = at(in.a);
    const double* b = at(in.b);
#pragma GCC unroll 4
    for (std::size_t i = 0; i < n; ++i) d[i] = f(a[i], b[i]);
  };
  try {
    for (const Instr& in : instructions()) {
      switch (in.code) {
        case Code::add:
          each(in, [](double x, double y) { return ops::add(x, y); });
          break;
        case Code::sub:
          each(in, [](double x, double y) { return ops::sub(x, y); });
          break;
        case Code::mul:
          each(in, [](double x, double y) { return ops::mul(x, y); });
          break;
        case Code::div:
          each(in, [](double x, double y) { return ops::div(x, y); });
          break;
        case Code::floordiv:
        case Code::mod: {
          const std::uint16_t* p = pool + in.a;
          double* d = at(in.dst);
          const double *x = at(p[0]), *y = at(p[1]), *sx = at(p[2]), *sy = at(p[3]);
          const bool div = in.code == Code::floordiv;
          std::uint64_t s = 0;
          for (std::size_t i = 0; i < n; ++i) {
            // A zero divisor gives NaN, which marks the batch.
            double v = div ? ops::floordiv_in(x[i], y[i], sx[i], sy[i])
                           : ops::mod_in(x[i], y[i], sx[i], sy[i]);
            d[i] = v;
            s |= not_finite_bits(v);
          }
          sick |= s;
          break;
        }
        case Code::pow:
          each(in, [](double x, double y) { return ops::power(x, y); });
          break;
        case Code::neg:
          each_plain(in, [](double x, double) { return ops::negate(x); });
          break;
        case Code::logical_not:
          each_plain(in, [](double x, double) { return ops::logical_not(x); });
          break;
        case Code::logical_and:
          each_plain(in, [](double x, double y) { return ops::logical_and(x, y); });
          break;
        case Code::logical_or:
          each_plain(in, [](double x, double y) { return ops::logical_or(x, y); });
          break;
        case Code::lt:
          each_plain(in, [](double x, double y) { return ops::lt(x, y); });
          break;
        case Code::le:
          each_plain(in, [](double x, double y) { return ops::le(x, y); });
          break;
        case Code::gt:
          each_plain(in, [](double x, double y) { return ops::gt(x, y); });
          break;
        case Code::ge:
          each_plain(in, [](double x, double y) { return ops::ge(x, y); });
          break;
        case Code::eq_close:
          each_plain(in, [](double x, double y) { return ops::eq(x, y); });
          break;
        case Code::ne_close:
          each_plain(in, [](double x, double y) { return ops::ne(x, y); });
          break;
        case Code::eq_exact:
          each_plain(in, [](double x, double y) { return ops::eq_exact(x, y); });
          break;
        case Code::ne_exact:
          each_plain(in, [](double x, double y) { return ops::ne_exact(x, y); });
          break;
        case Code::select: {
          const std::uint16_t* p = pool + in.a;
          double* d = at(in.dst);
          const double *c = at(p[0]), *t = at(p[1]), *f = at(p[2]);
          for (std::size_t i = 0; i < n; ++i) d[i] = c[i] != 0 ? t[i] : f[i];
          break;
        }
        case Code::sqrt:
          each(in, [](double x, double) { return ops::square_root(x); });
          break;
        case Code::abs:
          each_plain(in, [](double x, double) { return ops::absolute(x); });
          break;
        case Code::round: {
          const bool quotient = in.aux != 0;
          each(in, [quotient](double x, double y) { return ops::round_in(x, y, quotient); });
        } break;
        case Code::floor: {
          const bool quotient = in.aux != 0;
          each(in, [quotient](double x, double y) { return ops::floor_in(x, y, quotient); });
        } break;
        case Code::ceil: {
          const bool quotient = in.aux != 0;
          each(in, [quotient](double x, double y) { return ops::ceil_in(x, y, quotient); });
        } break;
        case Code::log2:
          each(in, [](double x, double) { return ops::log_2(x); });
          break;
        case Code::log10:
          each(in, [](double x, double) { return ops::log_10(x); });
          break;
        case Code::ln:
          each(in, [](double x, double) { return ops::natural_log(x); });
          break;
        case Code::exp:
          each(in, [](double x, double) { return ops::exponential(x); });
          break;
        case Code::min:
        case Code::max: {
          const std::uint16_t* p = pool + in.a;
          double* d = at(in.dst);
          const bool is_min = in.code == Code::min;
          std::copy_n(at(p[0]), n, d);
          for (std::uint8_t k = 0; k < in.aux; ++k) {
            const double* a = at(p[k]);
            for (std::size_t i = 0; i < n; ++i)
              d[i] = is_min ? ops::smaller(d[i], a[i]) : ops::larger(d[i], a[i]);
          }
          break;
        }
        case Code::native: {
          const std::uint16_t* p = pool + in.a;
          const double* columns[16];
          for (std::uint8_t k = 0; k < in.aux; ++k) columns[k] = at(p[k]);
          double* d = at(in.dst);
          natives_[in.b]->raw_batch(columns, d, n);
          std::uint64_t s = 0;
          for (std::size_t i = 0; i < n; ++i) s |= not_finite_bits(d[i]);
          sick |= s;
          break;
        }
        case Code::whole: {
          const double* a = at(in.a);
          for (std::size_t i = 0; i < n; ++i) bad = bad || not_whole(a[i]);
          break;
        }
        case Code::fail:
          return false;
        case Code::end:  // not among instructions()
          break;
      }
    }
  } catch (const std::exception&) {
    return false;
  }
  return !bad && sick == 0;
}

#if RECKON_PLAN_AVX2
[[gnu::target("avx2")]] bool Plan::run_batch_avx2(double* const* columns, std::size_t lanes) const {
  return lanes == batch ? run_lanes<batch>(columns, lanes) : run_lanes<0>(columns, lanes);
}
#endif

bool& Plan::wide_loop() {
#if RECKON_PLAN_AVX2
  static bool avx2 = [] {
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2") != 0;
  }();
#else
  static bool avx2 = false;
#endif
  return avx2;
}

bool Plan::run_batch(double* const* columns, std::size_t lanes) const {
#if RECKON_PLAN_AVX2
  if (wide_loop()) return run_batch_avx2(columns, lanes);
#endif
  return lanes == batch ? run_lanes<batch>(columns, lanes) : run_lanes<0>(columns, lanes);
}

std::string Plan::listing() const {
  static constexpr const char* names[] = {
      "add",      "sub",    "mul",  "div", "floordiv", "mod",   "pow",  "neg",  "not",
      "and",      "or",     "lt",   "le",  "gt",       "ge",    "eq",   "ne",   "eq_exact",
      "ne_exact", "select", "sqrt", "abs", "round",    "floor", "ceil", "log2", "log10",
      "ln",       "exp",    "min",  "max", "native",   "whole", "fail"};
  std::string out;
  for (const Instr& in : instructions()) {
    auto code = static_cast<std::size_t>(in.code);
    std::string args;
    switch (in.code) {
      case Code::select:
      case Code::min:
      case Code::max:
      case Code::native:
      case Code::floordiv:
      case Code::mod:
        for (std::uint8_t i = 0; i < (in.code == Code::select ? 3 : in.aux); ++i)
          args += fmt::format(" r{}", pool_[in.a + i]);
        if (in.code == Code::native) args = " " + natives_[in.b]->name + args;
        break;
      case Code::whole:
        args = fmt::format(" r{}", in.a);
        break;
      case Code::fail:
        break;
      default:
        args = fmt::format(" r{}", in.a);
        if (in.code <= Code::pow || (in.code >= Code::logical_and && in.code <= Code::ne_exact) ||
            in.code == Code::round || in.code == Code::floor || in.code == Code::ceil)
          args += fmt::format(" r{}", in.b);
        if ((in.code == Code::round || in.code == Code::floor || in.code == Code::ceil) && in.aux)
          args += " quotient";
    }
    bool writes = in.code != Code::whole && in.code != Code::fail;
    out += writes ? fmt::format("r{} = {}{}\n", in.dst, names[code], args)
                  : fmt::format("{}{}\n", names[code], args);
  }
  return out;
}

}  // namespace reckon::sweep
