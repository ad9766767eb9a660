#include "stdlib/binding.hpp"
#include "stdlib/natives.hpp"
#include "stdlib/physics/scaling.hpp"

namespace reckon::stdlib {

// Declared in stdlib/modules/scaling.rk; sources are cited in scaling.hpp.
void register_scaling(NativeRegistry& r) {
  r.add(bind_function<&physics::tensor_parallel_comm_time>("tensor_parallel_comm_time"));
  r.add(bind_function<&physics::training_step_time_3d>("training_step_time_3d"));
  r.add(bind_function<&physics::usl_capacity>("usl_capacity"));
  r.add(bind_function<&physics::usl_peak_nodes>("usl_peak_nodes"));
  r.add(bind_function<&physics::chinchilla_loss>("chinchilla_loss"));
  r.add(bind_function<&physics::compute_optimal_params>("compute_optimal_params"));
  r.add(bind_function<&physics::compute_optimal_tokens>("compute_optimal_tokens"));
  r.add(bind_function<&physics::compute_optimal_loss>("compute_optimal_loss"));
  r.add(bind_function<&physics::data_loader_throughput>("data_loader_throughput"));
  r.add(bind_function<&physics::data_bound_step_time>("data_bound_step_time"));
  r.add(bind_function<&physics::data_stall_fraction>("data_stall_fraction"));
}

}  // namespace reckon::stdlib
