// Checks of the serving natives for memory and routing: quantized weights, LoRA adapters and
// mixture-of-experts capacity and all-to-all. Each row names its source: a published number or
// an independent calculation written beside it.
#include <catch2/catch.hpp>
#include <stdexcept>

#include "stdlib/physics/serving_footprint.hpp"
#include "stdlib/physics/serving_moe.hpp"
#include "stdlib/units.hpp"

namespace units = reckon::units;
namespace physics = reckon::physics;

namespace {

constexpr double bit = 1.0 / 8;  // bytes

units::q<units::information_unit> bits(double n) { return n * bit * units::bytes; }

units::q<physics::bytes_per_param_unit> bits_per_param(double n) {
  return n * bit * units::bytes / units::params;
}

// Bits per weight of quantize(1 param, ...): the whole cost of one weight.
double bits_per_weight(double weight_bits, double group, double scale_bits, double zero_bits) {
  return physics::quantized_weight_memory(1 * units::params, bits_per_param(weight_bits),
                                          group * units::params, bits(scale_bits), bits(zero_bits))
             .value() /
         bit;
}

}  // namespace

TEST_CASE("quantized weight memory", "[serving]") {
  // Dettmers et al. 2023 (QLoRA), Sec. 3, Double Quantization: 32-bit constants over blocks of
  // 64 cost 32 / 64 = 0.5 bit per parameter; quantizing them to 8 bits in blocks of 256 costs
  // 8 / 64 + 32 / (64 x 256) = 0.127 bit per parameter (published values).
  CHECK(bits_per_weight(4, 64, 32, 0) - 4 == Approx(0.5).epsilon(1e-12));
  CHECK(bits_per_weight(4, 64, 8 + 32.0 / 256, 0) - 4 == Approx(0.126953125).epsilon(1e-12));
  // QLoRA's abstract: a 65B model is fine-tuned on one 48 GB GPU; its 4.127-bit weights take
  // 65.2e9 x 4.126953125 / 8 B = 33.63 GB, inside that bound (independent calculation).
  const auto qlora_65b = physics::quantized_weight_memory(
      65.2e9 * units::params, bits_per_param(4), 64 * units::params, bits(8 + 32.0 / 256), bits(0));
  CHECK(qlora_65b.value() == Approx(33634667968.75).epsilon(1e-12));
  CHECK(qlora_65b.value() < 48e9);
  // 4-bit weights in groups of 128 with fp16 scale and zero point: 4 + 32 / 128 = 4.25 bits;
  // a 70.6B model then takes 70.6e9 x 4.25 / 8 = 37.50625 GB (independent calculation).
  CHECK(physics::quantized_weight_memory(70.6e9 * units::params, bits_per_param(4),
                                         128 * units::params, bits(16), bits(16))
            .value() == Approx(37506250000.0).epsilon(1e-12));
  // INT8 per-channel (one fp16 scale per 4096-wide row): 8 + 16 / 4096 bits.
  CHECK(bits_per_weight(8, 4096, 16, 0) == Approx(8 + 16.0 / 4096).epsilon(1e-12));
  CHECK_THROWS_AS(bits_per_weight(4, 0, 16, 0), std::domain_error);
  CHECK_THROWS_AS(bits_per_weight(-4, 128, 16, 0), std::domain_error);
}

