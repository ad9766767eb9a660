// Arithmetic work of dense transformer training and inference.
#pragma once

#include "stdlib/units.hpp"

namespace reckon::physics {

// Training work of a dense transformer with P parameters on D tokens: 6*P*D flop, a forward
// pass of 2*P*D and a backward pass of 4*P*D (Kaplan et al. 2020, arXiv 2001.08361, Sec. 2.1).
// With full activation recomputation the forward pass runs twice, giving 8*P*D (Chen et al.
// 2016, arXiv 1604.06174; Korthikanti et al. 2022, arXiv 2205.05198, Sec. 5).
// Throws std::domain_error for negative inputs.
units::q<units::compute_unit> training_flops(units::q<units::param_unit> params,
                                             units::q<units::token_unit> tokens,
                                             bool recompute_forward);

// Autoregressive decoding: one forward pass, 2*P flop per generated token (Kaplan et al. 2020).
// Throws std::domain_error for negative inputs.
units::q<units::compute_unit> decode_flops(units::q<units::param_unit> params,
                                           units::q<units::token_unit> tokens);

}  // namespace reckon::physics
