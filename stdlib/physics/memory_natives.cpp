#include "stdlib/binding.hpp"
#include "stdlib/natives.hpp"
#include "stdlib/physics/memory.hpp"

namespace reckon::stdlib {

// enum_names<physics::Recompute> and enum_names<physics::Optimizer> are in memory.hpp.

void register_memory(NativeRegistry& r) {
  r.add(bind_constant("KORTHIKANTI_PER_TOKEN_BYTES", physics::korthikanti_per_token_bytes));
  r.add(bind_constant("KORTHIKANTI_SCORE_BYTES", physics::korthikanti_score_bytes));
  r.add(bind_function("activation_memory", &physics::activation_memory));
  r.add(bind_function("activation_memory_parallel", &physics::activation_memory_parallel));
  r.add(bind_function("pipeline_activation_factor", &physics::pipeline_activation_factor));
  r.add(bind_function("first_stage_activation_memory", &physics::first_stage_activation_memory));
  r.add(bind_function("checkpoint_memory", &physics::checkpoint_memory_units));
  r.add(bind_function("optimizer_moments", &physics::optimizer_moments));
  r.add(bind_function("model_state_bytes_per_param", &physics::model_state_bytes_per_param));
  r.add(bind_function("optimizer_state_memory", &physics::optimizer_state_memory));
  r.add(bind_function("model_state_memory", &physics::model_state_memory));
  r.add(bind_function("model_weights_memory", &physics::model_weights_memory));
  r.add(bind_function("training_checkpoint_bytes", &physics::training_checkpoint_bytes));
  r.add(bind_function("kv_cache_bytes", &physics::kv_cache_bytes));
  r.add(bind_function("mla_kv_cache_bytes", &physics::mla_kv_cache_bytes));
  r.add(bind_function("paged_kv_blocks", &physics::paged_kv_blocks));
  r.add(bind_function("paged_kv_tokens", &physics::paged_kv_tokens));
  r.add(bind_function("paged_kv_fragmentation", &physics::paged_kv_fragmentation));
  r.add(bind_function("paged_kv_cache_bytes", &physics::paged_kv_cache_bytes));
}

}  // namespace reckon::stdlib
