#include "stdlib/physics/memory.hpp"

#include <stdexcept>

#include "stdlib/physics/domain.hpp"

namespace reckon::physics {

// Korthikanti et al. 2022, arXiv 2205.05198, Sec. 4.1 and Table 2 (no tensor or sequence
// parallelism); full recomputation keeps 2*s*b*h bytes, the layer input, per layer (Table 2).
units::q<units::information_unit> activation_memory(
    double layers, units::q<units::token_unit> seq_len, double micro_batch, double hidden,
    double heads, units::q<units::information_unit> bytes_per_element, Recompute strategy) {
  require_non_negative(layers, "number of layers");
  require_non_negative(seq_len.value(), "sequence length");
  require_non_negative(micro_batch, "micro-batch size");
  require_positive(hidden, "hidden size");
  require_non_negative(heads, "number of attention heads");
  require_positive(bytes_per_element.value(), "bytes per element");

  const double s = seq_len.value();
  const double sbh = s * micro_batch * hidden;
  double per_layer = 0;  // bytes at 2-byte elements
  switch (strategy) {
    case Recompute::none:
      per_layer =
          sbh * (korthikanti_per_token_bytes + korthikanti_score_bytes * heads * s / hidden);
      break;
    case Recompute::selective:
      per_layer = sbh * korthikanti_per_token_bytes;
      break;
    case Recompute::full:
      per_layer = sbh * 2;
      break;
    default:
      throw std::domain_error("unknown recomputation strategy");
  }
  // A ratio of two byte quantities is dimensionless, so this converts to double.
  const double width_scale = bytes_per_element / (2.0 * units::bytes);
  return layers * per_layer * width_scale * units::bytes;
}

// Chen et al. 2016, arXiv 1604.06174, Sec. 4.1.
double checkpoint_memory_units(double layers, double checkpoints) {
  require_non_negative(layers, "number of layers");
  require_positive(checkpoints, "number of checkpoints");
  return checkpoints + layers / checkpoints;
}

}  // namespace reckon::physics
