// A fresh case forced by its scenario's plan (issue #28's lazy fresh case): what
// Evaluator::force_all does, in registers where it can give the same result.
//
// The first 64 fresh cases of a scenario are forced lazily; the next is forced lazily and
// recorded (its values, the method calls it memoized, its steps and native calls), and
// the scenario's settled plan (Plan::compile_settled) is compiled and checked against
// that record to the last bit. From then on a fresh case has its inputs forced as
// force_all forces them; when they fit the plan, it runs on one point, the properties'
// values and the memo entries the lazy walk would have left are stored, and the steps and
// native calls the record took are counted. Anything the plan is unsure of (an error the
// lazy walk would report, an input of another shape, two calls of one method that the
// walk would have memoized as one, a budget or nesting limit near) is left to
// Evaluator::force_all, on an instance nothing but the inputs was written to.
// docs/performance.md, "Fourth pass: the lazy fresh case in registers".
#pragma once

#include <cstdint>

#include "interpreter/evaluate/evaluator.hpp"

namespace reckon::sweep {

// Fresh cases of a scenario forced lazily before its plan is made. Making and checking
// a plan costs as much as many lazy cases (docs/performance.md, "Fourth pass"), which a
// `reckon run` of a file, a few cases per scenario, would never win back. (The first
// also computes the program's constant lets it reads, which evaluators share from then
// on, so that the recorded case's steps are those of every later one.)
inline constexpr std::uint8_t lazy_cases_first = 64;

// Forces every input, then every property but the methods, of `self`, in order, past
// errors, as Evaluator::force_all does (what `reckon run` shows of a case): the same
// values, errors, steps, native call counts and method memo. (A plan's natives counted
// while it is compiled are put back, on one thread: see count_call.)
void force_all_planned(Evaluator& ev, Instance& self);

// Whether fresh cases of `s` run by its plan now (for tests and benchmarks).
bool has_settled_plan(const ScenarioDecl& s);

}  // namespace reckon::sweep
