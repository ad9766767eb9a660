// Dependency cycles found before evaluation. A cycle among a scenario's properties in
// which every link is unconditional (the use is evaluated whenever the property is)
// fails for every case of the scenario, so the checker reports it as the evaluator would
// (E0504, a note at each link). A cycle with a link that may not run (inside an `if`
// branch, right of `??`, `and`, `or`, in a lambda or a comprehension's body, an argument
// of a method or a constructor) is left to evaluation: it fails only if that link runs.
#pragma once

#include <vector>

#include "syntax/ast.hpp"
#include "syntax/diagnostics.hpp"

namespace reckon {

// Appends an E0504 diagnostic for each unconditional cycle among `s`'s properties (one
// per cycle, starting at its first property in declaration order).
void find_unconditional_cycles(const ScenarioDecl& s, std::vector<Diagnostic>& out);

}  // namespace reckon
