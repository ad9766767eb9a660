// Activation and checkpoint memory of transformer training.
#pragma once

#include "stdlib/units.hpp"

namespace reckon::physics {

// How much of each layer's forward state is dropped and recomputed in the backward pass.
enum class Recompute {
  none,       // keep every activation
  selective,  // drop the attention scores/softmax/dropout, the part quadratic in s
  full,       // keep only each layer's input and redo the whole forward pass
};

// Korthikanti et al. 2022, "Reducing Activation Recomputation in Large Transformer Models",
// arXiv 2205.05198, Sec. 4.1 and Table 2: one transformer layer stores
// s*b*h*(34 + 5*a*s/h) bytes of activations with 2-byte elements and 1-byte dropout masks.

// Bytes per token per hidden unit for everything linear in the sequence length: attention
// 11 + MLP 19 + two layer norms 4 (at 2-byte elements).
inline constexpr double korthikanti_per_token_bytes = 34;
// Bytes per attention-score element (softmax input, output and dropout mask), of which each
// layer stores a*s*s*b; this is the part selective recomputation discards.
inline constexpr double korthikanti_score_bytes = 5;

// Activation memory of `layers` transformer layers (Korthikanti et al. 2022, arXiv 2205.05198,
// Sec. 4.1, Table 2), with L layers, sequence s, micro-batch b, hidden h, a heads:
//   none:      L * s*b*h*(34 + 5*a*s/h)
//   selective: L * 34*s*b*h
//   full:      L * 2*s*b*h  (only each layer's input is kept)
// The paper's constants assume 2-byte elements; other widths scale them by
// bytes_per_element / 2 B. Throws std::domain_error for negative sizes, a non-positive hidden
// size or element width.
units::q<units::information_unit> activation_memory(
    double layers, units::q<units::token_unit> seq_len, double micro_batch, double hidden,
    double heads, units::q<units::information_unit> bytes_per_element, Recompute strategy);

// Chen et al. 2016, "Training Deep Nets with Sublinear Memory Cost", arXiv 1604.06174: with k
// evenly spaced checkpoints over L layers, peak memory is about k + L/k layer-equivalents
// (the k checkpoints plus one segment of L/k layers being recomputed); least at k = sqrt(L).
// Throws std::domain_error if checkpoints <= 0 or layers < 0.
double checkpoint_memory_units(double layers, double checkpoints);

}  // namespace reckon::physics
