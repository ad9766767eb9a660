// The seed case by hand: the 21 non-method properties of ActivationMemory
// (scenarios/training.rk) in plain C++ doubles, the same formulas in the same order as
// the scenario and its natives (stdlib/physics/memory.cpp, transformer.cpp), as a
// function of the scenario's 7 inputs. Everything is in Reckon's base units (B, token,
// flop, param), so the values can be compared with `reckon eval --json`'s base_value.
//
// This is the baseline the other benchmarks are divided by. It has none of the natives'
// domain checks (a hand-written version would not have them either), so it is, if
// anything, a little faster than the same formulas with them.
//
// Usage: handwritten [MILLISECONDS_PER_SAMPLE=200] [MICRO_BATCH=4]
//        handwritten --profile N   (N full evaluations, untimed: for perf/callgrind)
// Prints `value NAME BASE_VALUE` per property (micro_batch as given), then
// `time NAME NS_PER_EVALUATION` lines.
#include <array>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string_view>

#include "measure.hpp"

namespace {

// The Transformer record's fields the scenario reads (GPT3_175B in stdlib/modules/models.rk).
struct Transformer {
  double params;          // param
  double layers;          // count
  double hidden_dim;      // count
  double heads;           // count
  double context_length;  // token
};

// The scenario's 7 inputs; an empty optional is `none` (or "take the default").
struct Inputs {
  Transformer workload{};
  double micro_batch = 0;
  std::optional<double> seq_len;                  // token
  double precision_bytes = 2;                     // B
  std::optional<double> normalization_per_layer;  // B (the scenario's unit is MB)
  double ffn_multiple = 4;
  std::optional<double> checkpoint_segments;  // default round(sqrt(workload.layers))
};

struct Properties {
  double sequence, positions, per_token_bytes_coefficient, score_bytes_coefficient, score_share,
      per_token_activations, per_sequence_activations, segment_layers, segment_input,
      segment_inputs, live_segment, checkpointed_activations, score_activations,
      projection_activations_per_layer, ffn_activations_per_layer, score_activations_per_layer,
      line_items_per_layer, line_items_total, forward_equivalents, recompute_forward_equivalents,
      recompute_overhead;
};

constexpr double korthikanti_per_token_bytes = 34;
constexpr double korthikanti_score_bytes = 5;

enum class Recompute { none, selective, full };

// activation_memory -> activation_memory_parallel(..., tensor_parallel 1, no sequence
// parallelism), as in stdlib/physics/memory.cpp.
inline double activation_memory(double layers, double s, double micro_batch, double hidden,
                                double heads, double bytes_per_element, Recompute strategy) {
  const double t = 1;
  const double sbh = s * micro_batch * hidden;
  const double replicated = 10;
  const double linear = replicated + (korthikanti_per_token_bytes - replicated) / t;
  const double scores = korthikanti_score_bytes * heads * s / (hidden * t);
  double per_layer = 0;
  switch (strategy) {
    case Recompute::none:
      per_layer = sbh * (linear + scores);
      break;
    case Recompute::selective:
      per_layer = sbh * linear;
      break;
    case Recompute::full:
      per_layer = sbh * 2;
      break;
  }
  const double width_scale = bytes_per_element / 2.0;
  return layers * per_layer * width_scale;
}

// stdlib/physics/transformer.cpp: (2 + 4 [+ 2]) flop per param per token.
inline double training_flops(double params, double tokens, bool recompute_forward = false) {
  const double forward_work = 2, backward_work = 4;
  const double per_param_token =
      forward_work + backward_work + (recompute_forward ? forward_work : 0.0 * forward_work);
  return per_param_token * params * tokens;
}

inline double decode_flops(double params, double tokens) { return 2.0 * params * tokens; }

// The scenario's properties, in declaration order; each property that uses another
// computes it first (what the lazy evaluator does on first use).
inline Properties evaluate_inline(const Inputs& in) {
  const Transformer& w = in.workload;
  const double checkpoint_segments =
      in.checkpoint_segments ? *in.checkpoint_segments : std::round(std::sqrt(w.layers));
  Properties p;
  p.sequence = in.seq_len ? *in.seq_len : w.context_length;
  p.positions = p.sequence;  // sequence / token: the number of positions
  p.per_token_bytes_coefficient = korthikanti_per_token_bytes * in.precision_bytes / 2;
  p.score_bytes_coefficient =
      korthikanti_score_bytes * w.heads * p.sequence / w.hidden_dim * in.precision_bytes / 2;
  p.score_share =
      p.score_bytes_coefficient / (p.per_token_bytes_coefficient + p.score_bytes_coefficient);
  auto activations = [&](Recompute strategy) {
    return activation_memory(w.layers, p.sequence, in.micro_batch, w.hidden_dim, w.heads,
                             in.precision_bytes, strategy);
  };
  auto elements = [&](double width) { return in.micro_batch * p.sequence * width; };
  const double selective = activations(Recompute::selective);  // memoized method call
  p.per_token_activations = selective;
  p.per_sequence_activations = p.per_token_activations / in.micro_batch;
  p.segment_layers = std::floor(w.layers / checkpoint_segments);
  p.segment_input = elements(w.hidden_dim) * in.precision_bytes;
  p.segment_inputs = checkpoint_segments * p.segment_input;
  p.live_segment = p.per_token_activations / w.layers * p.segment_layers;
  p.checkpointed_activations = p.segment_inputs + p.live_segment;
  p.score_activations = activations(Recompute::none) - selective;
  p.projection_activations_per_layer = 4 * elements(w.hidden_dim) * in.precision_bytes;
  p.ffn_activations_per_layer = elements(in.ffn_multiple * w.hidden_dim) * in.precision_bytes;
  p.score_activations_per_layer = p.score_activations / w.layers;
  p.line_items_per_layer = p.projection_activations_per_layer + p.ffn_activations_per_layer +
                           p.score_activations_per_layer +
                           (in.normalization_per_layer ? *in.normalization_per_layer : 0.0);
  p.line_items_total = p.line_items_per_layer * w.layers;
  p.forward_equivalents = training_flops(w.params, 1) / decode_flops(w.params, 1);
  p.recompute_overhead = training_flops(w.params, 1, true) / training_flops(w.params, 1) - 1;
  p.recompute_forward_equivalents = p.forward_equivalents * (1 + p.recompute_overhead);
  return p;
}

// The same behind a call the optimizer cannot see through (no inlining, cloning or
// constant propagation): every call computes all 21 properties, like a fresh case.
[[gnu::noipa]] Properties evaluate(const Inputs& in) { return evaluate_inline(in); }

// The properties in declaration order, and their names.
constexpr const char* names[] = {"sequence",
                                 "positions",
                                 "per_token_bytes_coefficient",
                                 "score_bytes_coefficient",
                                 "score_share",
                                 "per_token_activations",
                                 "per_sequence_activations",
                                 "segment_layers",
                                 "segment_input",
                                 "segment_inputs",
                                 "live_segment",
                                 "checkpointed_activations",
                                 "score_activations",
                                 "projection_activations_per_layer",
                                 "ffn_activations_per_layer",
                                 "score_activations_per_layer",
                                 "line_items_per_layer",
                                 "line_items_total",
                                 "forward_equivalents",
                                 "recompute_forward_equivalents",
                                 "recompute_overhead"};
constexpr std::size_t n_properties = sizeof(names) / sizeof(names[0]);

std::array<double, n_properties> values(const Properties& p) {
  return {p.sequence,
          p.positions,
          p.per_token_bytes_coefficient,
          p.score_bytes_coefficient,
          p.score_share,
          p.per_token_activations,
          p.per_sequence_activations,
          p.segment_layers,
          p.segment_input,
          p.segment_inputs,
          p.live_segment,
          p.checkpointed_activations,
          p.score_activations,
          p.projection_activations_per_layer,
          p.ffn_activations_per_layer,
          p.score_activations_per_layer,
          p.line_items_per_layer,
          p.line_items_total,
          p.forward_equivalents,
          p.recompute_forward_equivalents,
          p.recompute_overhead};
}

double sum(const Properties& p) {
  double s = 0;
  for (double v : values(p)) s += v;
  return s;
}

}  // namespace

