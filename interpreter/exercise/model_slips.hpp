// Slips found in the model: the keys a student gets who makes one plausible mistake in
// the derivation of an exercise's answer (a factor left out, doubled or halved; a count
// taken as one; a per-unit value given as the total or the reverse; an input's default
// instead of the variant's value). The grader compares a wrong answer with these keys
// and names the mistake when it can single one out (grade.cpp).
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "interpreter/exercise/book.hpp"

namespace reckon::exercise {

// One perturbed key: the answer the mistake gives, in base units, and the mistake in
// the student's words ("this is for one layer: multiply by 32 layers").
struct ModelSlip {
  double value = 0;
  std::string explanation;
};

// Bounds of the search (docs/exercises.md, "Slips found in the model").
struct ModelSlipBounds {
  int depth = 4;                    // properties followed below the answer
  std::size_t properties = 32;      // properties whose definitions are searched
  std::size_t perturbations = 128;  // perturbed keys evaluated
};

// The perturbed keys of v, in the order found (the answer's own terms first), without
// those that equal the key within `tolerance` or that cannot be computed. Evaluates in
// the workbook's evaluator; v's own instance is left as it was.
std::vector<ModelSlip> model_slips(Workbook& book, const Variant& v, double tolerance,
                                   const ModelSlipBounds& bounds = {});

}  // namespace reckon::exercise
