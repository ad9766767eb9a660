#include "interpreter/values/range_value.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <optional>
#include <string>

namespace reckon::sweep {

namespace {

// A finite double as the shortest decimal that reads back as it: digits * 10^exponent.
struct Decimal {
  std::int64_t digits = 0;
  int exponent = 0;
};

// A double's shortest decimal has at most 17 digits, which an int64 holds.
constexpr int max_digits = 17;

std::optional<Decimal> shortest_decimal(double v) {
  if (!std::isfinite(v)) return std::nullopt;
  // fmt's default presentation is the shortest text that reads back as `v`, in fixed
  // ("0.125", "2048") or exponent ("1e-06", "1.5e+20") form. (`{:e}` would round to 6
  // decimals.)
  std::string text = fmt::format("{}", v);
  auto e = text.find_first_of("eE");
  int exponent = e == std::string::npos ? 0 : std::atoi(text.c_str() + e + 1);
  std::string digits;
  bool negative = false, after_point = false;
  int decimals = 0;
  for (char c : text.substr(0, e)) {
    if (c == '-') negative = true;
    if (c == '.') after_point = true;
    if (c < '0' || c > '9') continue;
    if (!(digits.empty() && c == '0')) digits += c;  // leading zeros add nothing
    decimals += after_point;
  }
  if (digits.empty()) digits = "0";
  if (digits.size() > static_cast<std::size_t>(max_digits)) return std::nullopt;
  Decimal d;
  std::from_chars(digits.data(), digits.data() + digits.size(), d.digits);
  if (negative) d.digits = -d.digits;
  d.exponent = exponent - decimals;
  // Trailing zeros go to the exponent (2048 stays 2048, 10 is 1e1), so that products
  // keep as few digits as they need.
  while (d.digits != 0 && d.digits % 10 == 0) {
    d.digits /= 10;
    ++d.exponent;
  }
  return d;
}

// `d` with `exponent` (not above its own): more digits, the same value; nullopt when
// they would not fit.
std::optional<std::int64_t> digits_at(Decimal d, int exponent) {
  std::int64_t out = d.digits;
  for (int e = d.exponent; e > exponent; --e) {
    if (std::llabs(out) > INT64_MAX / 10) return std::nullopt;
    out *= 10;
  }
  return out;
}

// The double nearest to digits * 10^exponent, as reading the decimal gives. Digits below
// 2^53 and a power of ten below 1e23 are both exact doubles, so one multiplication or
// division rounds once, correctly (Clinger's fast path); other decimals go to strtod.
double decimal_to_double(std::int64_t digits, long long exponent) {
  static constexpr double powers[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,
                                      1e8,  1e9,  1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
                                      1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};
  constexpr std::int64_t exact = std::int64_t{1} << 53;
  if (digits > -exact && digits < exact && exponent >= -22 && exponent <= 22) {
    const auto d = static_cast<double>(digits);
    return exponent >= 0 ? d * powers[exponent] : d / powers[-exponent];
  }
  return std::strtod(fmt::format("{}e{}", digits, exponent).c_str(), nullptr);
}

}  // namespace

ArithmeticRange::ArithmeticRange(double start, double step) : start_(start), step_(step) {
  auto a = shortest_decimal(start);
  auto b = shortest_decimal(step);
  if (!a || !b) return;
  exponent_ = std::min(a->exponent, b->exponent);
  auto first = digits_at(*a, exponent_);
  auto stride = digits_at(*b, exponent_);
  if (!first || !stride) return;
  decimal_ = true;
  first_ = *first;
  stride_ = *stride;
}

double ArithmeticRange::operator[](std::uint64_t i) const {
  std::int64_t times = 0, sum = 0;
  if (!decimal_ || i > static_cast<std::uint64_t>(INT64_MAX) ||
      __builtin_mul_overflow(stride_, static_cast<std::int64_t>(i), &times) ||
      __builtin_add_overflow(first_, times, &sum))
    return start_ + static_cast<double>(i) * step_;
  return decimal_to_double(sum, exponent_);
}

double range_value(double start, double step, std::uint64_t i) {
  return ArithmeticRange(start, step)[i];
}

std::optional<double> geometric_value(double start, double factor, std::uint64_t i) {
  auto a = shortest_decimal(start);
  auto f = shortest_decimal(factor);
  // A factor of one digit (10, 1e3) never overflows the digits, but 1000 of them go
  // past every double.
  if (!a || !f || i > 1000) return std::nullopt;
  std::int64_t digits = a->digits;
  long long exponent = a->exponent;
  for (std::uint64_t k = 0; k < i; ++k) {
    if (__builtin_mul_overflow(digits, f->digits, &digits)) return std::nullopt;
    exponent += f->exponent;
  }
  return std::strtod(fmt::format("{}e{}", digits, exponent).c_str(), nullptr);
}

ExpandedRange expand_range(double from, double to, double by, bool geometric, std::size_t limit) {
  ExpandedRange out;
  auto fail = [&](RangeProblem p, double count = 0) {
    out.values.clear();
    out.problem = p;
    out.count = count;
    return out;
  };
  if (to < from) return fail(RangeProblem::empty);
  if (geometric) {
    if (!(by > 1)) return fail(RangeProblem::factor);
    if (!(from > 0)) return fail(RangeProblem::start);
    // Counted from logarithms before any value is made, with the loop's tolerance: a
    // factor close to 1 (1.0000001 over 1 .. 1e300 is some 6.9e9 values) may be far
    // over the limit.
    const double count = std::floor(std::log(to / from) / std::log(by) + 1e-9) + 1;
    if (count > static_cast<double>(limit)) return fail(RangeProblem::too_many, count);
    for (double x = from; x <= to * (1 + 1e-12);
         x = geometric_value(from, by, out.values.size()).value_or(x * by)) {
      if (out.values.size() >= limit)  // rounding beyond the count above
        return fail(RangeProblem::too_many, static_cast<double>(out.values.size() + 1));
      out.values.push_back(x);
    }
    return out;
  }
  if (!(by > 0)) return fail(RangeProblem::step);
  const double count = std::floor((to - from) / by + 1e-9) + 1;
  if (count > static_cast<double>(limit)) return fail(RangeProblem::too_many, count);
  const ArithmeticRange values(from, by);
  out.values.reserve(static_cast<std::size_t>(count));
  for (std::size_t i = 0; i < static_cast<std::size_t>(count); ++i) out.values.push_back(values[i]);
  return out;
}

}  // namespace reckon::sweep
