// Checks of the memory natives (activations under parallelism, model and optimizer state,
// key/value caches) against published numbers. Each row names its source.
#include <array>
#include <catch2/catch.hpp>
#include <stdexcept>
#include <string>

#include "stdlib/physics/memory.hpp"
#include "stdlib/units.hpp"

namespace units = reckon::units;
namespace physics = reckon::physics;
using physics::Optimizer;
using physics::Recompute;

namespace {

constexpr double GB = 1e9;
constexpr double GiB = 1024.0 * 1024.0 * 1024.0;

units::q<units::information_unit> B(double x) { return x * units::bytes; }
units::q<units::token_unit> tok(double x) { return x * units::tokens; }
units::q<units::param_unit> par(double x) { return x * units::params; }
units::q<physics::bytes_per_param_unit> BP(double x) { return x * units::bytes / units::params; }

}  // namespace

TEST_CASE("activation_memory_parallel covers every row of Korthikanti Table 2", "[memory]") {
  struct Row {
    const char* source;
    double layers, s, b, h, a;
    Recompute strategy;
    double t;
    bool sp;
    double expected_bytes;
  };
  // GPT-3 175B layer (Brown et al. 2020, Table 2.1: h 12288, a 96, s 2048), b = 1, t = 8
  // (Korthikanti et al. 2022, Table 3 uses t = 8 for GPT-3): s*b*h = 25,165,824 and
  // 5*a*s/h = 80.
  const double sbh = 2048.0 * 12288;
  const std::array<Row, 10> rows = {{
      // REFERENCE.md (GPT-2 small layer, s 1024, h 768, a 12): t = 1 reproduces the
      // no-parallelism row s*b*h*(34 + 5as/h) = 786,432 * 114.
      {"REFERENCE.md: t = 1, none", 1, 1024, 1, 768, 12, Recompute::none, 1, false, 89'653'248},
      {"REFERENCE.md: t = 1, sequence parallel, none", 1, 1024, 1, 768, 12, Recompute::none, 1,
       true, 89'653'248},
      {"REFERENCE.md: t = 1, selective", 1, 1024, 1, 768, 12, Recompute::selective, 1, false,
       26'738'688},
      // Table 2, tensor parallel: sbh (10 + 24/8 + 80/8) = 23 sbh
      {"Table 2: tensor parallel", 1, 2048, 1, 12288, 96, Recompute::none, 8, false, 23 * sbh},
      // Table 2, tensor + sequence parallel: sbh (34/8 + 80/8) = 14.25 sbh
      {"Table 2: tensor + sequence parallel", 1, 2048, 1, 12288, 96, Recompute::none, 8, true,
       14.25 * sbh},
      // Table 2, tensor parallel + selective: sbh (10 + 24/8) = 13 sbh
      {"Table 2: tensor parallel + selective", 1, 2048, 1, 12288, 96, Recompute::selective, 8,
       false, 13 * sbh},
      // Table 2, tensor + sequence parallel + selective: 34 sbh / 8 = 4.25 sbh
      {"Table 2: tensor + sequence parallel + selective", 1, 2048, 1, 12288, 96,
       Recompute::selective, 8, true, 4.25 * sbh},
      // Table 2, full activation recomputation: 2 sbh
      {"Table 2: full recomputation", 1, 2048, 1, 12288, 96, Recompute::full, 8, true, 2 * sbh},
      // Table 2 is per layer: 96 layers are 96x.
      {"Table 2: 96 layers, tensor + sequence parallel + selective", 96, 2048, 1, 12288, 96,
       Recompute::selective, 8, true, 96 * 4.25 * sbh},
      // Micro-batch 4 is 4x.
      {"Table 2: b = 4, tensor parallel", 1, 2048, 4, 12288, 96, Recompute::none, 8, false,
       4 * 23 * sbh},
  }};
  for (const Row& r : rows) {
    SECTION(std::string(r.source)) {
      INFO(r.source);
      const auto bytes = physics::activation_memory_parallel(r.layers, tok(r.s), r.b, r.h, r.a,
                                                             B(2), r.strategy, r.t, r.sp);
      CHECK(bytes.value() == Approx(r.expected_bytes).epsilon(1e-12));
    }
  }
  SECTION("other element widths scale the 2-byte constants (REFERENCE.md: 4-byte = 2x)") {
    const auto two = physics::activation_memory_parallel(1, tok(2048), 1, 12288, 96, B(2),
                                                         Recompute::none, 8, true);
    const auto four = physics::activation_memory_parallel(1, tok(2048), 1, 12288, 96, B(4),
                                                          Recompute::none, 8, true);
    CHECK(four / two == Approx(2.0));
  }
}

