// Checks of the transformer natives (prefill work, parameter count, iteration FLOPs,
// utilisation, compute-optimal tokens) against published numbers. Each row names its source.
#include <array>
#include <catch2/catch.hpp>
#include <stdexcept>
#include <string>

#include "stdlib/physics/transformer.hpp"
#include "stdlib/units.hpp"

namespace units = reckon::units;
namespace physics = reckon::physics;
using physics::Recompute;

namespace {

units::q<units::token_unit> tok(double x) { return x * units::tokens; }
units::q<units::param_unit> par(double x) { return x * units::params; }
units::q<units::compute_unit> flop(double x) { return x * units::flops; }
units::q<units::time_unit> sec(double x) { return x * units::seconds; }
units::q<units::compute_rate_unit> rate(double x) { return x * units::flops_per_second; }
units::q<units::compute_rate_per_gpu_unit> per_gpu(double x) {
  return x * units::flops_per_second / units::gpus;
}
units::q<units::gpu_unit> gpus(double x) { return x * units::gpus; }

constexpr double day = 86400;

}  // namespace

TEST_CASE("transformer_param_count follows Narayanan et al. 2021 Eq. 2", "[transformer]") {
  struct Row {
    const char* source;
    double layers, hidden, vocab, s, expected, margin;
  };
  // Narayanan et al. 2021, arXiv 2104.04473, Table 1 (V = 51,200, s = 2048) prints the
  // parameter count to 0.1B; Brown et al. 2020, Table D.1 uses 174.6B for GPT-3.
  const std::array<Row, 8> rows = {{
      {"Brown et al. 2020, Table D.1: GPT-3 (V 50257) 174.6B", 96, 12288, 50257, 2048, 174.6e9,
       0.05e9},
      {"GPT-3 with Megatron's padded vocabulary 51200: 174.6B", 96, 12288, 51200, 2048, 174.6e9,
       0.05e9},
      {"Narayanan Table 1: 18.4B (h 6144, L 40)", 40, 6144, 51200, 2048, 18.4e9, 0.05e9},
      {"Narayanan Table 1: 39.1B (h 8192, L 48)", 48, 8192, 51200, 2048, 39.1e9, 0.05e9},
      {"Narayanan Table 1: 145.6B (h 12288, L 80)", 80, 12288, 51200, 2048, 145.6e9, 0.05e9},
      {"Narayanan Table 1: 529.6B (h 20480, L 105)", 105, 20480, 51200, 2048, 529.6e9, 0.05e9},
      {"Narayanan Table 1: 1008.0B (h 25600, L 128)", 128, 25600, 51200, 2048, 1008.0e9, 0.05e9},
      // GPT-2 small (Radford et al. 2019; REFERENCE.md 124M; the released checkpoint has
      // 124,439,808 parameters, 2h more than Eq. 2 for the final layer norm).
      {"GPT-2 small: 124,439,808", 12, 768, 50257, 1024, 124'439'808, 2 * 768},
  }};
  for (const Row& r : rows) {
    SECTION(std::string(r.source)) {
      const auto p = physics::transformer_param_count(r.layers, r.hidden, r.vocab, tok(r.s));
      CHECK(p.value() == Approx(r.expected).margin(r.margin));
    }
  }
  SECTION("Eq. 2 in its factored form") {
    const double L = 96, h = 12288, V = 51200, s = 2048;
    const double factored = 12 * L * h * h * (1 + 13 / (12 * h) + (V + s) / (12 * L * h));
    CHECK(physics::transformer_param_count(L, h, V, tok(s)).value() ==
          Approx(factored).epsilon(1e-12));
  }
  SECTION("Narayanan Eq. 4, 8 T P / (n X): GPT-3 in 34 days, 1T in 84 days") {
    // Narayanan et al. 2021, Sec. 5.1: GPT-3 (T = 300B tokens, n = 1024, X = 140 TFLOP/s)
    // about 34 days; the 1T model (T = 450B, n = 3072, X = 163 TFLOP/s) about 84 days.
    const auto gpt3 = physics::transformer_param_count(96, 12288, 51200, tok(2048));
    const auto t_gpt3 = physics::training_flops(gpt3, tok(300e9), true) / rate(1024 * 140e12);
    CHECK(t_gpt3.value() / day == Approx(34).margin(0.5));
    const auto trillion = physics::transformer_param_count(128, 25600, 51200, tok(2048));
    const auto t_1t = physics::training_flops(trillion, tok(450e9), true) / rate(3072 * 163e12);
    CHECK(t_1t.value() / day == Approx(84).margin(0.5));
  }
  SECTION("domain errors") {
    CHECK_THROWS_AS(physics::transformer_param_count(-1, 768, 50257, tok(1024)), std::domain_error);
    CHECK_THROWS_AS(physics::transformer_param_count(12, -768, 50257, tok(1024)),
                    std::domain_error);
    CHECK_THROWS_AS(physics::transformer_param_count(12, 768, -1, tok(1024)), std::domain_error);
    CHECK_THROWS_AS(physics::transformer_param_count(12, 768, 50257, tok(-1)), std::domain_error);
  }
}

