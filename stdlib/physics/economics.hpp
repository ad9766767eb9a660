// Economics and sustainability: energy, emissions, rental cost and total cost of ownership.
#pragma once

#include "stdlib/units.hpp"

namespace reckon::physics {

// Grid carbon intensity: emissions (CO2-equivalent) per unit of energy (gCO2e/kWh in Reckon).
using carbon_intensity_unit = decltype(units::kilograms_co2e / units::joules);
// A price per unit of energy (USD/kWh in Reckon).
using energy_price_unit = decltype(units::usd / units::joules);
// A price per unit of time (USD/h, USD/year in Reckon).
using money_rate_unit = decltype(units::usd / units::seconds);
// A rental price per accelerator per unit time (USD/GPU/h).
using money_rate_per_gpu_unit = decltype(units::usd / units::seconds / units::gpus);

// Facility energy of `devices` drawing `power` each for `duration`, scaled by the power usage
// effectiveness (facility energy / IT energy):
//   E = devices x power x duration x PUE
// (Patterson et al. 2021, Carbon Emissions and Large Neural Network Training, arXiv
// 2104.10350: MWh = hours x processors x average power x PUE). Throws
// std::domain_error for negative power, duration or devices, or a PUE below 1.
units::q<units::energy_unit> energy_consumption(units::q<units::power_per_gpu_unit> power,
                                                units::q<units::time_unit> duration,
                                                units::q<units::gpu_unit> devices, double pue);

// Operational emissions: energy x grid carbon intensity (Patterson et al. 2021, arXiv
// 2104.10350: tCO2e = MWh x tCO2e per MWh). Throws std::domain_error for negative
// energy or intensity.
units::q<units::carbon_unit> carbon_emissions(units::q<units::energy_unit> energy,
                                              units::q<carbon_intensity_unit> carbon_intensity);

// Cost of energy at a price per unit of energy. Throws std::domain_error for negative inputs.
units::q<units::money_unit> electricity_cost(units::q<units::energy_unit> energy,
                                             units::q<energy_price_unit> price);

// Cost of renting `devices` for `duration` at a price per device-hour (or any price per
// device per unit time): devices x duration x price. Throws std::domain_error for negative
// inputs.
units::q<units::money_unit> device_hours_cost(
    units::q<units::gpu_unit> devices, units::q<units::time_unit> duration,
    units::q<money_rate_per_gpu_unit> price_per_device_hour);

// Total cost of ownership of a fleet over its lifetime, undiscounted, after the decomposition
// of Barroso, Hölzle and Ranganathan, The Datacenter as a Computer, 3rd ed. (2018), Ch. 6:
// capital expense plus operating expense, the energy of the IT load at the facility's PUE plus
// any other operating expense (staff, maintenance, network, ...):
//   TCO = capex + lifetime x (it_power x PUE x electricity_price + other_opex_rate).
// Throws std::domain_error for negative inputs or a PUE below 1.
units::q<units::money_unit> fleet_tco(units::q<units::money_unit> capex,
                                      units::q<units::time_unit> lifetime,
                                      units::q<units::power_unit> it_power,
                                      units::q<energy_price_unit> electricity_price, double pue,
                                      units::q<money_rate_unit> other_opex_rate);

}  // namespace reckon::physics