TEST_CASE("selective recomputation savings match Korthikanti et al. 2022", "[memory]") {
  struct Row {
    const char* source;
    double s, h, a, t, expected_saving, tolerance;
  };
  // Korthikanti et al. 2022, Sec. 5: selective recomputation saves 70% of the activation
  // memory for GPT-3 (h 12288, a 96) and 65% for MT-NLG (h 20480, a 128), at s = 2048; with
  // tensor and sequence parallelism both terms divide by t, so the share is the same.
  const std::array<Row, 4> rows = {{
      {"GPT-3, Sec. 5: 70%", 2048, 12288, 96, 1, 0.70, 0.005},
      {"GPT-3, t = 8 + SP, Sec. 5: 70%", 2048, 12288, 96, 8, 0.70, 0.005},
      {"MT-NLG, Sec. 5: 65%", 2048, 20480, 128, 1, 0.65, 0.005},
      {"MT-NLG, t = 8 + SP, Sec. 5: 65%", 2048, 20480, 128, 8, 0.65, 0.005},
  }};
  for (const Row& r : rows) {
    SECTION(std::string(r.source)) {
      const auto none = physics::activation_memory_parallel(1, tok(r.s), 1, r.h, r.a, B(2),
                                                            Recompute::none, r.t, true);
      const auto selective = physics::activation_memory_parallel(1, tok(r.s), 1, r.h, r.a, B(2),
                                                                 Recompute::selective, r.t, true);
      CHECK(1 - selective / none == Approx(r.expected_saving).margin(r.tolerance));
    }
  }
  SECTION("abstract: about 5x less than the tensor-parallel baseline (MT-NLG, t = 8)") {
    // Korthikanti et al. 2022, abstract: sequence parallelism with selective recomputation
    // "reduces activation memory by 5x"; MT-NLG 530B runs at t = 8 (Table 3):
    // (10 + 24/8 + 64/8) / (34/8) = 21 / 4.25 = 4.94.
    const auto baseline = physics::activation_memory_parallel(1, tok(2048), 1, 20480, 128, B(2),
                                                              Recompute::none, 8, false);
    const auto reduced = physics::activation_memory_parallel(1, tok(2048), 1, 20480, 128, B(2),
                                                             Recompute::selective, 8, true);
    CHECK(baseline / reduced == Approx(5.0).epsilon(0.02));
  }
}

TEST_CASE("activation_memory_parallel rejects impossible sizes", "[memory]") {
  struct Row {
    const char* what;
    double layers, s, b, h, a, width, t;
  };
  const std::array<Row, 8> rows = {{
      {"negative layers", -1, 1024, 1, 768, 12, 2, 1},
      {"negative sequence", 1, -1, 1, 768, 12, 2, 1},
      {"negative micro-batch", 1, 1024, -1, 768, 12, 2, 1},
      {"zero hidden", 1, 1024, 1, 0, 12, 2, 1},
      {"negative heads", 1, 1024, 1, 768, -1, 2, 1},
      {"zero element width", 1, 1024, 1, 768, 12, 0, 1},
      {"tensor-parallel degree below 1", 1, 1024, 1, 768, 12, 2, 0.5},
      {"tensor-parallel degree zero", 1, 1024, 1, 768, 12, 2, 0},
  }};
  for (const Row& r : rows) {
    SECTION(std::string(r.what)) {
      CHECK_THROWS_AS(physics::activation_memory_parallel(r.layers, tok(r.s), r.b, r.h, r.a,
                                                          B(r.width), Recompute::none, r.t, true),
                      std::domain_error);
    }
  }
}