TEST_CASE("prefill_flops counts the attention products", "[transformer]") {
  // GPT-3 175B (Brown et al. 2020, Table 2.1 and D.1): P 174.6e9, L 96, h 12288, s 2048.
  const double P = 174.6e9, L = 96, h = 12288, s = 2048;
  SECTION("Kaplan et al. 2020, Table 1: C_forward = 2N + 2 n_layer n_ctx d_attn (causal)") {
    const double per_token = 2 * P + 2 * L * s * h;  // 354,031,838,208 flop
    CHECK(physics::prefill_flops(par(P), L, h, tok(s), 1, true).value() ==
          Approx(per_token * s).epsilon(1e-12));
  }
  SECTION("non-causal: 2P + 2 x 2 L s h per token (QK^T and AV), batch 4") {
    const double per_token = 2 * P + 4 * L * s * h;
    CHECK(physics::prefill_flops(par(P), L, h, tok(s), 4, false).value() ==
          Approx(per_token * s * 4).epsilon(1e-12));
  }
  SECTION("Kaplan et al. 2020, Sec. 2.1: the context term is n_ctx/(12 d_model) of 2N") {
    // With N = 12 L h^2 (Kaplan Eq. 2.1 without embeddings): 2048 / (12 x 12288) = 1.39%.
    const double N = 12 * L * h * h;
    const auto with = physics::prefill_flops(par(N), L, h, tok(s), 1, true);
    const auto without = physics::decode_flops(par(N), tok(s));
    CHECK(with / without - 1 == Approx(s / (12 * h)).epsilon(1e-12));
  }
  SECTION("Narayanan et al. 2021, Sec. 5.1: forward = 24 B s L h^2 (1 + s/(6h) + V/(12 L h))") {
    // With P from Eq. 2 the non-causal prefill is Narayanan's forward pass plus 2 flop per
    // token for each of the 13 L h bias/layer-norm and s h position parameters that Eq. 3
    // leaves out (2.3e-4 of the total for GPT-3), batch 8.
    const double V = 51200, B = 8;
    const auto p = physics::transformer_param_count(L, h, V, tok(s));
    const double narayanan = 24 * B * s * L * h * h * (1 + s / (6 * h) + V / (12 * L * h));
    const double left_out = 2 * (13 * L * h + s * h) * B * s;
    const auto prefill = physics::prefill_flops(p, L, h, tok(s), B, false);
    CHECK(prefill.value() == Approx(narayanan + left_out).epsilon(1e-12));
    CHECK(prefill.value() == Approx(narayanan).epsilon(3e-4));
  }
  SECTION("domain errors") {
    CHECK_THROWS_AS(physics::prefill_flops(par(-1), L, h, tok(s), 1, false), std::domain_error);
    CHECK_THROWS_AS(physics::prefill_flops(par(P), -1, h, tok(s), 1, false), std::domain_error);
    CHECK_THROWS_AS(physics::prefill_flops(par(P), L, -1, tok(s), 1, false), std::domain_error);
    CHECK_THROWS_AS(physics::prefill_flops(par(P), L, h, tok(-1), 1, false), std::domain_error);
    CHECK_THROWS_AS(physics::prefill_flops(par(P), L, h, tok(s), -1, false), std::domain_error);
  }
}

