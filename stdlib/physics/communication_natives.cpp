#include "stdlib/binding.hpp"
#include "stdlib/natives.hpp"
#include "stdlib/physics/communication.hpp"

namespace reckon::stdlib {

// Declared in stdlib/modules/communication.rk; sources are cited in communication.hpp.
void register_communication(NativeRegistry& r) {
  r.add(bind_function<&physics::point_to_point_time>("point_to_point_time"));
  r.add(bind_function<&physics::ring_allreduce_time>("ring_allreduce_time"));
  r.add(bind_function<&physics::tree_allreduce_time>("tree_allreduce_time"));
  r.add(bind_function<&physics::ring_reduce_scatter_time>("ring_reduce_scatter_time"));
  r.add(bind_function<&physics::ring_allgather_time>("ring_allgather_time"));
  r.add(bind_function<&physics::alltoall_time>("alltoall_time"));
  r.add(bind_function<&physics::hierarchical_allreduce_time>("hierarchical_allreduce_time"));
}

}  // namespace reckon::stdlib
