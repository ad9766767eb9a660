// Runtime dimensions: one exponent per base dimension. This header is the single
// source of truth for what the base dimensions are; the Boost.Units system in
// stdlib/units.hpp maps its base dimensions onto these indices.
#pragma once

#include <array>
#include <cstdint>
#include <limits>
#include <optional>
#include <string_view>

namespace reckon {

// Physical base dimensions come first, counting dimensions after them. A plain number
// may stand for a pure count: see Dimension::compatible().
enum class Base : std::uint8_t {
  time,         // s
  information,  // B (byte; a bit is 1/8 B)
  compute,      // flop
  money,        // USD
  mass,         // kg
  length,       // m
  carbon,       // kgCO2e: emissions, kept apart from the mass of things
  token,
  param,
  sample,
  request,
  layer,
  device,     // accelerators of every tier (a GPU, a TPU chip, an NPU, a microcontroller):
              // per-device and whole-cluster quantities differ by this count
  iteration,  // training steps: per-step and whole-run quantities differ by this count
              // (`step` itself is a keyword of ranges, `1 .. 8 step 1`)
};

inline constexpr std::size_t base_count = 14;
inline constexpr std::size_t first_count_base = static_cast<std::size_t>(Base::token);

// Name of each base dimension and the symbol of its base unit, indexed by Base.
inline constexpr std::array<std::string_view, base_count> base_dimension_names = {
    "time",  "information", "compute", "money",   "mass",  "length", "carbon",
    "token", "param",       "sample",  "request", "layer", "device", "iteration"};
inline constexpr std::array<std::string_view, base_count> base_unit_symbols = {
    "s",     "B",     "flop",   "USD",     "kg",    "m",      "kgCO2e",
    "token", "param", "sample", "request", "layer", "device", "iteration"};

struct Dimension {
  std::array<std::int8_t, base_count> exponents;

  constexpr Dimension() : exponents{} {}
  // Left unset, for a constructor that writes the bytes next (Value's of a shape).
  struct Unset {};
  explicit Dimension(Unset) {}

  static constexpr Dimension none() { return {}; }
  static constexpr Dimension of(Base b, std::int8_t power = 1) {
    Dimension d;
    d.exponents[static_cast<std::size_t>(b)] = power;
    return d;
  }

  constexpr std::int8_t operator[](Base b) const { return exponents[static_cast<std::size_t>(b)]; }

  // By element: the defaulted comparison of the array calls memcmp, which costs more
  // than these 11 bytes (method arguments compare their dimensions).
  constexpr bool operator==(const Dimension& o) const {
    bool same = true;
    for (std::size_t i = 0; i < base_count; ++i) same &= exponents[i] == o.exponents[i];
    return same;
  }

  constexpr Dimension operator*(const Dimension& o) const {
    Dimension r;
    for (std::size_t i = 0; i < base_count; ++i)
      r.exponents[i] = static_cast<std::int8_t>(exponents[i] + o.exponents[i]);
    return r;
  }
  constexpr Dimension operator/(const Dimension& o) const {
    Dimension r;
    for (std::size_t i = 0; i < base_count; ++i)
      r.exponents[i] = static_cast<std::int8_t>(exponents[i] - o.exponents[i]);
    return r;
  }
  constexpr Dimension pow(int n) const {
    Dimension r;
    for (std::size_t i = 0; i < base_count; ++i)
      r.exponents[i] = static_cast<std::int8_t>(exponents[i] * n);
    return r;
  }

  // The same products and powers with every exponent checked: nullopt when one would
  // leave the range of an exponent (-128..127) instead of wrapping, so that the checker
  // can report `(2 s^4)^64` rather than compute with a wrong dimension.
  static constexpr bool fits_exponent(int e) {
    return e >= std::numeric_limits<std::int8_t>::min() &&
           e <= std::numeric_limits<std::int8_t>::max();
  }
  constexpr std::optional<Dimension> checked_times(const Dimension& o) const {
    Dimension r;
    for (std::size_t i = 0; i < base_count; ++i) {
      const int e = exponents[i] + o.exponents[i];
      if (!fits_exponent(e)) return std::nullopt;
      r.exponents[i] = static_cast<std::int8_t>(e);
    }
    return r;
  }
  constexpr std::optional<Dimension> checked_over(const Dimension& o) const {
    Dimension r;
    for (std::size_t i = 0; i < base_count; ++i) {
      const int e = exponents[i] - o.exponents[i];
      if (!fits_exponent(e)) return std::nullopt;
      r.exponents[i] = static_cast<std::int8_t>(e);
    }
    return r;
  }
  constexpr std::optional<Dimension> checked_pow(long long n) const {
    if (n > 1'000'000 || n < -1'000'000) {  // keeps the products below in range
      if (is_dimensionless()) return *this;
      return std::nullopt;
    }
    Dimension r;
    for (std::size_t i = 0; i < base_count; ++i) {
      const long long e = exponents[i] * n;
      if (!fits_exponent(static_cast<int>(e))) return std::nullopt;
      r.exponents[i] = static_cast<std::int8_t>(e);
    }
    return r;
  }

  constexpr bool is_dimensionless() const { return *this == Dimension{}; }

  constexpr Dimension physical() const {
    Dimension r = *this;
    for (std::size_t i = first_count_base; i < base_count; ++i) r.exponents[i] = 0;
    return r;
  }
  constexpr Dimension counts() const { return *this / physical(); }
  constexpr bool has_counts() const { return !counts().is_dimensionless(); }

  // A dimension made of counting units only (token, token/request), or none at all.
  constexpr bool is_pure_count() const { return physical().is_dimensionless(); }

  // The counting rule for two values that meet (`+ - % == < ...`, `??`, the branches of
  // `if`, `min`/`max`, `->`): their dimensions must be equal, counting parts included, so
  // `B/token` never passes for `B`. The one widening: a plain number stands for a pure
  // count (`tokens + 1`, `requests > 0`), the way the literature writes counts.
  constexpr bool compatible(const Dimension& o) const {
    if (*this == o) return true;
    return (is_dimensionless() && o.is_pure_count()) || (o.is_dimensionless() && is_pure_count());
  }

  // The same rule for a value crossing a declared boundary (an input, argument, field,
  // property or `let`), one way only: a plain number may be bound where a pure count is
  // declared (`seq_len: 4096` for `token`), but a count is not silently a plain number
  // (divide by its unit: `seq_len / 1 token`).
  constexpr bool assignable_to(const Dimension& declared) const {
    return *this == declared || (is_dimensionless() && declared.is_pure_count());
  }
};

}  // namespace reckon
