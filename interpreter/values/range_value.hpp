// The values of an arithmetic range (`0.1 .. 1 step 0.1`), as the decimals a person
// wrote: value i is start + i * step computed in decimal, not in binary, so the seventh
// value of that range is 0.7 and never 0.7000000000000001. Ranges in expressions, a
// sweep's `vary` and an exercise's `vary` all expand through expand_range.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

namespace reckon::sweep {

// The range starting at `start` with step `step`. Value i is the double nearest to the
// decimal start + i * step, where start and step are read as the shortest decimals that
// give them back. When that sum does not fit in 64 bits of digits (a start and a step
// some 18 orders of magnitude apart), it is the binary start + i * step. The decimals
// are read once; a value then costs an integer multiply-add and, for the usual sizes,
// one exact floating-point scaling (a sweep may have 1e9 of them).
class ArithmeticRange {
 public:
  ArithmeticRange(double start, double step);
  double operator[](std::uint64_t i) const;

 private:
  double start_, step_;
  bool decimal_ = false;  // start and step as first_ + i * stride_ digits at exponent_
  std::int64_t first_ = 0, stride_ = 0;
  int exponent_ = 0;
};

// ArithmeticRange(start, step)[i], for a single value.
double range_value(double start, double step, std::uint64_t i);

// Value `i` of the geometric range starting at `start` with factor `factor` (`0.1 .. 10
// times 3`): start * factor^i computed in decimal the same way (0.3, 0.9, 2.7, never
// 0.30000000000000004); nullopt once its digits outgrow 64 bits (within 64 factors of
// more than one digit, or 1000 of one), when the caller goes on multiplying in binary.
std::optional<double> geometric_value(double start, double factor, std::uint64_t i);

// What keeps a range from being expanded, in the order the rules are tried: it ends
// before it starts, its step is not positive, its factor is not above 1, a geometric
// range does not start above zero, or it has more values than the caller's limit. Each
// caller reports a problem in its own words and code (a list range's E0523, a `vary`'s
// E0702, ...).
enum class RangeProblem { none, empty, step, factor, start, too_many };

struct ExpandedRange {
  std::vector<double> values;
  RangeProblem problem = RangeProblem::none;
  double count = 0;  // with too_many: how many values the range has, at least
};

// The values of `from .. to step s` (`geometric` false, `by` the step) or `from .. to
// times f` (`geometric` true, `by` the factor), as numbers in one unit: the end included
// when a value lands within rounding of it (1e-9 steps, or a relative 1e-12 for a
// factor), counted before any value is made, so a range over `limit` makes none.
ExpandedRange expand_range(double from, double to, double by, bool geometric, std::size_t limit);

}  // namespace reckon::sweep
