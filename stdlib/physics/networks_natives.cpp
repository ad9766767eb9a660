#include "stdlib/binding.hpp"
#include "stdlib/natives.hpp"
#include "stdlib/physics/networks.hpp"

namespace reckon::stdlib {

// Declared in stdlib/modules/networks.rk; sources are cited in networks.hpp.
void register_networks(NativeRegistry& r) {
  // The formula, from its declaration's source: Hockney 1994, The communication challenge for MPP:
  // Intel Paragon and Meiko CS-2, Parallel Computing 20(3).
  r.add(with_formula(
      bind_function<&physics::half_bandwidth_message_size>("half_bandwidth_message_size"),
      "latency * bandwidth"));
  // The formula, from its declaration's source: Hockney 1994, The communication challenge for MPP:
  // Intel Paragon and Meiko CS-2, Parallel Computing 20(3).
  r.add(with_formula(bind_function<&physics::effective_bandwidth>("effective_bandwidth"),
                     "size / (latency + size / bandwidth)"));
  // The formula, from its declaration's source: Sanders, Speck and Träff 2009, Two-tree algorithms
  // for full bandwidth broadcast, reduction and scan, Parallel Computing 35(12); Jeaugey 2019,
  // Massively Scale Your Deep Learning Training with NCCL 2.4, NVIDIA Developer Blog.
  r.add(with_formula(
      bind_function<&physics::double_binary_tree_allreduce_time>(
          "double_binary_tree_allreduce_time"),
      "if ranks < 2 then 0 s else 2 * size / bandwidth + 2 * floor(log2(ranks)) * latency"));
  // The formula, from its declaration's source: Thakur, Rabenseifner, Gropp 2005, Optimization of
  // Collective Communication Operations in MPICH, IJHPCA 19(1), Sec. 4 (the two costs set equal).
  r.add(with_formula(bind_function<&physics::ring_tree_crossover_size>("ring_tree_crossover_size"),
                     "if ranks - 1 - ceil(log2(ranks)) <= 0 or ceil(log2(ranks)) - (ranks - 1) / "
                     "ranks <= 0 then 0 B else (ranks - 1 - ceil(log2(ranks))) / "
                     "(ceil(log2(ranks)) - (ranks - 1) / ranks) * latency * bandwidth"));
  // The formula, from its declaration's source: Patarasuk & Yuan 2009, JPDC 69(2) (ring); Sanders,
  // Speck and Träff 2009, Parallel Computing 35(12) (two trees); the two costs set equal.
  r.add(with_formula(
      bind_function<&physics::ring_double_tree_crossover_size>("ring_double_tree_crossover_size"),
      "max(0 B, ranks * (ranks - 1 - floor(log2(ranks))) * latency * bandwidth)"));
  // The formula, from its declaration's source: Al-Fares, Loukissas and Vahdat 2008, A Scalable,
  // Commodity Data Center Network Architecture, SIGCOMM, Sec. 3.2.
  r.add(with_formula(bind_function<&physics::fat_tree_hosts>("fat_tree_hosts"),
                     "switch_radix^3 / 4"));
  // The formula, from its declaration's source: Al-Fares, Loukissas and Vahdat 2008, A Scalable,
  // Commodity Data Center Network Architecture, SIGCOMM, Sec. 3.2.
  r.add(with_formula(bind_function<&physics::fat_tree_switches>("fat_tree_switches"),
                     "switch_radix^2 + (switch_radix / 2)^2"));
  // The formula, from its declaration's source: Al-Fares, Loukissas and Vahdat 2008, A Scalable,
  // Commodity Data Center Network Architecture, SIGCOMM, Sec. 2.1.
  r.add(with_formula(bind_function<&physics::bisection_bandwidth>("bisection_bandwidth"),
                     "hosts / 2 * link_bandwidth / oversubscription"));
  // The formula, from its declaration's source: Al-Fares, Loukissas and Vahdat 2008, A Scalable,
  // Commodity Data Center Network Architecture, SIGCOMM, Sec. 2.1.
  r.add(with_formula(bind_function<&physics::oversubscription_ratio>("oversubscription_ratio"),
                     "down_ports * down_bandwidth / (up_ports * up_bandwidth)"));
  // The formula, from its declaration's source: Corning SMF-28 Ultra optical fiber product
  // information (effective group index 1.4682 at 1550 nm); c exact by the SI definition of the
  // metre.
  r.add(with_formula(bind_function<&physics::fibre_propagation_delay>("fibre_propagation_delay"),
                     "distance * refractive_index / (299792458 m/s)"));
}

}  // namespace reckon::stdlib