TEST_CASE("pipeline_activation_factor and the first pipeline stage", "[memory]") {
  struct Row {
    const char* source;
    double p, m, expected;
  };
  // Korthikanti et al. 2022, Sec. 4.2.3: 1F1B keeps L layers' worth on the first stage
  // whatever p; interleaving with m chunks multiplies by 1 + (p - 1)/(p m). Cross-check:
  // Megatron's interleaved schedule (Narayanan et al. 2021, Sec. 2.2.2) warms up with
  // 2(p - 1) + (m - 1)p micro-batch chunks on the first stage, so p m + p - 1 chunks of L/(p m)
  // layers are in flight: p = 4, m = 2 gives 11/8.
  const std::array<Row, 6> rows = {{
      {"1F1B, p = 1", 1, 1, 1},
      {"1F1B, p = 8", 8, 1, 1},
      {"interleaved p = 4, m = 2: 1 + 3/8", 4, 2, 11.0 / 8},
      {"interleaved p = 8, m = 2: 1 + 7/16", 8, 2, 23.0 / 16},
      {"interleaved p = 8, m = 4: 1 + 7/32", 8, 4, 39.0 / 32},
      {"interleaved p = 1, m = 4: no pipeline, 1", 1, 4, 1},
  }};
  for (const Row& r : rows) {
    SECTION(std::string(r.source)) {
      CHECK(physics::pipeline_activation_factor(r.p, r.m) == Approx(r.expected));
    }
  }
  SECTION("first stage holds L layers times the factor (GPT-3, t = 8, SP, selective)") {
    // Korthikanti et al. 2022, Sec. 4.2.3 and Table 2: 96 * 34 * s b h / t bytes on the first
    // stage with 1F1B; p = 8, m = 2 interleaved: x 23/16.
    const double sbh = 2048.0 * 12288;
    const auto plain = physics::first_stage_activation_memory(96, tok(2048), 1, 12288, 96, B(2),
                                                              Recompute::selective, 8, true, 8, 1);
    CHECK(plain.value() == Approx(96 * 34 * sbh / 8));
    const auto interleaved = physics::first_stage_activation_memory(
        96, tok(2048), 1, 12288, 96, B(2), Recompute::selective, 8, true, 8, 2);
    CHECK(interleaved.value() == Approx(96 * 34 * sbh / 8 * 23 / 16));
  }
  SECTION("domain errors") {
    CHECK_THROWS_AS(physics::pipeline_activation_factor(0, 1), std::domain_error);
    CHECK_THROWS_AS(physics::pipeline_activation_factor(4, 0), std::domain_error);
    CHECK_THROWS_AS(physics::first_stage_activation_memory(96, tok(2048), 1, 12288, 96, B(2),
                                                           Recompute::none, 8, true, 0, 1),
                    std::domain_error);
    CHECK_THROWS_AS(physics::first_stage_activation_memory(96, tok(2048), 1, 0, 96, B(2),
                                                           Recompute::none, 8, true, 8, 2),
                    std::domain_error);
  }
}

