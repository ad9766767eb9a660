// "Show the work": the derivation of a value as a student would write it,
//   checkpointed_activations = segment_inputs + live_segment
//                            = 2.013 GB + 30.80 GB = 32.82 GB
// then the same for each property it uses, to a chosen depth. `reckon explain` and the
// REPL's `:why` both print these steps.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "interpreter/evaluate/evaluator.hpp"

namespace reckon {

struct ExplainStep {
  int depth = 0;            // 0 for the value asked about, 1 for what it uses, ...
  std::string name;         // what is derived: a property, a method call, or the expression
  std::string equation;     // its definition as written ("" if it is the expression itself)
  std::string substituted;  // the definition with every value it uses written in
  std::string result;       // the value
};

// Derives `e` (checked, evaluated in `frame`), then what it uses down to `depth` levels.
std::vector<ExplainStep> explain(const Program& program, Evaluator& evaluator, const Expr& e,
                                 const Evaluator::Frame& frame, int depth);

enum class ExplainFormat { text, markdown, latex };

// Text set in LaTeX's text mode: _ % # & $ { } escaped, \ ^ ~ spelled out.
std::string latex_escape(std::string_view text);
std::string render_explanation(const std::vector<ExplainStep>& steps, ExplainFormat format);

}  // namespace reckon
