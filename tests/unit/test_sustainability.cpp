// Checks of the sustainability natives (lifecycle carbon, water) against published values and
// independent calculations.
#include <catch2/catch.hpp>
#include <stdexcept>
#include <type_traits>

#include "stdlib/physics/economics.hpp"
#include "stdlib/physics/sustainability.hpp"
#include "stdlib/units.hpp"

namespace units = reckon::units;
namespace physics = reckon::physics;

namespace {

constexpr double day = 86400;
constexpr double year = 365.25 * day;  // Reckon's year (Julian)
constexpr double kWh = 3.6e6;          // J
constexpr double MWh = 3.6e9;          // J
constexpr double litre = 1e-3;         // m^3

units::q<units::carbon_unit> kg_co2e(double kg) { return kg * units::kilograms_co2e; }
units::q<units::time_unit> secs(double s) { return s * units::seconds; }
units::q<units::energy_unit> joules(double j) { return j * units::joules; }
// gCO2e/kWh in base units (kgCO2e/J).
units::q<physics::carbon_intensity_unit> grams_per_kwh(double g) {
  return g * 1e-3 / kWh * units::kilograms_co2e / units::joules;
}
// L/kWh in base units (m^3/J).
units::q<physics::water_intensity_unit> litres_per_kwh(double l) {
  return l * litre / kWh * units::meters * units::meters * units::meters / units::joules;
}

}  // namespace

// Water is a volume, length cubed.
static_assert(std::is_same_v<decltype(physics::water_consumption(joules(1), litres_per_kwh(1), 1,
                                                                 litres_per_kwh(0))),
                             units::q<physics::volume_unit>>);

TEST_CASE("amortised embodied carbon", "[sustainability]") {
  // Gupta et al. 2022 (ACT), Eq. 1: (T / LT) x ECF. A device of 1,500 kgCO2e embodied used
  // for 30 days of a 4-year life: 1,500 x 30 / 1,461 = 30.801 kgCO2e.
  CHECK(physics::amortized_embodied_carbon(kg_co2e(1500), secs(30 * day), secs(4 * year)).value() ==
        Approx(1500.0 * 30 / (4 * 365.25)).epsilon(1e-13));
  // The whole lifetime carries the whole embodied carbon, half of it half.
  CHECK(physics::amortized_embodied_carbon(kg_co2e(1500), secs(4 * year), secs(4 * year)).value() ==
        Approx(1500).epsilon(1e-15));
  CHECK(physics::amortized_embodied_carbon(kg_co2e(1500), secs(2 * year), secs(4 * year)).value() ==
        Approx(750).epsilon(1e-15));
  CHECK(physics::amortized_embodied_carbon(kg_co2e(1500), secs(0), secs(year)).value() == 0);
  CHECK_THROWS_AS(physics::amortized_embodied_carbon(kg_co2e(-1), secs(1), secs(1)),
                  std::domain_error);
  CHECK_THROWS_AS(physics::amortized_embodied_carbon(kg_co2e(1), secs(-1), secs(1)),
                  std::domain_error);
  CHECK_THROWS_AS(physics::amortized_embodied_carbon(kg_co2e(1), secs(1), secs(0)),
                  std::domain_error);
}

TEST_CASE("lifecycle carbon = operational + amortised embodied", "[sustainability]") {
  // Operational part from Patterson et al. 2021, arXiv 2104.10350, Table 4: GPT-3, 1,287 MWh
  // at 429 gCO2e/kWh, 552 tCO2e (1,287,000 kWh x 0.429 kg = 552,123 kgCO2e). Embodied: an
  // independent example, 10,000 devices of 150 kgCO2e each over 14.8 days of a 5-year life:
  // 1.5e6 x 14.8 / 1,826.25 = 12,155.95 kgCO2e. Total 564,278.95 kgCO2e.
  const double operational = 1287e3 * 0.429;
  const double embodied = 1.5e6 * 14.8 / (5 * 365.25);
  CHECK(physics::lifecycle_carbon(joules(1287 * MWh), grams_per_kwh(429), kg_co2e(1.5e6),
                                  secs(14.8 * day), secs(5 * year))
            .value() == Approx(operational + embodied).epsilon(1e-13));
  CHECK(operational == Approx(552e3).epsilon(1e-3));
  // No embodied carbon: carbon_emissions alone.
  CHECK(physics::lifecycle_carbon(joules(kWh), grams_per_kwh(400), kg_co2e(0), secs(1), secs(1))
            .value() == Approx(0.4).epsilon(1e-14));
  CHECK_THROWS_AS(
      physics::lifecycle_carbon(joules(-1), grams_per_kwh(400), kg_co2e(0), secs(1), secs(1)),
      std::domain_error);
  CHECK_THROWS_AS(
      physics::lifecycle_carbon(joules(1), grams_per_kwh(400), kg_co2e(1), secs(1), secs(0)),
      std::domain_error);
}

TEST_CASE("water consumption from WUE and the water intensity of electricity", "[sustainability]") {
  // On site only: 1 MWh of IT energy at WUE 1.8 L/kWh = 1,800 L (= 1.8 m^3).
  CHECK(
      physics::water_consumption(joules(MWh), litres_per_kwh(1.8), 1, litres_per_kwh(0)).value() ==
      Approx(1.8).epsilon(1e-13));
  // WUE divides by IT energy, so PUE does not scale the on-site term (The Green Grid WP#35).
  CHECK(physics::water_consumption(joules(MWh), litres_per_kwh(1.8), 1.5, litres_per_kwh(0))
            .value() == Approx(1.8).epsilon(1e-13));
  // Off site (Li et al. 2023): 1,287 MWh of IT energy at PUE 1.1 and 3.1 L/kWh consumed
  // generating the electricity, plus WUE 0.55 L/kWh on site:
  //   1,287,000 x 0.55 + 1,287,000 x 1.1 x 3.1 = 707,850 + 4,388,670 = 5,096,520 L.
  CHECK(
      physics::water_consumption(joules(1287 * MWh), litres_per_kwh(0.55), 1.1, litres_per_kwh(3.1))
          .value() == Approx(5096520 * litre).epsilon(1e-13));
  CHECK_THROWS_AS(physics::water_consumption(joules(-1), litres_per_kwh(1), 1, litres_per_kwh(0)),
                  std::domain_error);
  CHECK_THROWS_AS(physics::water_consumption(joules(1), litres_per_kwh(-1), 1, litres_per_kwh(0)),
                  std::domain_error);
  CHECK_THROWS_AS(physics::water_consumption(joules(1), litres_per_kwh(1), 0.9, litres_per_kwh(0)),
                  std::domain_error);
  CHECK_THROWS_AS(physics::water_consumption(joules(1), litres_per_kwh(1), 1, litres_per_kwh(-1)),
                  std::domain_error);
}
