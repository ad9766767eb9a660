// The search behind `solve` (docs/language.md, "Inverse design"): the input at which a
// monotone function meets a target, over a continuum (bisection) or over the values of a
// list or range in order (binary search), with the function's monotony checked on every
// point it evaluates. The search works on numbers in base units; the evaluator turns
// values into numbers and back, and the problems found into located errors (E0550,
// E0551).
#pragma once

#include <cstddef>
#include <functional>

#include "syntax/ast.hpp"

namespace reckon {

// Whether `solve`'s third argument is searched as a continuum: a range `a .. b` of
// physical quantities (times, bytes) written without a stride. Anything else (a range of
// counts, a range with `step` or `times`, a list) is searched through its values. The
// one decision, read by the checker and the evaluator.
bool searches_continuum(const Expr& domain);

// What the answer satisfies, for a target t:
//  - equal: f(x) = t. Over a continuum, to the last bits of x; over values, the first
//    value (in order) at which f reaches or passes t.
//  - at_most: f(x) <= t, the x nearest to where it stops holding: the largest x for an
//    increasing f, the smallest for a decreasing one.
//  - at_least: f(x) >= t, likewise (the smallest x for an increasing f).
// A function equal at both ends of the domain is taken as increasing.
enum class SolveGoal { equal, at_most, at_least };

// The points searched: every number from `low` to `high` when `continuous`, else the
// `count` values value_at(0) .. value_at(count - 1), count >= 1.
struct SolveDomain {
  bool continuous = false;
  double low = 0;
  double high = 0;
  std::size_t count = 0;
  std::function<double(std::size_t)> value_at;
};

enum class SolveProblem {
  none,
  unmet,         // no point of the domain meets the target (equal: t is not bracketed)
  not_monotone,  // f rises and falls on the points evaluated: `witness` holds three xs
};

struct SolveOutcome {
  SolveProblem problem = SolveProblem::none;
  double x = 0;
  double f_first = 0;               // f at the domain's first point
  double f_last = 0;                // and at its last
  double witness[3] = {0, 0, 0};    // with not_monotone: three xs, in order,
  double witness_f[3] = {0, 0, 0};  // and f at each, which rises and falls
  std::size_t evaluations = 0;
};

// Points probed evenly across the domain before the search narrows, so that a function
// that turns back is found unless it turns between two probes where the search never goes.
inline constexpr std::size_t solve_probes = 17;

// `f(x)` is the function's value and `target` t, in one unit. A non-finite f(x) is f's
// to report (it throws).
SolveOutcome solve_monotone(const std::function<double(double)>& f, double target, SolveGoal goal,
                            const SolveDomain& domain);

}  // namespace reckon
