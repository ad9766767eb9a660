// Checks of the native physics functions against published numbers. Each row names its source.
#include <array>
#include <catch2/catch.hpp>
#include <stdexcept>
#include <string>

#include "stdlib/physics/memory.hpp"
#include "stdlib/physics/transformer.hpp"
#include "stdlib/units.hpp"
#include "syntax/dimension.hpp"

namespace units = reckon::units;
using reckon::Base;
using reckon::Dimension;
using reckon::physics::Recompute;

namespace {

const char* name_of(Recompute r) {
  switch (r) {
    case Recompute::none:
      return "none";
    case Recompute::selective:
      return "selective";
    case Recompute::full:
      return "full";
  }
  return "?";
}

}  // namespace

TEST_CASE("activation_memory matches Korthikanti et al. 2022", "[physics][memory]") {
  struct Row {
    const char* source;
    double layers, seq_len, micro_batch, hidden, heads, bytes_per_element;
    Recompute strategy;
    double expected_bytes;
  };
  // GPT-2 small layer shape (s = 1024, b = 1, h = 768, a = 12): REFERENCE.md, checks from the
  // Python original's tests. s*b*h = 786,432.
  // GPT-3 175B (Brown et al. 2020, Table 2.1: 96 layers, h 12288, a 96, s 2048), b = 4,
  // selective: s*b*h*34*L = 2048 * 4 * 12288 * 34 * 96 = 100,663,296 * 3,264
  //            = 328,564,998,144 B (about 328.565e9 B).
  const std::array<Row, 8> rows = {{
      // 786,432 * (34 + 5*12*1024/768 = 114) = 89,653,248 B
      {"REFERENCE.md: one layer, none", 1, 1024, 1, 768, 12, 2, Recompute::none, 89'653'248},
      // 786,432 * 34 = 26,738,688 B
      {"REFERENCE.md: one layer, selective", 1, 1024, 1, 768, 12, 2, Recompute::selective,
       26'738'688},
      // 786,432 * 2 = 1,572,864 B
      {"REFERENCE.md: one layer, full", 1, 1024, 1, 768, 12, 2, Recompute::full, 1'572'864},
      // REFERENCE.md: 4-byte elements double every strategy
      {"REFERENCE.md: 4-byte, none", 1, 1024, 1, 768, 12, 4, Recompute::none, 2 * 89'653'248.0},
      {"REFERENCE.md: 4-byte, selective", 1, 1024, 1, 768, 12, 4, Recompute::selective,
       2 * 26'738'688.0},
      // REFERENCE.md: 12 layers = 12x
      {"REFERENCE.md: 12 layers, none", 12, 1024, 1, 768, 12, 2, Recompute::none,
       12 * 89'653'248.0},
      {"REFERENCE.md: 12 layers, full", 12, 1024, 1, 768, 12, 2, Recompute::full, 12 * 1'572'864.0},
      {"GPT-3 175B, b = 4, selective", 96, 2048, 4, 12288, 96, 2, Recompute::selective,
       2048.0 * 4 * 12288 * 34 * 96},
  }};
  for (const Row& r : rows) {
    SECTION(std::string(r.source)) {
      INFO(r.source << " (" << name_of(r.strategy) << ")");
      const auto bytes = reckon::physics::activation_memory(
          r.layers, r.seq_len * units::tokens, r.micro_batch, r.hidden, r.heads,
          r.bytes_per_element * units::bytes, r.strategy);
      CHECK(bytes.value() == Approx(r.expected_bytes).epsilon(1e-12));
    }
  }
  // The independent arithmetic above, rounded as the summary quotes it.
  CHECK(2048.0 * 4 * 12288 * 34 * 96 == Approx(328.565e9).epsilon(1e-5));
}

TEST_CASE("activation_memory rejects impossible sizes", "[physics][memory]") {
  struct Row {
    const char* what;
    double layers, seq_len, micro_batch, hidden, heads, bytes_per_element;
  };
  const std::array<Row, 6> rows = {{
      {"negative layers", -1, 1024, 1, 768, 12, 2},
      {"negative sequence", 1, -1024, 1, 768, 12, 2},
      {"negative micro-batch", 1, 1024, -1, 768, 12, 2},
      {"zero hidden", 1, 1024, 1, 0, 12, 2},
      {"negative heads", 1, 1024, 1, 768, -12, 2},
      {"zero element width", 1, 1024, 1, 768, 12, 0},
  }};
  for (const Row& r : rows) {
    SECTION(std::string(r.what)) {
      CHECK_THROWS_AS(reckon::physics::activation_memory(
                          r.layers, r.seq_len * units::tokens, r.micro_batch, r.hidden, r.heads,
                          r.bytes_per_element * units::bytes, Recompute::none),
                      std::domain_error);
    }
  }
}

