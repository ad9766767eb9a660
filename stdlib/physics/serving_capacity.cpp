#include "stdlib/physics/serving_capacity.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "stdlib/physics/domain.hpp"

namespace reckon::physics {

namespace {

// P(X + S > t) for independent X ~ Exp(theta) and S ~ Exp(mu). The sum is symmetric, so
// with s the smaller rate and f the larger it is e^(-s t) (1 + s (1 - e^(-(f - s) t)) / (f - s)),
// written with expm1 so that it stays exact as f - s goes to 0 (the limit is (1 + s t) e^(-s t)).
double sum_of_exponentials_tail(double theta, double mu, double t) {
  const double slow = std::min(theta, mu), fast = std::max(theta, mu);
  const double gap = fast - slow;
  const double spread = gap > 0 ? -std::expm1(-gap * t) / gap : t;
  return std::exp(-slow * t) * (1 + slow * spread);
}

// P(T > t) of the response time of a stable M/M/c queue.
double response_tail(double wait_probability, double theta, double mu, double t) {
  return (1 - wait_probability) * std::exp(-mu * t) +
         wait_probability * sum_of_exponentials_tail(theta, mu, t);
}

void require_open_quantile(double quantile) {
  require_fraction(quantile, "quantile");
  if (!(quantile < 1))
    throw std::domain_error("quantile must be below 1 (the 1-quantile is infinite)");
}

}  // namespace

// Gross & Harris, Sec. 2.3: P(W_q > t) = C(c, a) exp(-(c mu - lambda) t). The quantile falls
// as c grows, so the first c that meets the target is the answer.
std::int64_t mmc_servers_for_wait(units::q<request_rate_unit> arrival_rate,
                                  units::q<request_rate_unit> service_rate,
                                  units::q<units::time_unit> max_wait, double quantile) {
  require_non_negative(arrival_rate.value(), "arrival rate");
  require_positive(service_rate.value(), "service rate");
  require_non_negative(max_wait.value(), "maximum wait");
  require_open_quantile(quantile);
  const double a = arrival_rate / service_rate;  // offered load in erlangs
  const double tail = 1 - quantile;
  double erlang_b = 1;  // B with 0 servers
  for (std::int64_t c = 1; c <= max_mmc_servers; ++c) {
    erlang_b = a * erlang_b / (static_cast<double>(c) + a * erlang_b);
    const double rho = a / static_cast<double>(c);
    if (!(rho < 1)) continue;
    const double erlang_c = erlang_b / (1 - rho * (1 - erlang_b));
    if (erlang_c <= tail) return c;  // that share of requests never waits
    const double drain = (static_cast<double>(c) * service_rate - arrival_rate).value();
    const double wait = std::log(erlang_c / tail) / drain;
    if (wait <= max_wait.value()) return c;
  }
  throw std::domain_error(
      fmt::format("more than {} servers would be needed for an offered load of {} erlangs",
                  max_mmc_servers, a));
}

// Gross & Harris, Sec. 2.3: the response time of M/M/c is the sum of the wait and the service.
units::q<units::time_unit> mmc_response_quantile(units::q<request_rate_unit> arrival_rate,
                                                 units::q<request_rate_unit> service_rate,
                                                 std::int64_t servers, double quantile) {
  require_open_quantile(quantile);
  const double c = mmc_wait_probability(arrival_rate, service_rate, servers);
  const double mu = service_rate.value();
  const double theta = static_cast<double>(servers) * mu - arrival_rate.value();
  const double tail = 1 - quantile;
  if (tail >= 1) return 0.0 * units::seconds;
  // P(T > t) falls from 1 at t = 0; double hi until it is below the tail, then bisect.
  double lo = 0, hi = 1 / std::min(mu, theta);
  while (response_tail(c, theta, mu, hi) > tail) {
    lo = hi;
    hi *= 2;
  }
  while (hi - lo > 1e-13 * hi) {
    const double mid = lo + (hi - lo) / 2;
    if (mid <= lo || mid >= hi) break;
    (response_tail(c, theta, mu, mid) > tail ? lo : hi) = mid;
  }
  return hi * units::seconds;
}

std::int64_t mmc_servers_for_response(units::q<request_rate_unit> arrival_rate,
                                      units::q<request_rate_unit> service_rate,
                                      units::q<units::time_unit> max_latency, double quantile) {
  require_non_negative(arrival_rate.value(), "arrival rate");
  require_positive(service_rate.value(), "service rate");
  require_non_negative(max_latency.value(), "maximum latency");
  require_open_quantile(quantile);
  // Even a request that never waits takes its service time: T >= S, whose q-quantile is
  // ln(1 / (1 - q)) / mu.
  const double service_quantile = -std::log1p(-quantile) / service_rate.value();
  if (!(max_latency.value() > service_quantile))
    throw std::domain_error(fmt::format(
        "no number of servers meets {:.4g} s: the service time alone exceeds it at this "
        "quantile ({:.4g} s)",
        max_latency.value(), service_quantile));
  // As in mmc_servers_for_wait, carry the Erlang B recursion forward one server at a time;
  // the target is met when P(T > max_latency) <= 1 - q, which needs no quantile search.
  const double a = arrival_rate / service_rate;
  const double mu = service_rate.value();
  double erlang_b = 1;  // B with 0 servers
  for (std::int64_t c = 1; c <= max_mmc_servers; ++c) {
    erlang_b = a * erlang_b / (static_cast<double>(c) + a * erlang_b);
    const double rho = a / static_cast<double>(c);
    if (!(rho < 1)) continue;
    const double erlang_c = erlang_b / (1 - rho * (1 - erlang_b));
    const double theta = static_cast<double>(c) * mu - arrival_rate.value();
    if (response_tail(erlang_c, theta, mu, max_latency.value()) <= 1 - quantile) return c;
  }
  throw std::domain_error(
      fmt::format("more than {} servers would be needed for an offered load of {} erlangs",
                  max_mmc_servers, a));
}

}  // namespace reckon::physics
