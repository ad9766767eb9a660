#include "interpreter/load/pipeline.hpp"

#include "interpreter/compiled/code.hpp"

namespace reckon {

// Compilation needs the types checking found, so it always comes second.
void check_and_compile(Program& program) {
  check_program(program);
  compile_program(program);
}

void check_and_compile_expression(Program& program, Expr& expr, const Scope& scope) {
  check_expression(program, expr, scope);
  compile_expression(expr);
}

void check_and_compile_binding(Program& program, Expr& expr, const Type& expected,
                               const TypeExpr& declared, const std::string& what) {
  check_binding(program, expr, expected, declared, what);
  compile_expression(expr);
}

void check_and_compile_sweep(Program& program, SweepDecl& sweep) {
  check_sweep(program, sweep);
  compile_declaration(sweep);
}

}  // namespace reckon
