// What a `check` that does not hold is reported as: E0509 at its condition, with both
// sides of a comparison as notes (and the tolerance, if any). One decision, which
// `reckon run` prints and the language server publishes as a diagnostic.
#pragma once

#include "interpreter/evaluate/evaluator.hpp"
#include "interpreter/model/program.hpp"
#include "syntax/diagnostics.hpp"

namespace reckon {

Diagnostic failed_check(const Program& p, const CheckDecl& check, const CheckOutcome& outcome);

}  // namespace reckon
