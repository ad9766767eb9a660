// Checks of the performance natives (roofline, training time, scaling, pipeline bubble)
// against published numbers. Each row names its source.
#include <array>
#include <catch2/catch.hpp>
#include <functional>
#include <limits>
#include <stdexcept>
#include <string>

#include "stdlib/physics/performance.hpp"
#include "stdlib/units.hpp"
#include "syntax/dimension.hpp"

namespace units = reckon::units;
namespace physics = reckon::physics;
using reckon::Base;
using reckon::Dimension;

namespace {

constexpr double tera = 1e12;
constexpr double giga = 1e9;
constexpr double day = 86400;

// Vendor datasheets, as tabulated in REFERENCE.md (dense fp16 peak, memory bandwidth).
struct Machine {
  const char* name;
  double peak, bandwidth;  // flop/s, B/s
};
constexpr Machine v100{"V100", 125 * tera, 900 * giga};
constexpr Machine a100{"A100 80GB", 312 * tera, 2039 * giga};
constexpr Machine h100{"H100 SXM", 989 * tera, 3350 * giga};

units::q<units::compute_rate_unit> peak_of(const Machine& m) {
  return m.peak * units::flops_per_second;
}
units::q<units::bandwidth_unit> bandwidth_of(const Machine& m) {
  return m.bandwidth * units::bytes_per_second;
}
units::q<physics::intensity_unit> intensity(double flop_per_byte) {
  return flop_per_byte * units::flops / units::bytes;
}

// NVIDIA, "GPU Performance Background User's Guide" (Deep Learning Performance docs), Table 1,
// fp16 operations: a linear layer of 4096 outputs and 1024 inputs is a 4096 x 1024 x batch GEMM
// doing 2 * batch * 1024 * 4096 flop and moving 2 bytes per element of input, weights and
// output. The guide lists 315 FLOPS/B at batch 512 ("arithmetic-limited") and 1 FLOPS/B at
// batch 1 ("memory-limited") against V100's 138.9 FLOPS/B.
double linear_flops(double batch) { return 2 * batch * 1024 * 4096; }
double linear_bytes(double batch) { return 2 * (batch * 1024 + 1024 * 4096 + batch * 4096); }

}  // namespace

TEST_CASE("performance natives have the declared dimensions", "[performance]") {
  const Dimension compute = Dimension::of(Base::compute);
  const Dimension information = Dimension::of(Base::information);
  CHECK(units::dimension_of<physics::intensity_unit>() == compute / information);
}

TEST_CASE("ridge_point is peak over bandwidth (Williams et al. 2009)", "[performance]") {
  struct Row {
    const char* source;
    Machine machine;
    double expected;  // flop/B
    double tolerance;
  };
  const std::array<Row, 3> rows = {{
      // REFERENCE.md: A100 312 TFLOP/s / 2039 GB/s = 153.0 flop/B
      {"REFERENCE.md: A100", a100, 153.0, 1e-3},
      // REFERENCE.md: H100 989 TFLOP/s / 3350 GB/s = 295.2 flop/B
      {"REFERENCE.md: H100", h100, 295.2, 1e-3},
      // NVIDIA GPU Performance Background User's Guide: V100 125 TFLOPS / 900 GB/s = 138.9
      {"NVIDIA GPU Performance Background guide: V100", v100, 138.9, 1e-3},
  }};
  for (const Row& r : rows) {
    SECTION(std::string(r.source)) {
      INFO(r.source);
      const auto ridge = physics::ridge_point(peak_of(r.machine), bandwidth_of(r.machine));
      CHECK(ridge.value() == Approx(r.expected).epsilon(r.tolerance));
    }
  }
}

