#include "stdlib/binding.hpp"
#include "stdlib/natives.hpp"
#include "stdlib/physics/serving.hpp"

namespace reckon::stdlib {

void register_serving(NativeRegistry& r) {
  r.add(bind_function("mmc_utilization", &physics::mmc_utilization));
  r.add(bind_function("mmc_wait_probability", &physics::mmc_wait_probability));
  r.add(bind_function("mmc_mean_wait", &physics::mmc_mean_wait));
  r.add(bind_function("mmc_mean_response_time", &physics::mmc_mean_response_time));
  r.add(bind_function("mmc_wait_quantile", &physics::mmc_wait_quantile));
  r.add(bind_function("mmc_p50_wait", &physics::mmc_p50_wait));
  r.add(bind_function("mmc_p99_wait", &physics::mmc_p99_wait));
  r.add(bind_function("time_to_first_token", &physics::time_to_first_token));
  r.add(bind_function("inter_token_latency", &physics::inter_token_latency));
  r.add(bind_function("decode_tokens_per_second", &physics::decode_tokens_per_second));
  r.add(bind_function("kv_cache_max_batch", &physics::kv_cache_max_batch));
}

}  // namespace reckon::stdlib
