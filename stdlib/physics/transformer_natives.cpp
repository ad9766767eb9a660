#include "stdlib/binding.hpp"
#include "stdlib/natives.hpp"
#include "stdlib/physics/transformer.hpp"

namespace reckon::stdlib {

void register_transformer(NativeRegistry& r) {
  r.add(bind_function<&physics::training_flops>("training_flops"));
  r.add(bind_function<&physics::decode_flops>("decode_flops"));
  r.add(bind_function<&physics::prefill_flops>("prefill_flops"));
  r.add(bind_function<&physics::transformer_param_count>("transformer_param_count"));
  r.add(bind_function<&physics::transformer_iteration_flops>("transformer_iteration_flops"));
  r.add(bind_function<&physics::model_flops_utilization>("model_flops_utilization"));
  r.add(bind_function<&physics::hardware_flops_utilization>("hardware_flops_utilization"));
  r.add(bind_function<&physics::chinchilla_optimal_tokens>("chinchilla_optimal_tokens"));
}

}  // namespace reckon::stdlib