int main(int argc, char** argv) {
  const bool profile = argc > 2 && std::string_view(argv[1]) == "--profile";
  const double ms = argc > 1 && !profile ? std::atof(argv[1]) : 200;
  // From argv, so the compiler cannot fold the GPT-3 numbers into the loop.
  const double micro_batch = argc > 2 && !profile ? std::atof(argv[2]) : 4;
  volatile double gpt3[5] = {175e9, 96, 12288, 96, 2048};
  Inputs in;
  in.workload = Transformer{gpt3[0], gpt3[1], gpt3[2], gpt3[3], gpt3[4]};
  in.micro_batch = micro_batch;

  const Properties p = evaluate(in);
  const auto v = values(p);
  for (std::size_t i = 0; i < n_properties; ++i) std::printf("value %s %.17g\n", names[i], v[i]);
  if (profile) {
    const long n = std::atol(argv[2]);
    double acc = 0;
    Inputs x = in;
    for (long i = 0; i < n; ++i) {
      x.micro_batch = static_cast<double>(1 + (i & 7));
      acc += sum(evaluate(x));
    }
    reckon::bench::sink = acc;
    return 0;
  }

  // Both take their samples in turns (measure.hpp).
  reckon::bench::Interleaved benchmarks;
  // A full evaluation per call, micro_batch 1..8.
  benchmarks.add("handwritten_full", [&](long n) {
    double acc = 0;
    Inputs x = in;
    for (long i = 0; i < n; ++i) {
      x.micro_batch = static_cast<double>(1 + (i & 7));
      acc += sum(evaluate(x));
    }
    return acc;
  });
  // The same formulas inlined into a loop over micro_batch: the compiler may hoist what
  // does not depend on micro_batch (9 of the 21 properties), as a hand-written sweep
  // would.
  benchmarks.add("handwritten_inlined_loop", [&](long n) {
    double acc = 0;
    Inputs x = in;
    for (long i = 0; i < n; ++i) {
      x.micro_batch = static_cast<double>(1 + (i & 7));
      acc += sum(evaluate_inline(x));
    }
    return acc;
  });
  for (const auto& [name, ns] : benchmarks.run(ms, 7))
    std::printf("time %s %.3f\n", name.c_str(), ns);
  return 0;
}
