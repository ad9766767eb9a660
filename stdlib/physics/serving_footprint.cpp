#include "stdlib/physics/serving_footprint.hpp"

#include "stdlib/physics/domain.hpp"

namespace reckon::physics {

// Dettmers et al. 2023, arXiv 2305.14314, Sec. 3: scales are stored once per group.
units::q<units::information_unit> quantized_weight_memory(
    units::q<units::param_unit> params, units::q<bytes_per_param_unit> weight_bits,
    units::q<units::param_unit> group_size, units::q<units::information_unit> scale_bits,
    units::q<units::information_unit> zero_point_bits) {
  require_non_negative(params.value(), "parameter count");
  require_non_negative(weight_bits.value(), "bits per weight");
  require_positive(group_size.value(), "group size");
  require_non_negative(scale_bits.value(), "scale bits");
  require_non_negative(zero_point_bits.value(), "zero-point bits");
  return params * (weight_bits + (scale_bits + zero_point_bits) / group_size);
}

// Hu et al. 2021, arXiv 2106.09685, Sec. 4.1: W0 + BA with B in R^(d x r), A in R^(r x k).
units::q<units::param_unit> lora_params(double layers, double d_in, double d_out, double rank,
                                        double matrices) {
  require_non_negative(layers, "layer count");
  require_non_negative(d_in, "input dimension");
  require_non_negative(d_out, "output dimension");
  require_non_negative(rank, "rank");
  require_non_negative(matrices, "adapted matrices per layer");
  return layers * matrices * rank * (d_in + d_out) * units::params;
}

// Hu et al. 2021, Sec. 4.2: only the adapters carry gradients and optimizer state.
units::q<units::information_unit> lora_training_memory(
    units::q<units::param_unit> base_params, units::q<units::param_unit> adapter_params,
    units::q<bytes_per_param_unit> base_bytes_per_param,
    units::q<bytes_per_param_unit> adapter_state_bytes_per_param) {
  require_non_negative(base_params.value(), "base parameter count");
  require_non_negative(adapter_params.value(), "adapter parameter count");
  require_non_negative(base_bytes_per_param.value(), "base bytes per parameter");
  require_non_negative(adapter_state_bytes_per_param.value(), "adapter state bytes per parameter");
  return base_params * base_bytes_per_param + adapter_params * adapter_state_bytes_per_param;
}

}  // namespace reckon::physics
