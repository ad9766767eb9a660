// Domain checks shared by the native functions. A violated domain throws
// std::domain_error with a message a user can read; the evaluator reports it at the
// call in the user's file.
#pragma once

#include <fmt/format.h>

#include <stdexcept>
#include <string_view>

namespace reckon::physics {

// Written as !(x >= 0) rather than x < 0 so that NaN is rejected too.
inline void require_non_negative(double value, std::string_view what) {
  if (!(value >= 0))
    throw std::domain_error(fmt::format("{} must not be negative (got {})", what, value));
}

inline void require_positive(double value, std::string_view what) {
  if (!(value > 0))
    throw std::domain_error(fmt::format("{} must be positive (got {})", what, value));
}

// A probability or a fraction: 0 <= value <= 1.
inline void require_fraction(double value, std::string_view what) {
  if (!(value >= 0 && value <= 1))
    throw std::domain_error(fmt::format("{} must be between 0 and 1 (got {})", what, value));
}

}  // namespace reckon::physics