TEST_CASE("arithmetic_intensity is work over traffic (Williams et al. 2009)", "[performance]") {
  struct Row {
    const char* source;
    double work, traffic;  // flop, B
    double expected;       // flop/B
    double tolerance;
  };
  const std::array<Row, 3> rows = {{
      // NVIDIA GPU Performance Background guide, Table 1: 315 FLOPS/B
      {"NVIDIA guide: linear layer, batch 512", linear_flops(512), linear_bytes(512), 315, 1e-3},
      // NVIDIA GPU Performance Background guide, Table 1: 1 FLOPS/B
      {"NVIDIA guide: linear layer, batch 1", linear_flops(1), linear_bytes(1), 1, 2e-3},
      // NVIDIA GPU Performance Background guide, Table 1: ReLU 0.25 FLOPS/B (one flop per
      // element, a 2-byte read and a 2-byte write); here over 1e6 elements.
      {"NVIDIA guide: ReLU", 1e6, 4e6, 0.25, 1e-12},
  }};
  for (const Row& r : rows) {
    SECTION(std::string(r.source)) {
      INFO(r.source);
      const auto i = physics::arithmetic_intensity(r.work * units::flops, r.traffic * units::bytes);
      CHECK(i.value() == Approx(r.expected).epsilon(r.tolerance));
    }
  }
}

TEST_CASE("is_compute_bound compares intensity with the ridge point", "[performance]") {
  struct Row {
    const char* source;
    double intensity;  // flop/B
    Machine machine;
    bool expected;
  };
  const double linear_512 = linear_flops(512) / linear_bytes(512);
  const double linear_1 = linear_flops(1) / linear_bytes(1);
  const std::array<Row, 5> rows = {{
      // NVIDIA GPU Performance Background guide, Table 1: "usually limited by arithmetic"
      {"NVIDIA guide: linear layer, batch 512, V100", linear_512, v100, true},
      // NVIDIA GPU Performance Background guide, Table 1: "usually limited by memory"
      {"NVIDIA guide: linear layer, batch 1, V100", linear_1, v100, false},
      {"NVIDIA guide: ReLU, V100", 0.25, v100, false},
      // Williams et al. 2009: at the ridge point both roofs meet; counted as compute-bound.
      {"REFERENCE.md: A100 exactly at its ridge point", 312e12 / 2039e9, a100, true},
      // REFERENCE.md ridge points: 200 flop/B is right of A100's 153 but left of H100's 295.2.
      {"REFERENCE.md: 200 flop/B on H100", 200, h100, false},
  }};
  for (const Row& r : rows) {
    SECTION(std::string(r.source)) {
      INFO(r.source);
      CHECK(physics::is_compute_bound(intensity(r.intensity), peak_of(r.machine),
                                      bandwidth_of(r.machine)) == r.expected);
    }
  }
}

TEST_CASE("roofline_throughput is min(peak, intensity x bandwidth)", "[performance]") {
  struct Row {
    const char* source;
    double intensity;  // flop/B
    Machine machine;
    double expected;  // flop/s
  };
  const std::array<Row, 4> rows = {{
      // Williams et al. 2009 with the A100 datasheet (REFERENCE.md): 1 flop/B x 2039 GB/s
      {"A100, 1 flop/B: bandwidth roof", 1, a100, 2039 * giga},
      // ReLU (NVIDIA guide, 0.25 flop/B) on V100 (900 GB/s): 225 GFLOP/s
      {"V100, ReLU: bandwidth roof", 0.25, v100, 225 * giga},
      // NVIDIA guide's batch-512 linear layer (315 flop/B) on A100: compute roof
      {"A100, 315 flop/B: compute roof", 315, a100, 312 * tera},
      // REFERENCE.md: at the H100 ridge point (989/3350) both roofs give the peak
      {"H100 at its ridge point", 989e12 / 3350e9, h100, 989 * tera},
  }};
  for (const Row& r : rows) {
    SECTION(std::string(r.source)) {
      INFO(r.source);
      const auto p = physics::roofline_throughput(intensity(r.intensity), peak_of(r.machine),
                                                  bandwidth_of(r.machine));
      CHECK(p.value() == Approx(r.expected).epsilon(1e-12));
    }
  }
}

