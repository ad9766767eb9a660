// The static checker: binds every name, matches natives to their C++ bodies, and
// gives every expression a type, so that unit errors are found before evaluation.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "interpreter/model/builtins.hpp"
#include "interpreter/model/program.hpp"

namespace reckon {

// A name bound inside an expression (a comprehension's `x`, a lambda's parameter): the
// binder expression that names it (RefKind::local, its slot and type set), and the
// bindings around it. Locals live on the checker's stack while what binds them is
// checked (LocalScope, check_context.hpp).
struct LocalBinding {
  const Expr* binder = nullptr;
  const LocalBinding* outer = nullptr;
};

// Where an expression is checked: at file scope, or inside a scenario (whose inputs
// and properties are then in scope), possibly inside a method (its parameters too),
// possibly where locals are bound (innermost first; they shadow everything else).
struct Scope {
  const ScenarioDecl* scenario = nullptr;
  const std::vector<Parameter>* parameters = nullptr;
  const LocalBinding* locals = nullptr;

  // How many locals are in scope: the slot the next one takes.
  int local_count() const { return locals ? locals->binder->slot + 1 : 0; }
};

// Checks the whole program. Throws UserErrors with every error found. The program is
// not yet compiled (code.hpp): pipeline.hpp's check_and_compile does both, as every
// caller that evaluates must.
void check_program(Program& program);

// Checks one more expression (the command line's EXPR) against a checked program.
void check_expression(Program& program, Expr& expr, const Scope& scope);
// The same for a value bound where `expected` is declared as `declared` (`what` names
// that place): a literal in the decimal twin of the declared unit is E0418 there too.
void check_binding(Program& program, Expr& expr, const Type& expected, const TypeExpr& declared,
                   const std::string& what);
// Checks a sweep that is not part of the program (one the command line assembled).
void check_sweep(Program& program, SweepDecl& sweep);

}  // namespace reckon
