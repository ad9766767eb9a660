// Memory of transformer training and inference: activations (with tensor, sequence and
// pipeline parallelism), checkpointing, model and optimizer state (with ZeRO sharding), and
// the key/value cache of autoregressive decoding (plain, latent and paged).
#pragma once

#include <array>
#include <string_view>

#include "stdlib/physics/domain.hpp"
#include "stdlib/units.hpp"

namespace reckon::physics {

// How much of each layer's forward state is dropped and recomputed in the backward pass.
enum class Recompute {
  none,       // keep every activation
  selective,  // drop the attention scores/softmax/dropout, the part quadratic in s
  full,       // keep only each layer's input and redo the whole forward pass
};

// The optimizer whose per-parameter state is kept between steps: the number of fp32-style
// moment buffers per parameter is 0 (plain SGD), 1 (SGD with momentum) or 2 (Adam/AdamW:
// first and second moments). Kingma & Ba 2015, arXiv 1412.6980, Algorithm 1; Rajbhandari et al.
// 2020, arXiv 1910.02054, Sec. 3.1.
enum class Optimizer {
  sgd,           // no state beyond the (master) weights
  sgd_momentum,  // one momentum buffer
  adam,          // first and second moments
};

// Korthikanti et al. 2022, "Reducing Activation Recomputation in Large Transformer Models",
// arXiv 2205.05198, Sec. 4.1 and Table 2: one transformer layer stores
// s*b*h*(34 + 5*a*s/h) bytes of activations with 2-byte elements and 1-byte dropout masks.

// Bytes per token per hidden unit for everything linear in the sequence length: attention
// 11 + MLP 19 + two layer norms 4 (at 2-byte elements).
inline constexpr double korthikanti_per_token_bytes = 34;
// Bytes per attention-score element (softmax input, output and dropout mask), of which each
// layer stores a*s*s*b; this is the part selective recomputation discards.
inline constexpr double korthikanti_score_bytes = 5;

// Activation memory of `layers` transformer layers (Korthikanti et al. 2022, arXiv 2205.05198,
// Sec. 4.1, Table 2), with L layers, sequence s, micro-batch b, hidden h, a heads:
//   none:      L * s*b*h*(34 + 5*a*s/h)
//   selective: L * 34*s*b*h
//   full:      L * 2*s*b*h  (only each layer's input is kept)
// The paper's constants assume 2-byte elements; other widths scale them by
// bytes_per_element / 2 B. Throws std::domain_error for negative sizes, a non-positive hidden
// size or element width.
inline units::q<units::information_unit> activation_memory(
    double layers, units::q<units::token_unit> seq_len, double micro_batch, double hidden,
    double heads, units::q<units::information_unit> bytes_per_element, Recompute strategy);

// Every row of Korthikanti et al. 2022, arXiv 2205.05198, Table 2, for L layers on one
// tensor-parallel rank (t = tensor_parallel), per layer:
//   none, tensor parallel:                  s*b*h*(10 + 24/t + 5*a*s/(h*t))
//   none, tensor + sequence parallel:       s*b*h*(34/t + 5*a*s/(h*t))
//   selective, tensor parallel:             s*b*h*(10 + 24/t)
//   selective, tensor + sequence parallel:  s*b*h*34/t
//   full:                                   s*b*h*2 (Table 2 lists it without t)
// With t = 1 and no sequence parallelism this is activation_memory. Widths other than 2 bytes
// scale by bytes_per_element / 2 B. Throws std::domain_error for negative sizes, a
// non-positive hidden size or element width, or t < 1.
inline units::q<units::information_unit> activation_memory_parallel(
    double layers, units::q<units::token_unit> seq_len, double micro_batch, double hidden,
    double heads, units::q<units::information_unit> bytes_per_element, Recompute strategy,
    double tensor_parallel, bool sequence_parallel);

// activation_memory and activation_memory_parallel are defined here, inline, so that the
// plain-number adapters of their natives (stdlib/binding.hpp, which planned sweeps call
// once per batch) inline the formula and its checks instead of calling into memory.cpp per
// point; the evaluator's adapter calls the same functions (docs/performance.md).
namespace detail {

// The throws, out of line and cold (memory.cpp), so that the checks inline.
[[noreturn, gnu::cold, gnu::noinline]] void at_least_violation(double value, double least,
                                                               std::string_view what);
[[noreturn, gnu::cold, gnu::noinline]] void unknown_recompute();

// A parallel degree, stage or chunk count: at least `least` (NaN rejected too).
inline void require_at_least(double value, double least, std::string_view what) {
  if (!(value >= least)) [[unlikely]]
    at_least_violation(value, least, what);
}

inline void check_activation_shape(double layers, units::q<units::token_unit> seq_len,
                                   double micro_batch, double hidden, double heads,
                                   units::q<units::information_unit> bytes_per_element) {
  require_non_negative(layers, "number of layers");
  require_non_negative(seq_len.value(), "sequence length");
  require_non_negative(micro_batch, "micro-batch size");
  require_positive(hidden, "hidden size");
  require_non_negative(heads, "number of attention heads");
  require_positive(bytes_per_element.value(), "bytes per element");
}

}  // namespace detail

// Korthikanti et al. 2022, arXiv 2205.05198, Table 2: of the 34 bytes per s*b*h, 10 stay
// replicated across tensor-parallel ranks (layer-norm inputs 4, dropout masks 2, attention and
// MLP inputs 4) unless sequence parallelism shards them too (Sec. 4.2.2); the other 24 and
// the 5*a*s/h attention-score bytes are split t ways (Sec. 4.2.1).
inline units::q<units::information_unit> activation_memory_parallel(
    double layers, units::q<units::token_unit> seq_len, double micro_batch, double hidden,
    double heads, units::q<units::information_unit> bytes_per_element, Recompute strategy,
    double tensor_parallel, bool sequence_parallel) {
  detail::check_activation_shape(layers, seq_len, micro_batch, hidden, heads, bytes_per_element);
  detail::require_at_least(tensor_parallel, 1, "tensor-parallel degree");

  const double s = seq_len.value();
  const double t = tensor_parallel;
  const double sbh = s * micro_batch * hidden;
  const double replicated = 10;  // bytes per s*b*h kept whole on every tensor-parallel rank
  const double linear = sequence_parallel
                            ? korthikanti_per_token_bytes / t
                            : replicated + (korthikanti_per_token_bytes - replicated) / t;
  const double scores = korthikanti_score_bytes * heads * s / (hidden * t);
  double per_layer = 0;  // bytes at 2-byte elements
  switch (strategy) {
    case Recompute::none:
      per_layer = sbh * (linear + scores);
      break;
    case Recompute::selective:
      per_layer = sbh * linear;
      break;
    case Recompute::full:
      per_layer = sbh * 2;
      break;
    default:
      detail::unknown_recompute();
  }
  // A ratio of two byte quantities is dimensionless, so this converts to double.
  const double width_scale = bytes_per_element / (2.0 * units::bytes);
  return layers * per_layer * width_scale * units::bytes;
}

// Korthikanti et al. 2022, arXiv 2205.05198, Sec. 4.1 and Table 2 (no tensor or sequence
// parallelism); full recomputation keeps 2*s*b*h bytes, the layer input, per layer (Table 2).
inline units::q<units::information_unit> activation_memory(
    double layers, units::q<units::token_unit> seq_len, double micro_batch, double hidden,
    double heads, units::q<units::information_unit> bytes_per_element, Recompute strategy) {
  return activation_memory_parallel(layers, seq_len, micro_batch, hidden, heads, bytes_per_element,
                                    strategy, 1, false);
}

// Korthikanti et al. 2022, arXiv 2205.05198, Sec. 4.2.3: with the 1F1B pipeline schedule the
// first stage keeps p micro-batches of L/p layers in flight, L layers' worth (factor 1); the
// interleaved schedule with m > 1 model chunks per device multiplies that by
// 1 + (p - 1)/(p*m). model_chunks = 1 means the non-interleaved schedule. Throws
// std::domain_error if p < 1 or m < 1.
double pipeline_activation_factor(double pipeline_stages, double model_chunks);

// Activation memory of the first pipeline stage, the most loaded one (Korthikanti et al. 2022,
// arXiv 2205.05198, Sec. 4.2.3): activation_memory_parallel of all L layers times
// pipeline_activation_factor(p, m). Assumes at least p micro-batches per iteration; embedding
// and output-layer activations are not included.
units::q<units::information_unit> first_stage_activation_memory(
    double layers, units::q<units::token_unit> seq_len, double micro_batch, double hidden,
    double heads, units::q<units::information_unit> bytes_per_element, Recompute strategy,
    double tensor_parallel, bool sequence_parallel, double pipeline_stages, double model_chunks);

// Chen et al. 2016, "Training Deep Nets with Sublinear Memory Cost", arXiv 1604.06174: with k
// evenly spaced checkpoints over L layers, peak memory is about k + L/k layer-equivalents
// (the k checkpoints plus one segment of L/k layers being recomputed); least at k = sqrt(L).
// Throws std::domain_error if checkpoints <= 0 or layers < 0.
double checkpoint_memory_units(double layers, double checkpoints);

using bytes_per_param_unit = decltype(units::bytes / units::params);

// Moment buffers per parameter kept by each optimizer: 0, 1 or 2.
double optimizer_moments(Optimizer optimizer);

// Bytes of training state per parameter: weights + gradients + optimizer state, where the
// optimizer state K = master_weight_bytes + moments * moment_bytes. Mixed-precision Adam
// (Megatron-LM: bf16 weights, fp32 gradients, fp32 master copy and two fp32 moments) is
// 2 + 4 + 4 + 8 = 18 B/param; with 2-byte gradients 16 B/param (Rajbhandari et al. 2020,
// arXiv 1910.02054, Sec. 3.1: 2 + 2 + K with K = 12). Throws std::domain_error for negative
// widths.
units::q<bytes_per_param_unit> model_state_bytes_per_param(
    Optimizer optimizer, units::q<bytes_per_param_unit> weight_bytes,
    units::q<bytes_per_param_unit> gradient_bytes,
    units::q<bytes_per_param_unit> master_weight_bytes,
    units::q<bytes_per_param_unit> moment_bytes);

// Optimizer state of P parameters on one data-parallel rank: K*P, divided by the
// data-parallel degree N_d from ZeRO stage 1 on (Rajbhandari et al. 2020, arXiv 1910.02054,
// Sec. 5.1). Throws std::domain_error for negative sizes, a ZeRO stage outside 0..3 or
// N_d < 1.
units::q<units::information_unit> optimizer_state_memory(
    units::q<units::param_unit> params, Optimizer optimizer,
    units::q<bytes_per_param_unit> master_weight_bytes, units::q<bytes_per_param_unit> moment_bytes,
    double zero_stage, double data_parallel);

// Model state (weights, gradients, optimizer state) of P parameters on one data-parallel rank
// under ZeRO (Rajbhandari et al. 2020, arXiv 1910.02054, Sec. 5 and Figure 1): stage 0 keeps
// everything, stage 1 divides the optimizer state by N_d, stage 2 also the gradients, stage 3
// also the weights. 7.5B parameters, N_d = 64, 2 + 2 + 12 B/param: 120 GB, 31.4 GB, 16.6 GB,
// 1.9 GB. Throws std::domain_error as optimizer_state_memory.
units::q<units::information_unit> model_state_memory(
    units::q<units::param_unit> params, Optimizer optimizer,
    units::q<bytes_per_param_unit> weight_bytes, units::q<bytes_per_param_unit> gradient_bytes,
    units::q<bytes_per_param_unit> master_weight_bytes, units::q<bytes_per_param_unit> moment_bytes,
    double zero_stage, double data_parallel);

// Weights alone: P * bytes_per_param (GPT-3 175B at 2 B/param: 350 GB).
units::q<units::information_unit> model_weights_memory(
    units::q<units::param_unit> params, units::q<bytes_per_param_unit> bytes_per_param);

// A training checkpoint on disk: weights + master weights + optimizer moments, no gradients:
// 2 + 4 + 8 = 14 B/param for mixed-precision Adam.
units::q<units::information_unit> training_checkpoint_bytes(
    units::q<units::param_unit> params, Optimizer optimizer,
    units::q<bytes_per_param_unit> weight_bytes, units::q<bytes_per_param_unit> master_weight_bytes,
    units::q<bytes_per_param_unit> moment_bytes);

// Key/value cache of decoding: a key and a value vector per layer per KV head per token,
// 2 * layers * kv_heads * head_dim * seq_len * batch * bytes_per_element. Grouped-query
// attention (Ainslie et al. 2023, arXiv 2305.13245) has kv_heads < heads. Kwon et al. 2023
// (vLLM, arXiv 2309.06180, Sec. 3): OPT-13B needs 2 * 5120 * 40 * 2 B = 800 KB per token.
// Throws std::domain_error for negative sizes or a non-positive element width.
units::q<units::information_unit> kv_cache_bytes(
    double layers, double kv_heads, double head_dim, units::q<units::token_unit> seq_len,
    double batch, units::q<units::information_unit> bytes_per_element);

// Multi-head latent attention caches one compressed latent of kv_lora_rank (d_c) elements and
// one shared rotary key of rope_head_dim (d_h^R) elements per token per layer (DeepSeek-AI
// 2024, DeepSeek-V2, arXiv 2405.04434, Sec. 2.1.3 and Table 1: (d_c + d_h^R) * l elements per
// token, d_c = 512, d_h^R = 64 in DeepSeek-V2 and V3). Throws std::domain_error for negative
// sizes or a non-positive element width.
units::q<units::information_unit> mla_kv_cache_bytes(
    double layers, units::q<units::token_unit> seq_len, double batch, double kv_lora_rank,
    double rope_head_dim, units::q<units::information_unit> bytes_per_element);

// PagedAttention (Kwon et al. 2023, arXiv 2309.06180, Sec. 4.1-4.2) stores a sequence's cache
// in fixed-size blocks of block_size tokens; the last block is partly empty. Blocks needed,
// tokens allocated (blocks * block_size) and the wasted fraction of the allocation
// ((allocated - seq_len) / allocated, 0 for an empty sequence). Block 16 and 2050 tokens:
// 129 blocks, 2064 tokens, 14/2064. Throw std::domain_error for a negative sequence or a
// non-positive block size.
double paged_kv_blocks(units::q<units::token_unit> seq_len, units::q<units::token_unit> block_size);
units::q<units::token_unit> paged_kv_tokens(units::q<units::token_unit> seq_len,
                                            units::q<units::token_unit> block_size);
double paged_kv_fragmentation(units::q<units::token_unit> seq_len,
                              units::q<units::token_unit> block_size);

// kv_cache_bytes with each sequence's tokens padded to whole blocks (PagedAttention).
units::q<units::information_unit> paged_kv_cache_bytes(
    double layers, double kv_heads, double head_dim, units::q<units::token_unit> seq_len,
    double batch, units::q<units::information_unit> bytes_per_element,
    units::q<units::token_unit> block_size);

}  // namespace reckon::physics

namespace reckon::stdlib {

// The Reckon names of the enums above, for stdlib/binding.hpp (declared here once so that
// every *_natives.cpp binding a function that takes them shares the same specialization).
template <typename E>
struct enum_names;

template <>
struct enum_names<physics::Recompute> {
  static constexpr std::string_view name = "Recompute";
  static constexpr std::array<std::string_view, 3> members = {"none", "selective", "full"};
};

template <>
struct enum_names<physics::Optimizer> {
  static constexpr std::string_view name = "Optimizer";
  static constexpr std::array<std::string_view, 3> members = {"sgd", "sgd_momentum", "adam"};
};

}  // namespace reckon::stdlib
