#include "stdlib/binding.hpp"
#include "stdlib/natives.hpp"
#include "stdlib/physics/scaling.hpp"

namespace reckon::stdlib {

// Declared in stdlib/modules/scaling.rk; sources are cited in scaling.hpp.
void register_scaling(NativeRegistry& r) {
  // The formula, from its declaration's source: Shoeybi et al. 2019, Megatron-LM, arXiv 1909.08053,
  // Sec. 3 and Fig. 4; Korthikanti et al. 2022, arXiv 2205.05198, Sec. 4.2.2; ring all-reduce:
  // Patarasuk & Yuan 2009.
  r.add(
      with_formula(bind_function<&physics::tensor_parallel_comm_time>("tensor_parallel_comm_time"),
                   "4 * layers * 2 * ((tensor_parallel - 1) / tensor_parallel * tokens / 1 token * "
                   "hidden * bytes_per_element / bandwidth + (tensor_parallel - 1) * latency)",
                   {{"4", "an all-reduce per attention and per MLP block, forward and backward"},
                    {"2", "a reduce-scatter and an all-gather"}}));
  // The formula, from its declaration's source: Narayanan et al. 2021, Efficient Large-Scale
  // Language Model Training on GPU Clusters Using Megatron-LM, arXiv 2104.04473, Sec. 2.2 (bubble
  // (p - 1) / (v m)) and Sec. 3.
  r.add(with_formula(bind_function<&physics::training_step_time_3d>("training_step_time_3d"),
                     "(compute + tensor_parallel_comm) * (1 + (pipeline_stages - 1) / (chunks * "
                     "micro_batches)) + (1 - overlap) * data_parallel_comm"));
  // The formula, from its declaration's source: Gunther 2007, Guerrilla Capacity Planning,
  // Springer, Ch. 4 (Scalability: A Quantitative Approach).
  r.add(with_formula(bind_function<&physics::usl_capacity>("usl_capacity"),
                     "nodes / (1 + contention * (nodes - 1) + coherency * nodes * (nodes - 1))"));
  // The formula, from its declaration's source: Gunther 2007, Guerrilla Capacity Planning,
  // Springer, Ch. 4.
  r.add(with_formula(bind_function<&physics::usl_peak_nodes>("usl_peak_nodes"),
                     "sqrt((1 - contention) / coherency)"));
  // The formula, from its declaration's source: Hoffmann et al. 2022, Training Compute-Optimal
  // Large Language Models, arXiv 2203.15556, Sec. 3.3 (Eq. 2) and Appendix D.2 (the fitted
  // constants).
  r.add(with_formula(bind_function<&physics::chinchilla_loss>("chinchilla_loss"),
                     "irreducible + param_coefficient / (params / 1 param)^param_exponent + "
                     "data_coefficient / (tokens / 1 token)^data_exponent"));
  // The formula, from its declaration's source: Hoffmann et al. 2022, arXiv 2203.15556, Eq. 4 and
  // Appendix D.2.
  r.add(with_formula(bind_function<&physics::compute_optimal_params>("compute_optimal_params"),
                     "(param_exponent * param_coefficient / (data_exponent * data_coefficient))^(1 "
                     "/ (param_exponent + data_exponent)) * (compute / 1 flop / 6)^(data_exponent "
                     "/ (param_exponent + data_exponent)) * 1 param",
                     {{"6", "6 flop per parameter and token"}}));
  // The formula, from its declaration's source: Hoffmann et al. 2022, arXiv 2203.15556, Eq. 4 and
  // Appendix D.2.
  r.add(with_formula(bind_function<&physics::compute_optimal_tokens>("compute_optimal_tokens"),
                     "(compute / 1 flop / 6)^(param_exponent / (param_exponent + data_exponent)) / "
                     "(param_exponent * param_coefficient / (data_exponent * data_coefficient))^(1 "
                     "/ (param_exponent + data_exponent)) * 1 token",
                     {{"6", "6 flop per parameter and token"}}));
  // The formula, from its declaration's source: Hoffmann et al. 2022, arXiv 2203.15556, Sec. 3.3
  // and Eq. 4.
  r.add(with_formula(
      bind_function<&physics::compute_optimal_loss>("compute_optimal_loss"),
      "chinchilla_loss(compute_optimal_params(compute, param_coefficient, data_coefficient, "
      "param_exponent, data_exponent), compute_optimal_tokens(compute, param_coefficient, "
      "data_coefficient, param_exponent, data_exponent), irreducible, param_coefficient, "
      "data_coefficient, param_exponent, data_exponent)"));
  // The formula, from its declaration's source: Mohan et al. 2021, Analyzing and Mitigating Data
  // Stalls in DNN Training, PVLDB 14(5) (fetch and preprocessing stalls).
  r.add(with_formula(bind_function<&physics::data_loader_throughput>("data_loader_throughput"),
                     "min(storage_bandwidth / bytes_per_sample, workers * worker_rate)"));
  // The formula, from its declaration's source: Murray et al. 2021, tf.data: A Machine Learning
  // Data Processing Framework, PVLDB 14(12) (prefetching); Mohan et al. 2021, PVLDB 14(5).
  r.add(with_formula(bind_function<&physics::data_bound_step_time>("data_bound_step_time"),
                     "max(compute_step_time, batch / loader_throughput)"));
  // The formula, from its declaration's source: Mohan et al. 2021, Analyzing and Mitigating Data
  // Stalls in DNN Training, PVLDB 14(5).
  r.add(with_formula(bind_function<&physics::data_stall_fraction>("data_stall_fraction"),
                     "1 - compute_step_time / max(compute_step_time, batch / loader_throughput)"));
}

}  // namespace reckon::stdlib
