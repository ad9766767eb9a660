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

TEST_CASE("node MTBF from its parts' failure rates", "[reliability]") {
  struct Row {
    const char* source;
    double gpu;
    std::int64_t gpus;
    double nic;
    std::int64_t nics;
    double psu;
    std::int64_t psus;
    double host, expected;
  };
  const std::array<Row, 4> rows = {{
      // 8 GPUs at 50,000 h, 8 NICs at 100,000 h, 2 PSUs at 200,000 h, host 30,000 h:
      // rate = 8/50,000 + 8/100,000 + 2/200,000 + 1/30,000
      //      = 1.6e-4 + 8e-5 + 1e-5 + 3.3333e-5 = 2.83333e-4 per hour -> 3,529.41 h.
      {"8-GPU node", 50000 * hour, 8, 100000 * hour, 8, 200000 * hour, 2, 30000 * hour,
       hour / (8 / 50000.0 + 8 / 100000.0 + 2 / 200000.0 + 1 / 30000.0)},
      // Host alone: its own MTBF.
      {"no GPUs, NICs or PSUs", 1, 0, 1, 0, 1, 0, 30000 * hour, 30000 * hour},
      // Four identical parts and a host of the same MTBF: a fifth of it (Trivedi: the rates add).
      {"five equal parts", 1000 * hour, 2, 1000 * hour, 1, 1000 * hour, 1, 1000 * hour, 200 * hour},
      // One GPU, nothing else, but a very reliable host: close to the GPU's MTBF.
      {"GPU-dominated", 1000 * hour, 1, 1, 0, 1, 0, 1e9 * hour, hour / (1e-3 + 1e-9)},
  }};
  for (const Row& r : rows) {
    SECTION(r.source) {
      CHECK(physics::node_mtbf(secs(r.gpu), r.gpus, secs(r.nic), r.nics, secs(r.psu), r.psus,
                               secs(r.host))
                .value() == Approx(r.expected).epsilon(1e-13));
    }
  }
  SECTION("with cluster_mtbf: 2,048 such nodes") {
    // 3,529.41 h / 2,048 = 1.7233 h between failures of a 16,384-GPU cluster.
    const auto node = physics::node_mtbf(secs(50000 * hour), 8, secs(100000 * hour), 8,
                                         secs(200000 * hour), 2, secs(30000 * hour));
    CHECK(physics::cluster_mtbf(node, 2048).value() ==
          Approx(hour / 2.83333333333333e-4 / 2048).epsilon(1e-12));
  }
  SECTION("domain errors") {
    const auto h = secs(hour);
    CHECK_THROWS_AS(physics::node_mtbf(secs(0), 8, h, 8, h, 2, h), std::domain_error);
    CHECK_THROWS_AS(physics::node_mtbf(h, -1, h, 8, h, 2, h), std::domain_error);
    CHECK_THROWS_AS(physics::node_mtbf(h, 8, h, 8, h, 2, secs(-1)), std::domain_error);
  }
}

