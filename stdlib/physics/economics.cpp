#include "stdlib/physics/economics.hpp"

#include <fmt/format.h>

#include <stdexcept>

#include "stdlib/physics/domain.hpp"

namespace reckon::physics {

namespace {

// PUE = facility energy / IT energy, at least 1 by definition (The Green Grid 2007).
void require_pue(double pue) {
  if (!(pue >= 1))
    throw std::domain_error(
        fmt::format("power usage effectiveness must be at least 1 (got {})", pue));
}

}  // namespace

// Patterson et al. 2021, arXiv 2104.10350.
units::q<units::energy_unit> energy_consumption(units::q<units::power_per_gpu_unit> power,
                                                units::q<units::time_unit> duration,
                                                units::q<units::gpu_unit> devices, double pue) {
  require_non_negative(power.value(), "power");
  require_non_negative(duration.value(), "duration");
  require_non_negative(devices.value(), "number of devices");
  require_pue(pue);
  return devices * power * duration * pue;
}

// Patterson et al. 2021, arXiv 2104.10350.
units::q<units::carbon_unit> carbon_emissions(units::q<units::energy_unit> energy,
                                              units::q<carbon_intensity_unit> carbon_intensity) {
  require_non_negative(energy.value(), "energy");
  require_non_negative(carbon_intensity.value(), "carbon intensity");
  return energy * carbon_intensity;
}

units::q<units::money_unit> electricity_cost(units::q<units::energy_unit> energy,
                                             units::q<energy_price_unit> price) {
  require_non_negative(energy.value(), "energy");
  require_non_negative(price.value(), "electricity price");
  return energy * price;
}

units::q<units::money_unit> device_hours_cost(
    units::q<units::gpu_unit> devices, units::q<units::time_unit> duration,
    units::q<money_rate_per_gpu_unit> price_per_device_hour) {
  require_non_negative(devices.value(), "number of devices");
  require_non_negative(duration.value(), "duration");
  require_non_negative(price_per_device_hour.value(), "price per device-hour");
  return devices * duration * price_per_device_hour;
}

// Barroso, Hölzle and Ranganathan, The Datacenter as a Computer, 3rd ed., Ch. 6.
units::q<units::money_unit> fleet_tco(units::q<units::money_unit> capex,
                                      units::q<units::time_unit> lifetime,
                                      units::q<units::power_unit> it_power,
                                      units::q<energy_price_unit> electricity_price, double pue,
                                      units::q<money_rate_unit> other_opex_rate) {
  require_non_negative(capex.value(), "capital expense");
  require_non_negative(lifetime.value(), "lifetime");
  require_non_negative(it_power.value(), "IT power");
  require_non_negative(electricity_price.value(), "electricity price");
  require_pue(pue);
  require_non_negative(other_opex_rate.value(), "other operating expense rate");
  return capex + lifetime * (it_power * pue * electricity_price + other_opex_rate);
}

// A flat price per byte.
units::q<units::money_unit> egress_cost(units::q<units::information_unit> size,
                                        units::q<data_price_unit> price) {
  require_non_negative(size.value(), "size");
  require_non_negative(price.value(), "egress price");
  return size * price;
}

// Barroso et al. 2018, Ch. 6: straight-line depreciation plus energy and other opex, per
// useful hour.
units::q<money_rate_per_gpu_unit> tco_per_device_hour(
    units::q<money_per_gpu_unit> device_price, units::q<units::time_unit> lifetime,
    units::q<units::power_per_gpu_unit> power, units::q<energy_price_unit> electricity_price,
    double pue, double utilization, units::q<money_rate_per_gpu_unit> other_opex_rate) {
  require_non_negative(device_price.value(), "device price");
  require_positive(lifetime.value(), "lifetime");
  require_non_negative(power.value(), "power");
  require_non_negative(electricity_price.value(), "electricity price");
  require_pue(pue);
  if (!(utilization > 0 && utilization <= 1))
    throw std::domain_error(
        fmt::format("utilization must be above 0 and at most 1 (got {})", utilization));
  require_non_negative(other_opex_rate.value(), "other operating expense rate");
  return (device_price / lifetime + power * pue * electricity_price + other_opex_rate) /
         utilization;
}

// The price of an hour over the tokens of an hour.
units::q<money_per_token_unit> cost_per_token(
    units::q<money_rate_per_gpu_unit> price_per_device_hour, units::q<units::gpu_unit> devices,
    units::q<token_rate_unit> throughput) {
  require_non_negative(price_per_device_hour.value(), "price per device-hour");
  require_non_negative(devices.value(), "number of devices");
  require_positive(throughput.value(), "throughput");
  return price_per_device_hour * devices / throughput;
}

}  // namespace reckon::physics