TEST_CASE("LoRA adapter parameters and training memory", "[serving]") {
  // Hu et al. 2021, Table 4 (GPT-3 175B: 96 layers, d_model 12288), published trainable
  // parameter counts: LoRA on W_q and W_v with r = 1 has 4.7M, with r = 8 37.7M:
  //   96 x 2 x 1 x (12288 + 12288) = 4,718,592; x 8 = 37,748,736.
  CHECK(physics::lora_params(96, 12288, 12288, 1, 2).value() == 4718592);
  CHECK(physics::lora_params(96, 12288, 12288, 8, 2).value() == 37748736);
  // Sec. 4.2: with r = 4 on W_q and W_v the checkpoint shrinks from 350 GB to about 35 MB:
  // 18,874,368 parameters x 2 B = 37.7 MB = 36 MiB (the paper rounds).
  const auto r4 = physics::lora_params(96, 12288, 12288, 4, 2);
  CHECK(r4.value() == 18874368);
  // Sec. 4.2: training VRAM falls from 1.2 TB to 350 GB. The frozen fp16 base is
  // 175e9 x 2 B = 350 GB and the adapters' 16 B/param state adds 0.302 GB.
  const auto fp16 = 2.0 * units::bytes / units::params;
  const auto adam_state = 16.0 * units::bytes / units::params;
  const auto lora = physics::lora_training_memory(175e9 * units::params, r4, fp16, adam_state);
  CHECK(lora.value() == Approx(350301989888.0).epsilon(1e-12));
  // Full fine-tuning with the same 16 B/param state: 175e9 x 16 B = 2.8 TB, against which
  // the adapters save everything but the frozen weights.
  CHECK(physics::lora_training_memory(0 * units::params, 175e9 * units::params, fp16, adam_state)
            .value() == Approx(2.8e12));
  // GQA projections: W_k of Llama 3 8B maps 4096 to 8 x 128 = 1024; r = 16 on 32 layers:
  // 32 x 1 x 16 x (4096 + 1024) = 2,621,440.
  CHECK(physics::lora_params(32, 4096, 1024, 16, 1).value() == 2621440);
  CHECK_THROWS_AS(physics::lora_params(32, 4096, 1024, -1, 1), std::domain_error);
  CHECK_THROWS_AS(physics::lora_training_memory(-1 * units::params, r4, fp16, adam_state),
                  std::domain_error);
}

TEST_CASE("mixture-of-experts capacity and all-to-all", "[serving]") {
  auto capacity = [](double tokens, double experts, double k, double factor) {
    return physics::moe_expert_capacity(tokens * units::tokens, experts, k, factor).value();
  };
  // Fedus et al. 2022 (Switch Transformers), Sec. 2.2: capacity = tokens / experts x capacity
  // factor. In the shape of its Fig. 3 (3 experts, factors 1.0 and 1.5), 6 tokens give each
  // expert room for 6 / 3 x 1.0 = 2 and 6 / 3 x 1.5 = 3 (independent calculation).
  CHECK(capacity(6, 3, 1, 1.0) == 2);
  CHECK(capacity(6, 3, 1, 1.5) == 3);
  // Top-2 (GShard) doubles the routed tokens: 2 x 4096 / 64 x 1.25 = 160.
  CHECK(capacity(4096, 64, 2, 1.25) == 160);
  // Whole tokens, rounded up: 1000 / 3 x 1.0 = 333.3 -> 334.
  CHECK(capacity(1000, 3, 1, 1.0) == 334);
  CHECK_THROWS_AS(capacity(6, 0, 1, 1), std::domain_error);
  CHECK_THROWS_AS(capacity(6, 3, 4, 1), std::domain_error);
  CHECK_THROWS_AS(capacity(6, 3, 1, 0), std::domain_error);

  // Send buffer: 4096 tokens x top-2 x 1.25 x 4096 x 2 B = 83,886,080 B.
  const auto buffer =
      physics::moe_dispatch_bytes(4096 * units::tokens, 4096, 2, 1.25, 2 * units::bytes);
  CHECK(buffer.value() == 83886080);
  // Dispatch plus combine over 8 devices at 50 GB/s and 2 us per step (Thakur et al. 2005
  // pairwise exchange): 2 x (7/8 x 83,886,080 / 50e9 + 7 x 2e-6) = 2.96401 ms.
  CHECK(physics::moe_alltoall_time(4096 * units::tokens, 4096, 8, 50e9 * units::bytes_per_second,
                                   2e-6 * units::seconds, 2, 1.25, 2 * units::bytes)
            .value() == Approx(0.0029640128).epsilon(1e-12));
  // One device keeps its tokens.
  CHECK(physics::moe_alltoall_time(4096 * units::tokens, 4096, 1, 50e9 * units::bytes_per_second,
                                   2e-6 * units::seconds, 2, 1.25, 2 * units::bytes)
            .value() == 0);
  CHECK_THROWS_AS(physics::moe_dispatch_bytes(4096 * units::tokens, 4096, 2, 0.5, 2 * units::bytes),
                  std::domain_error);
  CHECK_THROWS_AS(
      physics::moe_alltoall_time(4096 * units::tokens, 4096, 0, 50e9 * units::bytes_per_second,
                                 0 * units::seconds, 1, 1, 2 * units::bytes),
      std::domain_error);
}