TEST_CASE("checkpoint_memory_units follows Chen et al. 2016", "[physics][memory]") {
  struct Row {
    const char* source;
    double layers, checkpoints, expected;
  };
  const std::array<Row, 3> rows = {{
      // Chen et al. 2016 / REFERENCE.md: L = 100, k = sqrt(L) = 10 -> 10 + 100/10 = 20
      {"L = 100, k = 10", 100, 10, 20},
      // k + L/k: 1 + 100/1 = 101 (one checkpoint keeps everything plus the checkpoint)
      {"L = 100, k = 1", 100, 1, 101},
      // k + L/k: 4 + 0/4 = 4
      {"L = 0, k = 4", 0, 4, 4},
  }};
  for (const Row& r : rows) {
    SECTION(r.source) {
      INFO(r.source);
      CHECK(reckon::physics::checkpoint_memory_units(r.layers, r.checkpoints) ==
            Approx(r.expected));
    }
  }
  SECTION("domain errors") {
    CHECK_THROWS_AS(reckon::physics::checkpoint_memory_units(100, 0), std::domain_error);
    CHECK_THROWS_AS(reckon::physics::checkpoint_memory_units(100, -2), std::domain_error);
    CHECK_THROWS_AS(reckon::physics::checkpoint_memory_units(-1, 10), std::domain_error);
  }
}

TEST_CASE("training and decode work", "[physics][transformer]") {
  SECTION("GPT-3 training compute") {
    // Brown et al. 2020, Table D.1: 3.14e23 flop for 174.6e9 params on 300e9 tokens.
    const auto work =
        reckon::physics::training_flops(174.6e9 * units::params, 300e9 * units::tokens, false);
    CHECK(work.value() == Approx(3.14e23).epsilon(1e-3));
  }
  SECTION("recomputation ratio") {
    struct Row {
      double params, tokens;
    };
    // Chen et al. 2016 / REFERENCE.md: full recomputation turns 6PD into 8PD.
    const std::array<Row, 3> rows = {{{174.6e9, 300e9}, {7e9, 2e12}, {124e6, 1}}};
    for (const Row& r : rows) {
      INFO("P = " << r.params << ", D = " << r.tokens);
      const auto plain = reckon::physics::training_flops(r.params * units::params,
                                                         r.tokens * units::tokens, false);
      const auto again =
          reckon::physics::training_flops(r.params * units::params, r.tokens * units::tokens, true);
      CHECK(again / plain == Approx(8.0 / 6.0));
    }
  }
  SECTION("decode is 2P per token") {
    struct Row {
      double params, tokens, expected;
    };
    // Kaplan et al. 2020: forward pass 2P flop per token.
    const std::array<Row, 3> rows = {{
        {175e9, 1, 3.5e11},         // 2 * 175e9
        {7e9, 1000, 1.4e13},        // 2 * 7e9 * 1000
        {124e6, 1024, 2.53952e11},  // 2 * 124e6 * 1024
    }};
    for (const Row& r : rows) {
      INFO("P = " << r.params << ", tokens = " << r.tokens);
      CHECK(reckon::physics::decode_flops(r.params * units::params, r.tokens * units::tokens)
                .value() == Approx(r.expected));
    }
  }
  SECTION("negative inputs are rejected") {
    CHECK_THROWS_AS(
        reckon::physics::training_flops(-1.0 * units::params, 1.0 * units::tokens, false),
        std::domain_error);
    CHECK_THROWS_AS(reckon::physics::decode_flops(1.0 * units::params, -1.0 * units::tokens),
                    std::domain_error);
  }
}

TEST_CASE("dimension_of maps Boost.Units dimensions onto runtime ones", "[units]") {
  struct Row {
    const char* unit;
    Dimension actual, expected;
  };
  const Dimension time = Dimension::of(Base::time);
  const Dimension mass = Dimension::of(Base::mass);
  const Dimension length = Dimension::of(Base::length);
  const Dimension information = Dimension::of(Base::information);
  const Dimension compute = Dimension::of(Base::compute);
  const std::array<Row, 9> rows = {{
      {"information", units::dimension_of<units::information_unit>(), information},
      {"token", units::dimension_of<units::token_unit>(), Dimension::of(Base::token)},
      {"money", units::dimension_of<units::money_unit>(), Dimension::of(Base::money)},
      {"bandwidth = B/s", units::dimension_of<units::bandwidth_unit>(), information / time},
      {"compute rate = flop/s", units::dimension_of<units::compute_rate_unit>(), compute / time},
      {"energy = kg m^2 s^-2", units::dimension_of<units::energy_unit>(),
       mass * length.pow(2) / time.pow(2)},
      {"power = J/s", units::dimension_of<units::power_unit>(), mass * length.pow(2) / time.pow(3)},
      {"flop/(param token)",
       units::dimension_of<decltype(units::flops / (units::params * units::tokens))>(),
       compute / Dimension::of(Base::param) / Dimension::of(Base::token)},
      {"B/B is dimensionless", units::dimension_of<decltype(units::bytes / units::bytes)>(),
       Dimension::none()},
  }};
  for (const Row& r : rows) {
    INFO(r.unit);
    CHECK(r.actual == r.expected);
  }
  // The mapping is constexpr: usable where the interpreter needs a compile-time constant.
  STATIC_REQUIRE(units::dimension_of<units::information_unit>() ==
                 Dimension::of(Base::information));
}
