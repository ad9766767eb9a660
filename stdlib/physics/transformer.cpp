#include "stdlib/physics/transformer.hpp"

#include "stdlib/physics/domain.hpp"

namespace reckon::physics {

namespace {

// Work per parameter per token. Typing the coefficients means the compiler rejects a formula
// whose result is not in flop (e.g. one that forgot to multiply by the token count).
using work_density_unit = decltype(units::flops / (units::params * units::tokens));

// Kaplan et al. 2020, arXiv 2001.08361, Sec. 2.1: a multiply-add per parameter per token in
// the forward pass, and twice that in the backward pass (gradients for activations and for
// weights).
constexpr units::q<work_density_unit> forward_work = 2.0 * work_density_unit();
constexpr units::q<work_density_unit> backward_work = 4.0 * work_density_unit();

}  // namespace

units::q<units::compute_unit> training_flops(units::q<units::param_unit> params,
                                             units::q<units::token_unit> tokens,
                                             bool recompute_forward) {
  require_non_negative(params.value(), "parameter count");
  require_non_negative(tokens.value(), "token count");
  // Full recomputation repeats the forward pass once during backward (Chen et al. 2016).
  const units::q<work_density_unit> per_param_token =
      forward_work + backward_work + (recompute_forward ? forward_work : 0.0 * forward_work);
  return per_param_token * params * tokens;
}

units::q<units::compute_unit> decode_flops(units::q<units::param_unit> params,
                                           units::q<units::token_unit> tokens) {
  require_non_negative(params.value(), "parameter count");
  require_non_negative(tokens.value(), "token count");
  return forward_work * params * tokens;
}

}  // namespace reckon::physics
