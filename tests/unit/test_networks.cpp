// Checks of the network natives against published values and independent calculations.
#include <array>
#include <catch2/catch.hpp>
#include <cmath>
#include <cstdint>
#include <stdexcept>

#include "stdlib/physics/communication.hpp"
#include "stdlib/physics/networks.hpp"
#include "stdlib/units.hpp"

namespace units = reckon::units;
namespace physics = reckon::physics;

namespace {

units::q<units::time_unit> secs(double s) { return s * units::seconds; }
units::q<units::information_unit> bytes(double b) { return b * units::bytes; }
units::q<units::bandwidth_unit> bytes_per_s(double b) { return b * units::bytes_per_second; }

// A 200 Gb/s InfiniBand HDR link (25 GB/s per direction) with a 5 us start-up time, so that
// alpha x beta = 125,000 B exactly.
const auto hdr = bytes_per_s(25e9);
const auto five_us = secs(5e-6);

}  // namespace

TEST_CASE("Hockney's n_1/2 and the effective bandwidth of one message", "[networks]") {
  // n_1/2 = alpha x beta = 5e-6 s x 25e9 B/s = 125,000 B.
  CHECK(physics::half_bandwidth_message_size(hdr, five_us).value() ==
        Approx(125000).epsilon(1e-13));
  // At m = n_1/2 the message time is 2 alpha, so the bandwidth is beta / 2 (Hockney 1994).
  CHECK(physics::effective_bandwidth(bytes(125000), hdr, five_us).value() ==
        Approx(12.5e9).epsilon(1e-13));
  // 1 MB: 1e6 / (5e-6 + 4e-5) = 1e6 / 4.5e-5 = 2.2222e10 B/s.
  CHECK(physics::effective_bandwidth(bytes(1e6), hdr, five_us).value() ==
        Approx(1e6 / 4.5e-5).epsilon(1e-13));
  // 1 KB: 1000 / (5e-6 + 4e-8) = 1.98413e8 B/s, under 1% of the link.
  CHECK(physics::effective_bandwidth(bytes(1000), hdr, five_us).value() ==
        Approx(1000 / 5.04e-6).epsilon(1e-13));
  // No latency: the link's bandwidth whatever the size.
  CHECK(physics::effective_bandwidth(bytes(1), hdr, secs(0)).value() == Approx(25e9));
  CHECK_THROWS_AS(physics::half_bandwidth_message_size(bytes_per_s(0), five_us), std::domain_error);
  CHECK_THROWS_AS(physics::half_bandwidth_message_size(hdr, secs(-1)), std::domain_error);
  CHECK_THROWS_AS(physics::effective_bandwidth(bytes(0), hdr, five_us), std::domain_error);
}

TEST_CASE("double binary tree all-reduce", "[networks]") {
  struct Row {
    const char* source;
    double size, ranks, expected;
  };
  // T = 2 M / beta + 2 floor(log2 N) alpha, beta = 25 GB/s, alpha = 5 us.
  const std::array<Row, 5> rows = {{
      // 1 GB over 8 ranks: 2 x 0.04 s + 2 x 3 x 5 us = 0.08003 s.
      {"1 GB, 8 ranks", 1e9, 8, 0.08 + 30e-6},
      // 1 GB over 1024 ranks: height 10: 0.08 + 100 us.
      {"1 GB, 1024 ranks", 1e9, 1024, 0.08 + 100e-6},
      // 1,000 ranks (not a power of two): height floor(log2 1000) = 9: 0.08 + 90 us.
      {"1 GB, 1000 ranks", 1e9, 1000, 0.08 + 90e-6},
      // An empty message costs the latency up and down the trees alone: 2 x 3 x 5 us.
      {"0 B, 8 ranks", 0, 8, 30e-6},
      {"one rank", 1e9, 1, 0},
  }};
  for (const Row& r : rows) {
    SECTION(r.source) {
      CHECK(physics::double_binary_tree_allreduce_time(bytes(r.size), r.ranks, hdr, five_us)
                .value() == Approx(r.expected).epsilon(1e-12).margin(1e-18));
    }
  }
  SECTION("logarithmic latency where the ring's is linear") {
    // A small message over 1024 ranks: ring 2 x 1023 x 5 us = 10.23 ms of latency against the
    // trees' 2 x 10 x 5 us = 100 us (Jeaugey 2019: the reason NCCL 2.4 added the trees).
    const auto small = bytes(1000);
    CHECK(physics::double_binary_tree_allreduce_time(small, 1024, hdr, five_us) <
          physics::ring_allreduce_time(small, 1024, hdr, five_us) / 50.0);
  }
  SECTION("domain errors") {
    CHECK_THROWS_AS(physics::double_binary_tree_allreduce_time(bytes(-1), 8, hdr, five_us),
                    std::domain_error);
    CHECK_THROWS_AS(physics::double_binary_tree_allreduce_time(bytes(1), 0, hdr, five_us),
                    std::domain_error);
    CHECK_THROWS_AS(
        physics::double_binary_tree_allreduce_time(bytes(1), 8, bytes_per_s(0), five_us),
        std::domain_error);
  }
}

