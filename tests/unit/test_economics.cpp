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

TEST_CASE("egress cost = size x price", "[economics]") {
  const auto per_gb = [](double usd) { return usd / 1e9 * units::usd / units::bytes; };
  // 10 TB at USD 0.09 per GB (10^9 B): 10,000 x 0.09 = USD 900.
  CHECK(physics::egress_cost(10e12 * units::bytes, per_gb(0.09)).value() ==
        Approx(900).epsilon(1e-13));
  // 1 TiB at USD 0.09 per GiB: 1,024 x 0.09 = USD 92.16 (the price converted to USD/GB is
  // 0.09 / 1.073741824 = 0.083819 per 10^9 B).
  CHECK(physics::egress_cost(0x1p40 * units::bytes, per_gb(0.09 / 1.073741824)).value() ==
        Approx(92.16).epsilon(1e-13));
  CHECK(physics::egress_cost(0.0 * units::bytes, per_gb(0.09)).value() == 0);
  CHECK_THROWS_AS(physics::egress_cost(-1.0 * units::bytes, per_gb(0.09)), std::domain_error);
  CHECK_THROWS_AS(physics::egress_cost(1.0 * units::bytes, per_gb(-0.09)), std::domain_error);
}

TEST_CASE("amortised TCO per device-hour", "[economics]") {
  const auto per_gpu = [](double usd) { return usd * units::usd / units::gpus; };
  const auto watts_per_gpu = [](double w) { return w * units::watts / units::gpus; };
  const auto per_gpu_per = [](double usd, double period) {
    return usd_per(usd, period) / units::gpus;
  };
  struct Row {
    const char* source;
    double price, lifetime, watts, usd_kwh, pue, utilization, opex_per_year, expected_per_hour;
  };
  // Barroso et al. 2018, Ch. 6: straight-line depreciation + energy + other opex, per useful
  // hour. A year is 8,766 h (365.25 days).
  const std::array<Row, 4> rows = {{
      // USD 30,000 over 4 years: 30,000 / 35,064 h = 0.855578 USD/h; 700 W x 1.2 x
      // USD 0.10/kWh = 0.084 USD/h; total 0.939578 USD/h.
      {"30k USD, 4 years, 700 W, PUE 1.2", 30000, 4 * year, 700, 0.10, 1.2, 1, 0,
       30000.0 / 35064 + 0.084},
      // The same at 80% utilization: 0.939578 / 0.8 = 1.174473 USD/h.
      {"at 80% utilization", 30000, 4 * year, 700, 0.10, 1.2, 0.8, 0,
       (30000.0 / 35064 + 0.084) / 0.8},
      // Plus USD 3,000 per GPU-year of other opex: 3,000 / 8,766 = 0.342231 USD/h.
      {"with other opex", 30000, 4 * year, 700, 0.10, 1.2, 1, 3000,
       30000.0 / 35064 + 0.084 + 3000.0 / 8766},
      // Free hardware: energy alone, 1 kW at PUE 1 and USD 0.12/kWh = 0.12 USD/h.
      {"energy only", 0, year, 1000, 0.12, 1, 1, 0, 0.12},
  }};
  for (const Row& r : rows) {
    SECTION(r.source) {
      CHECK(physics::tco_per_device_hour(per_gpu(r.price), r.lifetime * units::seconds,
                                         watts_per_gpu(r.watts), usd_per_kwh(r.usd_kwh), r.pue,
                                         r.utilization, per_gpu_per(r.opex_per_year, year))
                    .value() *
                hour ==
            Approx(r.expected_per_hour).epsilon(1e-12));
    }
  }
  SECTION("domain errors") {
    const auto p = per_gpu(1);
    const auto t = 1.0 * units::seconds;
    const auto w = watts_per_gpu(1);
    const auto e = usd_per_kwh(0.1);
    const auto none = per_gpu_per(0, year);
    CHECK_THROWS_AS(physics::tco_per_device_hour(-p, t, w, e, 1, 1, none), std::domain_error);
    CHECK_THROWS_AS(physics::tco_per_device_hour(p, 0.0 * t, w, e, 1, 1, none), std::domain_error);
    CHECK_THROWS_AS(physics::tco_per_device_hour(p, t, -w, e, 1, 1, none), std::domain_error);
    CHECK_THROWS_AS(physics::tco_per_device_hour(p, t, w, -e, 1, 1, none), std::domain_error);
    CHECK_THROWS_AS(physics::tco_per_device_hour(p, t, w, e, 0.9, 1, none), std::domain_error);
    CHECK_THROWS_AS(physics::tco_per_device_hour(p, t, w, e, 1, 0, none), std::domain_error);
    CHECK_THROWS_AS(physics::tco_per_device_hour(p, t, w, e, 1, 1.1, none), std::domain_error);
    CHECK_THROWS_AS(physics::tco_per_device_hour(p, t, w, e, 1, 1, per_gpu_per(-1, year)),
                    std::domain_error);
  }
}

TEST_CASE("cost per token", "[economics]") {
  const auto price = [](double usd_per_hour) { return usd_per(usd_per_hour, hour) / units::gpus; };
  const auto tokens_per_s = [](double t) { return t * units::tokens / units::seconds; };
  // 8 GPUs at USD 2/GPU/h sustaining 10,000 token/s: USD 16/h over 36e6 tokens/h
  // = 4.4444e-7 USD/token = USD 0.4444 per million tokens.
  CHECK(physics::cost_per_token(price(2), 8.0 * units::gpus, tokens_per_s(10000)).value() * 1e6 ==
        Approx(16.0 / 36).epsilon(1e-13));
  // With the TCO above (0.939578 USD/GPU/h), one GPU at 2,500 token/s:
  // 0.939578 / 9e6 = 1.04398e-7 USD/token = USD 0.104398 per million tokens.
  CHECK(physics::cost_per_token(price(0.939578), 1.0 * units::gpus, tokens_per_s(2500)).value() *
            1e6 ==
        Approx(0.939578 / 9).epsilon(1e-13));
  CHECK_THROWS_AS(physics::cost_per_token(price(-1), 1.0 * units::gpus, tokens_per_s(1)),
                  std::domain_error);
  CHECK_THROWS_AS(physics::cost_per_token(price(1), -1.0 * units::gpus, tokens_per_s(1)),
                  std::domain_error);
  CHECK_THROWS_AS(physics::cost_per_token(price(1), 1.0 * units::gpus, tokens_per_s(0)),
                  std::domain_error);
}
