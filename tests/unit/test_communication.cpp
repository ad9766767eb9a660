// Checks of the communication natives (alpha-beta model of point-to-point messages and
// collectives) against published numbers. Each row names its source.
#include <array>
#include <catch2/catch.hpp>
#include <functional>
#include <limits>
#include <stdexcept>
#include <string>

#include "stdlib/physics/communication.hpp"
#include "stdlib/units.hpp"

namespace units = reckon::units;
namespace physics = reckon::physics;

namespace {

using Time = units::q<units::time_unit>;
using Size = units::q<units::information_unit>;
using Bandwidth = units::q<units::bandwidth_unit>;
using Collective = Time (*)(Size, double, Bandwidth, Time);

Size bytes(double b) { return b * units::bytes; }
Bandwidth per_second(double b) { return b * units::bytes_per_second; }
Time seconds(double s) { return s * units::seconds; }

// REFERENCE.md (checks from the Python original's tests): 1e9 B, N = 8, 50 GB/s, 500 ns.
constexpr double ref_size = 1e9;
constexpr double ref_ranks = 8;
constexpr double ref_bandwidth = 50e9;
constexpr double ref_latency = 500e-9;

}  // namespace

TEST_CASE("collectives match REFERENCE.md's alpha-beta values", "[communication]") {
  struct Row {
    const char* source;
    Collective collective;
    double expected;  // s
  };
  const std::array<Row, 5> rows = {{
      // REFERENCE.md: ring 2(N-1)/N M/beta + 2(N-1) alpha -> 0.035007 s
      {"REFERENCE.md: ring all-reduce", &physics::ring_allreduce_time, 0.035007},
      // REFERENCE.md: tree 2 ceil(log2 N)(M/beta + alpha) -> 0.120003 s
      {"REFERENCE.md: tree all-reduce", &physics::tree_allreduce_time, 0.120003},
      // REFERENCE.md: all-to-all (N-1)/N M/beta + (N-1) alpha -> 0.0175035 s
      {"REFERENCE.md: all-to-all", &physics::alltoall_time, 0.0175035},
      // Patarasuk & Yuan 2009: the ring all-reduce is a reduce-scatter then an all-gather,
      // each half of REFERENCE.md's 0.035007 s.
      {"REFERENCE.md / Patarasuk & Yuan: reduce-scatter", &physics::ring_reduce_scatter_time,
       0.035007 / 2},
      {"REFERENCE.md / Patarasuk & Yuan: all-gather", &physics::ring_allgather_time, 0.035007 / 2},
  }};
  for (const Row& r : rows) {
    SECTION(std::string(r.source)) {
      INFO(r.source);
      const Time t =
          r.collective(bytes(ref_size), ref_ranks, per_second(ref_bandwidth), seconds(ref_latency));
      CHECK(t.value() == Approx(r.expected).epsilon(1e-9));
    }
  }
}

TEST_CASE("collectives reach the nccl-tests bus bandwidth", "[communication]") {
  // NVIDIA nccl-tests, doc/PERFORMANCE.md: with algbw = S / t, the bus bandwidth
  // busbw = algbw x factor equals the per-rank link bandwidth B for an optimal algorithm, with
  // factor 2(n-1)/n for AllReduce, (n-1)/n for ReduceScatter, AllGather and AlltoAll (S the
  // whole array), and 1 for point-to-point. Without latency the model attains it exactly.
  struct Row {
    const char* source;
    Collective collective;
    double factor_per_step;  // busbw factor = factor_per_step * (n - 1) / n
  };
  const std::array<Row, 4> rows = {{
      {"nccl-tests: AllReduce 2(n-1)/n", &physics::ring_allreduce_time, 2},
      {"nccl-tests: ReduceScatter (n-1)/n", &physics::ring_reduce_scatter_time, 1},
      {"nccl-tests: AllGather (n-1)/n", &physics::ring_allgather_time, 1},
      {"nccl-tests: AlltoAll (n-1)/n", &physics::alltoall_time, 1},
  }};
  const std::array<double, 4> rank_counts = {2, 8, 64, 1000};
  for (const Row& r : rows) {
    SECTION(std::string(r.source)) {
      for (double n : rank_counts) {
        INFO(r.source << ", n = " << n);
        const double size = 4e9, bandwidth = 200e9;  // 4 GB at 200 GB/s
        const Time t = r.collective(bytes(size), n, per_second(bandwidth), seconds(0));
        const double algbw = size / t.value();
        CHECK(algbw * r.factor_per_step * (n - 1) / n == Approx(bandwidth).epsilon(1e-12));
      }
    }
  }
  SECTION("nccl-tests: SendRecv busbw = algbw") {
    const Time t = physics::point_to_point_time(bytes(4e9), per_second(200e9), seconds(0));
    CHECK(4e9 / t.value() == Approx(200e9).epsilon(1e-12));
  }
}