TEST_CASE("transformer_iteration_flops: model and hardware FLOPs", "[transformer]") {
  struct Row {
    const char* source;
    double B, s, L, h, V;
  };
  // Narayanan et al. 2021, Table 1 configurations (V 51200, s 2048) and MT-NLG.
  const std::array<Row, 3> rows = {{
      {"GPT-3 175B, batch 1536", 1536, 2048, 96, 12288, 51200},
      {"530B (MT-NLG shape), batch 2240", 2240, 2048, 105, 20480, 51200},
      {"1T, batch 3072", 3072, 2048, 128, 25600, 51200},
  }};
  for (const Row& r : rows) {
    SECTION(std::string(r.source)) {
      const double base = r.B * r.s * r.L * r.h * r.h;
      // Korthikanti et al. 2022, Sec. 6 / Narayanan et al. 2021, Sec. 5.1: model FLOPs
      // 72 B s L h^2 (1 + s/(6h) + V/(12 L h)).
      CHECK(physics::transformer_iteration_flops(r.B, tok(r.s), r.L, r.h, r.V, Recompute::none)
                .value() ==
            Approx(72 * base * (1 + r.s / (6 * r.h) + r.V / (12 * r.L * r.h))).epsilon(1e-12));
      // Narayanan et al. 2021, Eq. 3 (with activation recomputation):
      // 96 B s L h^2 (1 + s/(6h) + V/(16 L h)).
      CHECK(physics::transformer_iteration_flops(r.B, tok(r.s), r.L, r.h, r.V, Recompute::full)
                .value() ==
            Approx(96 * base * (1 + r.s / (6 * r.h) + r.V / (16 * r.L * r.h))).epsilon(1e-12));
    }
  }
  SECTION("Korthikanti et al. 2022, Sec. 5: selective recomputes 2.7% (GPT-3) and 1.6% (MT-NLG)") {
    // The recomputed work of selective recomputation as a share of full recomputation's
    // (one forward pass of the layers): 4 s / (24 h + 4 s).
    struct Share {
      const char* source;
      double L, h, expected;
    };
    const std::array<Share, 2> shares = {
        {{"GPT-3: 2.7%", 96, 12288, 0.027}, {"MT-NLG: 1.6%", 105, 20480, 0.016}}};
    for (const Share& r : shares) {
      INFO(r.source);
      const auto none =
          physics::transformer_iteration_flops(1, tok(2048), r.L, r.h, 51200, Recompute::none);
      const auto selective =
          physics::transformer_iteration_flops(1, tok(2048), r.L, r.h, 51200, Recompute::selective);
      const auto full =
          physics::transformer_iteration_flops(1, tok(2048), r.L, r.h, 51200, Recompute::full);
      CHECK((selective - none) / (full - none) == Approx(r.expected).margin(0.0005));
    }
  }
  SECTION("domain errors") {
    CHECK_THROWS_AS(
        physics::transformer_iteration_flops(-1, tok(2048), 96, 12288, 51200, Recompute::none),
        std::domain_error);
    CHECK_THROWS_AS(
        physics::transformer_iteration_flops(1, tok(-1), 96, 12288, 51200, Recompute::none),
        std::domain_error);
    CHECK_THROWS_AS(
        physics::transformer_iteration_flops(1, tok(2048), -96, 12288, 51200, Recompute::none),
        std::domain_error);
    CHECK_THROWS_AS(
        physics::transformer_iteration_flops(1, tok(2048), 96, -1, 51200, Recompute::none),
        std::domain_error);
    CHECK_THROWS_AS(
        physics::transformer_iteration_flops(1, tok(2048), 96, 12288, -1, Recompute::none),
        std::domain_error);
  }
}

