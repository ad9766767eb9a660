// The values of an arithmetic range (`0.1 .. 1 step 0.1`), as the decimals a person
// wrote: value i is start + i * step computed in decimal, not in binary, so the seventh
// value of that range is 0.7 and never 0.7000000000000001. Sweeps and exercises share it.
#pragma once

#include <cstdint>
#include <optional>

namespace reckon::sweep {

// Value `i` of the range starting at `start` with step `step`: the double nearest to the
// decimal start + i * step, where start and step are read as the shortest decimals that
// give them back. When that sum does not fit in 64 bits of digits (a start and a step
// some 18 orders of magnitude apart), the binary start + i * step.
double range_value(double start, double step, std::uint64_t i);

// Value `i` of the geometric range starting at `start` with factor `factor` (`0.1 .. 10
// times 3`): start * factor^i computed in decimal the same way (0.3, 0.9, 2.7, never
// 0.30000000000000004); nullopt once its digits outgrow 64 bits (within 64 factors of
// more than one digit, or 1000 of one), when the caller goes on multiplying in binary.
std::optional<double> geometric_value(double start, double factor, std::uint64_t i);

}  // namespace reckon::sweep
