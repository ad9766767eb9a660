// Arithmetic work and size of dense transformers in training and inference.
#pragma once

#include "stdlib/physics/memory.hpp"
#include "stdlib/units.hpp"

namespace reckon::physics {

// Training work of a dense transformer with P parameters on D tokens: 6*P*D flop, a forward
// pass of 2*P*D and a backward pass of 4*P*D (Kaplan et al. 2020, arXiv 2001.08361, Sec. 2.1).
// With full activation recomputation the forward pass runs twice, giving 8*P*D (Chen et al.
// 2016, arXiv 1604.06174; Korthikanti et al. 2022, arXiv 2205.05198, Sec. 5).
// Throws std::domain_error for negative inputs.
units::q<units::compute_unit> training_flops(units::q<units::param_unit> params,
                                             units::q<units::token_unit> tokens,
                                             bool recompute_forward);

// Autoregressive decoding: one forward pass, 2*P flop per generated token (Kaplan et al. 2020).
// Throws std::domain_error for negative inputs.
units::q<units::compute_unit> decode_flops(units::q<units::param_unit> params,
                                           units::q<units::token_unit> tokens);

// Forward pass over a prompt of s tokens for each of `batch` sequences: per token 2*P for the
// weight matrix multiplies plus the attention products QK^T and AV, 2*s*h flop each per
// layer: batch * s * (2*P + 4*L*s*h). A causal mask lets token i see only i + 1 keys, on
// average about s/2, halving the attention term to 2*L*s*h: that is Kaplan et al. 2020, arXiv
// 2001.08361, Table 1, C_forward = 2N + 2 n_layer n_ctx d_attn (with d_attn = h). The
// non-causal count matches Narayanan et al. 2021, arXiv 2104.04473, Sec. 5.1 (forward
// 24*B*s*L*h^2 + 4*B*s^2*L*h). Throws std::domain_error for negative inputs.
units::q<units::compute_unit> prefill_flops(units::q<units::param_unit> params, double layers,
                                            double hidden, units::q<units::token_unit> seq_len,
                                            double batch, bool causal);

// Parameters of a GPT-style transformer from its geometry (Narayanan et al. 2021, arXiv
// 2104.04473, Sec. 5.1, Eq. 2): P = 12*L*h^2 * (1 + 13/(12*h) + (V + s)/(12*L*h)), i.e. 12*L*h^2
// weights, 13*L*h biases and layer-norm parameters, and V*h token plus s*h position
// embeddings. GPT-3 (L = 96, h = 12288, V = 50257, s = 2048): 174.6e9 (Brown et al. 2020,
// Table D.1). Throws std::domain_error for negative sizes.
units::q<units::param_unit> transformer_param_count(double layers, double hidden, double vocab,
                                                    units::q<units::token_unit> seq_len);

// Floating-point work of one training iteration of B sequences of s tokens on a GPT-style
// transformer, counting the attention products and the output (logit) layer (Narayanan et al.
// 2021, arXiv 2104.04473, Sec. 5.1; Korthikanti et al. 2022, arXiv 2205.05198, Sec. 6):
//   none:      72*B*s*L*h^2 * (1 + s/(6h) + V/(12*L*h))   (model FLOPs: forward + backward)
//   selective: adds a forward pass of QK^T and AV, 4*B*s^2*h per layer
//   full:      96*B*s*L*h^2 * (1 + s/(6h) + V/(16*L*h))   (Narayanan Eq. 3: the transformer
//              layers' forward pass runs twice; the logit layer is not recomputed)
// The `none` count is the model FLOPs of MFU; the others are hardware FLOPs (HFU).
// Throws std::domain_error for negative sizes.
units::q<units::compute_unit> transformer_iteration_flops(double batch,
                                                          units::q<units::token_unit> seq_len,
                                                          double layers, double hidden,
                                                          double vocab, Recompute strategy);

// Model FLOPs utilisation: the work the model needs per iteration (no recomputation) over
// what the devices could do in the iteration time, model_flops / (time * devices * peak)
// (Chowdhery et al. 2022, PaLM, arXiv 2204.02311, Sec. 4.1 and Appendix B). PaLM 540B on 6144
// TPU v4: 46.2%. Throws std::domain_error for negative work or non-positive time, devices or
// peak.
double model_flops_utilization(units::q<units::compute_unit> model_flops,
                               units::q<units::time_unit> iteration_time,
                               units::q<units::compute_rate_per_gpu_unit> peak_flops,
                               units::q<units::gpu_unit> devices);

// Hardware FLOPs utilisation: as MFU but counting the recomputed work too,
// (model_flops + recomputed_flops) / (time * devices * peak) (Chowdhery et al. 2022, Appendix
// B; Korthikanti et al. 2022, arXiv 2205.05198, Sec. 6).
double hardware_flops_utilization(units::q<units::compute_unit> model_flops,
                                  units::q<units::compute_unit> recomputed_flops,
                                  units::q<units::time_unit> iteration_time,
                                  units::q<units::compute_rate_per_gpu_unit> peak_flops,
                                  units::q<units::gpu_unit> devices);

// Compute-optimal training tokens for P parameters: D = 20 * P (Hoffmann et al. 2022,
// "Training Compute-Optimal Large Language Models", arXiv 2203.15556, Sec. 3 and Table 3;
// Chinchilla: 70B parameters, 1.4T tokens). Throws std::domain_error for negative inputs.
units::q<units::token_unit> chinchilla_optimal_tokens(units::q<units::param_unit> params,
                                                      double tokens_per_param);

}  // namespace reckon::physics
