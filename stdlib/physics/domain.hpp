// Domain checks shared by the native functions. A violated domain throws
// std::domain_error with a message a user can read; the evaluator reports it at the
// call in the user's file.
#pragma once

#include <fmt/format.h>

#include <stdexcept>
#include <string_view>

namespace reckon::physics {

// The throw, out of line and marked cold: the message's formatting kept in every check
// stopped the compiler from inlining the checks into the natives, and a planned sweep
// point spends most of its time in two natives (docs/performance.md).
[[noreturn, gnu::cold, gnu::noinline]] inline void domain_violation(std::string_view what,
                                                                    const char* must,
                                                                    double value) {
  throw std::domain_error(fmt::format("{} must {} (got {})", what, must, value));
}

// Written as !(x >= 0) rather than x < 0 so that NaN is rejected too.
inline void require_non_negative(double value, std::string_view what) {
  if (!(value >= 0)) [[unlikely]]
    domain_violation(what, "not be negative", value);
}

inline void require_positive(double value, std::string_view what) {
  if (!(value > 0)) [[unlikely]]
    domain_violation(what, "be positive", value);
}

// A probability or a fraction: 0 <= value <= 1.
inline void require_fraction(double value, std::string_view what) {
  if (!(value >= 0 && value <= 1)) [[unlikely]]
    domain_violation(what, "be between 0 and 1", value);
}

}  // namespace reckon::physics
