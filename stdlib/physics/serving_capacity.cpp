#include "stdlib/physics/serving_capacity.hpp"

#include <fmt/format.h>

#include <cmath>
#include <stdexcept>

#include "stdlib/physics/domain.hpp"

namespace reckon::physics {

// Gross & Harris, Sec. 2.3: P(W_q > t) = C(c, a) exp(-(c mu - lambda) t). The quantile falls
// as c grows, so the first c that meets the target is the answer.
std::int64_t mmc_servers_for_wait(units::q<request_rate_unit> arrival_rate,
                                  units::q<request_rate_unit> service_rate,
                                  units::q<units::time_unit> max_wait, double quantile) {
  require_non_negative(arrival_rate.value(), "arrival rate");
  require_positive(service_rate.value(), "service rate");
  require_non_negative(max_wait.value(), "maximum wait");
  require_fraction(quantile, "quantile");
  if (!(quantile < 1))
    throw std::domain_error("quantile must be below 1 (the 1-quantile is infinite)");
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

}  // namespace reckon::physics
