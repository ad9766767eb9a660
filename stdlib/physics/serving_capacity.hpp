// Serving capacity: how many servers (replicas) an M/M/c queue needs to meet a waiting-time
// target at a quantile, the sizing question of a serving chapter.
#pragma once

#include <cstdint>

#include "stdlib/physics/serving.hpp"

namespace reckon::physics {

// The smallest number of servers c for which the queue is stable (lambda < c mu) and the
// q-quantile of the waiting time before service, ln(C(c, a) / (1 - q)) / (c mu - lambda) or 0
// (Gross & Harris, Fundamentals of Queueing Theory, Sec. 2.3), is at most max_wait. The search
// starts at the first stable c and carries the Erlang B recursion B_k = a B_{k-1} / (k + a
// B_{k-1}) forward, so it costs one step per server. Throws std::domain_error for lambda < 0,
// mu <= 0, a negative max_wait, a quantile outside [0, 1), or an answer above
// max_mmc_servers.
std::int64_t mmc_servers_for_wait(units::q<request_rate_unit> arrival_rate,
                                  units::q<request_rate_unit> service_rate,
                                  units::q<units::time_unit> max_wait, double quantile);

// Quantile of the response time (waiting plus service) in a stable FCFS M/M/c queue. The
// response time is T = W_q + S with S ~ Exp(mu) independent of W_q, and W_q = 0 with
// probability 1 - C(c, a), else Exp(theta), theta = c mu - lambda (Gross & Harris, Sec. 2.3), so
//   P(T > t) = (1 - C) e^(-mu t) + C (theta e^(-mu t) - mu e^(-theta t)) / (theta - mu),
// the last factor being (1 + mu t) e^(-mu t) when theta = mu. The quantile solves
// P(T > t) = 1 - q by bisection to a relative 1e-13. For c = 1 it is ln(1 / (1 - q)) /
// (mu - lambda), T being Exp(mu - lambda). Throws std::domain_error as mmc_wait_quantile.
units::q<units::time_unit> mmc_response_quantile(units::q<request_rate_unit> arrival_rate,
                                                 units::q<request_rate_unit> service_rate,
                                                 std::int64_t servers, double quantile);

// The smallest number of servers whose response-time q-quantile is at most max_latency. A
// request needs its service time at least, so a target below the service-time quantile,
// ln(1 / (1 - q)) / mu, cannot be met: std::domain_error, as for the other bad inputs of
// mmc_servers_for_wait.
std::int64_t mmc_servers_for_response(units::q<request_rate_unit> arrival_rate,
                                      units::q<request_rate_unit> service_rate,
                                      units::q<units::time_unit> max_latency, double quantile);

}  // namespace reckon::physics
