#include "stdlib/binding.hpp"
#include "stdlib/natives.hpp"
#include "stdlib/physics/networks.hpp"

namespace reckon::stdlib {

// Declared in stdlib/modules/networks.rk; sources are cited in networks.hpp.
void register_networks(NativeRegistry& r) {
  r.add(bind_function<&physics::half_bandwidth_message_size>("half_bandwidth_message_size"));
  r.add(bind_function<&physics::effective_bandwidth>("effective_bandwidth"));
  r.add(bind_function<&physics::double_binary_tree_allreduce_time>(
      "double_binary_tree_allreduce_time"));
  r.add(bind_function<&physics::ring_tree_crossover_size>("ring_tree_crossover_size"));
  r.add(
      bind_function<&physics::ring_double_tree_crossover_size>("ring_double_tree_crossover_size"));
  r.add(bind_function<&physics::fat_tree_hosts>("fat_tree_hosts"));
  r.add(bind_function<&physics::fat_tree_switches>("fat_tree_switches"));
  r.add(bind_function<&physics::bisection_bandwidth>("bisection_bandwidth"));
  r.add(bind_function<&physics::oversubscription_ratio>("oversubscription_ratio"));
  r.add(bind_function<&physics::fibre_propagation_delay>("fibre_propagation_delay"));
}

}  // namespace reckon::stdlib
