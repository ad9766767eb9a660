// The values of an arithmetic range (`0.1 .. 1 step 0.1`), as the decimals a person
// wrote: value i is start + i * step computed in decimal, not in binary, so the seventh
// value of that range is 0.7 and never 0.7000000000000001. Sweeps and exercises share it.
#pragma once

#include <cstdint>
#include <optional>

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

}  // namespace reckon::sweep
