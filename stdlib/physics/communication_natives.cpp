#include "stdlib/binding.hpp"
#include "stdlib/natives.hpp"
#include "stdlib/physics/communication.hpp"

namespace reckon::stdlib {

// Declared in stdlib/modules/communication.rk; sources are cited in communication.hpp.
void register_communication(NativeRegistry& r) {
  // The formula, from its declaration's source: Hockney 1994, The communication challenge for MPP:
  // Intel Paragon and Meiko CS-2, Parallel Computing 20(3).
  r.add(with_formula(bind_function<&physics::point_to_point_time>("point_to_point_time"),
                     "size / bandwidth + latency"));
  // The formula, from its declaration's source: Patarasuk & Yuan 2009, Bandwidth optimal all-reduce
  // algorithms for clusters of workstations, JPDC 69(2); Thakur, Rabenseifner, Gropp 2005,
  // Optimization of Collective Communication Operations in MPICH, IJHPCA 19(1).
  r.add(with_formula(bind_function<&physics::ring_allreduce_time>("ring_allreduce_time"),
                     "2 * ((ranks - 1) / ranks * size / bandwidth + (ranks - 1) * latency)",
                     {{"2", "a reduce-scatter and an all-gather"}}));
  // The formula, from its declaration's source: Thakur, Rabenseifner, Gropp 2005, IJHPCA 19(1),
  // Sec. 4.
  r.add(with_formula(bind_function<&physics::tree_allreduce_time>("tree_allreduce_time"),
                     "2 * ceil(log2(ranks)) * (size / bandwidth + latency)",
                     {{"2", "a reduce and a broadcast"}}));
  // The formula, from its declaration's source: Thakur, Rabenseifner, Gropp 2005, IJHPCA 19(1),
  // Sec. 4; Patarasuk & Yuan 2009, JPDC 69(2).
  r.add(with_formula(bind_function<&physics::ring_reduce_scatter_time>("ring_reduce_scatter_time"),
                     "(ranks - 1) / ranks * size / bandwidth + (ranks - 1) * latency"));
  // The formula, from its declaration's source: Thakur, Rabenseifner, Gropp 2005, IJHPCA 19(1),
  // Sec. 4; Patarasuk & Yuan 2009, JPDC 69(2).
  r.add(with_formula(bind_function<&physics::ring_allgather_time>("ring_allgather_time"),
                     "(ranks - 1) / ranks * size / bandwidth + (ranks - 1) * latency"));
  // The formula, from its declaration's source: Thakur, Rabenseifner, Gropp 2005, IJHPCA 19(1),
  // Sec. 4.
  r.add(with_formula(bind_function<&physics::alltoall_time>("alltoall_time"),
                     "(ranks - 1) / ranks * size / bandwidth + (ranks - 1) * latency"));
  // The formula, from its declaration's source: Mikami et al. 2018, Massively Distributed SGD:
  // ImageNet/ResNet-50 Training in a Flash, arXiv 1811.05233 (2D-Torus all-reduce); ring costs from
  // Thakur et al. 2005 and Patarasuk & Yuan 2009.
  r.add(with_formula(
      bind_function<&physics::hierarchical_allreduce_time>("hierarchical_allreduce_time"),
      "2 * ((gpus_per_node - 1) / gpus_per_node * size / intra_bandwidth + (gpus_per_node - 1) * "
      "intra_latency) + 2 * ((nodes - 1) / nodes * (size / gpus_per_node) / inter_bandwidth + "
      "(nodes - 1) * inter_latency)"));
}

}  // namespace reckon::stdlib
