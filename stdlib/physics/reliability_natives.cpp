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
}

}  // namespace reckon::stdlib
