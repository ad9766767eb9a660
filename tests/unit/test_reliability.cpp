// Checks of the reliability natives against published values and independent calculations.
#include <array>
#include <catch2/catch.hpp>
#include <cmath>
#include <cstdint>
#include <stdexcept>

#include "stdlib/physics/reliability.hpp"
#include "stdlib/units.hpp"

namespace units = reckon::units;
namespace physics = reckon::physics;

namespace {

constexpr double hour = 3600;

units::q<units::time_unit> secs(double s) { return s * units::seconds; }

}  // namespace

TEST_CASE("Young-Daly checkpoint interval", "[reliability]") {
  struct Row {
    const char* source;
    double delta, mtbf, expected;
  };
  const std::array<Row, 4> rows = {{
      // REFERENCE.md (Python original's tests): 60 s, 50,000 h -> 146,969 s;
      // sqrt(2 * 60 * 1.8e8) = sqrt(2.16e10) = 146,969.38 s.
      {"REFERENCE.md: 60 s, 50,000 h", 60, 50000 * hour, 146969.3845669907},
      // A 1000-node cluster of such nodes, MTBF 50 h: sqrt(2 * 60 * 180,000) = 4,647.58 s.
      {"60 s, 50 h", 60, 50 * hour, 4647.580015448900},
      // sqrt(2 * 300 * 86,400) = sqrt(5.184e7) = 7,200 s exactly.
      {"300 s, 1 day", 300, 86400, 7200},
      // Free checkpoints: checkpoint continuously.
      {"delta = 0", 0, 86400, 0},
  }};
  for (const Row& r : rows) {
    SECTION(r.source) {
      INFO(r.source);
      CHECK(physics::young_daly_interval(secs(r.delta), secs(r.mtbf)).value() ==
            Approx(r.expected).epsilon(1e-12).margin(1e-12));
    }
  }
  CHECK(physics::young_daly_interval(secs(60), secs(50000 * hour)).value() ==
        Approx(146969).epsilon(1e-5));
  SECTION("domain errors") {
    CHECK_THROWS_AS(physics::young_daly_interval(secs(-1), secs(hour)), std::domain_error);
    CHECK_THROWS_AS(physics::young_daly_interval(secs(60), secs(0)), std::domain_error);
  }
}

TEST_CASE("Daly's higher-order checkpoint interval", "[reliability]") {
  struct Row {
    const char* source;
    double delta, mtbf, expected;
  };
  // Daly 2006: tau = sqrt(2 d M) (1 + sqrt(x)/3 + x/9) - d with x = d / (2M), for d < 2M.
  const std::array<Row, 3> rows = {{
      // d = 60 s, M = 1.8e8 s: x = 1.6667e-7, sqrt(x) = 4.0825e-4;
      // 146,969.385 * 1.000136102 - 60 = 146,929.387 s (just below Young's 146,969 s).
      {"60 s, 50,000 h", 60, 50000 * hour, 146929.38728864596},
      // d = M / 2: x = 1/4, sqrt(2 d M) = M: M (1 + 1/6 + 1/36) - M/2 = M (0.69444...).
      {"d = M / 2", 1800, 3600, 3600 * (1 + 1.0 / 6 + 1.0 / 36) - 1800},
      // d >= 2M: the optimum is M itself.
      {"d >= 2M", 7200, 3600, 3600},
  }};
  for (const Row& r : rows) {
    SECTION(r.source) {
      INFO(r.source);
      CHECK(physics::daly_checkpoint_interval(secs(r.delta), secs(r.mtbf)).value() ==
            Approx(r.expected).epsilon(1e-12));
    }
  }
  SECTION("domain errors") {
    CHECK_THROWS_AS(physics::daly_checkpoint_interval(secs(-1), secs(hour)), std::domain_error);
    CHECK_THROWS_AS(physics::daly_checkpoint_interval(secs(60), secs(-1)), std::domain_error);
  }
}

