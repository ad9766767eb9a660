#include "stdlib/binding.hpp"
#include "stdlib/natives.hpp"
#include "stdlib/physics/memory.hpp"

namespace reckon::stdlib {

// enum_names<physics::Recompute> and enum_names<physics::Optimizer> are in memory.hpp.

void register_memory(NativeRegistry& r) {
  r.add(bind_constant("KORTHIKANTI_PER_TOKEN_BYTES", physics::korthikanti_per_token_bytes));
  r.add(bind_constant("KORTHIKANTI_SCORE_BYTES", physics::korthikanti_score_bytes));
  r.add(bind_function<&physics::activation_memory>("activation_memory"));
  r.add(bind_function<&physics::activation_memory_parallel>("activation_memory_parallel"));
  r.add(bind_function<&physics::pipeline_activation_factor>("pipeline_activation_factor"));
  r.add(bind_function<&physics::first_stage_activation_memory>("first_stage_activation_memory"));
  r.add(bind_function<&physics::checkpoint_memory_units>("checkpoint_memory"));
  r.add(bind_function<&physics::optimizer_moments>("optimizer_moments"));
  r.add(bind_function<&physics::model_state_bytes_per_param>("model_state_bytes_per_param"));
  r.add(bind_function<&physics::optimizer_state_memory>("optimizer_state_memory"));
  r.add(bind_function<&physics::model_state_memory>("model_state_memory"));
  r.add(bind_function<&physics::model_weights_memory>("model_weights_memory"));
  r.add(bind_function<&physics::training_checkpoint_bytes>("training_checkpoint_bytes"));
  r.add(bind_function<&physics::kv_cache_bytes>("kv_cache_bytes"));
  r.add(bind_function<&physics::mla_kv_cache_bytes>("mla_kv_cache_bytes"));
  r.add(bind_function<&physics::paged_kv_blocks>("paged_kv_blocks"));
  r.add(bind_function<&physics::paged_kv_tokens>("paged_kv_tokens"));
  r.add(bind_function<&physics::paged_kv_fragmentation>("paged_kv_fragmentation"));
  r.add(bind_function<&physics::paged_kv_cache_bytes>("paged_kv_cache_bytes"));
}

}  // namespace reckon::stdlib