TEST_CASE("roofline_time is max(work / peak, traffic / bandwidth)", "[performance]") {
  struct Row {
    const char* source;
    double work, traffic;  // flop, B
    Machine machine;
    double expected;  // s
  };
  const std::array<Row, 3> rows = {{
      // NVIDIA guide's batch-512 linear layer on V100: 4,294,967,296 flop / 125 TFLOP/s
      // = 34.36 us, above 13,631,488 B / 900 GB/s = 15.15 us: arithmetic-limited.
      {"NVIDIA guide: linear layer, batch 512, V100", linear_flops(512), linear_bytes(512), v100,
       linear_flops(512) / (125 * tera)},
      // NVIDIA guide's batch-1 linear layer on A100: 8,398,848 B / 2039 GB/s = 4.119 us,
      // above 8,388,608 flop / 312 TFLOP/s = 26.9 ns: memory-limited.
      {"NVIDIA guide: linear layer, batch 1, A100", linear_flops(1), linear_bytes(1), a100,
       linear_bytes(1) / (2039 * giga)},
      // REFERENCE.md: 1 TB of traffic at 153.0 flop/B (A100's ridge) takes 1 TB / 2039 GB/s
      // either way: 0.49044 s.
      {"REFERENCE.md: A100 at the ridge point", 1e12 * 312e12 / 2039e9, 1e12, a100, 0.490436},
  }};
  for (const Row& r : rows) {
    SECTION(std::string(r.source)) {
      INFO(r.source);
      const auto t = physics::roofline_time(r.work * units::flops, r.traffic * units::bytes,
                                            peak_of(r.machine), bandwidth_of(r.machine));
      CHECK(t.value() == Approx(r.expected).epsilon(1e-5));
      // The time at the attainable throughput does the work (Williams et al. 2009).
      const auto p = physics::roofline_throughput(
          physics::arithmetic_intensity(r.work * units::flops, r.traffic * units::bytes),
          peak_of(r.machine), bandwidth_of(r.machine));
      CHECK((p * t).value() == Approx(r.work).epsilon(1e-12));
    }
  }
}

TEST_CASE("training_time is work / (devices x peak x efficiency)", "[performance]") {
  struct Row {
    const char* source;
    double work, devices, peak, efficiency;
    double expected;  // s
    double tolerance;
  };
  const std::array<Row, 3> rows = {{
      // REFERENCE.md: 1e18 flop, 8 devices, 312 TFLOP/s, 0.5 -> 801.28 s
      {"REFERENCE.md", 1e18, 8, 312 * tera, 0.5, 801.28, 1e-5},
      // Narayanan et al. 2021, arXiv 2104.04473, Sec. 5.1: GPT-3 175B on 300B tokens,
      // 8 T P = 4.2e23 flop, 1024 A100s at X = 140 TFLOP/s each: "34 days".
      {"Narayanan et al. 2021: GPT-3 in 34 days", 8 * 300e9 * 175e9, 1024, 312 * tera,
       140.0 / 312.0, 34 * day, 0.01},
      // Kaplan/Brown (REFERENCE.md): GPT-3's 3.14e23 flop on one ideal A100: 1.006e9 s.
      {"REFERENCE.md: GPT-3 3.14e23 flop, one ideal A100", 3.14e23, 1, 312 * tera, 1,
       3.14e23 / 312e12, 1e-12},
  }};
  for (const Row& r : rows) {
    SECTION(std::string(r.source)) {
      INFO(r.source);
      const auto t =
          physics::training_time(r.work * units::flops, r.devices * units::gpus,
                                 r.peak * units::flops_per_second / units::gpus, r.efficiency);
      CHECK(t.value() == Approx(r.expected).epsilon(r.tolerance));
    }
  }
}

TEST_CASE("effective_flops is peak x utilization", "[performance]") {
  struct Row {
    const char* source;
    double peak, utilization, expected;  // flop/s, 1, flop/s
    double tolerance;
  };
  const std::array<Row, 3> rows = {{
      // Narayanan et al. 2021, arXiv 2104.04473, abstract and Table 1: 163 TFLOP/s per A100,
      // "52% of theoretical peak" (312 TFLOP/s).
      {"Narayanan et al. 2021: 52% of A100 peak", 312 * tera, 0.52, 163 * tera, 0.01},
      // Narayanan et al. 2021, Sec. 5.1: GPT-3 175B trains at X = 140 TFLOP/s per A100;
      // against the 312 TFLOP/s peak (REFERENCE.md) that is a utilization of 0.449.
      {"Narayanan et al. 2021: 140 TFLOP/s", 312 * tera, 0.449, 140 * tera, 1e-3},
      {"full utilization is the peak", 989 * tera, 1, 989 * tera, 1e-12},
  }};
  for (const Row& r : rows) {
    SECTION(std::string(r.source)) {
      INFO(r.source);
      const auto f = physics::effective_flops(r.peak * units::flops_per_second, r.utilization);
      CHECK(f.value() == Approx(r.expected).epsilon(r.tolerance));
    }
  }
}

