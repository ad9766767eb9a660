// Networks: what the alpha-beta model says about message sizes, the double binary tree
// all-reduce and where it beats the ring, the size and bisection bandwidth of fat trees, and
// the propagation delay of optical fibre.
//
// `bandwidth` is the per-direction bandwidth beta of one rank's link and `latency` the
// per-message start-up time alpha, as in communication.hpp (Hockney 1994, "The communication
// challenge for MPP: Intel Paragon and Meiko CS-2", Parallel Computing 20(3)). Every function
// throws std::domain_error for an input outside its domain (a negative size or latency, a
// non-positive bandwidth, fewer than one rank, ...).
#pragma once

#include <cstdint>

#include "stdlib/units.hpp"

namespace reckon::physics {

// Hockney's half-performance message length n_1/2: the message size at which a link
// delivers half its asymptotic bandwidth r_inf, n_1/2 = alpha x beta (Hockney 1994).
units::q<units::information_unit> half_bandwidth_message_size(
    units::q<units::bandwidth_unit> bandwidth, units::q<units::time_unit> latency);

// Bandwidth one message of m bytes achieves: m / (alpha + m / beta) (Hockney 1994), which is
// beta / 2 at m = n_1/2. Throws std::domain_error for a size that is not positive.
units::q<units::bandwidth_unit> effective_bandwidth(units::q<units::information_unit> size,
                                                    units::q<units::bandwidth_unit> bandwidth,
                                                    units::q<units::time_unit> latency);

// Double binary tree all-reduce (Sanders, Speck and Träff 2009, "Two-tree algorithms for full
// bandwidth broadcast, reduction and scan", Parallel Computing 35(12); NCCL 2.4, Jeaugey
// 2019): each half of the M-byte vector is reduced up one of two binary trees over the N
// ranks and broadcast back down it, pipelined in small chunks. Each rank is interior (with
// two children) in at most one tree and a leaf in the other, so it sends M/2 up each tree
// and M/2 to each of its two children: 2 M bytes, at full link bandwidth. The trees have the
// least height possible, floor(log2 N), and a chunk crosses it up then down:
//   T = 2 M / beta + 2 floor(log2 N) alpha   (N >= 2; 0 for one rank).
// The pipeline's fill (a few chunks per level) is left out, and ranks near the roots send less
// than 2 M, so very small N (N = 2 moves M, not 2 M) are overestimated.
units::q<units::time_unit> double_binary_tree_allreduce_time(
    units::q<units::information_unit> size, double ranks, units::q<units::bandwidth_unit> bandwidth,
    units::q<units::time_unit> latency);

// The message size at which the ring all-reduce, 2 (N-1)/N M/beta + 2 (N-1) alpha, and the
// binomial-tree all-reduce, 2 L (M/beta + alpha) with L = ceil(log2 N), take equal time
// (Thakur, Rabenseifner and Gropp 2005, IJHPCA 19(1), Sec. 4): solving for M,
//   M* = alpha beta (N - 1 - L) / (L - (N - 1) / N).
// Below M* the tree is faster, above it the ring. For N <= 2 the ring is never slower: 0 B.
units::q<units::information_unit> ring_tree_crossover_size(
    double ranks, units::q<units::bandwidth_unit> bandwidth, units::q<units::time_unit> latency);

// The message size at which the ring all-reduce and the double binary tree all-reduce above
// take equal time: the tree's bandwidth term exceeds the ring's by 2 M / (N beta) and its
// latency term falls short by 2 (N - 1 - h) alpha with h = floor(log2 N), so
//   M* = N (N - 1 - h) alpha beta.
// Below M* the double tree is faster, above it the ring. 0 B for N <= 2.
units::q<units::information_unit> ring_double_tree_crossover_size(
    double ranks, units::q<units::bandwidth_unit> bandwidth, units::q<units::time_unit> latency);

// Hosts a three-tier fat tree of k-port switches connects at full bisection bandwidth:
// k pods of k/2 edge and k/2 aggregation switches, each edge switch with k/2 hosts, and
// (k/2)^2 core switches: k^3 / 4 hosts (Al-Fares, Loukissas and Vahdat 2008, "A Scalable,
// Commodity Data Center Network Architecture", SIGCOMM, Sec. 3.2; 48-port switches give
// 27,648 hosts). Throws std::domain_error unless k is even and at least 2.
std::int64_t fat_tree_hosts(std::int64_t switch_radix);

// Switches of the same fat tree: k^2 pod switches and (k/2)^2 core switches, 5 k^2 / 4
// (Al-Fares et al. 2008, Sec. 3.2). Throws std::domain_error unless k is even and >= 2.
std::int64_t fat_tree_switches(std::int64_t switch_radix);

// Bisection bandwidth of a network of N hosts with links of bandwidth b per direction and
// an oversubscription o: with o = 1 every host in one half can send to the other half at
// its full link rate (a full-bisection fat tree, Al-Fares et al. 2008, Sec. 2.1), and an
// oversubscription of o leaves 1/o of it: N b / (2 o). Throws std::domain_error for fewer
// than 2 hosts, a non-positive bandwidth or an oversubscription below 1.
units::q<units::bandwidth_unit> bisection_bandwidth(std::int64_t hosts,
                                                    units::q<units::bandwidth_unit> link_bandwidth,
                                                    double oversubscription);

// Oversubscription of a switch tier: the bandwidth its ports offer downwards (towards the
// hosts) over the bandwidth they have upwards, (down ports x down bandwidth) / (up ports x up
// bandwidth); 1 is non-blocking (Al-Fares et al. 2008, Sec. 2.1). Throws std::domain_error
// unless every count and bandwidth is positive.
double oversubscription_ratio(std::int64_t down_ports,
                              units::q<units::bandwidth_unit> down_bandwidth, std::int64_t up_ports,
                              units::q<units::bandwidth_unit> up_bandwidth);

// One-way propagation delay of light over a fibre of length d with group index n:
// d n / c, c = 299,792,458 m/s exactly (SI definition of the metre). Standard single-mode
// fibre has n = 1.4682 at 1550 nm (Corning SMF-28 Ultra product information), about
// 4.9 us/km; the rule of thumb "5 us/km" is n = 1.5. Throws std::domain_error for a negative
// length or an index below 1.
units::q<units::time_unit> fibre_propagation_delay(units::q<units::length_unit> distance,
                                                   double refractive_index);

}  // namespace reckon::physics
