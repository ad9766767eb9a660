// The one binding layer between Boost.Units-typed C++ functions and the
// interpreter's runtime values. bind_function() reads a function's signature and
// produces its NativeFunction: the parameter and result types (dimensions from
// units::dimension_of) and a call adapter. The checker then compares these types
// with the function's `native` declaration in Reckon.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>

#include "interpreter/native.hpp"
#include "stdlib/units.hpp"

namespace reckon::stdlib {

// Specialize for each C++ enum a native takes: its Reckon name and its members in
// the order of the C++ enumerators (the Reckon enum must list them in that order).
template <typename E>
struct enum_names;

template <typename T>
struct native_traits;

template <>
struct native_traits<double> {
  static NativeType type() { return {NativeType::Kind::number, {}, {}, {}}; }
  static double from(const Value& v) { return v.number; }
  static Value to(double x) { return Value::quantity(x); }
};

template <>
struct native_traits<std::int64_t> {
  static NativeType type() { return {NativeType::Kind::integer, {}, {}, {}}; }
  static std::int64_t from(const Value& v) { return static_cast<std::int64_t>(v.number); }
  static Value to(std::int64_t x) { return Value::quantity(static_cast<double>(x)); }
};

template <>
struct native_traits<bool> {
  static NativeType type() { return {NativeType::Kind::boolean, {}, {}, {}}; }
  static bool from(const Value& v) { return v.truthy(); }
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
  static Q from(const Value& v) { return Q::from_value(v.number); }
  static Value to(const Q& q) { return Value::quantity(q.value(), units::dimension_of<Unit>()); }
};

template <typename E>
requires std::is_enum_v<E>
struct native_traits<E> {
  static NativeType type() {
    NativeType t{NativeType::Kind::enumeration, {}, enum_names<E>::name, {}};
    for (std::string_view m : enum_names<E>::members) t.enum_members.push_back(m);
    return t;
  }
  static E from(const Value& v) { return static_cast<E>(static_cast<int>(v.number)); }
};

template <typename R, typename... Args>
NativeFunction bind_function(std::string name, R (*fn)(Args...)) {
  NativeFunction f;
  f.name = std::move(name);
  f.parameters = {native_traits<std::decay_t<Args>>::type()...};
  f.result = native_traits<R>::type();
  f.call = [fn](std::span<const Value> args) {
    return [&]<std::size_t... I>(std::index_sequence<I...>) {
      return native_traits<R>::to(fn(native_traits<std::decay_t<Args>>::from(args[I])...));
    }
    (std::index_sequence_for<Args...>{});
  };
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
