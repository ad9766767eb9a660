#include "stdlib/physics/serving.hpp"

#include <fmt/format.h>

#include <cmath>
#include <stdexcept>

#include "stdlib/physics/domain.hpp"

namespace reckon::physics {

namespace {

// An efficiency or utilisation: a share of a peak, 0 < value <= 1.
void require_efficiency(double value, const char* what) {
  require_positive(value, what);
  require_fraction(value, what);
}

// The common domain of the M/M/c formulas; returns the offered load a = lambda / mu.
double offered_load(units::q<request_rate_unit> arrival_rate,
                    units::q<request_rate_unit> service_rate, std::int64_t servers) {
  require_non_negative(arrival_rate.value(), "arrival rate");
  require_positive(service_rate.value(), "service rate");
  if (servers < 1)
    throw std::domain_error(fmt::format("number of servers must be at least 1 (got {})", servers));
  return arrival_rate / service_rate;
}

// Like offered_load, and also requires a stable queue (rho < 1) and a bounded server count.
double stable_offered_load(units::q<request_rate_unit> arrival_rate,
                           units::q<request_rate_unit> service_rate, std::int64_t servers) {
  const double a = offered_load(arrival_rate, service_rate, servers);
  const double rho = a / static_cast<double>(servers);
  if (!(rho < 1))
    throw std::domain_error(fmt::format(
        "the queue is unstable: utilisation lambda / (c mu) must be below 1 (got {})", rho));
  if (servers > max_mmc_servers)
    throw std::domain_error(
        fmt::format("at most {} servers are supported (got {})", max_mmc_servers, servers));
  return a;
}

// Erlang C by way of the numerically stable Erlang B recursion (Gross & Harris, Sec. 2.3).
double erlang_c(double a, std::int64_t servers) {
  double b = 1;  // Erlang B with 0 servers
  for (std::int64_t k = 1; k <= servers; ++k) b = a * b / (static_cast<double>(k) + a * b);
  const double rho = a / static_cast<double>(servers);
  return b / (1 - rho * (1 - b));
}

// c mu - lambda: the rate at which the waiting-time tail decays.
units::q<request_rate_unit> drain_rate(units::q<request_rate_unit> arrival_rate,
                                       units::q<request_rate_unit> service_rate,
                                       std::int64_t servers) {
  return static_cast<double>(servers) * service_rate - arrival_rate;
}

}  // namespace

// Kleinrock 1975, Queueing Systems Vol. 1, Sec. 3.5 (M/M/m): rho = lambda / (m mu).
double mmc_utilization(units::q<request_rate_unit> arrival_rate,
                       units::q<request_rate_unit> service_rate, std::int64_t servers) {
  return offered_load(arrival_rate, service_rate, servers) / static_cast<double>(servers);
}

// Kleinrock 1975, Vol. 1, Sec. 3.5 (Erlang's C formula); Gross & Harris, Sec. 2.3.
double mmc_wait_probability(units::q<request_rate_unit> arrival_rate,
                            units::q<request_rate_unit> service_rate, std::int64_t servers) {
  return erlang_c(stable_offered_load(arrival_rate, service_rate, servers), servers);
}

// Kleinrock 1975, Vol. 1, Sec. 3.5: W = C(m, a) / (m mu - lambda).
units::q<units::time_unit> mmc_mean_wait(units::q<request_rate_unit> arrival_rate,
                                         units::q<request_rate_unit> service_rate,
                                         std::int64_t servers) {
  const double c = mmc_wait_probability(arrival_rate, service_rate, servers);
  return c * units::requests / drain_rate(arrival_rate, service_rate, servers);
}

// Little's result: time in system = time in queue + mean service time 1 / mu.
units::q<units::time_unit> mmc_mean_response_time(units::q<request_rate_unit> arrival_rate,
                                                  units::q<request_rate_unit> service_rate,
                                                  std::int64_t servers) {
  return mmc_mean_wait(arrival_rate, service_rate, servers) + 1.0 * units::requests / service_rate;
}

// Gross & Harris, Sec. 2.3 (waiting-time distribution of M/M/c under FCFS):
// P(W_q > t) = C(c, a) exp(-(c mu - lambda) t).
units::q<units::time_unit> mmc_wait_quantile(units::q<request_rate_unit> arrival_rate,
                                             units::q<request_rate_unit> service_rate,
                                             std::int64_t servers, double quantile) {
  require_fraction(quantile, "quantile");
  if (!(quantile < 1))
    throw std::domain_error("quantile must be below 1 (the 1-quantile is infinite)");
  const double c = mmc_wait_probability(arrival_rate, service_rate, servers);
  const double tail = 1 - quantile;
  if (c <= tail) return 0.0 * units::seconds;
  return std::log(c / tail) * units::requests / drain_rate(arrival_rate, service_rate, servers);
}

units::q<units::time_unit> mmc_p50_wait(units::q<request_rate_unit> arrival_rate,
                                        units::q<request_rate_unit> service_rate,
                                        std::int64_t servers) {
  return mmc_wait_quantile(arrival_rate, service_rate, servers, 0.5);
}

units::q<units::time_unit> mmc_p99_wait(units::q<request_rate_unit> arrival_rate,
                                        units::q<request_rate_unit> service_rate,
                                        std::int64_t servers) {
  return mmc_wait_quantile(arrival_rate, service_rate, servers, 0.99);
}

namespace {

using work_density_unit = decltype(units::flops / (units::params * units::tokens));
// Kaplan et al. 2020, arXiv 2001.08361, Sec. 2.1: 2 flop per parameter per token forward.
constexpr units::q<work_density_unit> forward_work = 2.0 * work_density_unit();

}  // namespace

// Roofline (Williams, Waterman and Patterson 2009) of the prefill forward pass.
units::q<units::time_unit> time_to_first_token(units::q<units::param_unit> params,
                                               units::q<units::token_unit> prompt_tokens,
                                               units::q<units::compute_rate_unit> peak_compute,
                                               units::q<units::bandwidth_unit> memory_bandwidth,
                                               units::q<bytes_per_param_unit> bytes_per_param,
                                               double compute_efficiency, double batch) {
  require_non_negative(params.value(), "parameter count");
  require_non_negative(prompt_tokens.value(), "prompt length");
  require_positive(peak_compute.value(), "peak compute rate");
  require_positive(memory_bandwidth.value(), "memory bandwidth");
  require_non_negative(bytes_per_param.value(), "bytes per parameter");
  require_efficiency(compute_efficiency, "compute efficiency");
  require_non_negative(batch, "batch size");
  const units::q<units::time_unit> compute =
      forward_work * params * prompt_tokens * batch / (peak_compute * compute_efficiency);
  const units::q<units::time_unit> weights = params * bytes_per_param / memory_bandwidth;
  return compute > weights ? compute : weights;
}

// Pope et al. 2022, arXiv 2211.05102, Sec. 2: memory time of one decode step.
units::q<seconds_per_token_unit> inter_token_latency(
    units::q<units::information_unit> weight_bytes,
    units::q<units::information_unit> kv_bytes_per_sequence,
    units::q<units::bandwidth_unit> memory_bandwidth, double batch, double bandwidth_efficiency) {
  require_non_negative(weight_bytes.value(), "weight bytes");
  require_non_negative(kv_bytes_per_sequence.value(), "KV cache bytes per sequence");
  require_positive(memory_bandwidth.value(), "memory bandwidth");
  require_non_negative(batch, "batch size");
  require_efficiency(bandwidth_efficiency, "bandwidth efficiency");
  // One step gives each sequence one token.
  return (weight_bytes + batch * kv_bytes_per_sequence) /
         (memory_bandwidth * bandwidth_efficiency) / (1.0 * units::tokens);
}

units::q<token_rate_unit> decode_tokens_per_second(
    double batch, units::q<seconds_per_token_unit> time_per_token) {
  require_non_negative(batch, "batch size");
  require_positive(time_per_token.value(), "time per token");
  return batch / time_per_token;
}

// Kwon et al. 2023, arXiv 2309.06180, Sec. 3.
std::int64_t kv_cache_max_batch(units::q<units::information_unit> memory_capacity,
                                units::q<units::information_unit> weight_bytes,
                                units::q<units::information_unit> kv_bytes_per_sequence,
                                double memory_utilization) {
  require_non_negative(memory_capacity.value(), "memory capacity");
  require_non_negative(weight_bytes.value(), "weight bytes");
  require_positive(kv_bytes_per_sequence.value(), "KV cache bytes per sequence");
  require_efficiency(memory_utilization, "memory utilisation");
  const units::q<units::information_unit> free_bytes =
      memory_capacity * memory_utilization - weight_bytes;
  if (free_bytes.value() <= 0) return 0;
  const double sequences = free_bytes / kv_bytes_per_sequence;
  // Unit scales such as 1e9 and 2^30 are not exact in binary: a quotient that should be whole
  // may land just below it.
  const double whole = std::floor(sequences * (1 + 1e-12));
  if (!(whole < 9.2e18))
    throw std::domain_error(fmt::format("batch of {} sequences is too large to count", whole));
  return static_cast<std::int64_t>(whole);
}

}  // namespace reckon::physics