TEST_CASE("ring/tree crossover sizes", "[networks]") {
  SECTION("ring against the binomial tree") {
    // N = 8: L = 3, M* = 125,000 B x (8 - 1 - 3) / (3 - 7/8) = 500,000 / 2.125 = 235,294.1 B.
    const double crossover = physics::ring_tree_crossover_size(8, hdr, five_us).value();
    CHECK(crossover == Approx(500000 / 2.125).epsilon(1e-13));
    // The definition: the two all-reduce times of communication.hpp agree there ...
    const auto at = bytes(crossover);
    CHECK(physics::ring_allreduce_time(at, 8, hdr, five_us).value() ==
          Approx(physics::tree_allreduce_time(at, 8, hdr, five_us).value()).epsilon(1e-12));
    // ... the tree wins below it and the ring above it.
    CHECK(physics::tree_allreduce_time(bytes(crossover / 2), 8, hdr, five_us) <
          physics::ring_allreduce_time(bytes(crossover / 2), 8, hdr, five_us));
    CHECK(physics::ring_allreduce_time(bytes(crossover * 2), 8, hdr, five_us) <
          physics::tree_allreduce_time(bytes(crossover * 2), 8, hdr, five_us));
    // N = 1000: L = 10, M* = 125,000 x 989 / (10 - 0.999) = 13,734,029.6 B.
    CHECK(physics::ring_tree_crossover_size(1000, hdr, five_us).value() ==
          Approx(125000.0 * 989 / 9.001).epsilon(1e-13));
    // N <= 2 (and N = 3, where L = N - 1): the ring is never slower.
    CHECK(physics::ring_tree_crossover_size(1, hdr, five_us).value() == 0);
    CHECK(physics::ring_tree_crossover_size(2, hdr, five_us).value() == 0);
    CHECK(physics::ring_tree_crossover_size(3, hdr, five_us).value() == 0);
  }
  SECTION("ring against the double binary tree") {
    // N = 8: h = 3, M* = 8 x (8 - 1 - 3) x 125,000 B = 4,000,000 B.
    const double crossover = physics::ring_double_tree_crossover_size(8, hdr, five_us).value();
    CHECK(crossover == Approx(4e6).epsilon(1e-13));
    const auto at = bytes(crossover);
    CHECK(physics::ring_allreduce_time(at, 8, hdr, five_us).value() ==
          Approx(physics::double_binary_tree_allreduce_time(at, 8, hdr, five_us).value())
              .epsilon(1e-12));
    CHECK(physics::double_binary_tree_allreduce_time(bytes(1e6), 8, hdr, five_us) <
          physics::ring_allreduce_time(bytes(1e6), 8, hdr, five_us));
    CHECK(physics::ring_allreduce_time(bytes(1e7), 8, hdr, five_us) <
          physics::double_binary_tree_allreduce_time(bytes(1e7), 8, hdr, five_us));
    // N = 1024: h = 10, M* = 1024 x 1013 x 125,000 B = 129.664 GB: the trees win at every
    // gradient size of a large job.
    CHECK(physics::ring_double_tree_crossover_size(1024, hdr, five_us).value() ==
          Approx(1024.0 * 1013 * 125000).epsilon(1e-13));
    CHECK(physics::ring_double_tree_crossover_size(2, hdr, five_us).value() == 0);
  }
  SECTION("domain errors") {
    CHECK_THROWS_AS(physics::ring_tree_crossover_size(0, hdr, five_us), std::domain_error);
    CHECK_THROWS_AS(physics::ring_double_tree_crossover_size(8, hdr, secs(-1)), std::domain_error);
  }
}

