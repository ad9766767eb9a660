#include "stdlib/physics/communication.hpp"

#include <fmt/format.h>

#include <cmath>
#include <stdexcept>
#include <string_view>

#include "stdlib/physics/domain.hpp"

namespace reckon::physics {

namespace {

using Time = units::q<units::time_unit>;
using Size = units::q<units::information_unit>;
using Bandwidth = units::q<units::bandwidth_unit>;

void require_ranks(double ranks, std::string_view what) {
  if (!(ranks >= 1))
    throw std::domain_error(fmt::format("{} must be at least 1 (got {})", what, ranks));
}

void require_link(Bandwidth bandwidth, Time latency, std::string_view bandwidth_what,
                  std::string_view latency_what) {
  require_positive(bandwidth.value(), bandwidth_what);
  require_non_negative(latency.value(), latency_what);
}

void require_collective(Size size, double ranks, Bandwidth bandwidth, Time latency) {
  require_non_negative(size.value(), "message size");
  require_ranks(ranks, "number of ranks");
  require_link(bandwidth, latency, "bandwidth", "latency");
}

// One ring pass (reduce-scatter or all-gather) over N ranks: N - 1 steps, each moving M / N
// (Thakur et al. 2005, Sec. 4; Patarasuk & Yuan 2009).
Time ring_pass(Size size, double ranks, Bandwidth bandwidth, Time latency) {
  const double steps = ranks - 1;
  return steps / ranks * (size / bandwidth) + steps * latency;
}

}  // namespace

// Hockney 1994: t = alpha + m / beta.
Time point_to_point_time(Size size, Bandwidth bandwidth, Time latency) {
  require_non_negative(size.value(), "message size");
  require_link(bandwidth, latency, "bandwidth", "latency");
  return size / bandwidth + latency;
}

// Patarasuk & Yuan 2009: ring all-reduce = ring reduce-scatter + ring all-gather.
Time ring_allreduce_time(Size size, double ranks, Bandwidth bandwidth, Time latency) {
  require_collective(size, ranks, bandwidth, latency);
  return 2.0 * ring_pass(size, ranks, bandwidth, latency);
}

// Thakur et al. 2005, Sec. 4: binomial-tree reduce + binomial-tree broadcast,
// each ceil(lg p) (alpha + n beta).
Time tree_allreduce_time(Size size, double ranks, Bandwidth bandwidth, Time latency) {
  require_collective(size, ranks, bandwidth, latency);
  const double levels = std::ceil(std::log2(ranks));
  return 2.0 * levels * (size / bandwidth + latency);
}

// Thakur et al. 2005, Sec. 4: (p - 1) alpha + (p - 1)/p n beta.
Time ring_reduce_scatter_time(Size size, double ranks, Bandwidth bandwidth, Time latency) {
  require_collective(size, ranks, bandwidth, latency);
  return ring_pass(size, ranks, bandwidth, latency);
}

// Thakur et al. 2005, Sec. 4: ring all-gather (p - 1) alpha + (p - 1)/p n beta.
Time ring_allgather_time(Size size, double ranks, Bandwidth bandwidth, Time latency) {
  require_collective(size, ranks, bandwidth, latency);
  return ring_pass(size, ranks, bandwidth, latency);
}

// Thakur et al. 2005, Sec. 4: pairwise exchange, p - 1 steps each sending M / p.
Time alltoall_time(Size size, double ranks, Bandwidth bandwidth, Time latency) {
  require_collective(size, ranks, bandwidth, latency);
  return ring_pass(size, ranks, bandwidth, latency);
}

// Mikami et al. 2018, arXiv 1811.05233 (2D-Torus all-reduce), with ring costs per level.
Time hierarchical_allreduce_time(Size size, double gpus_per_node, double nodes,
                                 Bandwidth intra_bandwidth, Bandwidth inter_bandwidth,
                                 Time intra_latency, Time inter_latency) {
  require_non_negative(size.value(), "message size");
  require_ranks(gpus_per_node, "number of GPUs per node");
  require_ranks(nodes, "number of nodes");
  require_link(intra_bandwidth, intra_latency, "intra-node bandwidth", "intra-node latency");
  require_link(inter_bandwidth, inter_latency, "inter-node bandwidth", "inter-node latency");
  const Time reduce_scatter = ring_pass(size, gpus_per_node, intra_bandwidth, intra_latency);
  const Time across_nodes =
      2.0 * ring_pass(size / gpus_per_node, nodes, inter_bandwidth, inter_latency);
  const Time all_gather = ring_pass(size, gpus_per_node, intra_bandwidth, intra_latency);
  return reduce_scatter + across_nodes + all_gather;
}

}  // namespace reckon::physics
