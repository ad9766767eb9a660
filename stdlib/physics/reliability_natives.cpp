#include "stdlib/binding.hpp"
#include "stdlib/natives.hpp"
#include "stdlib/physics/reliability.hpp"

namespace reckon::stdlib {

void register_reliability(NativeRegistry& r) {
  r.add(bind_function("young_daly_interval", &physics::young_daly_interval));
  r.add(bind_function("daly_checkpoint_interval", &physics::daly_checkpoint_interval));
  r.add(bind_function("cluster_mtbf", &physics::cluster_mtbf));
  r.add(bind_function("failure_probability", &physics::failure_probability));
  r.add(bind_function("steady_state_availability", &physics::steady_state_availability));
  r.add(bind_function("checkpoint_goodput", &physics::checkpoint_goodput));
}

}  // namespace reckon::stdlib
