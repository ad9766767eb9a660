#include "stdlib/binding.hpp"
#include "stdlib/natives.hpp"
#include "stdlib/physics/serving.hpp"
#include "stdlib/physics/serving_capacity.hpp"
#include "stdlib/physics/serving_decoding.hpp"
#include "stdlib/physics/serving_footprint.hpp"
#include "stdlib/physics/serving_moe.hpp"

namespace reckon::stdlib {

void register_serving(NativeRegistry& r) {
  // The formula, from its declaration's source: Kleinrock 1975, Queueing Systems Vol. 1: Theory,
  // Sec. 3.5 (M/M/m); Gross & Harris, Fundamentals of Queueing Theory, Sec. 2.3.
  r.add(with_formula(bind_function<&physics::mmc_utilization>("mmc_utilization"),
                     "arrival_rate / (servers * service_rate)"));
  // The formula, from its declaration's source: Kleinrock 1975, Queueing Systems Vol. 1, Sec. 3.5
  // (Erlang's C formula); Gross & Harris, Fundamentals of Queueing Theory, Sec. 2.3.
  r.add(with_formula(
      bind_function<&physics::mmc_wait_probability>("mmc_wait_probability"),
      "fold(1 .. servers, 1, (b, k) => arrival_rate / service_rate * b / (k + arrival_rate / "
      "service_rate * b)) / (1 - arrival_rate / (servers * service_rate) * (1 - fold(1 .. servers, "
      "1, (b, k) => arrival_rate / service_rate * b / (k + arrival_rate / service_rate * b))))"));
  // The formula, from its declaration's source: Kleinrock 1975, Queueing Systems Vol. 1, Sec. 3.5;
  // Gross & Harris, Fundamentals of Queueing Theory, Sec. 2.3.
  r.add(with_formula(bind_function<&physics::mmc_mean_wait>("mmc_mean_wait"),
                     "mmc_wait_probability(arrival_rate, service_rate, servers) * 1 request / "
                     "(servers * service_rate - arrival_rate)"));
  // The formula, from its declaration's source: Kleinrock 1975, Queueing Systems Vol. 1, Sec. 3.5;
  // Gross & Harris, Fundamentals of Queueing Theory, Sec. 2.3.
  r.add(with_formula(bind_function<&physics::mmc_mean_response_time>("mmc_mean_response_time"),
                     "mmc_wait_probability(arrival_rate, service_rate, servers) * 1 request / "
                     "(servers * service_rate - arrival_rate) + 1 request / service_rate"));
  // The formula, from its declaration's source: Gross & Harris, Fundamentals of Queueing Theory,
  // Sec. 2.3 (waiting-time distribution of M/M/c); Kleinrock 1975, Queueing Systems Vol. 1,
  // Sec. 3.5.
  r.add(with_formula(bind_function<&physics::mmc_wait_quantile>("mmc_wait_quantile"),
                     "max(0 s, ln(mmc_wait_probability(arrival_rate, service_rate, servers) / (1 - "
                     "quantile)) * 1 request / (servers * service_rate - arrival_rate))"));
  // The formula, from its declaration's source: Gross & Harris, Fundamentals of Queueing Theory,
  // Sec. 2.3 (waiting-time distribution of M/M/c).
  r.add(with_formula(bind_function<&physics::mmc_p50_wait>("mmc_p50_wait"),
                     "max(0 s, ln(mmc_wait_probability(arrival_rate, service_rate, servers) / 0.5) "
                     "* 1 request / (servers * service_rate - arrival_rate))"));
  // The formula, from its declaration's source: Gross & Harris, Fundamentals of Queueing Theory,
  // Sec. 2.3 (waiting-time distribution of M/M/c).
  r.add(with_formula(bind_function<&physics::mmc_p99_wait>("mmc_p99_wait"),
                     "max(0 s, ln(mmc_wait_probability(arrival_rate, service_rate, servers) / "
                     "0.01) * 1 request / (servers * service_rate - arrival_rate))"));
  // The formula, from its declaration's source: Kaplan et al. 2020, Scaling Laws for Neural
  // Language Models, arXiv 2001.08361, Sec. 2.1 (2 P flop per token); Williams, Waterman and
  // Patterson 2009, Roofline, CACM 52(4).
  r.add(with_formula(
      bind_function<&physics::time_to_first_token>("time_to_first_token"),
      "max(2 * params / 1 param * prompt_tokens / 1 token * batch * 1 flop / (peak_compute * "
      "compute_efficiency), params * bytes_per_param / memory_bandwidth)",
      {{"2", "a multiply and an add per parameter"}}));
  // The formula, from its declaration's source: Pope et al. 2022, Efficiently Scaling Transformer
  // Inference, arXiv 2211.05102, Sec. 2.
  r.add(with_formula(bind_function<&physics::inter_token_latency>("inter_token_latency"),
                     "(weight_bytes + batch * kv_bytes_per_sequence) / (memory_bandwidth * "
                     "bandwidth_efficiency) / 1 token"));
  // The formula, from its declaration's source: Pope et al. 2022, Efficiently Scaling Transformer
  // Inference, arXiv 2211.05102, Sec. 2.
  r.add(with_formula(bind_function<&physics::decode_tokens_per_second>("decode_tokens_per_second"),
                     "batch / time_per_token"));
  // The formula, from its declaration's source: Kwon et al. 2023, Efficient Memory Management for
  // Large Language Model Serving with PagedAttention, arXiv 2309.06180, Sec. 3.
  r.add(with_formula(bind_function<&physics::kv_cache_max_batch>("kv_cache_max_batch"),
                     "max(0, floor((memory_capacity * memory_utilization - weight_bytes) / "
                     "kv_bytes_per_sequence))"));
  r.add(bind_function<&physics::mmc_servers_for_wait>("mmc_servers_for_wait"));
  r.add(bind_function<&physics::mmc_response_quantile>("mmc_response_quantile"));
  r.add(bind_function<&physics::mmc_servers_for_response>("mmc_servers_for_response"));
  // The formula, from its declaration's source: Leviathan, Kalman and Matias 2023, Fast Inference
  // from Transformers via Speculative Decoding, ICML, arXiv 2211.17192, Eq. 1.
  r.add(with_formula(
      bind_function<&physics::speculative_expected_tokens>("speculative_expected_tokens"),
      "if acceptance_rate == 1 then draft_tokens + 1 else (1 - acceptance_rate^(draft_tokens + 1)) "
      "/ (1 - acceptance_rate)"));
  // The formula, from its declaration's source: Leviathan, Kalman and Matias 2023, arXiv
  // 2211.17192, Theorem 3.8.
  r.add(with_formula(
      bind_function<&physics::speculative_speedup>("speculative_speedup"),
      "(if acceptance_rate == 1 then draft_tokens + 1 else (1 - acceptance_rate^(draft_tokens + "
      "1)) / (1 - acceptance_rate)) / (draft_tokens * cost_ratio + 1)"));
  // The formula, from its declaration's source: Leviathan, Kalman and Matias 2023, arXiv
  // 2211.17192, Theorem 3.11.
  r.add(with_formula(
      bind_function<&physics::speculative_work_factor>("speculative_work_factor"),
      "(draft_tokens * work_ratio + draft_tokens + 1) / (if acceptance_rate == 1 then draft_tokens "
      "+ 1 else (1 - acceptance_rate^(draft_tokens + 1)) / (1 - acceptance_rate))"));
  r.add(bind_function<&physics::speculative_optimal_draft_tokens>(
      "speculative_optimal_draft_tokens"));
  // The formula, from its declaration's source: Yu et al. 2022, Orca, OSDI (iteration-level
  // scheduling); Agrawal et al. 2024, Sarathi-Serve, OSDI, arXiv 2403.02310 (prefills piggybacked
  // on decodes); Kaplan et al. 2020, arXiv 2001.08361, Sec. 2.1 (2 P flop per token).
  r.add(with_formula(bind_function<&physics::continuous_batching_itl>("continuous_batching_itl"),
                     "max(2 * params / 1 param * batch * (1 + prompt_tokens / output_tokens) * 1 "
                     "flop / (peak_compute * compute_efficiency), (params * bytes_per_param + "
                     "batch * kv_bytes_per_token * (prompt_tokens + output_tokens / 2)) / "
                     "(memory_bandwidth * bandwidth_efficiency)) / 1 token",
                     {{"2", "a multiply and an add per parameter"}}));
  // The formula, from its declaration's source: Little 1961, A Proof for the Queuing Formula L =
  // lambda W, Operations Research 9(3).
  r.add(with_formula(
      bind_function<&physics::continuous_batching_request_rate>("continuous_batching_request_rate"),
      "batch * 1 request / (output_tokens * time_per_token)"));
  // The formula, from its declaration's source: Dettmers et al. 2023, QLoRA, arXiv 2305.14314, Sec.
  // 3 (0.5 and 0.127 bit per parameter of constants); Frantar et al. 2023, GPTQ, arXiv 2210.17323;
  // Lin et al. 2024, AWQ, arXiv 2306.00978.
  r.add(with_formula(bind_function<&physics::quantized_weight_memory>("quantized_weight_memory"),
                     "params * (weight_bits + (scale_bits + zero_point_bits) / group_size)"));
  // The formula, from its declaration's source: Hu et al. 2021, LoRA: Low-Rank Adaptation of Large
  // Language Models, arXiv 2106.09685, Sec. 4.1 and Table 4.
  r.add(with_formula(bind_function<&physics::lora_params>("lora_params"),
                     "layers * matrices * rank * (d_in + d_out) * 1 param"));
  // The formula, from its declaration's source: Hu et al. 2021, arXiv 2106.09685, Sec. 4.2;
  // Rajbhandari et al. 2020, ZeRO, arXiv 1910.02054, Sec. 3.1 (16 bytes per parameter).
  r.add(with_formula(
      bind_function<&physics::lora_training_memory>("lora_training_memory"),
      "base_params * base_bytes_per_param + adapter_params * adapter_state_bytes_per_param"));
  // The formula, from its declaration's source: Fedus et al. 2022, Switch Transformers, JMLR 23,
  // arXiv 2101.03961, Sec. 2.2; Lepikhin et al. 2021, GShard, arXiv 2006.16668, Sec. 2.2 (top-2).
  r.add(with_formula(bind_function<&physics::moe_expert_capacity>("moe_expert_capacity"),
                     "ceil(top_k * tokens / 1 token / experts * capacity_factor) * 1 token"));
  // The formula, from its declaration's source: Lepikhin et al. 2021, GShard, arXiv 2006.16668,
  // Sec. 2.2; Fedus et al. 2022, arXiv 2101.03961, Sec. 2.2.
  r.add(with_formula(bind_function<&physics::moe_dispatch_bytes>("moe_dispatch_bytes"),
                     "tokens / 1 token * top_k * capacity_factor * hidden * bytes_per_element"));
  // The formula, from its declaration's source: Lepikhin et al. 2021, GShard, arXiv 2006.16668,
  // Sec. 2.2; Thakur et al. 2005, Optimization of Collective Communication Operations in MPICH,
  // IJHPCA 19(1).
  r.add(with_formula(
      bind_function<&physics::moe_alltoall_time>("moe_alltoall_time"),
      "2 * ((expert_parallel - 1) / expert_parallel * tokens / 1 token * top_k * capacity_factor * "
      "hidden * bytes_per_element / bandwidth + (expert_parallel - 1) * latency)",
      {{"2", "a dispatch and a combine"}}));
}

}  // namespace reckon::stdlib
