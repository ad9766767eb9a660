// Checks of the economics and sustainability natives against published values and independent
// calculations.
#include <array>
#include <catch2/catch.hpp>
#include <stdexcept>
#include <type_traits>

#include "stdlib/physics/economics.hpp"
#include "stdlib/units.hpp"

namespace units = reckon::units;
namespace physics = reckon::physics;

namespace {

constexpr double hour = 3600;
constexpr double day = 86400;
constexpr double year = 365.25 * day;  // Reckon's year (Julian)
constexpr double kWh = 3.6e6;          // J
constexpr double MWh = 3.6e9;          // J

// gCO2e/kWh in base units (kgCO2e/J).
units::q<physics::carbon_intensity_unit> grams_per_kwh(double g) {
  return g * 1e-3 / kWh * units::kilograms_co2e / units::joules;
}
// USD/kWh in base units (USD/J).
units::q<physics::energy_price_unit> usd_per_kwh(double p) {
  return p / kWh * units::usd / units::joules;
}
// USD per hour (or per year) in base units (USD/s).
units::q<physics::money_rate_unit> usd_per(double price, double period_seconds) {
  return price / period_seconds * units::usd / units::seconds;
}

}  // namespace

TEST_CASE("energy consumption = devices x power x time x PUE", "[economics]") {
  struct Row {
    const char* source;
    double power, seconds, devices, pue, expected_joules, tolerance;
  };
  const std::array<Row, 3> rows = {{
      // Patterson et al. 2021, arXiv 2104.10350, Table 4, GPT-3: 10,000 V100 at 330 W average
      // for 14.8 days at PUE 1.10 -> 1,287 MWh. Our product: 3.3e6 W x 1,278,720 s x 1.1
      // = 4.6417e12 J = 1,289.4 MWh (the paper's inputs are rounded; within 0.2%).
      {"Patterson 2021: GPT-3", 330, 14.8 * day, 10000, 1.1, 1287 * MWh, 2e-3},
      // 1 kW for 1 h at PUE 1 = 1 kWh = 3.6e6 J
      {"1 kW for 1 h", 1000, hour, 1, 1, kWh, 1e-12},
      // H100 SXM TDP 700 W (REFERENCE.md), 8 devices, 1 year, PUE 1.5:
      // 700 * 8 * 31,557,600 * 1.5 = 2.650838e11 J = 73.634 MWh
      {"8 x 700 W for a year at PUE 1.5", 700, year, 8, 1.5, 700.0 * 8 * year * 1.5, 1e-12},
  }};
  for (const Row& r : rows) {
    SECTION(r.source) {
      INFO(r.source);
      CHECK(physics::energy_consumption(r.power * units::watts / units::gpus,
                                        r.seconds * units::seconds, r.devices * units::gpus, r.pue)
                .value() == Approx(r.expected_joules).epsilon(r.tolerance));
    }
  }
  SECTION("domain errors") {
    const auto w = 1.0 * units::watts / units::gpus;
    const auto t = 1.0 * units::seconds;
    const auto one = 1.0 * units::gpus;
    CHECK_THROWS_AS(physics::energy_consumption(-w, t, one, 1), std::domain_error);
    CHECK_THROWS_AS(physics::energy_consumption(w, -t, one, 1), std::domain_error);
    CHECK_THROWS_AS(physics::energy_consumption(w, t, -one, 1), std::domain_error);
    CHECK_THROWS_AS(physics::energy_consumption(w, t, one, 0.9), std::domain_error);
  }
}

// Emissions are carbon (kgCO2e), their own dimension, not a mass.
static_assert(
    std::is_same_v<decltype(physics::carbon_emissions(1.0 * units::joules, grams_per_kwh(429))),
                   units::q<units::carbon_unit>>);

TEST_CASE("carbon emissions = energy x grid intensity", "[economics]") {
  struct Row {
    const char* source;
    double joules, grams_per_kwh, expected_kg, tolerance;
  };
  const std::array<Row, 3> rows = {{
      // Patterson et al. 2021, Table 4, GPT-3: 1,287 MWh at 429 gCO2e/kWh -> 552 tCO2e
      // (1,287,000 kWh x 0.429 kg/kWh = 552,123 kg).
      {"Patterson 2021: GPT-3", 1287 * MWh, 429, 552e3, 1e-3},
      // exact arithmetic: 1,287,000 kWh x 0.429 kg/kWh = 552,123 kg
      {"GPT-3, unrounded", 1287 * MWh, 429, 552123, 1e-12},
      // 1 kWh at 1000 g/kWh = 1 kg
      {"1 kWh at 1000 g/kWh", kWh, 1000, 1, 1e-12},
  }};
  for (const Row& r : rows) {
    SECTION(r.source) {
      INFO(r.source);
      CHECK(physics::carbon_emissions(r.joules * units::joules, grams_per_kwh(r.grams_per_kwh))
                .value() == Approx(r.expected_kg).epsilon(r.tolerance));
    }
  }
  SECTION("domain errors") {
    CHECK_THROWS_AS(physics::carbon_emissions(-1.0 * units::joules, grams_per_kwh(429)),
                    std::domain_error);
    CHECK_THROWS_AS(physics::carbon_emissions(1.0 * units::joules, grams_per_kwh(-1)),
                    std::domain_error);
  }
}