TEST_CASE("fat trees: hosts, switches, bisection and oversubscription", "[networks]") {
  SECTION("k-ary fat tree") {
    // Al-Fares et al. 2008, Sec. 3.2: 48-port switches give 27,648 hosts; k^3 / 4.
    CHECK(physics::fat_tree_hosts(48) == 27648);
    // Switches: 48 pods x 48 + 24^2 core = 2,304 + 576 = 2,880 (5 x 48^2 / 4).
    CHECK(physics::fat_tree_switches(48) == 2880);
    // k = 4, the paper's Figure 3: 16 hosts, 20 switches (8 edge, 8 aggregation, 4 core).
    CHECK(physics::fat_tree_hosts(4) == 16);
    CHECK(physics::fat_tree_switches(4) == 20);
    // 64-port switches: 65,536 hosts, 5,120 switches.
    CHECK(physics::fat_tree_hosts(64) == 65536);
    CHECK(physics::fat_tree_switches(64) == 5120);
    CHECK_THROWS_AS(physics::fat_tree_hosts(47), std::domain_error);
    CHECK_THROWS_AS(physics::fat_tree_hosts(0), std::domain_error);
    CHECK_THROWS_AS(physics::fat_tree_switches(std::int64_t{1} << 40), std::domain_error);
  }
  SECTION("bisection bandwidth") {
    // Al-Fares et al. 2008, Sec. 2.1: with 1 Gb/s host links, 2.5:1 oversubscription leaves a
    // host 400 Mb/s and 8:1 leaves 125 Mb/s across the bisection; two hosts, one each side.
    const auto gigabit = bytes_per_s(1e9 / 8);
    CHECK(physics::bisection_bandwidth(2, gigabit, 2.5).value() ==
          Approx(400e6 / 8).epsilon(1e-13));
    CHECK(physics::bisection_bandwidth(2, gigabit, 8).value() == Approx(125e6 / 8).epsilon(1e-13));
    // 27,648 hosts at 1 Gb/s, non-blocking: 13,824 Gb/s = 1.728e12 B/s.
    CHECK(physics::bisection_bandwidth(27648, gigabit, 1).value() ==
          Approx(13824e9 / 8).epsilon(1e-13));
    CHECK_THROWS_AS(physics::bisection_bandwidth(1, gigabit, 1), std::domain_error);
    CHECK_THROWS_AS(physics::bisection_bandwidth(8, gigabit, 0.5), std::domain_error);
    CHECK_THROWS_AS(physics::bisection_bandwidth(8, bytes_per_s(0), 1), std::domain_error);
  }
  SECTION("oversubscription of a switch tier") {
    // A leaf with 48 x 25 Gb/s down and 8 x 100 Gb/s up: 1,200 / 800 = 1.5 (3:2).
    CHECK(physics::oversubscription_ratio(48, bytes_per_s(25e9 / 8), 8, bytes_per_s(100e9 / 8)) ==
          Approx(1.5).epsilon(1e-13));
    // Half the ports of a k-port switch each way at one speed: 1, the fat tree's non-blocking
    // tier (Al-Fares et al. 2008, Sec. 3.2).
    CHECK(physics::oversubscription_ratio(24, bytes_per_s(1), 24, bytes_per_s(1)) == 1);
    CHECK_THROWS_AS(physics::oversubscription_ratio(0, bytes_per_s(1), 8, bytes_per_s(1)),
                    std::domain_error);
    CHECK_THROWS_AS(physics::oversubscription_ratio(8, bytes_per_s(1), 8, bytes_per_s(0)),
                    std::domain_error);
  }
}

TEST_CASE("fibre propagation delay", "[networks]") {
  const auto km = [](double d) { return d * 1000 * units::meters; };
  // 1 km at group index 1.4682: 1,000 x 1.4682 / 299,792,458 = 4.8974e-6 s.
  CHECK(physics::fibre_propagation_delay(km(1), 1.4682).value() ==
        Approx(1468.2 / 299792458.0).epsilon(1e-13));
  CHECK(physics::fibre_propagation_delay(km(1), 1.4682).value() == Approx(4.897e-6).epsilon(1e-4));
  // The rule of thumb: index 1.5 is 5.0035 us/km.
  CHECK(physics::fibre_propagation_delay(km(1), 1.5).value() == Approx(5.0035e-6).epsilon(1e-4));
  // 100 km between two data centres: 489.7 us one way, 0.98 ms round trip.
  CHECK(physics::fibre_propagation_delay(km(100), 1.4682).value() ==
        Approx(146820 / 299792458.0).epsilon(1e-13));
  // In vacuum (index 1), light crosses 299,792,458 m in exactly one second.
  CHECK(physics::fibre_propagation_delay(299792458.0 * units::meters, 1).value() == 1);
  CHECK(physics::fibre_propagation_delay(km(0), 1.4682).value() == 0);
  CHECK_THROWS_AS(physics::fibre_propagation_delay(km(-1), 1.4682), std::domain_error);
  CHECK_THROWS_AS(physics::fibre_propagation_delay(km(1), 0.9), std::domain_error);
}
