// Reliability of large jobs: failures, checkpoint intervals and the work they save.
#pragma once

#include <cstdint>

#include "stdlib/units.hpp"

namespace reckon::physics {

// Young 1974, "A first order approximation to the optimum checkpoint interval", CACM 17(9):
// with checkpoints costing delta and failures at mean interval M, the interval that minimises
// the expected waste is sqrt(2 delta M). Throws std::domain_error if delta < 0 or M <= 0.
units::q<units::time_unit> young_daly_interval(units::q<units::time_unit> checkpoint_cost,
                                               units::q<units::time_unit> mtbf);

// Daly 2006, "A higher order estimate of the optimum checkpoint interval for restart dumps",
// Future Generation Computer Systems 22(3): for delta < 2M,
//   tau = sqrt(2 delta M) [1 + (1/3) sqrt(delta / (2M)) + (1/9) (delta / (2M))] - delta,
// and tau = M when delta >= 2M. Throws std::domain_error if delta < 0 or M <= 0.
units::q<units::time_unit> daly_checkpoint_interval(units::q<units::time_unit> checkpoint_cost,
                                                    units::q<units::time_unit> mtbf);

// MTBF of a system that fails when any of n independent nodes with exponentially distributed
// lifetimes fails: failure rates add, so MTBF = node MTBF / n (series system; e.g. Trivedi,
// Probability and Statistics with Reliability, Queuing, and Computer Science Applications,
// 2nd ed.). Throws std::domain_error if node MTBF <= 0 or n < 1.
units::q<units::time_unit> cluster_mtbf(units::q<units::time_unit> node_mtbf, std::int64_t nodes);

// Probability that an exponentially distributed lifetime with mean MTBF ends within t:
// 1 - exp(-t / MTBF). Throws std::domain_error if t < 0 or MTBF <= 0.
double failure_probability(units::q<units::time_unit> duration, units::q<units::time_unit> mtbf);

// Steady-state (inherent) availability of an alternating up/down process:
// MTBF / (MTBF + MTTR) (Trivedi, 2nd ed.; Barroso et al., The Datacenter as a Computer,
// 3rd ed., Ch. 7). Throws std::domain_error if MTBF <= 0 or MTTR < 0.
double steady_state_availability(units::q<units::time_unit> mtbf, units::q<units::time_unit> mttr);

// Useful fraction of a checkpointed job's time, to first order (Young 1974; Daly 2006):
// each interval tau pays delta to checkpoint, and each failure (one per M on average) loses
// on average half an interval plus the restart time R, so
//   goodput = 1 - delta / tau - (tau / 2 + R) / M,
// floored at 0. Valid while delta, tau and R are small beside M. Throws std::domain_error if
// delta < 0, tau <= 0, R < 0 or M <= 0.
double checkpoint_goodput(units::q<units::time_unit> checkpoint_cost,
                          units::q<units::time_unit> interval, units::q<units::time_unit> mtbf,
                          units::q<units::time_unit> restart_time);

// MTBF of a node that fails when any of its parts fails (a series system of independent parts
// with exponential lifetimes, whose failure rates add; Trivedi, 2nd ed.):
//   1 / MTBF = gpus / gpu_mtbf + nics / nic_mtbf + psus / psu_mtbf + 1 / host_mtbf,
// the host standing for the rest of the server (CPU, memory, board, fans). Part counts may be
// 0. Throws std::domain_error for an MTBF that is not positive or a negative count.
units::q<units::time_unit> node_mtbf(units::q<units::time_unit> gpu_mtbf, std::int64_t gpus,
                                     units::q<units::time_unit> nic_mtbf, std::int64_t nics,
                                     units::q<units::time_unit> psu_mtbf, std::int64_t psus,
                                     units::q<units::time_unit> host_mtbf);

// Availability of a k-out-of-n system of independent replicas, each available with
// probability A: the probability that at least k are up,
//   sum over i = k..n of C(n, i) A^i (1 - A)^(n - i)
// (Trivedi, 2nd ed., k-out-of-n systems); k = 1 is 1 - (1 - A)^n, k = n is A^n.
// Throws std::domain_error unless 1 <= k <= n and 0 <= A <= 1.
double k_of_n_availability(std::int64_t k, std::int64_t n, double availability);

// Work lost to one failure of a job that checkpoints every `interval` of work, each
// checkpoint taking `checkpoint_cost`: the failure strikes, on average, halfway through a
// segment of interval + checkpoint_cost, and the restart takes restart_time:
//   (interval + checkpoint_cost) / 2 + restart_time
// (Daly 2006, FGCS 22(3), Sec. 3; Young 1974 without the restart). Throws std::domain_error
// for a non-positive interval or a negative cost or restart time.
units::q<units::time_unit> work_lost_per_failure(units::q<units::time_unit> interval,
                                                 units::q<units::time_unit> checkpoint_cost,
                                                 units::q<units::time_unit> restart_time);

// Expected time lost to failures over a run of `duration` on a system of mean time between
// failures M: duration / M failures, each losing work_lost_per_failure. Throws
// std::domain_error for a negative duration or M <= 0, and as work_lost_per_failure.
units::q<units::time_unit> expected_work_lost(units::q<units::time_unit> duration,
                                              units::q<units::time_unit> mtbf,
                                              units::q<units::time_unit> interval,
                                              units::q<units::time_unit> checkpoint_cost,
                                              units::q<units::time_unit> restart_time);

}  // namespace reckon::physics
