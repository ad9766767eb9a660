// What a loaded program goes through before it runs, stage by stage
// (docs/architecture.md): check (checker.hpp: names bound, natives matched, every
// expression typed, written units settled), then compile (code.hpp: numeric trees to
// flat code). Callers that evaluate use these pairs; a caller that only needs one stage
// (a test of it) calls that stage itself.
#pragma once

#include <string>

#include "interpreter/check/checker.hpp"
#include "interpreter/model/program.hpp"

namespace reckon {

// Checks the whole program, then compiles it. Throws UserErrors with every error found.
void check_and_compile(Program& program);

// The same for one more expression (the command line's EXPR, the REPL's input), a value
// bound where `expected` is declared, and a sweep the command line assembled
// (checker.hpp's check_expression, check_binding and check_sweep).
void check_and_compile_expression(Program& program, Expr& expr, const Scope& scope);
void check_and_compile_binding(Program& program, Expr& expr, const Type& expected,
                               const TypeExpr& declared, const std::string& what);
void check_and_compile_sweep(Program& program, SweepDecl& sweep);

}  // namespace reckon
