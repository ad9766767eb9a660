// Sustainability: lifecycle carbon (operational plus the embodied carbon of the hardware,
// amortised over its lifetime) and the water a data centre consumes.
#pragma once

#include "stdlib/physics/economics.hpp"
#include "stdlib/units.hpp"

namespace reckon::physics {

// A volume (L in Reckon).
using volume_unit = decltype(units::meters * units::meters * units::meters);
// Water consumed per unit of energy (L/kWh in Reckon): WUE, or the water intensity of the
// electricity itself.
using water_intensity_unit = decltype(volume_unit() / units::joules);

// The share of a device's embodied (manufacturing, transport, end-of-life) carbon charged to a
// use of `duration` out of a `lifetime` of service: embodied x duration / lifetime (Gupta et
// al. 2022, "ACT: Designing Sustainable Computer Systems With An Architectural Carbon
// Modeling Tool", ISCA, Eq. 1: CF = OPCF + (T / LT) x ECF). Throws std::domain_error for
// negative carbon or duration or a lifetime that is not positive.
units::q<units::carbon_unit> amortized_embodied_carbon(units::q<units::carbon_unit> embodied,
                                                       units::q<units::time_unit> duration,
                                                       units::q<units::time_unit> lifetime);

// Lifecycle footprint of a use: operational carbon (energy x grid intensity) plus the
// amortised embodied carbon above (Gupta et al. 2022, ISCA, Eq. 1). `energy` is what the
// facility draws (IT energy x PUE, as energy_consumption gives it). Throws
// std::domain_error as carbon_emissions and amortized_embodied_carbon do.
units::q<units::carbon_unit> lifecycle_carbon(units::q<units::energy_unit> energy,
                                              units::q<carbon_intensity_unit> carbon_intensity,
                                              units::q<units::carbon_unit> embodied,
                                              units::q<units::time_unit> duration,
                                              units::q<units::time_unit> lifetime);

// Water a data centre consumes for an IT load: on site, the cooling water, WUE x IT energy
// (The Green Grid 2011, White Paper #35, "Water Usage Effectiveness (WUE): A Green Grid Data
// Center Sustainability Metric": WUE = annual site water usage / IT equipment energy, in
// L/kWh); off site, the water consumed generating the facility's electricity, IT energy x PUE
// x the electricity's water intensity (Li, Yang, Islam and Ren 2023, "Making AI Less
// 'Thirsty'", arXiv 2304.03271, Sec. 3). Note that WUE divides by IT energy, not facility
// energy. Throws std::domain_error for negative inputs or a PUE below 1.
units::q<volume_unit> water_consumption(units::q<units::energy_unit> it_energy,
                                        units::q<water_intensity_unit> wue, double pue,
                                        units::q<water_intensity_unit> source_water_intensity);

}  // namespace reckon::physics
