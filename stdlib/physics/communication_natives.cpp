#include "stdlib/binding.hpp"
#include "stdlib/natives.hpp"
#include "stdlib/physics/communication.hpp"

namespace reckon::stdlib {

// Declared in stdlib/modules/communication.rk; sources are cited in communication.hpp.
void register_communication(NativeRegistry& r) {
  r.add(bind_function("point_to_point_time", &physics::point_to_point_time));
  r.add(bind_function("ring_allreduce_time", &physics::ring_allreduce_time));
  r.add(bind_function("tree_allreduce_time", &physics::tree_allreduce_time));
  r.add(bind_function("ring_reduce_scatter_time", &physics::ring_reduce_scatter_time));
  r.add(bind_function("ring_allgather_time", &physics::ring_allgather_time));
  r.add(bind_function("alltoall_time", &physics::alltoall_time));
  r.add(bind_function("hierarchical_allreduce_time", &physics::hierarchical_allreduce_time));
}

}  // namespace reckon::stdlib
