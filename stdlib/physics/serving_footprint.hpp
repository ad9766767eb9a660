// Memory of served weights: quantized weights with per-group scales, and low-rank adapters.
#pragma once

#include "stdlib/physics/serving.hpp"

namespace reckon::physics {

// Weights quantized in groups: every group of g consecutive weights shares a scale (and,
// for asymmetric schemes, a zero point), so a weight costs b + (s + z) / g bits:
//   params x (weight_bits + (scale_bits + zero_point_bits) / group_size).
// GPTQ and AWQ quantize to 4 bits in groups such as 128 weights, with a 16-bit scale
// (Frantar et al. 2023, arXiv 2210.17323; Lin et al. 2024, arXiv 2306.00978); QLoRA's blocks of 64
// with a 32-bit constant cost 0.5 bit per weight, and 0.127 bit with the constants themselves
// quantized to 8 bits in blocks of 256 (Dettmers et al. 2023, arXiv 2305.14314, Sec. 3,
// Double Quantization): scale_bits = 8 + 32 / 256. Throws std::domain_error for negative
// sizes or a non-positive group size.
units::q<units::information_unit> quantized_weight_memory(
    units::q<units::param_unit> params, units::q<bytes_per_param_unit> weight_bits,
    units::q<units::param_unit> group_size, units::q<units::information_unit> scale_bits,
    units::q<units::information_unit> zero_point_bits);

// Trainable parameters of LoRA adapters (Hu et al. 2021, LoRA, arXiv 2106.09685, Sec. 4.1):
// each adapted d_in x d_out weight gains B (d_out x r) and A (r x d_in),
//   layers x matrices x rank x (d_in + d_out).
// Throws std::domain_error for negative sizes.
units::q<units::param_unit> lora_params(double layers, double d_in, double d_out, double rank,
                                        double matrices);

// Memory of LoRA fine-tuning before activations: the frozen base weights (no gradients or
// optimizer state) plus the adapters' full training state (Hu et al. 2021, Sec. 4.2),
//   base_params x base_bytes_per_param + adapter_params x adapter_state_bytes_per_param.
// 16 B per adapter parameter is fp16 weights and gradients with fp32 master weights and Adam
// moments (Rajbhandari et al. 2020, ZeRO, arXiv 1910.02054, Sec. 3.1). Throws
// std::domain_error for negative sizes.
units::q<units::information_unit> lora_training_memory(
    units::q<units::param_unit> base_params, units::q<units::param_unit> adapter_params,
    units::q<bytes_per_param_unit> base_bytes_per_param,
    units::q<bytes_per_param_unit> adapter_state_bytes_per_param);

}  // namespace reckon::physics
