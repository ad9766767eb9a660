// Compile-time units for the C++ standard library of Reckon, built on Boost.Units.
//
// Native functions take and return Boost.Units quantities so that the compiler checks their
// arithmetic (a formula that adds bytes to flops does not build). The interpreter, however,
// works with the runtime reckon::Dimension; dimension_of<>() below is the single bridge between
// the two, and it takes the list of bases from syntax/dimension.hpp rather than keeping a
// list of its own.
#pragma once

#include <boost/units/base_dimension.hpp>
#include <boost/units/base_unit.hpp>
#include <boost/units/base_units/si/kilogram.hpp>
#include <boost/units/base_units/si/meter.hpp>
#include <boost/units/base_units/si/second.hpp>
#include <boost/units/derived_dimension.hpp>
#include <boost/units/detail/dimension_list.hpp>
#include <boost/units/detail/sort.hpp>
#include <boost/units/dim.hpp>
#include <boost/units/dimensionless_type.hpp>
#include <boost/units/homogeneous_system.hpp>
#include <boost/units/physical_dimensions/energy.hpp>
#include <boost/units/physical_dimensions/length.hpp>
#include <boost/units/physical_dimensions/mass.hpp>
#include <boost/units/physical_dimensions/power.hpp>
#include <boost/units/physical_dimensions/time.hpp>
#include <boost/units/quantity.hpp>
#include <boost/units/static_rational.hpp>
#include <boost/units/unit.hpp>
#include <cstddef>
#include <string>

#include "syntax/dimension.hpp"

