#include "stdlib/physics/transformer.hpp"

#include <stdexcept>

#include "stdlib/physics/domain.hpp"

namespace reckon::physics {

namespace {

// Work per parameter per token. Typing the coefficients means the compiler rejects a formula
// whose result is not in flop (e.g. one that forgot to multiply by the token count).
using work_density_unit = decltype(units::flops / (units::params * units::tokens));

// Kaplan et al. 2020, arXiv 2001.08361, Sec. 2.1: a multiply-add per parameter per token in
// the forward pass, and twice that in the backward pass (gradients for activations and for
// weights).
constexpr units::q<work_density_unit> forward_work = 2.0 * work_density_unit();
constexpr units::q<work_density_unit> backward_work = 4.0 * work_density_unit();

}  // namespace

units::q<units::compute_unit> training_flops(units::q<units::param_unit> params,
                                             units::q<units::token_unit> tokens,
                                             bool recompute_forward) {
  require_non_negative(params.value(), "parameter count");
  require_non_negative(tokens.value(), "token count");
  // Full recomputation repeats the forward pass once during backward (Chen et al. 2016).
  const units::q<work_density_unit> per_param_token =
      forward_work + backward_work + (recompute_forward ? forward_work : 0.0 * forward_work);
  return per_param_token * params * tokens;
}

units::q<units::compute_unit> decode_flops(units::q<units::param_unit> params,
                                           units::q<units::token_unit> tokens) {
  require_non_negative(params.value(), "parameter count");
  require_non_negative(tokens.value(), "token count");
  return forward_work * params * tokens;
}

// Kaplan et al. 2020, arXiv 2001.08361, Table 1; Narayanan et al. 2021, arXiv 2104.04473,
// Sec. 5.1.
units::q<units::compute_unit> prefill_flops(units::q<units::param_unit> params, double layers,
                                            double hidden, units::q<units::token_unit> seq_len,
                                            double batch, bool causal) {
  require_non_negative(params.value(), "parameter count");
  require_non_negative(layers, "number of layers");
  require_non_negative(hidden, "hidden size");
  require_non_negative(seq_len.value(), "sequence length");
  require_non_negative(batch, "batch size");
  const auto tokens = batch * seq_len;
  // QK^T and AV: each a length-h dot product (2h flop) per visible key per layer.
  const double visible_keys = causal ? seq_len.value() / 2 : seq_len.value();
  const double attention_per_token = 2 * 2 * layers * visible_keys * hidden;
  return forward_work * params * tokens + attention_per_token * tokens.value() * units::flops;
}

// Narayanan et al. 2021, arXiv 2104.04473, Sec. 5.1, Eq. 2.
units::q<units::param_unit> transformer_param_count(double layers, double hidden, double vocab,
                                                    units::q<units::token_unit> seq_len) {
  require_non_negative(layers, "number of layers");
  require_non_negative(hidden, "hidden size");
  require_non_negative(vocab, "vocabulary size");
  require_non_negative(seq_len.value(), "sequence length");
  const double L = layers;
  const double h = hidden;
  const double s = seq_len.value();
  // 12*L*h^2 (1 + 13/(12h) + (V + s)/(12 L h)) multiplied out, so that L = 0 or h = 0 is fine.
  return (12 * L * h * h + 13 * L * h + (vocab + s) * h) * units::params;
}

// Narayanan et al. 2021, arXiv 2104.04473, Sec. 5.1, Eq. 3; Korthikanti et al. 2022, arXiv
// 2205.05198, Sec. 6 (model vs hardware FLOPs).
units::q<units::compute_unit> transformer_iteration_flops(double batch,
                                                          units::q<units::token_unit> seq_len,
                                                          double layers, double hidden,
                                                          double vocab, Recompute strategy) {
  require_non_negative(batch, "batch size");
  require_non_negative(seq_len.value(), "sequence length");
  require_non_negative(layers, "number of layers");
  require_non_negative(hidden, "hidden size");
  require_non_negative(vocab, "vocabulary size");
  const double B = batch;
  const double s = seq_len.value();
  const double L = layers;
  const double h = hidden;
  // Forward pass: per layer 24 B s h^2 (QKV, projection, two MLP matrices) + 4 B s^2 h (QK^T,
  // AV); the logit layer 2 B s h V. Backward passes cost twice their forward pass.
  const double matmul_forward = 24 * B * s * L * h * h;
  const double attention_forward = 4 * B * s * s * L * h;
  const double logit_forward = 2 * B * s * h * vocab;
  const double model = 3 * (matmul_forward + attention_forward + logit_forward);
  double recomputed = 0;
  switch (strategy) {
    case Recompute::none:
      break;
    case Recompute::selective:
      recomputed = attention_forward;
      break;
    case Recompute::full:
      recomputed = matmul_forward + attention_forward;
      break;
    default:
      throw std::domain_error("unknown recomputation strategy");
  }
  return (model + recomputed) * units::flops;
}

namespace {

double utilization(units::q<units::compute_unit> work, units::q<units::time_unit> time,
                   units::q<units::compute_rate_per_gpu_unit> peak,
                   units::q<units::gpu_unit> devices) {
  require_positive(time.value(), "iteration time");
  require_positive(peak.value(), "peak throughput");
  require_positive(devices.value(), "number of devices");
  return work / (time * devices * peak);
}

}  // namespace

// Chowdhery et al. 2022, arXiv 2204.02311, Sec. 4.1 and Appendix B.
double model_flops_utilization(units::q<units::compute_unit> model_flops,
                               units::q<units::time_unit> iteration_time,
                               units::q<units::compute_rate_per_gpu_unit> peak_flops,
                               units::q<units::gpu_unit> devices) {
  require_non_negative(model_flops.value(), "model FLOPs");
  return utilization(model_flops, iteration_time, peak_flops, devices);
}

double hardware_flops_utilization(units::q<units::compute_unit> model_flops,
                                  units::q<units::compute_unit> recomputed_flops,
                                  units::q<units::time_unit> iteration_time,
                                  units::q<units::compute_rate_per_gpu_unit> peak_flops,
                                  units::q<units::gpu_unit> devices) {
  require_non_negative(model_flops.value(), "model FLOPs");
  require_non_negative(recomputed_flops.value(), "recomputed FLOPs");
  return utilization(model_flops + recomputed_flops, iteration_time, peak_flops, devices);
}

// Hoffmann et al. 2022, arXiv 2203.15556, Sec. 3, Table 3.
units::q<units::token_unit> chinchilla_optimal_tokens(units::q<units::param_unit> params,
                                                      double tokens_per_param) {
  require_non_negative(params.value(), "parameter count");
  require_non_negative(tokens_per_param, "tokens per parameter");
  return tokens_per_param * params.value() * units::tokens;
}

}  // namespace reckon::physics
