#include "stdlib/binding.hpp"
#include "stdlib/natives.hpp"
#include "stdlib/physics/serving.hpp"

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
}

}  // namespace reckon::stdlib