namespace reckon::units {

// Boost.Units requires every base dimension and base unit to carry a distinct ordinal, and
// reserves non-positive ordinals for its own. Deriving ours from the reckon::Base enumerator
// keeps them unique and positive without a second hand-written numbering.
constexpr long ordinal_of(Base b) { return 1 + static_cast<long>(b); }

// One template for every base dimension Reckon defines itself. Time, mass and length are not
// instantiated here: we reuse Boost's so that SI quantities from Boost mix with ours.
template <Base B>
struct reckon_base_dimension
    : boost::units::base_dimension<reckon_base_dimension<B>, ordinal_of(B)> {
  static_assert(B != Base::time && B != Base::mass && B != Base::length,
                "time, mass and length reuse Boost's base dimensions");
};

using information_base_dimension = reckon_base_dimension<Base::information>;
using compute_base_dimension = reckon_base_dimension<Base::compute>;
using money_base_dimension = reckon_base_dimension<Base::money>;
using token_base_dimension = reckon_base_dimension<Base::token>;
using param_base_dimension = reckon_base_dimension<Base::param>;
using sample_base_dimension = reckon_base_dimension<Base::sample>;
using request_base_dimension = reckon_base_dimension<Base::request>;
using layer_base_dimension = reckon_base_dimension<Base::layer>;
using carbon_base_dimension = reckon_base_dimension<Base::carbon>;
using gpu_base_dimension = reckon_base_dimension<Base::device>;
using iteration_base_dimension = reckon_base_dimension<Base::iteration>;

// The base unit of each Reckon base dimension. Names and symbols come from dimension.hpp so
// Boost's printed output agrees with the interpreter's.
template <Base B>
struct reckon_base_unit
    : boost::units::base_unit<reckon_base_unit<B>,
                              typename reckon_base_dimension<B>::dimension_type, ordinal_of(B)> {
  static std::string name() {
    return std::string(base_dimension_names[static_cast<std::size_t>(B)]);
  }
  static std::string symbol() {
    return std::string(base_unit_symbols[static_cast<std::size_t>(B)]);
  }
};

using second_base_unit = boost::units::si::second_base_unit;
using kilogram_base_unit = boost::units::si::kilogram_base_unit;
using meter_base_unit = boost::units::si::meter_base_unit;
// The information base unit is the byte, not the bit: memory sizes are quoted in bytes and
// a bit is then exactly 1/8 B.
using byte_base_unit = reckon_base_unit<Base::information>;
using flop_base_unit = reckon_base_unit<Base::compute>;
using usd_base_unit = reckon_base_unit<Base::money>;
using token_base_unit = reckon_base_unit<Base::token>;
using param_base_unit = reckon_base_unit<Base::param>;
using sample_base_unit = reckon_base_unit<Base::sample>;
using request_base_unit = reckon_base_unit<Base::request>;
using layer_base_unit = reckon_base_unit<Base::layer>;
using carbon_base_unit = reckon_base_unit<Base::carbon>;
using gpu_base_unit = reckon_base_unit<Base::device>;
using iteration_base_unit = reckon_base_unit<Base::iteration>;

namespace detail {

// boost::units::make_system stops at ten base units and we have more, so build the same
// homogeneous_system it would: a type-level list of base units, sorted by ordinal.
template <class... BaseUnits>
struct base_unit_list {
  using type = boost::units::dimensionless_type;
};
template <class First, class... Rest>
struct base_unit_list<First, Rest...> {
  using type = boost::units::list<First, typename base_unit_list<Rest...>::type>;
};

template <class... BaseUnits>
using make_homogeneous_system =
    boost::units::homogeneous_system<typename boost::units::detail::insertion_sort<
        typename base_unit_list<BaseUnits...>::type>::type>;

}  // namespace detail

using system = detail::make_homogeneous_system<
    second_base_unit, byte_base_unit, flop_base_unit, usd_base_unit, kilogram_base_unit,
    meter_base_unit, token_base_unit, param_base_unit, sample_base_unit, request_base_unit,
    layer_base_unit, carbon_base_unit, gpu_base_unit, iteration_base_unit>;

using time_unit = boost::units::unit<boost::units::time_dimension, system>;
using information_unit = boost::units::unit<information_base_dimension::dimension_type, system>;
using compute_unit = boost::units::unit<compute_base_dimension::dimension_type, system>;
using money_unit = boost::units::unit<money_base_dimension::dimension_type, system>;
using mass_unit = boost::units::unit<boost::units::mass_dimension, system>;
using length_unit = boost::units::unit<boost::units::length_dimension, system>;
using token_unit = boost::units::unit<token_base_dimension::dimension_type, system>;
using param_unit = boost::units::unit<param_base_dimension::dimension_type, system>;
using sample_unit = boost::units::unit<sample_base_dimension::dimension_type, system>;
using request_unit = boost::units::unit<request_base_dimension::dimension_type, system>;
using layer_unit = boost::units::unit<layer_base_dimension::dimension_type, system>;
using carbon_unit = boost::units::unit<carbon_base_dimension::dimension_type, system>;
using gpu_unit = boost::units::unit<gpu_base_dimension::dimension_type, system>;
using iteration_unit = boost::units::unit<iteration_base_dimension::dimension_type, system>;

using compute_rate_unit = decltype(compute_unit() / time_unit());
using bandwidth_unit = decltype(information_unit() / time_unit());
using energy_unit = boost::units::unit<boost::units::energy_dimension, system>;
using power_unit = boost::units::unit<boost::units::power_dimension, system>;
// Per accelerator: what one device of a cluster contributes (`989 TFLOP/s/device`,
// `700 W/device`).
using compute_rate_per_gpu_unit = decltype(compute_rate_unit() / gpu_unit());
using power_per_gpu_unit = decltype(power_unit() / gpu_unit());

// Inline so that every translation unit shares one object per constant.
inline constexpr time_unit seconds;
inline constexpr information_unit bytes;
inline constexpr compute_unit flops;
inline constexpr money_unit usd;
inline constexpr mass_unit kilograms;
inline constexpr length_unit meters;
inline constexpr token_unit tokens;
inline constexpr param_unit params;
inline constexpr sample_unit samples;
inline constexpr request_unit requests;
inline constexpr layer_unit layers;
inline constexpr carbon_unit kilograms_co2e;
inline constexpr gpu_unit gpus;
inline constexpr compute_rate_unit flops_per_second;
inline constexpr bandwidth_unit bytes_per_second;
inline constexpr energy_unit joules;
inline constexpr power_unit watts;

// The interpreter computes in double; fixing the value type keeps signatures short.
template <class U>
using q = boost::units::quantity<U, double>;

// Which reckon::Base a Boost base dimension stands for. Left undefined for anything else, so
// a unit built from a foreign base dimension fails to compile instead of mapping silently.
template <class BaseDimension>
struct base_of;

template <Base B>
struct base_of<reckon_base_dimension<B>> {
  static constexpr Base value = B;
};
template <>
struct base_of<boost::units::time_base_dimension> {
  static constexpr Base value = Base::time;
};
template <>
struct base_of<boost::units::mass_base_dimension> {
  static constexpr Base value = Base::mass;
};
template <>
struct base_of<boost::units::length_base_dimension> {
  static constexpr Base value = Base::length;
};

namespace detail {

// Boost.Units represents a dimension as a type-level list of (base dimension, rational
// exponent) pairs ending in dimensionless_type; fold it into the runtime exponent array.
template <class DimensionList>
struct runtime_dimension;

template <>
struct runtime_dimension<boost::units::dimensionless_type> {
  static constexpr Dimension value = Dimension::none();
};

template <class BaseDimension, class Exponent, class Rest>
struct runtime_dimension<boost::units::list<boost::units::dim<BaseDimension, Exponent>, Rest>> {
  // Boost allows rational exponents (e.g. the square root of a length); the runtime
  // Dimension only stores integers, so such a unit cannot cross into the interpreter.
  static_assert(Exponent::Denominator == 1,
                "Reckon dimensions have integer exponents; this unit has a fractional one");
  static_assert(Exponent::Numerator >= -128 && Exponent::Numerator <= 127,
                "exponent does not fit in reckon::Dimension");
  static constexpr Dimension value =
      Dimension::of(base_of<BaseDimension>::value, static_cast<std::int8_t>(Exponent::Numerator)) *
      runtime_dimension<Rest>::value;
};

}  // namespace detail

// The runtime Dimension of a Boost.Units unit. Only the dimension is read, not the system,
// so any unit whose base dimensions map through base_of<> works.
template <class Unit>
constexpr Dimension dimension_of() {
  return detail::runtime_dimension<typename Unit::dimension_type>::value;
}

// If a base were added to dimension.hpp without a unit here (or the mapping drifted), these
// would catch it at compile time.
static_assert(dimension_of<time_unit>() == Dimension::of(Base::time));
static_assert(dimension_of<information_unit>() == Dimension::of(Base::information));
static_assert(dimension_of<compute_unit>() == Dimension::of(Base::compute));
static_assert(dimension_of<money_unit>() == Dimension::of(Base::money));
static_assert(dimension_of<mass_unit>() == Dimension::of(Base::mass));
static_assert(dimension_of<length_unit>() == Dimension::of(Base::length));
static_assert(dimension_of<token_unit>() == Dimension::of(Base::token));
static_assert(dimension_of<param_unit>() == Dimension::of(Base::param));
static_assert(dimension_of<sample_unit>() == Dimension::of(Base::sample));
static_assert(dimension_of<request_unit>() == Dimension::of(Base::request));
static_assert(dimension_of<layer_unit>() == Dimension::of(Base::layer));
static_assert(dimension_of<carbon_unit>() == Dimension::of(Base::carbon));
static_assert(dimension_of<gpu_unit>() == Dimension::of(Base::device));
static_assert(dimension_of<iteration_unit>() == Dimension::of(Base::iteration));
static_assert(static_cast<std::size_t>(Base::iteration) + 1 == base_count,
              "a base was added to dimension.hpp: give it a unit in stdlib/units.hpp");

}  // namespace reckon::units
