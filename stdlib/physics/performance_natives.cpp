#include "stdlib/binding.hpp"
#include "stdlib/natives.hpp"
#include "stdlib/physics/performance.hpp"

namespace reckon::stdlib {

// Declared in stdlib/modules/performance.rk; sources are cited in performance.hpp.
void register_performance(NativeRegistry& r) {
  r.add(bind_function<&physics::arithmetic_intensity>("arithmetic_intensity"));
  r.add(bind_function<&physics::ridge_point>("ridge_point"));
  r.add(bind_function<&physics::is_compute_bound>("is_compute_bound"));
  r.add(bind_function<&physics::roofline_throughput>("roofline_throughput"));
  r.add(bind_function<&physics::roofline_time>("roofline_time"));
  r.add(bind_function<&physics::training_time>("training_time"));
  r.add(bind_function<&physics::effective_flops>("effective_flops"));
  r.add(bind_function<&physics::amdahl_speedup>("amdahl_speedup"));
  r.add(bind_function<&physics::strong_scaling_efficiency>("strong_scaling_efficiency"));
  r.add(bind_function<&physics::pipeline_bubble_fraction>("pipeline_bubble_fraction"));
}

}  // namespace reckon::stdlib
