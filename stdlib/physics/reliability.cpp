#include "stdlib/physics/reliability.hpp"

#include <fmt/format.h>

#include <cmath>
#include <stdexcept>

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

}  // namespace reckon::physics
