// A scenario's constraints (`require cond else "message"`) at run time, and variants
// of instances (`base with input: value`).
//
// An instance whose constraints are broken is infeasible: it has no values to show. Its
// constraints are checked, in order, before a member of it is read from outside
// (`Case.x`, `(A with tp: 16).fits`: E0535 at the broken `require`, with a note where the
// instance is used), by `reckon run` for every case it shows and by `reckon eval --case`;
// `feasible(x)` asks without failing, a sweep skips (or lists) infeasible points and an
// exercise never hands one out. Inside its own scenario an instance reads its values
// freely: that is how its constraints are evaluated.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "interpreter/evaluate/evaluator.hpp"
#include "syntax/diagnostics.hpp"

namespace reckon {

// The first constraint of `inst` whose condition is false, or null when all hold. Errors
// in evaluating a condition propagate.
const Requirement* first_broken_constraint(Evaluator& ev, Instance& inst);
bool feasible(Evaluator& ev, Instance& inst);
// `violations(x)`: the message of every broken constraint of `inst`, in the order the
// constraints are written (empty when it is feasible), as a list of texts; `at` is the
// call, where a message over the text limit is reported.
Value violations(Evaluator& ev, Instance& inst, const Expr& at);
// The message of a constraint, its `{expr}`s evaluated in `inst` and shown as
// `reckon eval` shows them (texts without quotes).
std::string constraint_message(Evaluator& ev, Instance& inst, const Requirement& r);
// The error of a broken constraint: at the `require`, naming the instance and the
// message, with `notes` (where the case is defined or the instance used).
UserError broken_constraint(Evaluator& ev, Instance& inst, const Requirement& r,
                            std::vector<Note> notes);
// Raises broken_constraint for the first broken constraint of `inst`, with a note at
// `used_at`; a checked instance is remembered, so this costs one test afterwards.
void require_feasible(Evaluator& ev, Instance& inst, const Note& used_at);

// Whether a checked expression reads the instance it is evaluated in (an input, a
// property or a method of its scope), and so needs it to be feasible.
bool reads_instance(const Expr& e);

// `base with input: value, ...` (ExprKind::variant): a new instance of the base's
// scenario that keeps the base's bindings but for the overrides, which are evaluated
// in `frame`. An input the base took from its default is evaluated anew in the variant
// (it may depend on an overridden input), as `case B = A with ...` does.
Value make_variant(Evaluator& ev, const Expr& e, const Evaluator::Frame& frame);

}  // namespace reckon
