#include "stdlib/binding.hpp"
#include "stdlib/natives.hpp"
#include "stdlib/physics/transformer.hpp"

namespace reckon::stdlib {

void register_transformer(NativeRegistry& r) {
  r.add(bind_function("training_flops", &physics::training_flops));
  r.add(bind_function("decode_flops", &physics::decode_flops));
  r.add(bind_function("prefill_flops", &physics::prefill_flops));
  r.add(bind_function("transformer_param_count", &physics::transformer_param_count));
  r.add(bind_function("transformer_iteration_flops", &physics::transformer_iteration_flops));
  r.add(bind_function("model_flops_utilization", &physics::model_flops_utilization));
  r.add(bind_function("hardware_flops_utilization", &physics::hardware_flops_utilization));
  r.add(bind_function("chinchilla_optimal_tokens", &physics::chinchilla_optimal_tokens));
}

}  // namespace reckon::stdlib
