// Checking `with` in expressions (a variant of an instance), a scenario's `require`
// constraints and the builtins that read them (`feasible(x)`). The checker calls these
// with hooks into itself, so the rules live here rather than in checker.cpp.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "interpreter/model/builtins.hpp"
#include "syntax/ast.hpp"
#include "syntax/diagnostics.hpp"

namespace reckon {

// What these checks need of the checker, bound to the scope being checked.
struct CheckHooks {
  // Types an expression (in the scope of the expression being checked).
  std::function<Type(Expr&)> check;
  // Types an expression and reports it unless it is assignable to `to`, like a case's
  // argument (`what` names the place, `declared` the type as written).
  std::function<void(Expr&, const Type& to, const std::string& what, const TypeExpr* declared)>
      expect;
  std::function<void(SourceRange, std::string code, std::string message, std::vector<Note>)> error;
  // " (did you mean `x`?)" among the inputs of a scenario, within the checker's budget.
  std::function<std::string(const std::string& name, const ScenarioDecl& s)> suggest_input;
};

// `base with input: value, ...`: the base must be an instance; each override names an
// input of its scenario once and is assignable to it (the rules of `case B = A with`).
// Sets e.binding; the type is an instance of the base's scenario.
Type check_variant(Expr& e, const CheckHooks& hooks);

// Each `require` of a scenario: a bool condition, and an interpolated message, both in
// the scenario's scope (the hooks' `check`).
void check_requirements(ScenarioDecl& s, const CheckHooks& hooks);

// The builtins on constraints (ConstraintBuiltin, builtins.hpp), called by name (callers
// look up the user's names first).
// `feasible(x)`: one argument, an instance; the result is a bool.
Type check_constraint_call(Expr& e, ConstraintBuiltin b, const CheckHooks& hooks);

}  // namespace reckon