TEST_CASE("model state per parameter by optimizer and precision", "[memory]") {
  struct Row {
    const char* source;
    Optimizer optimizer;
    double weight, gradient, master, moment, expected;
  };
  const std::array<Row, 7> rows = {{
      // REFERENCE.md / Megatron-LM: bf16 weights 2 + fp32 grads 4 + fp32 master 4 + moments 8
      {"REFERENCE.md: mixed-precision Adam, Megatron-LM", Optimizer::adam, 2, 4, 4, 4, 18},
      // Rajbhandari et al. 2020, Sec. 3.1: 2 + 2 + K, K = 12
      {"ZeRO Sec. 3.1: 2 + 2 + 12", Optimizer::adam, 2, 2, 4, 4, 16},
      // EleutherAI Transformer Math 101: pure fp32 Adam, 4 + 4 + 8
      {"Transformer Math 101: fp32 Adam", Optimizer::adam, 4, 4, 0, 4, 16},
      // Transformer Math 101: 8-bit Adam optimizer state 4 + 1 + 1 = 6 (with bf16 weights and
      // grads: 2 + 2 + 6)
      {"Transformer Math 101: 8-bit Adam", Optimizer::adam, 2, 2, 4, 1, 10},
      // Transformer Math 101: SGD with momentum, optimizer state 4 + 4 = 8
      {"Transformer Math 101: SGD with momentum", Optimizer::sgd_momentum, 2, 2, 4, 4, 12},
      // plain SGD in mixed precision keeps only the master copy: 2 + 2 + 4
      {"plain SGD, mixed precision", Optimizer::sgd, 2, 2, 4, 4, 8},
      // plain SGD in fp32: weights and gradients only
      {"plain SGD, fp32", Optimizer::sgd, 4, 4, 0, 4, 8},
  }};
  for (const Row& r : rows) {
    SECTION(std::string(r.source)) {
      const auto per_param = physics::model_state_bytes_per_param(
          r.optimizer, BP(r.weight), BP(r.gradient), BP(r.master), BP(r.moment));
      CHECK(per_param.value() == Approx(r.expected));
    }
  }
  SECTION("moments per optimizer (Kingma & Ba 2015: Adam keeps m and v)") {
    CHECK(physics::optimizer_moments(Optimizer::sgd) == 0);
    CHECK(physics::optimizer_moments(Optimizer::sgd_momentum) == 1);
    CHECK(physics::optimizer_moments(Optimizer::adam) == 2);
  }
  SECTION("domain errors") {
    CHECK_THROWS_AS(
        physics::model_state_bytes_per_param(Optimizer::adam, BP(-2), BP(4), BP(4), BP(4)),
        std::domain_error);
    CHECK_THROWS_AS(
        physics::model_state_bytes_per_param(Optimizer::adam, BP(2), BP(4), BP(4), BP(-1)),
        std::domain_error);
  }
}