TEST_CASE("amdahl_speedup follows Amdahl 1967", "[performance]") {
  struct Row {
    const char* source;
    double parallel_fraction, processors, expected, tolerance;
  };
  const std::array<Row, 5> rows = {{
      // REFERENCE.md: p = 0.9, s = 10 -> 5.2632
      {"REFERENCE.md: p = 0.9, s = 10", 0.9, 10, 5.2632, 1e-5},
      // Hennessy & Patterson, Computer Architecture: A Quantitative Approach, Amdahl's law
      // example: 40% of the time sped up 10x -> 1 / (0.6 + 0.4/10) = 1.5625 ("1.56").
      {"Hennessy & Patterson: 40% sped up 10x", 0.4, 10, 1.56, 2e-3},
      // Amdahl 1967: the speedup is bounded by 1 / (1 - p); p = 0.95 -> 20.
      {"Amdahl bound: p = 0.95", 0.95, 1e15, 20, 1e-9},
      {"no parallel part", 0, 1000, 1, 1e-12},
      {"fully parallel: linear speedup", 1, 64, 64, 1e-12},
  }};
  for (const Row& r : rows) {
    SECTION(std::string(r.source)) {
      INFO(r.source);
      CHECK(physics::amdahl_speedup(r.parallel_fraction, r.processors) ==
            Approx(r.expected).epsilon(r.tolerance));
    }
  }
}

TEST_CASE("strong_scaling_efficiency is T1 / (N TN)", "[performance]") {
  struct Row {
    const char* source;
    double t1, tn, devices, expected, tolerance;
  };
  const std::array<Row, 2> rows = {{
      // REFERENCE.md Amdahl case, p = 0.9 on 10 devices: TN = 0.1 T1 + 0.9 T1 / 10 = 19 s for
      // T1 = 100 s, so E = speedup / N = 5.2632 / 10 (Eager, Zahorjan, Lazowska 1989).
      {"REFERENCE.md Amdahl case: 5.2632 / 10", 100, 19, 10, 0.52632, 1e-5},
      // Eager et al. 1989: linear speedup has efficiency 1.
      {"perfect scaling", 800, 100, 8, 1, 1e-12},
  }};
  for (const Row& r : rows) {
    SECTION(std::string(r.source)) {
      INFO(r.source);
      CHECK(physics::strong_scaling_efficiency(r.t1 * units::seconds, r.tn * units::seconds,
                                               r.devices) ==
            Approx(r.expected).epsilon(r.tolerance));
    }
  }
  // Efficiency is Amdahl's speedup divided by N.
  CHECK(physics::strong_scaling_efficiency(100 * units::seconds, 19 * units::seconds, 10) ==
        Approx(physics::amdahl_speedup(0.9, 10) / 10));
}

TEST_CASE("pipeline_bubble_fraction follows Narayanan et al. 2021", "[performance]") {
  struct Row {
    const char* source;
    double stages, micro_batches, chunks, expected;
  };
  const std::array<Row, 4> rows = {{
      // REFERENCE.md: (p, m) = (4, 8) -> 3/11
      {"REFERENCE.md: p = 4, m = 8", 4, 8, 1, 3.0 / 11},
      // REFERENCE.md: interleaved, v = 4 -> 3/35
      {"REFERENCE.md: p = 4, m = 8, v = 4", 4, 8, 4, 3.0 / 35},
      // Huang et al. 2019 (GPipe): (K - 1) / (M + K - 1); K = 8, M = 32 -> 7/39
      {"GPipe: K = 8, M = 32", 8, 32, 1, 7.0 / 39},
      {"one stage has no bubble", 1, 8, 1, 0},
  }};
  for (const Row& r : rows) {
    SECTION(std::string(r.source)) {
      INFO(r.source);
      CHECK(physics::pipeline_bubble_fraction(r.stages, r.micro_batches, r.chunks) ==
            Approx(r.expected).epsilon(1e-12));
    }
  }
  SECTION("bubble over ideal time is (p - 1) / (v m) (Narayanan et al. 2021, Sec. 2.2)") {
    const double f = physics::pipeline_bubble_fraction(4, 8, 4);
    CHECK(f / (1 - f) == Approx(3.0 / 32));
  }
}