TEST_CASE("cluster MTBF, failure probability and availability", "[reliability]") {
  SECTION("cluster MTBF = node MTBF / nodes") {
    struct Row {
      const char* source;
      double node_mtbf;
      std::int64_t nodes;
      double expected;
    };
    const std::array<Row, 3> rows = {{
        // REFERENCE.md: 50,000 h / 1000 nodes -> 50 h.
        {"REFERENCE.md: 50,000 h, 1000 nodes", 50000 * hour, 1000, 50 * hour},
        // 50,000 h / 16,384 nodes = 3.0518 h
        {"16,384 nodes", 50000 * hour, 16384, 50000 * hour / 16384},
        {"one node", 50000 * hour, 1, 50000 * hour},
    }};
    for (const Row& r : rows) {
      INFO(r.source);
      CHECK(physics::cluster_mtbf(secs(r.node_mtbf), r.nodes).value() ==
            Approx(r.expected).epsilon(1e-12));
    }
    CHECK_THROWS_AS(physics::cluster_mtbf(secs(hour), 0), std::domain_error);
    CHECK_THROWS_AS(physics::cluster_mtbf(secs(0), 8), std::domain_error);
  }
  SECTION("P(failure within t) = 1 - exp(-t / MTBF)") {
    struct Row {
      const char* source;
      double t, mtbf, expected;
    };
    const std::array<Row, 4> rows = {{
        // REFERENCE.md: P(fail within MTBF) = 1 - 1/e = 0.6321.
        {"REFERENCE.md: t = MTBF", 50 * hour, 50 * hour, 1 - std::exp(-1.0)},
        // A 30-day job on the 50 h cluster: 1 - exp(-720 / 50) = 1 - 5.6e-7.
        {"30 days on 50 h", 720 * hour, 50 * hour, 1 - std::exp(-14.4)},
        // One hour on one 50,000 h node: 1 - exp(-2e-5) = 1.99998e-5.
        {"1 h on 50,000 h", hour, 50000 * hour, 1.99998000013333e-5},
        {"t = 0", 0, hour, 0},
    }};
    for (const Row& r : rows) {
      INFO(r.source);
      CHECK(physics::failure_probability(secs(r.t), secs(r.mtbf)) ==
            Approx(r.expected).epsilon(1e-12).margin(1e-15));
    }
    CHECK(physics::failure_probability(secs(hour), secs(hour)) == Approx(0.6321).epsilon(1e-4));
    CHECK_THROWS_AS(physics::failure_probability(secs(-1), secs(hour)), std::domain_error);
    CHECK_THROWS_AS(physics::failure_probability(secs(1), secs(0)), std::domain_error);
  }
  SECTION("availability = MTBF / (MTBF + MTTR)") {
    struct Row {
      const char* source;
      double mtbf, mttr, expected;
    };
    const std::array<Row, 3> rows = {{
        // "five nines": 99,999 h up per 1 h down -> 0.99999
        {"five nines", 99999 * hour, hour, 0.99999},
        // 50,000 h MTBF, 8 h repair: 50,000 / 50,008 = 0.99984
        {"50,000 h, 8 h", 50000 * hour, 8 * hour, 50000.0 / 50008.0},
        {"instant repair", hour, 0, 1},
    }};
    for (const Row& r : rows) {
      INFO(r.source);
      CHECK(physics::steady_state_availability(secs(r.mtbf), secs(r.mttr)) ==
            Approx(r.expected).epsilon(1e-12));
    }
    CHECK_THROWS_AS(physics::steady_state_availability(secs(0), secs(1)), std::domain_error);
    CHECK_THROWS_AS(physics::steady_state_availability(secs(1), secs(-1)), std::domain_error);
  }
}

TEST_CASE("goodput of a checkpointed job", "[reliability]") {
  struct Row {
    const char* source;
    double delta, tau, mtbf, restart, expected;
  };
  // Young 1974 / Daly 2006 first order: goodput = 1 - d/tau - (tau/2 + R)/M. At Young's
  // optimum tau = sqrt(2 d M) both terms equal sqrt(d / (2M)), so waste = sqrt(2 d / M).
  const std::array<Row, 5> rows = {{
      // 60 s, 50,000 h: 1 - sqrt(120 / 1.8e8) = 1 - 8.165e-4 = 0.9991835
      {"60 s, 50,000 h, optimum", 60, 146969.3845669907, 50000 * hour, 0,
       1 - std::sqrt(120 / 1.8e8)},
      // 60 s, 50 h cluster: 1 - sqrt(120 / 180,000) = 0.97418
      {"60 s, 50 h, optimum", 60, 4647.580015448900, 50 * hour, 0, 1 - std::sqrt(120 / 180000.0)},
      // hourly checkpoints, 10 min restart, 50 h: 1 - 60/3600 - (1800 + 600)/180,000
      //   = 1 - 0.016667 - 0.013333 = 0.97
      {"hourly, 10 min restart", 60, 3600, 50 * hour, 600, 0.97},
      // free checkpoints every second: 1 - 0.5 / 180,000
      {"free checkpoints", 0, 1, 50 * hour, 0, 1 - 0.5 / 180000},
      // nonsense regime (interval beyond 2 MTBF): floored at 0
      {"floored at 0", 60, 10 * hour, 4 * hour, 0, 0},
  }};
  for (const Row& r : rows) {
    SECTION(r.source) {
      INFO(r.source);
      CHECK(
          physics::checkpoint_goodput(secs(r.delta), secs(r.tau), secs(r.mtbf), secs(r.restart)) ==
          Approx(r.expected).epsilon(1e-12).margin(1e-15));
    }
  }
  SECTION("Young's interval maximises first-order goodput") {
    const auto d = secs(60), m = secs(50 * hour), zero = secs(0);
    const auto tau = physics::young_daly_interval(d, m);
    const double best = physics::checkpoint_goodput(d, tau, m, zero);
    CHECK(physics::checkpoint_goodput(d, 0.9 * tau, m, zero) < best);
    CHECK(physics::checkpoint_goodput(d, 1.1 * tau, m, zero) < best);
  }
  SECTION("domain errors") {
    CHECK_THROWS_AS(physics::checkpoint_goodput(secs(-1), secs(1), secs(1), secs(0)),
                    std::domain_error);
    CHECK_THROWS_AS(physics::checkpoint_goodput(secs(1), secs(0), secs(1), secs(0)),
                    std::domain_error);
    CHECK_THROWS_AS(physics::checkpoint_goodput(secs(1), secs(1), secs(0), secs(0)),
                    std::domain_error);
    CHECK_THROWS_AS(physics::checkpoint_goodput(secs(1), secs(1), secs(1), secs(-1)),
                    std::domain_error);
  }
}
