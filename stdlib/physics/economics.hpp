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
// A price per accelerator (USD/GPU).
using money_per_gpu_unit = decltype(units::usd / units::gpus);
// A price per byte moved (USD/GB in Reckon).
using data_price_unit = decltype(units::usd / units::bytes);
// A cost per token generated or processed (USD/Mtoken in Reckon).
using money_per_token_unit = decltype(units::usd / units::tokens);
// Tokens per second, of one server or a fleet.
using token_rate_unit = decltype(units::tokens / units::seconds);

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

// Cost of moving data out of a cloud region at a flat price per byte: size x price (cloud
// providers list egress per GB, some meaning 2^30 bytes). A tiered price list is one call per
// tier. Throws std::domain_error for negative inputs.
units::q<units::money_unit> egress_cost(units::q<units::information_unit> size,
                                        units::q<data_price_unit> price);

// Amortised total cost of one accelerator-hour of useful work, undiscounted, after Barroso,
// Hölzle and Ranganathan, The Datacenter as a Computer, 3rd ed. (2018), Ch. 6: the purchase
// price depreciated straight-line over the lifetime, the facility energy (power x PUE) at the
// electricity price, and any other operating expense, all divided by the utilization (the
// fraction of hours doing useful work):
//   (price / lifetime + power x PUE x electricity_price + other_opex_rate) / utilization.
// Throws std::domain_error for negative inputs, a lifetime that is not positive, a PUE below
// 1, or a utilization outside (0, 1].
units::q<money_rate_per_gpu_unit> tco_per_device_hour(
    units::q<money_per_gpu_unit> device_price, units::q<units::time_unit> lifetime,
    units::q<units::power_per_gpu_unit> power, units::q<energy_price_unit> electricity_price,
    double pue, double utilization, units::q<money_rate_per_gpu_unit> other_opex_rate);

// Cost per token of a deployment of `devices` accelerators at a price per device-hour that
// together sustain `throughput`: devices x price / throughput (the price of an hour over the
// tokens of an hour). Throws std::domain_error for negative devices or price, or a throughput
// that is not positive.
units::q<money_per_token_unit> cost_per_token(
    units::q<money_rate_per_gpu_unit> price_per_device_hour, units::q<units::gpu_unit> devices,
    units::q<token_rate_unit> throughput);

}  // namespace reckon::physics