TEST_CASE("performance natives reject impossible inputs", "[performance]") {
  const auto peak = peak_of(a100);
  const auto bw = bandwidth_of(a100);
  const auto zero_bw = 0.0 * units::bytes_per_second;
  const auto zero_peak = 0.0 * units::flops_per_second;
  const auto eight = 8.0 * units::gpus;
  const auto work = 1e12 * units::flops;
  const auto traffic = 1e9 * units::bytes;
  const double nan = std::numeric_limits<double>::quiet_NaN();
  struct Row {
    const char* what;
    std::function<void()> call;
  };
  const std::array<Row, 26> rows = {{
      {"intensity: zero traffic", [&] { physics::arithmetic_intensity(work, 0.0 * units::bytes); }},
      {"intensity: negative work",
       [&] { physics::arithmetic_intensity(-1.0 * units::flops, traffic); }},
      {"ridge: zero bandwidth", [&] { physics::ridge_point(peak, zero_bw); }},
      {"ridge: zero peak", [&] { physics::ridge_point(zero_peak, bw); }},
      {"ridge: NaN peak", [&] { physics::ridge_point(nan * units::flops_per_second, bw); }},
      {"compute-bound: negative intensity",
       [&] { physics::is_compute_bound(intensity(-1), peak, bw); }},
      {"compute-bound: zero bandwidth",
       [&] { physics::is_compute_bound(intensity(1), peak, zero_bw); }},
      {"throughput: zero bandwidth",
       [&] { physics::roofline_throughput(intensity(1), peak, zero_bw); }},
      {"throughput: negative peak",
       [&] { physics::roofline_throughput(intensity(1), -1.0 * units::flops_per_second, bw); }},
      {"roofline time: negative traffic",
       [&] { physics::roofline_time(work, -1.0 * units::bytes, peak, bw); }},
      {"roofline time: zero peak", [&] { physics::roofline_time(work, traffic, zero_peak, bw); }},
      {"roofline time: zero bandwidth",
       [&] { physics::roofline_time(work, traffic, peak, zero_bw); }},
      {"training time: zero devices",
       [&] { physics::training_time(work, 0.0 * units::gpus, peak / units::gpus, 0.5); }},
      {"training time: negative work",
       [&] { physics::training_time(-1.0 * units::flops, eight, peak / units::gpus, 0.5); }},
      {"training time: zero peak",
       [&] { physics::training_time(work, eight, zero_peak / units::gpus, 0.5); }},
      {"training time: zero efficiency",
       [&] { physics::training_time(work, eight, peak / units::gpus, 0); }},
      {"training time: efficiency above 1",
       [&] { physics::training_time(work, eight, peak / units::gpus, 1.5); }},
      {"effective: utilization above 1", [&] { physics::effective_flops(peak, 1.5); }},
      {"effective: negative peak",
       [&] { physics::effective_flops(-1.0 * units::flops_per_second, 0.5); }},
      {"amdahl: fraction above 1", [&] { physics::amdahl_speedup(1.1, 10); }},
      {"amdahl: zero processors", [&] { physics::amdahl_speedup(0.9, 0); }},
      {"scaling: zero devices",
       [&] { physics::strong_scaling_efficiency(1.0 * units::seconds, 1.0 * units::seconds, 0); }},
      {"scaling: zero parallel time",
       [&] { physics::strong_scaling_efficiency(1.0 * units::seconds, 0.0 * units::seconds, 8); }},
      {"bubble: zero stages", [&] { physics::pipeline_bubble_fraction(0, 8, 1); }},
      {"bubble: zero micro-batches", [&] { physics::pipeline_bubble_fraction(4, 0, 1); }},
      {"bubble: zero chunks", [&] { physics::pipeline_bubble_fraction(4, 8, 0); }},
  }};
  for (const Row& r : rows) {
    SECTION(std::string(r.what)) { CHECK_THROWS_AS(r.call(), std::domain_error); }
  }
}
