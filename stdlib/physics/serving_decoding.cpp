#include "stdlib/physics/serving_decoding.hpp"

#include <fmt/format.h>

#include <cmath>
#include <cstdint>
#include <stdexcept>

#include "stdlib/physics/domain.hpp"

namespace reckon::physics {

namespace {

void require_speculation(double acceptance_rate, double draft_tokens) {
  require_fraction(acceptance_rate, "acceptance rate");
  require_non_negative(draft_tokens, "draft tokens");
}

void require_efficiency(double value, const char* what) {
  require_positive(value, what);
  require_fraction(value, what);
}

// (1 - alpha^(gamma + 1)) / (1 - alpha), whose limit at alpha = 1 is gamma + 1.
double expected_tokens(double alpha, double gamma) {
  if (alpha == 1) return gamma + 1;
  return (1 - std::pow(alpha, gamma + 1)) / (1 - alpha);
}

}  // namespace

// Leviathan et al. 2023, arXiv 2211.17192, Eq. 1.
double speculative_expected_tokens(double acceptance_rate, double draft_tokens) {
  require_speculation(acceptance_rate, draft_tokens);
  return expected_tokens(acceptance_rate, draft_tokens);
}

// Leviathan et al. 2023, Theorem 3.8: one run costs gamma draft runs plus one target run.
double speculative_speedup(double acceptance_rate, double draft_tokens, double cost_ratio) {
  require_speculation(acceptance_rate, draft_tokens);
  require_non_negative(cost_ratio, "cost ratio");
  return expected_tokens(acceptance_rate, draft_tokens) / (draft_tokens * cost_ratio + 1);
}

// Leviathan et al. 2023, Sec. 3 ("Choosing gamma"): choose gamma to maximise Theorem 3.8's
// improvement.
std::int64_t speculative_optimal_draft_tokens(double acceptance_rate, double cost_ratio,
                                              std::int64_t max_draft_tokens) {
  require_speculation(acceptance_rate, 0);
  require_non_negative(cost_ratio, "cost ratio");
  if (max_draft_tokens < 0 || max_draft_tokens > max_speculative_scan)
    throw std::domain_error(fmt::format("maximum draft length must be between 0 and {} (got {})",
                                        max_speculative_scan, max_draft_tokens));
  std::int64_t best = 0;
  double best_speedup = 1;  // gamma = 0 is plain decoding
  for (std::int64_t gamma = 1; gamma <= max_draft_tokens; ++gamma) {
    const double g = static_cast<double>(gamma);
    const double speedup = expected_tokens(acceptance_rate, g) / (g * cost_ratio + 1);
    if (speedup > best_speedup) {
      best = gamma;
      best_speedup = speedup;
    }
  }
  return best;
}

// Leviathan et al. 2023, Theorem 3.11.
double speculative_work_factor(double acceptance_rate, double draft_tokens, double work_ratio) {
  require_speculation(acceptance_rate, draft_tokens);
  require_non_negative(work_ratio, "work ratio");
  return (draft_tokens * work_ratio + draft_tokens + 1) /
         expected_tokens(acceptance_rate, draft_tokens);
}

// Orca (Yu et al. 2022) schedules per iteration; Sarathi-Serve (Agrawal et al. 2024) fills each
// iteration with the prefill tokens of arriving requests.
units::q<seconds_per_token_unit> continuous_batching_itl(
    units::q<units::param_unit> params, double batch, units::q<units::token_unit> prompt_tokens,
    units::q<units::token_unit> output_tokens,
    units::q<decltype(units::bytes / units::tokens)> kv_bytes_per_token,
    units::q<units::compute_rate_unit> peak_compute,
    units::q<units::bandwidth_unit> memory_bandwidth,
    units::q<bytes_per_param_unit> bytes_per_param, double compute_efficiency,
    double bandwidth_efficiency) {
  require_non_negative(params.value(), "parameter count");
  require_non_negative(batch, "batch size");
  require_non_negative(prompt_tokens.value(), "prompt length");
  require_positive(output_tokens.value(), "output length");
  require_non_negative(kv_bytes_per_token.value(), "KV cache bytes per token");
  require_positive(peak_compute.value(), "peak compute rate");
  require_positive(memory_bandwidth.value(), "memory bandwidth");
  require_non_negative(bytes_per_param.value(), "bytes per parameter");
  require_efficiency(compute_efficiency, "compute efficiency");
  require_efficiency(bandwidth_efficiency, "bandwidth efficiency");
  // Tokens one iteration processes: one decode token per request plus the prompts of the
  // batch / n_o requests that replace the finished ones.
  const double step_tokens = batch * (1 + prompt_tokens / output_tokens);
  // Kaplan et al. 2020, Sec. 2.1: 2 flop per parameter per token.
  const units::q<units::compute_unit> work = 2 * params.value() * step_tokens * units::flops;
  const units::q<units::time_unit> compute = work / (peak_compute * compute_efficiency);
  const units::q<units::token_unit> mean_context = prompt_tokens + 0.5 * output_tokens;
  const units::q<units::information_unit> traffic =
      params * bytes_per_param + batch * kv_bytes_per_token * mean_context;
  const units::q<units::time_unit> memory = traffic / (memory_bandwidth * bandwidth_efficiency);
  // One iteration gives each request one token.
  return (compute > memory ? compute : memory) / (1.0 * units::tokens);
}

// Little 1961: requests in flight = completion rate x time in system.
units::q<request_rate_unit> continuous_batching_request_rate(
    double batch, units::q<units::token_unit> output_tokens,
    units::q<seconds_per_token_unit> time_per_token) {
  require_non_negative(batch, "batch size");
  require_positive(output_tokens.value(), "output length");
  require_positive(time_per_token.value(), "time per token");
  return batch * units::requests / (output_tokens * time_per_token);
}

}  // namespace reckon::physics
