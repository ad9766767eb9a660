#include "stdlib/binding.hpp"
#include "stdlib/natives.hpp"
#include "stdlib/physics/reliability.hpp"

namespace reckon::stdlib {

void register_reliability(NativeRegistry& r) {
  r.add(bind_function<&physics::young_daly_interval>("young_daly_interval"));
  r.add(bind_function<&physics::daly_checkpoint_interval>("daly_checkpoint_interval"));
  r.add(bind_function<&physics::cluster_mtbf>("cluster_mtbf"));
  r.add(bind_function<&physics::failure_probability>("failure_probability"));
  r.add(bind_function<&physics::steady_state_availability>("steady_state_availability"));
  r.add(bind_function<&physics::checkpoint_goodput>("checkpoint_goodput"));
  r.add(bind_function<&physics::node_mtbf>("node_mtbf"));
  r.add(bind_function<&physics::k_of_n_availability>("k_of_n_availability"));
  r.add(bind_function<&physics::work_lost_per_failure>("work_lost_per_failure"));
  r.add(bind_function<&physics::expected_work_lost>("expected_work_lost"));
}

}  // namespace reckon::stdlib
