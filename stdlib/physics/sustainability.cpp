#include "stdlib/physics/sustainability.hpp"

#include <fmt/format.h>

#include <stdexcept>

#include "stdlib/physics/domain.hpp"

namespace reckon::physics {

// Gupta et al. 2022, ACT, Eq. 1: the embodied term (T / LT) x ECF.
units::q<units::carbon_unit> amortized_embodied_carbon(units::q<units::carbon_unit> embodied,
                                                       units::q<units::time_unit> duration,
                                                       units::q<units::time_unit> lifetime) {
  require_non_negative(embodied.value(), "embodied carbon");
  require_non_negative(duration.value(), "duration");
  require_positive(lifetime.value(), "lifetime");
  return duration / lifetime * embodied;
}

// Gupta et al. 2022, ACT, Eq. 1: CF = OPCF + (T / LT) x ECF.
units::q<units::carbon_unit> lifecycle_carbon(units::q<units::energy_unit> energy,
                                              units::q<carbon_intensity_unit> carbon_intensity,
                                              units::q<units::carbon_unit> embodied,
                                              units::q<units::time_unit> duration,
                                              units::q<units::time_unit> lifetime) {
  return carbon_emissions(energy, carbon_intensity) +
         amortized_embodied_carbon(embodied, duration, lifetime);
}

// The Green Grid WP#35 (on site, per IT energy); Li et al. 2023 (off site, per facility energy).
units::q<volume_unit> water_consumption(units::q<units::energy_unit> it_energy,
                                        units::q<water_intensity_unit> wue, double pue,
                                        units::q<water_intensity_unit> source_water_intensity) {
  require_non_negative(it_energy.value(), "IT energy");
  require_non_negative(wue.value(), "WUE");
  require_non_negative(source_water_intensity.value(), "water intensity of electricity");
  if (!(pue >= 1)) throw std::domain_error(fmt::format("PUE must be at least 1 (got {})", pue));
  return it_energy * wue + it_energy * pue * source_water_intensity;
}

}  // namespace reckon::physics
