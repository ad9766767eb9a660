// Mixture-of-experts layers under expert parallelism: how many tokens an expert accepts, and
// the all-to-all exchanges that route tokens to experts on other devices and back.
#pragma once

#include <cstdint>

#include "stdlib/physics/serving.hpp"

namespace reckon::physics {

// Expert capacity, the tokens one expert processes per batch (Fedus et al. 2022, Switch
// Transformers, JMLR 23, arXiv 2101.03961, Sec. 2.2, with top-k routing as in Lepikhin
// et al. 2021, GShard, arXiv 2006.16668, Sec. 2.2):
//   ceil(top_k x tokens / experts x capacity_factor);
// tokens routed beyond it are dropped (passed on by the residual connection). A product
// within 1e-12 of a whole number counts as that number. Throws std::domain_error for negative
// tokens, fewer than 1 expert or top-k, top-k above the expert count, or a non-positive
// capacity factor.
units::q<units::token_unit> moe_expert_capacity(units::q<units::token_unit> tokens, double experts,
                                                double top_k, double capacity_factor);

// The send buffer of one all-to-all on one device: each of its tokens goes to top_k experts
// as a hidden-sized vector, and buffers are padded to the expert capacity,
//   tokens x top_k x capacity_factor x hidden x bytes_per_element.
// With expert parallelism over N devices and uniform routing, (N - 1) / N of it leaves the
// device. Throws std::domain_error for negative sizes or a capacity factor below 1.
units::q<units::information_unit> moe_dispatch_bytes(
    units::q<units::token_unit> tokens, double hidden, double top_k, double capacity_factor,
    units::q<units::information_unit> bytes_per_element);

// Time of the all-to-alls of one MoE layer's forward pass: a dispatch to the experts and a
// combine back (Lepikhin et al. 2021, Sec. 2.2; Rajbhandari et al. 2022, DeepSpeed-MoE, arXiv
// 2201.05596), each a pairwise exchange of moe_dispatch_bytes over expert_parallel
// devices: 2 ((N - 1) / N x M / bandwidth + (N - 1) latency) (Thakur et al. 2005). The
// backward pass repeats both. The bandwidth is per device and per direction (alltoall_time's
// beta). 0 for one device.
units::q<units::time_unit> moe_alltoall_time(units::q<units::token_unit> tokens, double hidden,
                                             double expert_parallel,
                                             units::q<units::bandwidth_unit> bandwidth,
                                             units::q<units::time_unit> latency, double top_k,
                                             double capacity_factor,
                                             units::q<units::information_unit> bytes_per_element);

}  // namespace reckon::physics