TEST_CASE("ZeRO stages divide model state by the data-parallel degree", "[memory]") {
  struct Row {
    const char* source;
    double params, stage, nd, expected_gb, tolerance;
  };
  // Rajbhandari et al. 2020, arXiv 1910.02054, with 2 + 2 + 12 B/param (K = 12). Tolerances
  // are absolute, in GB: half the last digit the paper prints.
  const std::array<Row, 9> rows = {{
      // Figure 1: 7.5B parameters on 64 GPUs: 120, 31.4, 16.6, 1.9 GB
      {"Figure 1: baseline 120 GB", 7.5e9, 0, 64, 120, 1e-9},
      {"Figure 1: P_os 31.4 GB", 7.5e9, 1, 64, 31.4, 0.05},
      {"Figure 1: P_os+g 16.6 GB", 7.5e9, 2, 64, 16.6, 0.05},
      {"Figure 1: P_os+g+p 1.9 GB", 7.5e9, 3, 64, 1.9, 0.05},
      // exact arithmetic behind Figure 1: 30 + 90/64, 15 + 105/64, 120/64
      {"Figure 1 exact: P_os", 7.5e9, 1, 64, 31.40625, 1e-9},
      {"Figure 1 exact: P_os+g", 7.5e9, 2, 64, 16.640625, 1e-9},
      // Sec. 3.1: GPT-2 with 1.5B parameters needs at least 24 GB (16 x 1.5B)
      {"Sec. 3.1: GPT-2 1.5B needs 24 GB", 1.5e9, 0, 1, 24, 1e-9},
      // Table 1: 128B parameters, N_d = 64, P_os: 512 + 1536/64 = 536 GB
      {"Table 1: 128B, N_d 64, P_os 536 GB", 128e9, 1, 64, 536, 0.5},
      // Table 1: 1T parameters, N_d = 1024, P_os+g+p: 16 TB / 1024 = 15.6 GB
      {"Table 1: 1T, N_d 1024, P_os+g+p 15.6 GB", 1e12, 3, 1024, 15.6, 0.05},
  }};
  for (const Row& r : rows) {
    SECTION(std::string(r.source)) {
      const auto bytes = physics::model_state_memory(par(r.params), Optimizer::adam, BP(2), BP(2),
                                                     BP(4), BP(4), r.stage, r.nd);
      CHECK(bytes.value() / GB == Approx(r.expected_gb).margin(r.tolerance));
    }
  }
  SECTION("optimizer state alone: K = 12, 7.5B -> 90 GB, / 64 from stage 1") {
    // Rajbhandari et al. 2020, Sec. 5.1: K Psi = 12 x 7.5e9 = 90 GB.
    CHECK(
        physics::optimizer_state_memory(par(7.5e9), Optimizer::adam, BP(4), BP(4), 0, 64).value() ==
        Approx(90 * GB));
    CHECK(
        physics::optimizer_state_memory(par(7.5e9), Optimizer::adam, BP(4), BP(4), 1, 64).value() ==
        Approx(90 * GB / 64));
    CHECK(
        physics::optimizer_state_memory(par(7.5e9), Optimizer::adam, BP(4), BP(4), 3, 64).value() ==
        Approx(90 * GB / 64));
  }
  SECTION("domain errors") {
    CHECK_THROWS_AS(
        physics::model_state_memory(par(7.5e9), Optimizer::adam, BP(2), BP(2), BP(4), BP(4), 4, 64),
        std::domain_error);
    CHECK_THROWS_AS(physics::model_state_memory(par(7.5e9), Optimizer::adam, BP(2), BP(2), BP(4),
                                                BP(4), 1.5, 64),
                    std::domain_error);
    CHECK_THROWS_AS(physics::model_state_memory(par(7.5e9), Optimizer::adam, BP(2), BP(2), BP(4),
                                                BP(4), -1, 64),
                    std::domain_error);
    CHECK_THROWS_AS(
        physics::model_state_memory(par(7.5e9), Optimizer::adam, BP(2), BP(2), BP(4), BP(4), 1, 0),
        std::domain_error);
    CHECK_THROWS_AS(
        physics::model_state_memory(par(-1), Optimizer::adam, BP(2), BP(2), BP(4), BP(4), 0, 1),
        std::domain_error);
    CHECK_THROWS_AS(physics::optimizer_state_memory(par(1e9), Optimizer::adam, BP(-4), BP(4), 0, 1),
                    std::domain_error);
  }
}

TEST_CASE("weights and checkpoint on disk", "[memory]") {
  // REFERENCE.md: GPT-3 weights at 2 B/param are 350 GB (175e9 x 2 B).
  CHECK(physics::model_weights_memory(par(175e9), BP(2)).value() == Approx(350 * GB));
  // REFERENCE.md: a checkpoint is 14 B/param (2 + 4 + 8 for mixed-precision Adam):
  // GPT-3 175B -> 2.45 TB.
  CHECK(physics::training_checkpoint_bytes(par(1), Optimizer::adam, BP(2), BP(4), BP(4)).value() ==
        Approx(14));
  CHECK(physics::training_checkpoint_bytes(par(175e9), Optimizer::adam, BP(2), BP(4), BP(4))
            .value() == Approx(2.45e12));
  // Without moments (plain SGD) only the weights and master copy: 2 + 4.
  CHECK(physics::training_checkpoint_bytes(par(1), Optimizer::sgd, BP(2), BP(4), BP(4)).value() ==
        Approx(6));
  SECTION("domain errors") {
    CHECK_THROWS_AS(physics::model_weights_memory(par(-1), BP(2)), std::domain_error);
    CHECK_THROWS_AS(physics::model_weights_memory(par(1), BP(-2)), std::domain_error);
    CHECK_THROWS_AS(
        physics::training_checkpoint_bytes(par(-1), Optimizer::adam, BP(2), BP(4), BP(4)),
        std::domain_error);
  }
}

