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

}  // namespace reckon::physics
