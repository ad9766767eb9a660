// The one binding layer between Boost.Units-typed C++ functions and the
// interpreter's runtime values. bind_function() reads a function's signature and
// produces its NativeFunction: the parameter and result types (dimensions from
// units::dimension_of) and a call adapter. The checker then compares these types
// with the function's `native` declaration in Reckon.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "interpreter/model/native.hpp"
#include "interpreter/values/operations.hpp"
#include "stdlib/units.hpp"

namespace reckon::stdlib {

// Specialize for each C++ enum a native takes: its Reckon name and its members in
// the order of the C++ enumerators (the Reckon enum must list them in that order).
template <typename E>
struct enum_names;

template <typename T>
struct native_traits;

// Each trait converts through the plain number (from_number, to_number), so that the
// Value adapter and the raw adapter of planned sweeps compute the same bits.
template <>
struct native_traits<double> {
  static NativeType type() { return {NativeType::Kind::number, {}, {}, {}}; }
  static double from_number(double x) { return x; }
  static double to_number(double x) { return x; }
  static Value to(double x) { return Value::quantity(to_number(x)); }
};

template <>
struct native_traits<std::int64_t> {
  static NativeType type() { return {NativeType::Kind::integer, {}, {}, {}}; }
  // The evaluator reports an argument out of range where it is written (E0510); this
  // keeps a plan's raw calls from casting one (undefined behaviour) before it does.
  static std::int64_t from_number(double x) {
    if (!ops::fits_int64(x)) [[unlikely]]
      throw std::domain_error("a whole number beyond the 64-bit integers");
    return static_cast<std::int64_t>(x);
  }
  static double to_number(std::int64_t x) { return static_cast<double>(x); }
  static Value to(std::int64_t x) { return Value::quantity(to_number(x)); }
};

template <>
struct native_traits<bool> {
  static NativeType type() { return {NativeType::Kind::boolean, {}, {}, {}}; }
  static bool from_number(double x) { return x != 0; }
  static double to_number(bool x) { return x ? 1 : 0; }
  static Value to(bool x) { return Value::boolean(x); }
};

// Quantities cross in base units: Reckon's base units are the units of the Boost
// system (B, flop, s, kg, ...), so the stored double passes through unchanged.
template <typename Unit>
struct native_traits<boost::units::quantity<Unit, double>> {
  using Q = boost::units::quantity<Unit, double>;
  static NativeType type() {
    return {NativeType::Kind::number, units::dimension_of<Unit>(), {}, {}};
  }
  static Q from_number(double x) { return Q::from_value(x); }
  static double to_number(const Q& q) { return q.value(); }
  static Value to(const Q& q) { return Value::quantity(to_number(q), units::dimension_of<Unit>()); }
};

template <typename E>
requires std::is_enum_v<E>
struct native_traits<E> {
  static NativeType type() {
    NativeType t{NativeType::Kind::enumeration, {}, enum_names<E>::name, {}};
    for (std::string_view m : enum_names<E>::members) t.enum_members.push_back(m);
    return t;
  }
  static E from_number(double x) { return static_cast<E>(static_cast<int>(x)); }
};

// The plain-number adapters of a native (NativeFunction::raw, raw_at and raw_batch), for
// planned sweeps. The function is a template argument, so each adapter calls it
// directly, and the batch adapter's loop can inline it.
template <auto Fn, typename R, typename... Args>
double call_raw(const double* args) {
  return [&]<std::size_t... I>(std::index_sequence<I...>) {
    return native_traits<R>::to_number(
        Fn(native_traits<std::decay_t<Args>>::from_number(args[I])...));
  }
  (std::index_sequence_for<Args...>{});
}

template <auto Fn, typename R, typename... Args>
double call_raw_at(const double* registers, const std::uint16_t* index) {
  return [&]<std::size_t... I>(std::index_sequence<I...>) {
    return native_traits<R>::to_number(
        Fn(native_traits<std::decay_t<Args>>::from_number(registers[index[I]])...));
  }
  (std::index_sequence_for<Args...>{});
}

template <auto Fn, typename R, typename... Args>
void call_raw_batch(const double* const* columns, double* out, std::size_t n) {
  [&]<std::size_t... I>(std::index_sequence<I...>) {
    for (std::size_t i = 0; i < n; ++i)
      out[i] = native_traits<R>::to_number(
          Fn(native_traits<std::decay_t<Args>>::from_number(columns[I][i])...));
  }
  (std::index_sequence_for<Args...>{});
}

template <auto Fn, typename R, typename... Args>
NativeFunction bind_signature(std::string name, R (*)(Args...)) {
  NativeFunction f;
  f.name = std::move(name);
  f.parameters = {native_traits<std::decay_t<Args>>::type()...};
  f.result = native_traits<R>::type();
  f.call = [](std::span<const Value> args) {
    return [&]<std::size_t... I>(std::index_sequence<I...>) {
      return native_traits<R>::to(
          Fn(native_traits<std::decay_t<Args>>::from_number(args[I].number)...));
    }
    (std::index_sequence_for<Args...>{});
  };
  f.raw = &call_raw<Fn, R, Args...>;
  f.raw_at = &call_raw_at<Fn, R, Args...>;
  f.raw_batch = &call_raw_batch<Fn, R, Args...>;
  return f;
}

// The native for the C++ function Fn, named `name` in Reckon: bind_function<&f>("f").
template <auto Fn>
NativeFunction bind_function(std::string name) {
  return bind_signature<Fn>(std::move(name), Fn);
}

// `f` with its formula (NativeFunction::formula, empty to keep its declaration's
// `@formula`) and what the formula's plain numbers stand for.
inline NativeFunction with_formula(NativeFunction f, std::string formula,
                                   std::vector<std::pair<std::string, std::string>> terms = {}) {
  f.formula = std::move(formula);
  f.formula_terms = std::move(terms);
  return f;
}

template <typename T>
NativeFunction bind_constant(std::string name, T value) {
  NativeFunction f;
  f.name = std::move(name);
  f.is_constant = true;
  f.result = native_traits<T>::type();
  f.call = [value](std::span<const Value>) { return native_traits<T>::to(value); };
  return f;
}

}  // namespace reckon::stdlib
