// Serving: M/M/c queueing of requests and the latency and capacity of LLM decoding.
#pragma once

#include <cstdint>

#include "stdlib/units.hpp"

namespace reckon::physics {

// Requests per second, the unit of arrival and service rates.
using request_rate_unit = decltype(units::requests / units::seconds);
// Tokens per second, the unit of decode throughput.
using token_rate_unit = decltype(units::tokens / units::seconds);
using seconds_per_token_unit = decltype(units::seconds / units::tokens);
// Bytes of weights per parameter.
using bytes_per_param_unit = decltype(units::bytes / units::params);

// --- M/M/c queueing (Kleinrock 1975, Queueing Systems Vol. 1, Sec. 3.5; Gross & Harris,
// Fundamentals of Queueing Theory, Sec. 2.3) ------------------------------------------------
// Poisson arrivals at rate lambda, exponential service at rate mu per server, c servers,
// first-come first-served, offered load a = lambda / mu.

// Server utilisation rho = lambda / (c mu). May exceed 1 (an overloaded, unstable queue).
// Throws std::domain_error if lambda < 0, mu <= 0 or c < 1.
double mmc_utilization(units::q<request_rate_unit> arrival_rate,
                       units::q<request_rate_unit> service_rate, std::int64_t servers);

// Erlang C: the probability that an arriving request waits,
//   C(c, a) = (a^c / c!) (c / (c - a)) / (sum_{k<c} a^k / k! + (a^c / c!) (c / (c - a))),
// computed through the Erlang B recursion B_k = a B_{k-1} / (k + a B_{k-1}),
// C = B_c / (1 - rho (1 - B_c)). Throws std::domain_error unless 0 <= rho < 1, and for more
// than max_mmc_servers servers.
double mmc_wait_probability(units::q<request_rate_unit> arrival_rate,
                            units::q<request_rate_unit> service_rate, std::int64_t servers);

// Mean time in the queue (before service): W_q = C(c, a) / (c mu - lambda).
units::q<units::time_unit> mmc_mean_wait(units::q<request_rate_unit> arrival_rate,
                                         units::q<request_rate_unit> service_rate,
                                         std::int64_t servers);

// Mean time in the system, queue plus service: W = W_q + 1 / mu.
units::q<units::time_unit> mmc_mean_response_time(units::q<request_rate_unit> arrival_rate,
                                                  units::q<request_rate_unit> service_rate,
                                                  std::int64_t servers);

// Quantile of the waiting time in the queue. Under FCFS, P(W_q > t) = C(c, a) e^{-(c mu -
// lambda) t}, so the q-quantile is ln(C / (1 - q)) / (c mu - lambda) when C > 1 - q and 0
// otherwise (that share of requests is served at once). Throws std::domain_error unless
// 0 <= q < 1.
units::q<units::time_unit> mmc_wait_quantile(units::q<request_rate_unit> arrival_rate,
                                             units::q<request_rate_unit> service_rate,
                                             std::int64_t servers, double quantile);

// mmc_wait_quantile at 0.5 and at 0.99.
units::q<units::time_unit> mmc_p50_wait(units::q<request_rate_unit> arrival_rate,
                                        units::q<request_rate_unit> service_rate,
                                        std::int64_t servers);
units::q<units::time_unit> mmc_p99_wait(units::q<request_rate_unit> arrival_rate,
                                        units::q<request_rate_unit> service_rate,
                                        std::int64_t servers);

// The Erlang B recursion runs once per server; beyond this many it is refused.
inline constexpr std::int64_t max_mmc_servers = 10'000'000;

// --- LLM inference ------------------------------------------------------------------------

// Time to first token as a roofline of the prefill (Williams et al. 2009, Roofline; work from
// Kaplan et al. 2020, arXiv 2001.08361, Sec. 2.1, 2 P flop per token, attention's
// context-dependent term left out): the larger of the compute time
//   2 P n_prompt batch / (peak x efficiency)
// and the time to read the weights once, P x bytes_per_param / bandwidth.
// Throws std::domain_error for negative sizes, non-positive rates or an efficiency outside
// (0, 1].
units::q<units::time_unit> time_to_first_token(units::q<units::param_unit> params,
                                               units::q<units::token_unit> prompt_tokens,
                                               units::q<units::compute_rate_unit> peak_compute,
                                               units::q<units::bandwidth_unit> memory_bandwidth,
                                               units::q<bytes_per_param_unit> bytes_per_param,
                                               double compute_efficiency, double batch);

// Inter-token latency of memory-bound decoding (Pope et al. 2022, Efficiently Scaling
// Transformer Inference, arXiv 2211.05102, Sec. 2: at small batch each decode step reads
// every weight and each sequence's KV cache once):
//   ITL = (weight_bytes + batch x kv_bytes_per_sequence) / (bandwidth x efficiency),
// per token: each sequence gains one token per step, so `output_tokens * ITL` is a time.
// Throws std::domain_error for negative sizes, a non-positive bandwidth or an efficiency
// outside (0, 1].
units::q<seconds_per_token_unit> inter_token_latency(
    units::q<units::information_unit> weight_bytes,
    units::q<units::information_unit> kv_bytes_per_sequence,
    units::q<units::bandwidth_unit> memory_bandwidth, double batch, double bandwidth_efficiency);

// Decode throughput: each of `batch` sequences gains one token per step, batch / ITL.
// Throws std::domain_error if batch < 0 or time_per_token <= 0.
units::q<token_rate_unit> decode_tokens_per_second(double batch,
                                                   units::q<seconds_per_token_unit> time_per_token);

// The largest batch whose KV caches fit beside the weights (Kwon et al. 2023, Efficient Memory
// Management for Large Language Model Serving with PagedAttention, arXiv 2309.06180, Sec. 3:
// the KV cache gets the memory the weights leave):
//   floor((capacity x memory_utilization - weight_bytes) / kv_bytes_per_sequence),
// and 0 when the weights alone do not fit. A quotient within 1e-12 of a whole number counts as
// that number. Throws std::domain_error for a negative capacity or weights, a non-positive
// per-sequence cache, or a utilisation outside (0, 1].
std::int64_t kv_cache_max_batch(units::q<units::information_unit> memory_capacity,
                                units::q<units::information_unit> weight_bytes,
                                units::q<units::information_unit> kv_bytes_per_sequence,
                                double memory_utilization);

}  // namespace reckon::physics
