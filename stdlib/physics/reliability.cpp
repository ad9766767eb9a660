#include "stdlib/physics/reliability.hpp"

#include <fmt/format.h>

#include <boost/math/special_functions/beta.hpp>
#include <cmath>
#include <stdexcept>
#include <string_view>

#include "stdlib/physics/domain.hpp"

namespace reckon::physics {

// Young 1974, CACM 17(9), pp. 530-531.
units::q<units::time_unit> young_daly_interval(units::q<units::time_unit> checkpoint_cost,
                                               units::q<units::time_unit> mtbf) {
  require_non_negative(checkpoint_cost.value(), "checkpoint cost");
  require_positive(mtbf.value(), "MTBF");
  return std::sqrt(2 * checkpoint_cost.value() * mtbf.value()) * units::seconds;
}

// Daly 2006, FGCS 22(3), pp. 303-312.
units::q<units::time_unit> daly_checkpoint_interval(units::q<units::time_unit> checkpoint_cost,
                                                    units::q<units::time_unit> mtbf) {
  require_non_negative(checkpoint_cost.value(), "checkpoint cost");
  require_positive(mtbf.value(), "MTBF");
  if (checkpoint_cost >= 2.0 * mtbf) return mtbf;
  const double x = checkpoint_cost / (2.0 * mtbf);  // delta / (2M), dimensionless
  return young_daly_interval(checkpoint_cost, mtbf) * (1 + std::sqrt(x) / 3 + x / 9) -
         checkpoint_cost;
}

// Series system of independent exponential components: the failure rates add.
units::q<units::time_unit> cluster_mtbf(units::q<units::time_unit> node_mtbf, std::int64_t nodes) {
  require_positive(node_mtbf.value(), "node MTBF");
  if (nodes < 1)
    throw std::domain_error(fmt::format("number of nodes must be at least 1 (got {})", nodes));
  return node_mtbf / static_cast<double>(nodes);
}

// Exponential lifetime distribution: F(t) = 1 - exp(-t / MTBF).
double failure_probability(units::q<units::time_unit> duration, units::q<units::time_unit> mtbf) {
  require_non_negative(duration.value(), "duration");
  require_positive(mtbf.value(), "MTBF");
  return -std::expm1(-(duration / mtbf));
}

// Steady-state availability A = MTBF / (MTBF + MTTR).
double steady_state_availability(units::q<units::time_unit> mtbf, units::q<units::time_unit> mttr) {
  require_positive(mtbf.value(), "MTBF");
  require_non_negative(mttr.value(), "MTTR");
  return mtbf / (mtbf + mttr);
}

// First-order waste model of Young 1974 (minimised at tau = sqrt(2 delta M)), with Daly's
// restart time R lost per failure.
double checkpoint_goodput(units::q<units::time_unit> checkpoint_cost,
                          units::q<units::time_unit> interval, units::q<units::time_unit> mtbf,
                          units::q<units::time_unit> restart_time) {
  require_non_negative(checkpoint_cost.value(), "checkpoint cost");
  require_positive(interval.value(), "checkpoint interval");
  require_positive(mtbf.value(), "MTBF");
  require_non_negative(restart_time.value(), "restart time");
  const double waste = checkpoint_cost / interval + (interval / 2.0 + restart_time) / mtbf;
  return waste >= 1 ? 0.0 : 1 - waste;
}

namespace {

void require_count(std::int64_t count, std::string_view what) {
  if (count < 0)
    throw std::domain_error(fmt::format("{} must not be negative (got {})", what, count));
}

}  // namespace

// Series system: the failure rates of independent exponential parts add.
units::q<units::time_unit> node_mtbf(units::q<units::time_unit> gpu_mtbf, std::int64_t gpus,
                                     units::q<units::time_unit> nic_mtbf, std::int64_t nics,
                                     units::q<units::time_unit> psu_mtbf, std::int64_t psus,
                                     units::q<units::time_unit> host_mtbf) {
  require_positive(gpu_mtbf.value(), "GPU MTBF");
  require_positive(nic_mtbf.value(), "NIC MTBF");
  require_positive(psu_mtbf.value(), "PSU MTBF");
  require_positive(host_mtbf.value(), "host MTBF");
  require_count(gpus, "number of GPUs");
  require_count(nics, "number of NICs");
  require_count(psus, "number of PSUs");
  const auto rate = static_cast<double>(gpus) / gpu_mtbf + static_cast<double>(nics) / nic_mtbf +
                    static_cast<double>(psus) / psu_mtbf + 1.0 / host_mtbf;
  return 1.0 / rate;
}

// Binomial tail P(X >= k), X ~ Binomial(n, A), through the regularized incomplete beta
// function, P(X >= k) = I_A(k, n - k + 1) (Abramowitz and Stegun 26.5.24): exact for any n,
// where summing the terms would take n steps and overflow C(n, i).
double k_of_n_availability(std::int64_t k, std::int64_t n, double availability) {
  if (k < 1 || n < k)
    throw std::domain_error(fmt::format("k-out-of-n needs 1 <= k <= n (got k = {}, n = {})", k, n));
  require_fraction(availability, "availability");
  return boost::math::ibeta(static_cast<double>(k), static_cast<double>(n - k + 1), availability);
}

// Daly 2006, Sec. 3: a failure loses, on average, half a segment plus the restart.
units::q<units::time_unit> work_lost_per_failure(units::q<units::time_unit> interval,
                                                 units::q<units::time_unit> checkpoint_cost,
                                                 units::q<units::time_unit> restart_time) {
  require_positive(interval.value(), "checkpoint interval");
  require_non_negative(checkpoint_cost.value(), "checkpoint cost");
  require_non_negative(restart_time.value(), "restart time");
  return (interval + checkpoint_cost) / 2.0 + restart_time;
}

// duration / M failures, each losing work_lost_per_failure.
units::q<units::time_unit> expected_work_lost(units::q<units::time_unit> duration,
                                              units::q<units::time_unit> mtbf,
                                              units::q<units::time_unit> interval,
                                              units::q<units::time_unit> checkpoint_cost,
                                              units::q<units::time_unit> restart_time) {
  require_non_negative(duration.value(), "duration");
  require_positive(mtbf.value(), "MTBF");
  return duration / mtbf * work_lost_per_failure(interval, checkpoint_cost, restart_time);
}

}  // namespace reckon::physics