TEST_CASE("model and hardware FLOPs utilisation", "[transformer]") {
  SECTION("Chowdhery et al. 2022 (PaLM), Appendix B: PaLM 540B MFU 46.2%") {
    // 6N + 12 L H Q T flop per token with N = 540.35e9, L 118, H 48, Q 256, T 2048;
    // 238.3K tokens/s on 6144 TPU v4 chips of 275 TFLOP/s peak.
    const double per_token = 6 * 540.35e9 + 12.0 * 118 * 48 * 256 * 2048;
    const double mfu = physics::model_flops_utilization(flop(per_token * 238.3e3), sec(1),
                                                        per_gpu(275e12), gpus(6144));
    CHECK(mfu == Approx(0.462).margin(0.0005));
    // Per iteration gives the same: a 4M-token batch takes 4M / 238.3K seconds.
    const double batch = 2048.0 * 2048;
    CHECK(physics::model_flops_utilization(flop(per_token * batch), sec(batch / 238.3e3),
                                           per_gpu(275e12), gpus(6144)) == Approx(mfu));
  }
  SECTION("Narayanan et al. 2021, Table 1: 1T model at 163 TFLOP/s per GPU is 52% of peak") {
    // Megatron's throughput counts recomputation (Eq. 3), so 163 / 312 is a hardware FLOPs
    // utilisation; iteration time from 3072 GPUs at 163 TFLOP/s, batch 3072.
    const auto model =
        physics::transformer_iteration_flops(3072, tok(2048), 128, 25600, 51200, Recompute::none);
    const auto hardware =
        physics::transformer_iteration_flops(3072, tok(2048), 128, 25600, 51200, Recompute::full);
    const auto time = hardware / rate(3072 * 163e12);
    const double hfu = physics::hardware_flops_utilization(model, hardware - model, time,
                                                           per_gpu(312e12), gpus(3072));
    CHECK(hfu == Approx(0.52).margin(0.005));
    // MFU excludes the recomputed forward pass: (72 / 96) x the ratio of the brackets.
    const double mfu = physics::model_flops_utilization(model, time, per_gpu(312e12), gpus(3072));
    CHECK(mfu / hfu == Approx(model / hardware));
    CHECK(mfu < hfu);
  }
  SECTION("without recomputation HFU equals MFU") {
    CHECK(physics::hardware_flops_utilization(flop(1e18), flop(0), sec(10), per_gpu(312e12),
                                              gpus(8)) ==
          Approx(physics::model_flops_utilization(flop(1e18), sec(10), per_gpu(312e12), gpus(8))));
  }
  SECTION("domain errors") {
    CHECK_THROWS_AS(physics::model_flops_utilization(flop(-1), sec(1), per_gpu(1e12), gpus(1)),
                    std::domain_error);
    CHECK_THROWS_AS(physics::model_flops_utilization(flop(1), sec(0), per_gpu(1e12), gpus(1)),
                    std::domain_error);
    CHECK_THROWS_AS(physics::model_flops_utilization(flop(1), sec(1), per_gpu(0), gpus(1)),
                    std::domain_error);
    CHECK_THROWS_AS(physics::model_flops_utilization(flop(1), sec(1), per_gpu(1e12), gpus(0)),
                    std::domain_error);
    CHECK_THROWS_AS(
        physics::hardware_flops_utilization(flop(1), flop(-1), sec(1), per_gpu(1e12), gpus(1)),
        std::domain_error);
    CHECK_THROWS_AS(
        physics::hardware_flops_utilization(flop(1), flop(1), sec(-1), per_gpu(1e12), gpus(1)),
        std::domain_error);
  }
}

TEST_CASE("chinchilla_optimal_tokens is 20 tokens per parameter", "[transformer]") {
  struct Row {
    const char* source;
    double params, expected, epsilon;
  };
  const std::array<Row, 3> rows = {{
      // Hoffmann et al. 2022, Sec. 4: Chinchilla, 70B parameters on 1.4T tokens.
      {"Chinchilla: 70B -> 1.4T", 70e9, 1.4e12, 1e-12},
      // Hoffmann et al. 2022, Table 3 (approach 1): 1B -> 20.2B, 10B -> 205.1B tokens.
      {"Table 3: 1B -> 20.2B", 1e9, 20.2e9, 0.01},
      {"Table 3: 10B -> 205.1B", 10e9, 205.1e9, 0.03},
  }};
  for (const Row& r : rows) {
    SECTION(std::string(r.source)) {
      CHECK(physics::chinchilla_optimal_tokens(par(r.params), 20).value() ==
            Approx(r.expected).epsilon(r.epsilon));
    }
  }
  SECTION("another ratio") {
    CHECK(physics::chinchilla_optimal_tokens(par(8e9), 25).value() == Approx(200e9));
  }
  SECTION("domain errors") {
    CHECK_THROWS_AS(physics::chinchilla_optimal_tokens(par(-1), 20), std::domain_error);
    CHECK_THROWS_AS(physics::chinchilla_optimal_tokens(par(1e9), -20), std::domain_error);
  }
}