TEST_CASE("point_to_point_time is M / beta + alpha (Hockney 1994)", "[communication]") {
  struct Row {
    const char* source;
    double size, bandwidth, latency, expected;
  };
  const std::array<Row, 3> rows = {{
      // REFERENCE.md's link (50 GB/s, 500 ns): 1e9 B / 50 GB/s + 500 ns = 0.0200005 s
      {"REFERENCE.md link, 1 GB", ref_size, ref_bandwidth, ref_latency, 0.0200005},
      // Hockney 1994: a zero-byte message costs the start-up latency alone.
      {"empty message costs alpha", 0, ref_bandwidth, ref_latency, ref_latency},
      // nccl-tests doc/PERFORMANCE.md: large sizes take about size / bw.
      {"no latency: size / bandwidth", 1e9, 25e9, 0, 0.04},
  }};
  for (const Row& r : rows) {
    SECTION(std::string(r.source)) {
      INFO(r.source);
      const Time t =
          physics::point_to_point_time(bytes(r.size), per_second(r.bandwidth), seconds(r.latency));
      CHECK(t.value() == Approx(r.expected).epsilon(1e-12));
    }
  }
}

TEST_CASE("ring and tree all-reduce edge cases", "[communication]") {
  const auto size = bytes(ref_size);
  const auto bw = per_second(ref_bandwidth);
  const auto alpha = seconds(ref_latency);
  // One rank has nothing to exchange (2(N-1)/N = 0, ceil(log2 1) = 0).
  CHECK(physics::ring_allreduce_time(size, 1, bw, alpha).value() == 0);
  CHECK(physics::tree_allreduce_time(size, 1, bw, alpha).value() == 0);
  CHECK(physics::alltoall_time(size, 1, bw, alpha).value() == 0);
  // Thakur et al. 2005: a binomial tree on a non-power-of-two count has ceil(lg p) levels;
  // 5 ranks need 3: 2 * 3 * (0.02 s + 500 ns) = 0.120003 s, as for 8.
  CHECK(physics::tree_allreduce_time(size, 5, bw, alpha).value() == Approx(0.120003));
  // Two ranks: the ring moves half the message in each of its two passes,
  // 2 * 1/2 * 0.02 s + 2 * 500 ns = 0.020001 s; the tree moves all of it up and back down,
  // 2 * 1 * (0.02 s + 500 ns) = 0.040001 s.
  CHECK(physics::ring_allreduce_time(size, 2, bw, alpha).value() == Approx(0.020001));
  CHECK(physics::tree_allreduce_time(size, 2, bw, alpha).value() == Approx(0.040001));
}

TEST_CASE("hierarchical_allreduce_time composes the ring formulas", "[communication]") {
  struct Row {
    const char* source;
    double size, gpus_per_node, nodes, intra_bw, inter_bw, intra_alpha, inter_alpha;
    double expected;  // s
  };
  const std::array<Row, 4> rows = {{
      // One node of 8: the intra-node ring all-reduce, REFERENCE.md's 0.035007 s.
      {"REFERENCE.md: one node of 8", ref_size, 8, 1, ref_bandwidth, 1e9, ref_latency, 1, 0.035007},
      // One GPU per node on 8 nodes: the inter-node ring all-reduce, again 0.035007 s.
      {"REFERENCE.md: 8 nodes of 1", ref_size, 1, 8, 1e9, ref_bandwidth, 1, ref_latency, 0.035007},
      // Equal links and no latency: the bandwidth term equals a flat ring over g n ranks
      // (Patarasuk & Yuan 2009's bandwidth optimum 2(N-1)/N M/beta), N = 32:
      // 2 * 31/32 * 1e9 / 50e9 = 0.03875 s.
      {"Patarasuk & Yuan optimum: 4 nodes of 8, equal links", ref_size, 8, 4, ref_bandwidth,
       ref_bandwidth, 0, 0, 0.03875},
      // Mikami et al. 2018's three phases, evaluated by hand for 4 nodes of 8 GPUs, 300 GB/s
      // NVLink, 25 GB/s (200 Gb/s) per-GPU network, 1 us / 5 us latency:
      //   2 * 7/8 * 1e9 / 300e9 + 14 * 1e-6 + 2 * 3/4 * 1.25e8 / 25e9 + 6 * 5e-6
      //   = 0.00583333 + 0.000014 + 0.0075 + 0.00003 = 0.01337733 s
      {"Mikami et al. 2018 phases by hand", 1e9, 8, 4, 300e9, 25e9, 1e-6, 5e-6,
       0.0058333333333 + 0.000014 + 0.0075 + 0.00003},
  }};
  for (const Row& r : rows) {
    SECTION(std::string(r.source)) {
      INFO(r.source);
      const Time t = physics::hierarchical_allreduce_time(
          bytes(r.size), r.gpus_per_node, r.nodes, per_second(r.intra_bw), per_second(r.inter_bw),
          seconds(r.intra_alpha), seconds(r.inter_alpha));
      CHECK(t.value() == Approx(r.expected).epsilon(1e-9));
    }
  }
  SECTION("reduce-scatter + inter-node all-reduce + all-gather") {
    const Time parts =
        physics::ring_reduce_scatter_time(bytes(1e9), 8, per_second(300e9), seconds(1e-6)) +
        physics::ring_allreduce_time(bytes(1e9 / 8), 4, per_second(25e9), seconds(5e-6)) +
        physics::ring_allgather_time(bytes(1e9), 8, per_second(300e9), seconds(1e-6));
    const Time whole = physics::hierarchical_allreduce_time(
        bytes(1e9), 8, 4, per_second(300e9), per_second(25e9), seconds(1e-6), seconds(5e-6));
    CHECK(whole.value() == Approx(parts.value()).epsilon(1e-12));
  }
}

