// The cases a surface shows or varies whole, prepared in one place (docs/architecture.md,
// "The library API"): the case a scenario's values are shown for and the instance a
// case's name refers to, with its first broken constraint (`reckon run`, the language
// server's hovers and hints), and an exercise's variant, a fresh instance of a case with
// some inputs bound to values. A question asked in a case (`eval`, `explain`, the Python
// package) is prepared by query.hpp's `prepare`.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "interpreter/evaluate/evaluator.hpp"
#include "interpreter/model/program.hpp"
#include "syntax/ast.hpp"
#include "syntax/diagnostics.hpp"

namespace reckon::api {

// The case a scenario's values are shown for (the language server's hovers and inlay
// hints): `preferred` (the editor's chosen case) when it names a case of `scenario`, else
// the main file's first case of `scenario`; with a null `scenario`, of any scenario. Null
// when there is none: unlike choose_case, nothing was asked for, so nothing is an error.
const CaseDecl* case_showing(const Program& p, const std::string& preferred,
                             const ScenarioDecl* scenario);

// The instance case `c`'s name refers to, made in `ev` on first use.
Instance& case_instance(Evaluator& ev, const CaseDecl& c);

// A constraint an instance breaks: the error (E0535, with a note at the case's name) and
// its message alone (`kv 61.20 GB too big`).
struct BrokenConstraint {
  Diagnostic diagnostic;
  std::string message;
};
// The first constraint of `c`'s instance `inst` that does not hold; nullopt when all do.
// A constraint that fails to evaluate throws its error.
std::optional<BrokenConstraint> first_broken(Evaluator& ev, Instance& inst, const CaseDecl& c);

// An input of a variant bound to a value: a fractional value for a whole-number input is
// an error at `at`.
struct Binding {
  std::size_t input = 0;
  Value value;
  SourceRange at;
};
// A new instance of `c`, not the one its name refers to, with `bindings` bound (an
// exercise's variant); its other inputs as `c` binds them.
Value variant_instance(Evaluator& ev, const CaseDecl& c, const std::vector<Binding>& bindings);

// Whether every constraint (`require`) of `inst` holds.
bool holds_constraints(Evaluator& ev, Instance& inst);

}  // namespace reckon::api
