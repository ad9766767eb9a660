#include "stdlib/binding.hpp"
#include "stdlib/natives.hpp"
#include "stdlib/physics/performance.hpp"

namespace reckon::stdlib {

// Declared in stdlib/modules/performance.rk; sources are cited in performance.hpp.
void register_performance(NativeRegistry& r) {
  // The formula, from its declaration's source: Williams, Waterman, Patterson 2009, Roofline: An
  // Insightful Visual Performance Model for Multicore Architectures, CACM 52(4).
  r.add(with_formula(bind_function<&physics::arithmetic_intensity>("arithmetic_intensity"),
                     "work / traffic"));
  // The formula, from its declaration's source: Williams, Waterman, Patterson 2009, Roofline, CACM
  // 52(4).
  r.add(with_formula(bind_function<&physics::ridge_point>("ridge_point"), "peak / bandwidth"));
  // The formula, from its declaration's source: Williams, Waterman, Patterson 2009, Roofline, CACM
  // 52(4).
  r.add(with_formula(bind_function<&physics::is_compute_bound>("is_compute_bound"),
                     "intensity >= peak / bandwidth"));
  // The formula, from its declaration's source: Williams, Waterman, Patterson 2009, Roofline, CACM
  // 52(4).
  r.add(with_formula(bind_function<&physics::roofline_throughput>("roofline_throughput"),
                     "min(peak, intensity * bandwidth)"));
  // The formula, from its declaration's source: Williams, Waterman, Patterson 2009, Roofline, CACM
  // 52(4).
  r.add(with_formula(bind_function<&physics::roofline_time>("roofline_time"),
                     "max(work / peak, traffic / bandwidth)"));
  // The formula, from its declaration's source: Narayanan et al. 2021, Efficient Large-Scale
  // Language Model Training on GPU Clusters Using Megatron-LM, arXiv 2104.04473, Sec. 5.1.
  r.add(with_formula(bind_function<&physics::training_time>("training_time"),
                     "work / (devices * peak * efficiency)"));
  // The formula, from its declaration's source: Chowdhery et al. 2022, PaLM: Scaling Language
  // Modeling with Pathways, arXiv 2204.02311, Sec. 4.1.
  r.add(with_formula(bind_function<&physics::effective_flops>("effective_flops"),
                     "peak * utilization"));
  // The formula, from its declaration's source: Amdahl 1967, Validity of the single processor
  // approach to achieving large scale computing capabilities, AFIPS SJCC.
  r.add(with_formula(bind_function<&physics::amdahl_speedup>("amdahl_speedup"),
                     "1 / ((1 - parallel_fraction) + parallel_fraction / processors)"));
  // The formula, from its declaration's source: Eager, Zahorjan, Lazowska 1989, Speedup Versus
  // Efficiency in Parallel Systems, IEEE Trans. Computers 38(3).
  r.add(
      with_formula(bind_function<&physics::strong_scaling_efficiency>("strong_scaling_efficiency"),
                   "single_device_time / (devices * parallel_time)"));
  // The formula, from its declaration's source: Narayanan et al. 2021, arXiv 2104.04473, Sec. 2.2;
  // Huang et al. 2019, GPipe, arXiv 1811.06965.
  r.add(with_formula(bind_function<&physics::pipeline_bubble_fraction>("pipeline_bubble_fraction"),
                     "(stages - 1) / (chunks * micro_batches + stages - 1)"));
}

}  // namespace reckon::stdlib