TEST_CASE("kv_cache_bytes", "[memory]") {
  struct Row {
    const char* source;
    double layers, kv_heads, head_dim, s, batch, width, expected, tolerance;
  };
  const std::array<Row, 5> rows = {{
      // REFERENCE.md: 32 layers, 32 heads, head 128, 2048 tokens, batch 1, 2 B = 1 GiB exactly
      {"REFERENCE.md: 1 GiB", 32, 32, 128, 2048, 1, 2, GiB, 1e-12},
      // Kwon et al. 2023 (vLLM), Sec. 3: OPT-13B, 2 x 5120 x 40 x 2 B = 800 KB per token
      // (40 heads of 128)
      {"vLLM Sec. 3: OPT-13B 800 KB per token", 40, 40, 128, 1, 1, 2, 800 * 1024.0, 1e-12},
      // same: up to 2048 tokens per request, "1.6 GB" (800 KB x 2048 = 1.5625 GiB, 1.68e9 B)
      {"vLLM Sec. 3: OPT-13B 2048 tokens = 1.6 GB", 40, 40, 128, 2048, 1, 2, 1.6 * GiB, 0.03},
      // Llama-2 70B (Touvron et al. 2023): 80 layers, 8 KV heads (GQA) of 128, 4096 tokens:
      // 2 x 80 x 8 x 128 x 4096 x 2 B = 1.25 GiB
      {"Llama-2 70B GQA, 4096 tokens", 80, 8, 128, 4096, 1, 2, 1.25 * GiB, 1e-12},
      // batch and element width are linear: batch 8 at 1 B = 4x the line above
      {"Llama-2 70B GQA, batch 8, 1 B", 80, 8, 128, 4096, 8, 1, 5 * GiB, 1e-12},
  }};
  for (const Row& r : rows) {
    SECTION(std::string(r.source)) {
      const auto bytes =
          physics::kv_cache_bytes(r.layers, r.kv_heads, r.head_dim, tok(r.s), r.batch, B(r.width));
      CHECK(bytes.value() == Approx(r.expected).epsilon(r.tolerance));
    }
  }
  SECTION("grouped-query attention with 8 of 64 heads stores 1/8 (Ainslie et al. 2023)") {
    const auto gqa = physics::kv_cache_bytes(80, 8, 128, tok(4096), 1, B(2));
    const auto mha = physics::kv_cache_bytes(80, 64, 128, tok(4096), 1, B(2));
    CHECK(gqa / mha == Approx(1.0 / 8));
  }
  SECTION("domain errors") {
    CHECK_THROWS_AS(physics::kv_cache_bytes(-1, 8, 128, tok(1), 1, B(2)), std::domain_error);
    CHECK_THROWS_AS(physics::kv_cache_bytes(80, -8, 128, tok(1), 1, B(2)), std::domain_error);
    CHECK_THROWS_AS(physics::kv_cache_bytes(80, 8, -1, tok(1), 1, B(2)), std::domain_error);
    CHECK_THROWS_AS(physics::kv_cache_bytes(80, 8, 128, tok(-1), 1, B(2)), std::domain_error);
    CHECK_THROWS_AS(physics::kv_cache_bytes(80, 8, 128, tok(1), -1, B(2)), std::domain_error);
    CHECK_THROWS_AS(physics::kv_cache_bytes(80, 8, 128, tok(1), 1, B(0)), std::domain_error);
  }
}

