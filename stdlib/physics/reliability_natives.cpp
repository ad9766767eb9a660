#include "stdlib/binding.hpp"
#include "stdlib/natives.hpp"
#include "stdlib/physics/reliability.hpp"

namespace reckon::stdlib {

void register_reliability(NativeRegistry& r) {
  // The formula, from its declaration's source: Young 1974, A first order approximation to the
  // optimum checkpoint interval, CACM 17(9); Daly 2006, FGCS 22(3).
  r.add(with_formula(bind_function<&physics::young_daly_interval>("young_daly_interval"),
                     "sqrt(2 * checkpoint_cost * mtbf)"));
  // The formula, from its declaration's source: Daly 2006, A higher order estimate of the optimum
  // checkpoint interval for restart dumps, Future Generation Computer Systems 22(3).
  r.add(with_formula(bind_function<&physics::daly_checkpoint_interval>("daly_checkpoint_interval"),
                     "if checkpoint_cost >= 2 * mtbf then mtbf else sqrt(2 * checkpoint_cost * "
                     "mtbf) * (1 + sqrt(checkpoint_cost / (2 * mtbf)) / 3 + checkpoint_cost / (2 * "
                     "mtbf) / 9) - checkpoint_cost"));
  // The formula, from its declaration's source: Series system of exponential components, e.g.
  // Trivedi, Probability and Statistics with Reliability, Queuing, and Computer Science
  // Applications, 2nd ed.
  r.add(with_formula(bind_function<&physics::cluster_mtbf>("cluster_mtbf"), "node_mtbf / nodes"));
  // The formula, from its declaration's source: Exponential lifetime distribution, e.g. Trivedi,
  // Probability and Statistics with Reliability, Queuing, and Computer Science Applications, 2nd
  // ed.
  r.add(with_formula(bind_function<&physics::failure_probability>("failure_probability"),
                     "1 - exp(-duration / mtbf)"));
  // The formula, from its declaration's source: Trivedi, Probability and Statistics with
  // Reliability, Queuing, and Computer Science Applications, 2nd ed.; Barroso, Hölzle and
  // Ranganathan, The Datacenter as a Computer, 3rd ed., Ch. 7.
  r.add(
      with_formula(bind_function<&physics::steady_state_availability>("steady_state_availability"),
                   "mtbf / (mtbf + mttr)"));
  // The formula, from its declaration's source: Young 1974, CACM 17(9); Daly 2006, Future
  // Generation Computer Systems 22(3).
  r.add(with_formula(
      bind_function<&physics::checkpoint_goodput>("checkpoint_goodput"),
      "max(0, 1 - checkpoint_cost / interval - (interval / 2 + restart_time) / mtbf)"));
  // The formula, from its declaration's source: Series system of exponential components, e.g.
  // Trivedi, Probability and Statistics with Reliability, Queuing, and Computer Science
  // Applications, 2nd ed.
  r.add(with_formula(bind_function<&physics::node_mtbf>("node_mtbf"),
                     "1 / (gpus / gpu_mtbf + nics / nic_mtbf + psus / psu_mtbf + 1 / host_mtbf)"));
  // The formula, from its declaration's source: k-out-of-n systems, e.g. Trivedi, Probability and
  // Statistics with Reliability, Queuing, and Computer Science Applications, 2nd ed.
  r.add(with_formula(bind_function<&physics::k_of_n_availability>("k_of_n_availability"),
                     "sum([fold(1 .. i, 1, (c, j) => c * (n - i + j) / j) * availability^i * (1 - "
                     "availability)^(n - i) for i in k .. n])"));
  // The formula, from its declaration's source: Daly 2006, A higher order estimate of the optimum
  // checkpoint interval for restart dumps, Future Generation Computer Systems 22(3), Sec. 3; Young
  // 1974, CACM 17(9).
  r.add(with_formula(bind_function<&physics::work_lost_per_failure>("work_lost_per_failure"),
                     "(interval + checkpoint_cost) / 2 + restart_time",
                     {{"2", "a failure halfway through a segment"}}));
  // The formula, from its declaration's source: Daly 2006, Future Generation Computer Systems
  // 22(3), Sec. 3; Young 1974, CACM 17(9).
  r.add(with_formula(bind_function<&physics::expected_work_lost>("expected_work_lost"),
                     "duration / mtbf * ((interval + checkpoint_cost) / 2 + restart_time)",
                     {{"2", "a failure halfway through a segment"}}));
}

}  // namespace reckon::stdlib
