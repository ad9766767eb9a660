#include "stdlib/binding.hpp"
#include "stdlib/natives.hpp"
#include "stdlib/physics/performance.hpp"

namespace reckon::stdlib {

// Declared in stdlib/modules/performance.rk; sources are cited in performance.hpp.
void register_performance(NativeRegistry& r) {
  r.add(bind_function("arithmetic_intensity", &physics::arithmetic_intensity));
  r.add(bind_function("ridge_point", &physics::ridge_point));
  r.add(bind_function("is_compute_bound", &physics::is_compute_bound));
  r.add(bind_function("roofline_throughput", &physics::roofline_throughput));
  r.add(bind_function("roofline_time", &physics::roofline_time));
  r.add(bind_function("training_time", &physics::training_time));
  r.add(bind_function("effective_flops", &physics::effective_flops));
  r.add(bind_function("amdahl_speedup", &physics::amdahl_speedup));
  r.add(bind_function("strong_scaling_efficiency", &physics::strong_scaling_efficiency));
  r.add(bind_function("pipeline_bubble_fraction", &physics::pipeline_bubble_fraction));
}

}  // namespace reckon::stdlib