TEST_CASE("mla_kv_cache_bytes", "[memory]") {
  SECTION("DeepSeek-V2 Table 1: (d_c + d_h^R) l = 4.5 d_h l elements per token") {
    // DeepSeek-V2 (arXiv 2405.04434), Sec. 3.1.2: 60 layers, d_h 128, d_c 512, d_h^R 64;
    // Table 1: MLA caches (d_c + d_h^R) l ~ 9/2 d_h l elements, like GQA with 2.25 groups.
    const auto mla = physics::mla_kv_cache_bytes(60, tok(1), 1, 512, 64, B(2));
    CHECK(mla.value() == Approx(4.5 * 128 * 60 * 2));
    CHECK(mla.value() == Approx(physics::kv_cache_bytes(60, 2.25, 128, tok(1), 1, B(2)).value()));
  }
  SECTION("DeepSeek-V3: 61 layers, 576 elements, 2 B -> 70,272 B per token") {
    // DeepSeek-V3 (arXiv 2412.19437), Sec. 4.2: 61 layers, d_c 512, d_h^R 64.
    CHECK(physics::mla_kv_cache_bytes(61, tok(1), 1, 512, 64, B(2)).value() == Approx(70'272));
    // linear in tokens and batch: 4096 tokens, batch 2
    CHECK(physics::mla_kv_cache_bytes(61, tok(4096), 2, 512, 64, B(2)).value() ==
          Approx(70'272.0 * 4096 * 2));
  }
  SECTION("domain errors") {
    CHECK_THROWS_AS(physics::mla_kv_cache_bytes(-1, tok(1), 1, 512, 64, B(2)), std::domain_error);
    CHECK_THROWS_AS(physics::mla_kv_cache_bytes(60, tok(-1), 1, 512, 64, B(2)), std::domain_error);
    CHECK_THROWS_AS(physics::mla_kv_cache_bytes(60, tok(1), -1, 512, 64, B(2)), std::domain_error);
    CHECK_THROWS_AS(physics::mla_kv_cache_bytes(60, tok(1), 1, -512, 64, B(2)), std::domain_error);
    CHECK_THROWS_AS(physics::mla_kv_cache_bytes(60, tok(1), 1, 512, -64, B(2)), std::domain_error);
    CHECK_THROWS_AS(physics::mla_kv_cache_bytes(60, tok(1), 1, 512, 64, B(0)), std::domain_error);
  }
}

TEST_CASE("paged KV cache pads to whole blocks", "[memory]") {
  struct Row {
    const char* source;
    double s, block, blocks, padded, fragmentation;
  };
  const std::array<Row, 5> rows = {{
      // REFERENCE.md: block 16, 2050 tokens -> 2064, fragmentation 14/2064
      {"REFERENCE.md: 2050 tokens, block 16", 2050, 16, 129, 2064, 14.0 / 2064},
      // a whole number of blocks wastes nothing
      {"2048 tokens, block 16", 2048, 16, 128, 2048, 0},
      // Kwon et al. 2023, Sec. 4.1: waste is confined to the last block, at most block - 1
      {"1 token, block 16", 1, 16, 1, 16, 15.0 / 16},
      {"2050 tokens, block 32", 2050, 32, 65, 2080, 30.0 / 2080},
      {"empty sequence", 0, 16, 0, 0, 0},
  }};
  for (const Row& r : rows) {
    SECTION(std::string(r.source)) {
      CHECK(physics::paged_kv_blocks(tok(r.s), tok(r.block)) == r.blocks);
      CHECK(physics::paged_kv_tokens(tok(r.s), tok(r.block)).value() == r.padded);
      CHECK(physics::paged_kv_fragmentation(tok(r.s), tok(r.block)) ==
            Approx(r.fragmentation).margin(1e-15));
    }
  }
  SECTION("paged bytes are the plain formula at the padded length") {
    // REFERENCE.md: 32 x 32 x 128 at 2 B is 512 KiB per token; 2064 tokens.
    CHECK(physics::paged_kv_cache_bytes(32, 32, 128, tok(2050), 1, B(2), tok(16)).value() ==
          Approx(2064 * 524'288.0));
  }
  SECTION("domain errors") {
    CHECK_THROWS_AS(physics::paged_kv_blocks(tok(-1), tok(16)), std::domain_error);
    CHECK_THROWS_AS(physics::paged_kv_tokens(tok(10), tok(0)), std::domain_error);
    CHECK_THROWS_AS(physics::paged_kv_fragmentation(tok(10), tok(-16)), std::domain_error);
    CHECK_THROWS_AS(physics::paged_kv_cache_bytes(32, 32, 128, tok(2050), 1, B(2), tok(0)),
                    std::domain_error);
  }
}
