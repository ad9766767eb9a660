#include "stdlib/binding.hpp"
#include "stdlib/natives.hpp"
#include "stdlib/physics/memory.hpp"

namespace reckon::stdlib {

// enum_names<physics::Recompute> and enum_names<physics::Optimizer> are in memory.hpp.

void register_memory(NativeRegistry& r) {
  r.add(bind_constant("KORTHIKANTI_PER_TOKEN_BYTES", physics::korthikanti_per_token_bytes));
  r.add(bind_constant("KORTHIKANTI_SCORE_BYTES", physics::korthikanti_score_bytes));
  r.add(bind_function<&physics::activation_memory>("activation_memory"));
  // The formula, from its declaration's source: Korthikanti et al. 2022, arXiv 2205.05198,
  // Sec. 4.2.1-4.2.2 and Table 2.
  r.add(with_formula(
      bind_function<&physics::activation_memory_parallel>("activation_memory_parallel"),
      "layers * seq_len / 1 token * micro_batch * hidden * (if strategy == full then 2 else (if "
      "sequence_parallel then 34 / tensor_parallel else 10 + 24 / tensor_parallel) + (if strategy "
      "== selective then 0 else 5 * heads * seq_len / (hidden * 1 token * tensor_parallel))) * "
      "bytes_per_element / 2"));
  // The formula, from its declaration's source: Korthikanti et al. 2022, arXiv 2205.05198,
  // Sec. 4.2.3.
  r.add(with_formula(
      bind_function<&physics::pipeline_activation_factor>("pipeline_activation_factor"),
      "if model_chunks == 1 then 1 else 1 + (pipeline_stages - 1) / (pipeline_stages * "
      "model_chunks)"));
  // The formula, from its declaration's source: Korthikanti et al. 2022, arXiv 2205.05198,
  // Sec. 4.2.3 and Table 2.
  r.add(with_formula(
      bind_function<&physics::first_stage_activation_memory>("first_stage_activation_memory"),
      "pipeline_activation_factor(pipeline_stages, model_chunks) * "
      "activation_memory_parallel(layers, seq_len, micro_batch, hidden, heads, bytes_per_element, "
      "strategy, tensor_parallel, sequence_parallel)"));
  r.add(bind_function<&physics::checkpoint_memory_units>("checkpoint_memory"));
  // The formula, from its declaration's source: Kingma & Ba 2015, arXiv 1412.6980, Algorithm 1.
  r.add(with_formula(bind_function<&physics::optimizer_moments>("optimizer_moments"),
                     "if optimizer == sgd then 0 else if optimizer == sgd_momentum then 1 else 2"));
  // The formula, from its declaration's source: Rajbhandari et al. 2020, ZeRO: Memory Optimizations
  // Toward Training Trillion Parameter Models, arXiv 1910.02054, Sec. 3.1; EleutherAI 2023,
  // Transformer Math 101.
  r.add(with_formula(
      bind_function<&physics::model_state_bytes_per_param>("model_state_bytes_per_param"),
      "weight_bytes + gradient_bytes + master_weight_bytes + optimizer_moments(optimizer) * "
      "moment_bytes"));
  // The formula, from its declaration's source: Rajbhandari et al. 2020, arXiv 1910.02054,
  // Sec. 5.1.
  r.add(with_formula(bind_function<&physics::optimizer_state_memory>("optimizer_state_memory"),
                     "params * (master_weight_bytes + optimizer_moments(optimizer) * moment_bytes) "
                     "/ (if zero_stage >= 1 then data_parallel else 1)"));
  r.add(bind_function<&physics::model_state_memory>("model_state_memory"));
  r.add(bind_function<&physics::model_weights_memory>("model_weights_memory"));
  // The formula, from its declaration's source: Rajbhandari et al. 2020, arXiv 1910.02054, Sec. 3.1
  // (state per parameter); EleutherAI 2023, Transformer Math 101.
  r.add(
      with_formula(bind_function<&physics::training_checkpoint_bytes>("training_checkpoint_bytes"),
                   "params * weight_bytes + params * (master_weight_bytes + "
                   "optimizer_moments(optimizer) * moment_bytes)"));
  // The formula, from its declaration's source: Kwon et al. 2023, Efficient Memory Management for
  // Large Language Model Serving with PagedAttention, arXiv 2309.06180, Sec. 3; Ainslie et al.
  // 2023, GQA, arXiv 2305.13245.
  r.add(with_formula(bind_function<&physics::kv_cache_bytes>("kv_cache_bytes"), "",
                     {{"2", "K and V"}}));
  // The formula, from its declaration's source: DeepSeek-AI 2024, DeepSeek-V2, arXiv 2405.04434,
  // Sec. 2.1 and Table 1; DeepSeek-V3, arXiv 2412.19437, Sec. 4.2.
  r.add(with_formula(
      bind_function<&physics::mla_kv_cache_bytes>("mla_kv_cache_bytes"),
      "layers * (kv_lora_rank + rope_head_dim) * seq_len / 1 token * batch * bytes_per_element"));
  // The formula, from its declaration's source: Kwon et al. 2023, arXiv 2309.06180, Sec. 4.1-4.2.
  r.add(with_formula(bind_function<&physics::paged_kv_blocks>("paged_kv_blocks"),
                     "ceil(seq_len / block_size)"));
  // The formula, from its declaration's source: Kwon et al. 2023, arXiv 2309.06180, Sec. 4.1-4.2.
  r.add(with_formula(bind_function<&physics::paged_kv_tokens>("paged_kv_tokens"),
                     "ceil(seq_len / block_size) * block_size"));
  // The formula, from its declaration's source: Kwon et al. 2023, arXiv 2309.06180, Sec. 4.1-4.2.
  r.add(with_formula(bind_function<&physics::paged_kv_fragmentation>("paged_kv_fragmentation"),
                     "if seq_len == 0 token then 0 else (ceil(seq_len / block_size) * block_size - "
                     "seq_len) / (ceil(seq_len / block_size) * block_size)"));
  // The formula, from its declaration's source: Kwon et al. 2023, arXiv 2309.06180, Sec. 3
  // and 4.1-4.2.
  r.add(with_formula(bind_function<&physics::paged_kv_cache_bytes>("paged_kv_cache_bytes"),
                     "2 * layers * kv_heads * head_dim * ceil(seq_len / block_size) * block_size / "
                     "1 token * batch * bytes_per_element",
                     {{"2", "K and V"}}));
}

}  // namespace reckon::stdlib