TEST_CASE("communication natives reject impossible inputs", "[communication]") {
  const auto size = bytes(1e9);
  const auto bw = per_second(50e9);
  const auto alpha = seconds(1e-6);
  const auto zero_bw = per_second(0);
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const std::array<Collective, 5> collectives = {
      &physics::ring_allreduce_time, &physics::tree_allreduce_time,
      &physics::ring_reduce_scatter_time, &physics::ring_allgather_time, &physics::alltoall_time};
  SECTION("collectives") {
    for (Collective c : collectives) {
      CHECK_THROWS_AS(c(size, 8, zero_bw, alpha), std::domain_error);          // zero bandwidth
      CHECK_THROWS_AS(c(size, 8, per_second(-1), alpha), std::domain_error);   // negative
      CHECK_THROWS_AS(c(size, 0, bw, alpha), std::domain_error);               // zero ranks
      CHECK_THROWS_AS(c(size, 0.5, bw, alpha), std::domain_error);             // under one
      CHECK_THROWS_AS(c(bytes(-1), 8, bw, alpha), std::domain_error);          // negative size
      CHECK_THROWS_AS(c(size, 8, bw, seconds(-1e-6)), std::domain_error);      // negative alpha
      CHECK_THROWS_AS(c(size, nan, bw, alpha), std::domain_error);             // NaN ranks
      CHECK_THROWS_AS(c(size, 8, per_second(nan), alpha), std::domain_error);  // NaN bandwidth
    }
  }
  SECTION("point to point") {
    CHECK_THROWS_AS(physics::point_to_point_time(size, zero_bw, alpha), std::domain_error);
    CHECK_THROWS_AS(physics::point_to_point_time(bytes(-1), bw, alpha), std::domain_error);
    CHECK_THROWS_AS(physics::point_to_point_time(size, bw, seconds(-1)), std::domain_error);
  }
  SECTION("hierarchical") {
    const auto h = [&](double g, double n, Bandwidth intra, Bandwidth inter, Time a_intra,
                       Time a_inter, Size s) {
      return physics::hierarchical_allreduce_time(s, g, n, intra, inter, a_intra, a_inter);
    };
    CHECK_THROWS_AS(h(0, 4, bw, bw, alpha, alpha, size), std::domain_error);
    CHECK_THROWS_AS(h(8, 0, bw, bw, alpha, alpha, size), std::domain_error);
    CHECK_THROWS_AS(h(8, 4, zero_bw, bw, alpha, alpha, size), std::domain_error);
    CHECK_THROWS_AS(h(8, 4, bw, zero_bw, alpha, alpha, size), std::domain_error);
    CHECK_THROWS_AS(h(8, 4, bw, bw, seconds(-1), alpha, size), std::domain_error);
    CHECK_THROWS_AS(h(8, 4, bw, bw, alpha, seconds(-1), size), std::domain_error);
    CHECK_THROWS_AS(h(8, 4, bw, bw, alpha, alpha, bytes(-1)), std::domain_error);
  }
}
