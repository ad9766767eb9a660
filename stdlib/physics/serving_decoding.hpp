// Decoding schemes of LLM serving: speculative decoding with a draft model, and the
// iteration-level (continuous) batching of Orca and vLLM with prefills piggybacked on decode
// steps.
#pragma once

#include <cstdint>

#include "stdlib/physics/serving.hpp"

namespace reckon::physics {

// --- Speculative decoding (Leviathan, Kalman and Matias 2023, Fast Inference from
// Transformers via Speculative Decoding, ICML, arXiv 2211.17192, Sec. 3) -------------------
// A draft model proposes gamma tokens; the target model checks them in one run. Each token is
// accepted with probability alpha, independently (the paper's simplifying assumption).

// Expected tokens per target run (Eq. 1): (1 - alpha^(gamma + 1)) / (1 - alpha), gamma + 1 when
// alpha = 1. Throws std::domain_error for alpha outside [0, 1] or gamma < 0.
double speculative_expected_tokens(double acceptance_rate, double draft_tokens);

// Expected walltime improvement over plain decoding (Theorem 3.8):
//   (1 - alpha^(gamma + 1)) / ((1 - alpha) (gamma c + 1)),
// with c the time of one draft run over the time of one target run. Throws std::domain_error
// as speculative_expected_tokens, and for a negative c.
double speculative_speedup(double acceptance_rate, double draft_tokens, double cost_ratio);

// The draft length gamma in 0..max_draft_tokens with the largest speculative_speedup, the
// smallest on a tie; 0 means speculation does not pay (Leviathan et al. 2023, Sec. 3, Choosing
// gamma, and Corollary 3.9: some gamma gains only if alpha > c). Throws std::domain_error as
// speculative_speedup, and for a bound outside 0..max_speculative_scan.
std::int64_t speculative_optimal_draft_tokens(double acceptance_rate, double cost_ratio,
                                              std::int64_t max_draft_tokens);
inline constexpr std::int64_t max_speculative_scan = 1'000'000;

// Expected factor by which arithmetic work grows (Theorem 3.11):
//   (1 - alpha) (gamma c_hat + gamma + 1) / (1 - alpha^(gamma + 1)),
// with c_hat the draft's work per token over the target's. Same domain.
double speculative_work_factor(double acceptance_rate, double draft_tokens, double work_ratio);

// --- Continuous batching (Yu et al. 2022, Orca, OSDI: iteration-level scheduling;
// Agrawal et al. 2024, Sarathi-Serve, OSDI, arXiv 2403.02310: prefills piggybacked on
// decode iterations) --------------------------------------------------------
// In steady state `batch` requests are in flight, each with a prompt of n_p tokens and n_o
// output tokens. Each iteration gives every request one token, so batch / n_o requests finish
// and as many start: their prompts, batch n_p / n_o tokens, are prefilled in the same iteration.
// One iteration is the roofline of
//   compute: 2 P batch (1 + n_p / n_o) flop / (peak x compute_efficiency)
//   memory:  (P x bytes_per_param + batch x kv_bytes_per_token x (n_p + n_o / 2))
//            / (bandwidth x bandwidth_efficiency),
// the KV cache of a request averaging its prompt plus half its output. Attention flops (as in
// time_to_first_token) and the writes of new KV entries are left out. Returned per token of
// each sequence (like inter_token_latency), so n_o x the result is a request's generation time.
// Throws std::domain_error for negative sizes, zero output tokens, non-positive rates or an
// efficiency outside (0, 1].
units::q<seconds_per_token_unit> continuous_batching_itl(
    units::q<units::param_unit> params, double batch, units::q<units::token_unit> prompt_tokens,
    units::q<units::token_unit> output_tokens,
    units::q<decltype(units::bytes / units::tokens)> kv_bytes_per_token,
    units::q<units::compute_rate_unit> peak_compute,
    units::q<units::bandwidth_unit> memory_bandwidth,
    units::q<bytes_per_param_unit> bytes_per_param, double compute_efficiency,
    double bandwidth_efficiency);

// Requests completed per second with `batch` in flight (Little's law, L = lambda W, with
// W = output_tokens x time_per_token): batch / (output_tokens x time_per_token). Throws
// std::domain_error for a negative batch or non-positive output length or time.
units::q<request_rate_unit> continuous_batching_request_rate(
    double batch, units::q<units::token_unit> output_tokens,
    units::q<seconds_per_token_unit> time_per_token);

}  // namespace reckon::physics
