#include "stdlib/binding.hpp"
#include "stdlib/natives.hpp"
#include "stdlib/physics/transformer.hpp"

namespace reckon::stdlib {

void register_transformer(NativeRegistry& r) {
  r.add(bind_function<&physics::training_flops>("training_flops"));
  // The formula, from its declaration's source: Kaplan et al. 2020, arXiv 2001.08361, Sec. 2.1.
  r.add(with_formula(bind_function<&physics::decode_flops>("decode_flops"), "",
                     {{"2", "a multiply and an add per parameter"}}));
  // The formula, from its declaration's source: Kaplan et al. 2020, arXiv 2001.08361, Table 1;
  // Narayanan et al. 2021, Efficient Large-Scale Language Model Training on GPU Clusters Using
  // Megatron-LM, arXiv 2104.04473, Sec. 5.1.
  r.add(with_formula(
      bind_function<&physics::prefill_flops>("prefill_flops"),
      "2 * params / 1 param * batch * seq_len / 1 token * 1 flop + 4 * layers * (if causal then "
      "seq_len / 2 else seq_len) / 1 token * hidden * batch * seq_len / 1 token * 1 flop",
      {{"4", "QK^T and AV, 2 flop each"}}));
  // The formula, from its declaration's source: Narayanan et al. 2021, arXiv 2104.04473, Sec. 5.1,
  // Eq. 2.
  r.add(with_formula(bind_function<&physics::transformer_param_count>("transformer_param_count"),
                     "(12 * layers * hidden * hidden + 13 * layers * hidden + (vocab + seq_len / 1 "
                     "token) * hidden) * 1 param"));
  // The formula, from its declaration's source: Narayanan et al. 2021, arXiv 2104.04473, Sec. 5.1,
  // Eq. 3; Korthikanti et al. 2022, arXiv 2205.05198, Sec. 6.
  r.add(with_formula(
      bind_function<&physics::transformer_iteration_flops>("transformer_iteration_flops"),
      "(3 * (24 * batch * seq_len / 1 token * layers * hidden * hidden + 4 * batch * (seq_len / 1 "
      "token)^2 * layers * hidden + 2 * batch * seq_len / 1 token * hidden * vocab) + (if strategy "
      "== full then 24 * batch * seq_len / 1 token * layers * hidden * hidden + 4 * batch * "
      "(seq_len / 1 token)^2 * layers * hidden else if strategy == selective then 4 * batch * "
      "(seq_len / 1 token)^2 * layers * hidden else 0)) * 1 flop",
      {{"3", "a forward pass and a backward pass of twice its work"}}));
  // The formula, from its declaration's source: Chowdhery et al. 2022, PaLM: Scaling Language
  // Modeling with Pathways, arXiv 2204.02311, Sec. 4.1 and Appendix B.
  r.add(with_formula(bind_function<&physics::model_flops_utilization>("model_flops_utilization"),
                     "model_flops / (iteration_time * devices * peak_flops)"));
  // The formula, from its declaration's source: Chowdhery et al. 2022, arXiv 2204.02311, Appendix
  // B; Korthikanti et al. 2022, arXiv 2205.05198, Sec. 6.
  r.add(with_formula(
      bind_function<&physics::hardware_flops_utilization>("hardware_flops_utilization"),
      "(model_flops + recomputed_flops) / (iteration_time * devices * peak_flops)"));
  // The formula, from its declaration's source: Hoffmann et al. 2022, Training Compute-Optimal
  // Large Language Models, arXiv 2203.15556, Sec. 3 and Table 3.
  r.add(
      with_formula(bind_function<&physics::chinchilla_optimal_tokens>("chinchilla_optimal_tokens"),
                   "tokens_per_param * params / 1 param * 1 token"));
}

}  // namespace reckon::stdlib