TEST_CASE("k-out-of-n availability", "[reliability]") {
  struct Row {
    const char* source;
    std::int64_t k, n;
    double a, expected;
  };
  const std::array<Row, 8> rows = {{
      // Two replicas at 99%, one needed: 1 - 0.01^2 = 0.9999.
      {"1 of 2 at 0.99", 1, 2, 0.99, 0.9999},
      // Three at 99.9%, one needed: 1 - 1e-9.
      {"1 of 3 at 0.999", 1, 3, 0.999, 1 - 1e-9},
      // 2 of 3 at 0.9: 3 x 0.81 x 0.1 + 0.729 = 0.243 + 0.729 = 0.972.
      {"2 of 3 at 0.9", 2, 3, 0.9, 0.972},
      // n of n: a series system, A^n: 0.99^8 = 0.922744694427920.
      {"8 of 8 at 0.99", 8, 8, 0.99, 0.922744694427920},
      // One replica: its availability.
      {"1 of 1", 1, 1, 0.95, 0.95},
      // 3 of 5 at 0.5: (C(5,3) + C(5,4) + C(5,5)) / 32 = 16 / 32 = 0.5 by symmetry.
      {"3 of 5 at 0.5", 3, 5, 0.5, 0.5},
      // Perfect and dead replicas.
      {"always up", 3, 5, 1, 1},
      {"always down", 1, 5, 0, 0},
  }};
  for (const Row& r : rows) {
    SECTION(r.source) {
      CHECK(physics::k_of_n_availability(r.k, r.n, r.a) ==
            Approx(r.expected).epsilon(1e-12).margin(1e-300));
    }
  }
  SECTION("many replicas, no overflow or loop over n") {
    // 1 of 10^12 at 0.5: 1 - 2^-(10^12), which is 1 in doubles.
    CHECK(physics::k_of_n_availability(1, 1'000'000'000'000, 0.5) == 1);
    // n of n at 0.9999 for n = 10,000: 0.9999^10000 = exp(10000 ln 0.9999) = 0.367861.
    CHECK(physics::k_of_n_availability(10000, 10000, 0.9999) ==
          Approx(std::exp(10000 * std::log1p(-1e-4))).epsilon(1e-10));
  }
  SECTION("domain errors") {
    CHECK_THROWS_AS(physics::k_of_n_availability(0, 3, 0.9), std::domain_error);
    CHECK_THROWS_AS(physics::k_of_n_availability(4, 3, 0.9), std::domain_error);
    CHECK_THROWS_AS(physics::k_of_n_availability(1, 3, 1.1), std::domain_error);
    CHECK_THROWS_AS(physics::k_of_n_availability(1, 3, -0.1), std::domain_error);
  }
}

TEST_CASE("work lost per failure and over a run", "[reliability]") {
  // Daly 2006, Sec. 3: (tau + delta) / 2 + R.
  // Hourly checkpoints of 60 s with a 10-minute restart: (3,600 + 60) / 2 + 600 = 2,430 s.
  CHECK(physics::work_lost_per_failure(secs(3600), secs(60), secs(600)).value() ==
        Approx(2430).epsilon(1e-15));
  // Young's first order, free checkpoints and instant restarts: half an interval.
  CHECK(physics::work_lost_per_failure(secs(3600), secs(0), secs(0)).value() ==
        Approx(1800).epsilon(1e-15));
  // A 54-day run on a cluster failing every 3.09 h (Dubey et al. 2024, The Llama 3 Herd of
  // Models, Sec. 3.3.4: 419 unexpected interruptions in 54 days, 1,296 h / 419 = 3.093 h):
  // 419 failures x 2,430 s = 1,018,170 s = 282.8 h lost, 21.8% of the run.
  const double mtbf = 54 * 24 * hour / 419;
  CHECK(
      physics::expected_work_lost(secs(54 * 24 * hour), secs(mtbf), secs(3600), secs(60), secs(600))
          .value() == Approx(419 * 2430.0).epsilon(1e-12));
  CHECK(physics::expected_work_lost(secs(0), secs(mtbf), secs(3600), secs(0), secs(0)).value() ==
        0);
  CHECK_THROWS_AS(physics::work_lost_per_failure(secs(0), secs(0), secs(0)), std::domain_error);
  CHECK_THROWS_AS(physics::work_lost_per_failure(secs(1), secs(-1), secs(0)), std::domain_error);
  CHECK_THROWS_AS(physics::work_lost_per_failure(secs(1), secs(0), secs(-1)), std::domain_error);
  CHECK_THROWS_AS(physics::expected_work_lost(secs(-1), secs(1), secs(1), secs(0), secs(0)),
                  std::domain_error);
  CHECK_THROWS_AS(physics::expected_work_lost(secs(1), secs(0), secs(1), secs(0), secs(0)),
                  std::domain_error);
}
