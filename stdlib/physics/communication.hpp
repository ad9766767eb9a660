// Time of point-to-point and collective communication under the alpha-beta (latency-bandwidth)
// model: sending m bytes over one link costs alpha + m / beta (Hockney 1994, "The
// communication challenge for MPP: Intel Paragon and Meiko CS-2", Parallel Computing 20(3)).
// Collectives are costed as in Thakur, Rabenseifner, Gropp 2005, "Optimization of Collective
// Communication Operations in MPICH", IJHPCA 19(1), Sec. 4, and Patarasuk & Yuan 2009,
// "Bandwidth optimal all-reduce algorithms for clusters of workstations", JPDC 69(2). The cost
// of the reduction arithmetic itself (Thakur's gamma term) is left out.
//
// Throughout, `size` is the whole buffer M each rank holds (the full vector to all-reduce, the
// gathered result of an all-gather, the input of a reduce-scatter, the send buffer of an
// all-to-all), `ranks` the number N of participants, `bandwidth` the per-rank link bandwidth
// beta and `latency` the per-message start-up time alpha. Every function throws
// std::domain_error for a negative size or latency, fewer than one rank, or a non-positive
// bandwidth.
#pragma once

#include "stdlib/units.hpp"

namespace reckon::physics {

// One message: M / beta + alpha (Hockney 1994).
units::q<units::time_unit> point_to_point_time(units::q<units::information_unit> size,
                                               units::q<units::bandwidth_unit> bandwidth,
                                               units::q<units::time_unit> latency);

// Ring all-reduce, a ring reduce-scatter followed by a ring all-gather:
// 2 (N - 1) / N * M / beta + 2 (N - 1) alpha (Patarasuk & Yuan 2009; Thakur et al. 2005).
units::q<units::time_unit> ring_allreduce_time(units::q<units::information_unit> size, double ranks,
                                               units::q<units::bandwidth_unit> bandwidth,
                                               units::q<units::time_unit> latency);

// Binomial-tree all-reduce, a tree reduce then a tree broadcast of the whole message:
// 2 ceil(log2 N) (M / beta + alpha) (Thakur et al. 2005, Sec. 4: reduce and broadcast by
// binomial tree each take ceil(lg p) (alpha + n beta)).
units::q<units::time_unit> tree_allreduce_time(units::q<units::information_unit> size, double ranks,
                                               units::q<units::bandwidth_unit> bandwidth,
                                               units::q<units::time_unit> latency);

// Ring (or pairwise-exchange) reduce-scatter of an M-byte buffer, each rank ending with M / N
// of the reduced result: (N - 1) / N * M / beta + (N - 1) alpha (Thakur et al. 2005, Sec. 4;
// the first half of Patarasuk & Yuan's ring all-reduce).
units::q<units::time_unit> ring_reduce_scatter_time(units::q<units::information_unit> size,
                                                    double ranks,
                                                    units::q<units::bandwidth_unit> bandwidth,
                                                    units::q<units::time_unit> latency);

// Ring all-gather of an M-byte result, each rank contributing M / N:
// (N - 1) / N * M / beta + (N - 1) alpha (Thakur et al. 2005, Sec. 4; the second half of
// Patarasuk & Yuan's ring all-reduce).
units::q<units::time_unit> ring_allgather_time(units::q<units::information_unit> size, double ranks,
                                               units::q<units::bandwidth_unit> bandwidth,
                                               units::q<units::time_unit> latency);

// Pairwise-exchange all-to-all of an M-byte send buffer per rank, (N - 1) / N of which leaves
// the rank in N - 1 steps: (N - 1) / N * M / beta + (N - 1) alpha (Thakur et al. 2005, Sec. 4).
units::q<units::time_unit> alltoall_time(units::q<units::information_unit> size, double ranks,
                                         units::q<units::bandwidth_unit> bandwidth,
                                         units::q<units::time_unit> latency);

// Hierarchical (two-level) all-reduce over `nodes` nodes of `gpus_per_node` ranks each: a ring
// reduce-scatter inside each node, g concurrent ring all-reduces across the nodes each on M / g
// bytes (one per local rank, each over its own inter-node link of bandwidth beta_inter), and a
// ring all-gather inside each node. This is the 2D-Torus all-reduce of Mikami et al. 2018,
// "Massively Distributed SGD: ImageNet/ResNet-50 Training in a Flash", arXiv 1811.05233
// (reduce-scatter horizontally, all-reduce vertically, all-gather horizontally), costed with
// the ring formulas above (Thakur et al. 2005; Patarasuk & Yuan 2009), with g = gpus_per_node
// and n = nodes:
//   2 (g - 1) / g * M / beta_intra + 2 (g - 1) alpha_intra
//     + 2 (n - 1) / n * (M / g) / beta_inter + 2 (n - 1) alpha_inter.
// With one node it is the ring all-reduce over g ranks; with one rank per node, over n nodes.
// Throws std::domain_error as above, for either level.
units::q<units::time_unit> hierarchical_allreduce_time(
    units::q<units::information_unit> size, double gpus_per_node, double nodes,
    units::q<units::bandwidth_unit> intra_bandwidth,
    units::q<units::bandwidth_unit> inter_bandwidth, units::q<units::time_unit> intra_latency,
    units::q<units::time_unit> inter_latency);

}  // namespace reckon::physics