TEST_CASE("electricity and rental cost", "[economics]") {
  SECTION("electricity cost = energy x price") {
    // 1,287 MWh at USD 0.10/kWh = USD 128,700
    CHECK(physics::electricity_cost(1287 * MWh * units::joules, usd_per_kwh(0.10)).value() ==
          Approx(128700).epsilon(1e-12));
    CHECK_THROWS_AS(physics::electricity_cost(-1.0 * units::joules, usd_per_kwh(0.1)),
                    std::domain_error);
    CHECK_THROWS_AS(physics::electricity_cost(1.0 * units::joules, usd_per_kwh(-0.1)),
                    std::domain_error);
  }
  SECTION("device-hours x price") {
    struct Row {
      const char* source;
      double devices, seconds, usd_per_hour, expected;
    };
    const std::array<Row, 2> rows = {{
        // AssemblyAI 2021, "How to Train Large Deep Learning Models as a Startup": 1,024 A100
        // for 34 days at USD 2.933908 per GPU-hour -> USD 2,451,526.58
        // (1,024 x 816 h = 835,584 GPU-hours x 2.933908).
        {"AssemblyAI 2021: 1,024 A100 x 34 days", 1024, 34 * day, 2.933908, 2451526.58},
        // 8 GPUs for 90 minutes at USD 2/h = 12 device-hours x 2 = USD 24
        {"8 GPUs x 1.5 h", 8, 1.5 * hour, 2, 24},
    }};
    for (const Row& r : rows) {
      INFO(r.source);
      CHECK(physics::device_hours_cost(r.devices * units::gpus, r.seconds * units::seconds,
                                       usd_per(r.usd_per_hour, hour) / units::gpus)
                .value() == Approx(r.expected).epsilon(1e-9));
    }
    const auto t = 1.0 * units::seconds;
    const auto one = 1.0 * units::gpus;
    const auto price = usd_per(1, hour) / units::gpus;
    CHECK_THROWS_AS(physics::device_hours_cost(-one, t, price), std::domain_error);
    CHECK_THROWS_AS(physics::device_hours_cost(one, -t, price), std::domain_error);
    CHECK_THROWS_AS(physics::device_hours_cost(one, t, -price), std::domain_error);
  }
}

TEST_CASE("fleet total cost of ownership", "[economics]") {
  struct Row {
    const char* source;
    double capex, lifetime, it_watts, usd_kwh, pue, opex_per_year, expected;
  };
  // Barroso et al., The Datacenter as a Computer, 3rd ed., Ch. 6: TCO = capex + opex, here
  // capex + lifetime x (IT power x PUE x electricity price + other opex), undiscounted.
  const std::array<Row, 3> rows = {{
      // 1000 servers x USD 10,000; 500 W each (500 kW); PUE 1.5; USD 0.10/kWh; 4 years:
      // 500 kW x 1.5 x 35,064 h = 26,298,000 kWh x 0.10 = USD 2,629,800; + 10,000,000.
      {"1000 servers, 4 years", 10e6, 4 * year, 500e3, 0.10, 1.5, 0, 12629800},
      // the same with USD 1M/year of other opex: + 4,000,000
      {"with other opex", 10e6, 4 * year, 500e3, 0.10, 1.5, 1e6, 16629800},
      // Rented nothing, ran nothing: the capex alone
      {"capex only", 5e6, 0, 500e3, 0.10, 1.2, 0, 5e6},
  }};
  for (const Row& r : rows) {
    SECTION(r.source) {
      INFO(r.source);
      CHECK(physics::fleet_tco(r.capex * units::usd, r.lifetime * units::seconds,
                               r.it_watts * units::watts, usd_per_kwh(r.usd_kwh), r.pue,
                               usd_per(r.opex_per_year, year))
                .value() == Approx(r.expected).epsilon(1e-12));
    }
  }
  SECTION("domain errors") {
    const auto capex = 1.0 * units::usd;
    const auto t = 1.0 * units::seconds;
    const auto w = 1.0 * units::watts;
    const auto price = usd_per_kwh(0.1);
    const auto none = usd_per(0, year);
    CHECK_THROWS_AS(physics::fleet_tco(-capex, t, w, price, 1, none), std::domain_error);
    CHECK_THROWS_AS(physics::fleet_tco(capex, -t, w, price, 1, none), std::domain_error);
    CHECK_THROWS_AS(physics::fleet_tco(capex, t, -w, price, 1, none), std::domain_error);
    CHECK_THROWS_AS(physics::fleet_tco(capex, t, w, usd_per_kwh(-1), 1, none), std::domain_error);
    CHECK_THROWS_AS(physics::fleet_tco(capex, t, w, price, 0.5, none), std::domain_error);
    CHECK_THROWS_AS(physics::fleet_tco(capex, t, w, price, 1, usd_per(-1, year)),
                    std::domain_error);
  }
}
