#include "stdlib/physics/memory.hpp"

#include <fmt/format.h>

#include <cmath>
#include <stdexcept>
#include <string_view>

#include "stdlib/physics/domain.hpp"

namespace reckon::physics {

namespace {

using detail::require_at_least;

// ZeRO stage 0, 1, 2 or 3 (Rajbhandari et al. 2020, arXiv 1910.02054, Sec. 5).
void check_zero(double zero_stage, double data_parallel) {
  if (!(zero_stage >= 0 && zero_stage <= 3 && zero_stage == std::floor(zero_stage)))
    throw std::domain_error(fmt::format("ZeRO stage must be 0, 1, 2 or 3 (got {})", zero_stage));
  require_at_least(data_parallel, 1, "data-parallel degree");
}

void check_width(units::q<bytes_per_param_unit> width, std::string_view what) {
  require_non_negative(width.value(), what);
}

}  // namespace

namespace detail {

void at_least_violation(double value, double least, std::string_view what) {
  throw std::domain_error(fmt::format("{} must be at least {} (got {})", what, least, value));
}

void unknown_recompute() { throw std::domain_error("unknown recomputation strategy"); }

}  // namespace detail

// activation_memory and activation_memory_parallel are defined in memory.hpp.

// Korthikanti et al. 2022, arXiv 2205.05198, Sec. 4.2.3.
double pipeline_activation_factor(double pipeline_stages, double model_chunks) {
  require_at_least(pipeline_stages, 1, "number of pipeline stages");
  require_at_least(model_chunks, 1, "number of model chunks");
  if (model_chunks == 1) return 1;  // 1F1B: p micro-batches of L/p layers in flight
  return 1 + (pipeline_stages - 1) / (pipeline_stages * model_chunks);
}

units::q<units::information_unit> first_stage_activation_memory(
    double layers, units::q<units::token_unit> seq_len, double micro_batch, double hidden,
    double heads, units::q<units::information_unit> bytes_per_element, Recompute strategy,
    double tensor_parallel, bool sequence_parallel, double pipeline_stages, double model_chunks) {
  const double factor = pipeline_activation_factor(pipeline_stages, model_chunks);
  return factor * activation_memory_parallel(layers, seq_len, micro_batch, hidden, heads,
                                             bytes_per_element, strategy, tensor_parallel,
                                             sequence_parallel);
}

// Chen et al. 2016, arXiv 1604.06174, Sec. 4.1.
double checkpoint_memory_units(double layers, double checkpoints) {
  require_non_negative(layers, "number of layers");
  require_positive(checkpoints, "number of checkpoints");
  return checkpoints + layers / checkpoints;
}

// Kingma & Ba 2015, arXiv 1412.6980, Algorithm 1 (Adam keeps m and v); SGD with momentum keeps
// one velocity buffer (Sutskever et al. 2013).
double optimizer_moments(Optimizer optimizer) {
  switch (optimizer) {
    case Optimizer::sgd:
      return 0;
    case Optimizer::sgd_momentum:
      return 1;
    case Optimizer::adam:
      return 2;
  }
  throw std::domain_error("unknown optimizer");
}

// Rajbhandari et al. 2020, arXiv 1910.02054, Sec. 3.1: 2 + 2 + K bytes per parameter with
// K = 12 for mixed-precision Adam; Megatron-LM keeps fp32 gradients: 2 + 4 + 12 = 18.
units::q<bytes_per_param_unit> model_state_bytes_per_param(
    Optimizer optimizer, units::q<bytes_per_param_unit> weight_bytes,
    units::q<bytes_per_param_unit> gradient_bytes,
    units::q<bytes_per_param_unit> master_weight_bytes,
    units::q<bytes_per_param_unit> moment_bytes) {
  check_width(weight_bytes, "weight bytes");
  check_width(gradient_bytes, "gradient bytes");
  check_width(master_weight_bytes, "master weight bytes");
  check_width(moment_bytes, "moment bytes");
  return weight_bytes + gradient_bytes + master_weight_bytes +
         optimizer_moments(optimizer) * moment_bytes;
}

// Rajbhandari et al. 2020, arXiv 1910.02054, Sec. 5.1 (P_os: optimizer state partitioned).
units::q<units::information_unit> optimizer_state_memory(
    units::q<units::param_unit> params, Optimizer optimizer,
    units::q<bytes_per_param_unit> master_weight_bytes, units::q<bytes_per_param_unit> moment_bytes,
    double zero_stage, double data_parallel) {
  require_non_negative(params.value(), "parameter count");
  check_width(master_weight_bytes, "master weight bytes");
  check_width(moment_bytes, "moment bytes");
  check_zero(zero_stage, data_parallel);
  const auto per_param = master_weight_bytes + optimizer_moments(optimizer) * moment_bytes;
  const double shards = zero_stage >= 1 ? data_parallel : 1;
  return per_param * params / shards;
}

// Rajbhandari et al. 2020, arXiv 1910.02054, Sec. 5.1-5.3 and Figure 1: P_os, P_os+g,
// P_os+g+p partition the optimizer state, then the gradients, then the weights.
units::q<units::information_unit> model_state_memory(
    units::q<units::param_unit> params, Optimizer optimizer,
    units::q<bytes_per_param_unit> weight_bytes, units::q<bytes_per_param_unit> gradient_bytes,
    units::q<bytes_per_param_unit> master_weight_bytes, units::q<bytes_per_param_unit> moment_bytes,
    double zero_stage, double data_parallel) {
  check_width(weight_bytes, "weight bytes");
  check_width(gradient_bytes, "gradient bytes");
  const auto optimizer_state = optimizer_state_memory(params, optimizer, master_weight_bytes,
                                                      moment_bytes, zero_stage, data_parallel);
  const double gradient_shards = zero_stage >= 2 ? data_parallel : 1;
  const double weight_shards = zero_stage >= 3 ? data_parallel : 1;
  return params * weight_bytes / weight_shards + params * gradient_bytes / gradient_shards +
         optimizer_state;
}

units::q<units::information_unit> model_weights_memory(
    units::q<units::param_unit> params, units::q<bytes_per_param_unit> bytes_per_param) {
  require_non_negative(params.value(), "parameter count");
  check_width(bytes_per_param, "bytes per parameter");
  return params * bytes_per_param;
}

// Weights, fp32 master copy and optimizer moments are what a resumable checkpoint saves;
// gradients are recomputed from the next batch.
units::q<units::information_unit> training_checkpoint_bytes(
    units::q<units::param_unit> params, Optimizer optimizer,
    units::q<bytes_per_param_unit> weight_bytes, units::q<bytes_per_param_unit> master_weight_bytes,
    units::q<bytes_per_param_unit> moment_bytes) {
  check_width(weight_bytes, "weight bytes");
  return model_weights_memory(params, weight_bytes) +
         optimizer_state_memory(params, optimizer, master_weight_bytes, moment_bytes, 0, 1);
}

// Kwon et al. 2023, arXiv 2309.06180, Sec. 3; Ainslie et al. 2023, arXiv 2305.13245 (GQA).
units::q<units::information_unit> kv_cache_bytes(
    double layers, double kv_heads, double head_dim, units::q<units::token_unit> seq_len,
    double batch, units::q<units::information_unit> bytes_per_element) {
  require_non_negative(layers, "number of layers");
  require_non_negative(kv_heads, "number of key/value heads");
  require_non_negative(head_dim, "head dimension");
  require_non_negative(seq_len.value(), "sequence length");
  require_non_negative(batch, "batch size");
  require_positive(bytes_per_element.value(), "bytes per element");
  // A key and a value vector per head per layer per token.
  const double elements = 2 * layers * kv_heads * head_dim * seq_len.value() * batch;
  return elements * bytes_per_element;
}

// DeepSeek-AI 2024, arXiv 2405.04434, Sec. 2.1.2-2.1.4 and Table 1.
units::q<units::information_unit> mla_kv_cache_bytes(
    double layers, units::q<units::token_unit> seq_len, double batch, double kv_lora_rank,
    double rope_head_dim, units::q<units::information_unit> bytes_per_element) {
  require_non_negative(layers, "number of layers");
  require_non_negative(seq_len.value(), "sequence length");
  require_non_negative(batch, "batch size");
  require_non_negative(kv_lora_rank, "KV compression rank");
  require_non_negative(rope_head_dim, "rotary key dimension");
  require_positive(bytes_per_element.value(), "bytes per element");
  const double elements = layers * (kv_lora_rank + rope_head_dim) * seq_len.value() * batch;
  return elements * bytes_per_element;
}

// Kwon et al. 2023, arXiv 2309.06180, Sec. 4.1-4.2.
double paged_kv_blocks(units::q<units::token_unit> seq_len,
                       units::q<units::token_unit> block_size) {
  require_non_negative(seq_len.value(), "sequence length");
  require_positive(block_size.value(), "block size");
  return std::ceil(seq_len / block_size);
}

units::q<units::token_unit> paged_kv_tokens(units::q<units::token_unit> seq_len,
                                            units::q<units::token_unit> block_size) {
  return paged_kv_blocks(seq_len, block_size) * block_size;
}

double paged_kv_fragmentation(units::q<units::token_unit> seq_len,
                              units::q<units::token_unit> block_size) {
  const auto allocated = paged_kv_tokens(seq_len, block_size);
  if (allocated.value() == 0) return 0;
  return (allocated - seq_len) / allocated;
}

units::q<units::information_unit> paged_kv_cache_bytes(
    double layers, double kv_heads, double head_dim, units::q<units::token_unit> seq_len,
    double batch, units::q<units::information_unit> bytes_per_element,
    units::q<units::token_unit> block_size) {
  return kv_cache_bytes(layers, kv_heads, head_dim, paged_kv_tokens(seq_len, block_size), batch,
                        bytes_per_element);
}

}  // namespace reckon::physics
