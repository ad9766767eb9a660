#include "stdlib/binding.hpp"
#include "stdlib/natives.hpp"
#include "stdlib/physics/serving.hpp"
#include "stdlib/physics/serving_capacity.hpp"
#include "stdlib/physics/serving_decoding.hpp"
#include "stdlib/physics/serving_footprint.hpp"
#include "stdlib/physics/serving_moe.hpp"

namespace reckon::stdlib {

void register_serving(NativeRegistry& r) {
  r.add(bind_function<&physics::mmc_utilization>("mmc_utilization"));
  r.add(bind_function<&physics::mmc_wait_probability>("mmc_wait_probability"));
  r.add(bind_function<&physics::mmc_mean_wait>("mmc_mean_wait"));
  r.add(bind_function<&physics::mmc_mean_response_time>("mmc_mean_response_time"));
  r.add(bind_function<&physics::mmc_wait_quantile>("mmc_wait_quantile"));
  r.add(bind_function<&physics::mmc_p50_wait>("mmc_p50_wait"));
  r.add(bind_function<&physics::mmc_p99_wait>("mmc_p99_wait"));
  r.add(bind_function<&physics::time_to_first_token>("time_to_first_token"));
  r.add(bind_function<&physics::inter_token_latency>("inter_token_latency"));
  r.add(bind_function<&physics::decode_tokens_per_second>("decode_tokens_per_second"));
  r.add(bind_function<&physics::kv_cache_max_batch>("kv_cache_max_batch"));
  r.add(bind_function<&physics::mmc_servers_for_wait>("mmc_servers_for_wait"));
  r.add(bind_function<&physics::mmc_response_quantile>("mmc_response_quantile"));
  r.add(bind_function<&physics::mmc_servers_for_response>("mmc_servers_for_response"));
  r.add(bind_function<&physics::speculative_expected_tokens>("speculative_expected_tokens"));
  r.add(bind_function<&physics::speculative_speedup>("speculative_speedup"));
  r.add(bind_function<&physics::speculative_work_factor>("speculative_work_factor"));
  r.add(bind_function<&physics::speculative_optimal_draft_tokens>(
      "speculative_optimal_draft_tokens"));
  r.add(bind_function<&physics::continuous_batching_itl>("continuous_batching_itl"));
  r.add(bind_function<&physics::continuous_batching_request_rate>(
      "continuous_batching_request_rate"));
  r.add(bind_function<&physics::quantized_weight_memory>("quantized_weight_memory"));
  r.add(bind_function<&physics::lora_params>("lora_params"));
  r.add(bind_function<&physics::lora_training_memory>("lora_training_memory"));
  r.add(bind_function<&physics::moe_expert_capacity>("moe_expert_capacity"));
  r.add(bind_function<&physics::moe_dispatch_bytes>("moe_dispatch_bytes"));
  r.add(bind_function<&physics::moe_alltoall_time>("moe_alltoall_time"));
}

}  // namespace reckon::stdlib
