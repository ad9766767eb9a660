// The error-message table. A rule that is used under must<> and has no message here
// does not compile (must_if's RequireMessage), so every parse error has its own text.
#pragma once

#include "grammar/grammar.hpp"

namespace reckon::grammar {

template <typename Rule>
inline constexpr const char* error_message = nullptr;

#define RK_MESSAGE(rule, text) \
  template <>                  \
  inline constexpr const char* error_message<rule> = text
RK_MESSAGE(digits, "expected digits in the exponent of a number");
RK_MESSAGE(escape_char, "unknown escape in string (use \\\", \\\\, \\n or \\t)");
RK_MESSAGE(string_close, "unterminated string: expected a closing '\"' on the same line");
RK_MESSAGE(string_literal, "expected a string in double quotes");
RK_MESSAGE(unit_power, "expected an integer exponent after '^' in a unit");
RK_MESSAGE(unit_factor, "expected a unit name after '*' or '/' in a unit");
RK_MESSAGE(unit_expr, "expected a unit after '->'");
RK_MESSAGE(close_paren, "expected ')'");
RK_MESSAGE(member_name, "expected a member name after '.'");
RK_MESSAGE(nested_expr, "expected an expression");
RK_MESSAGE(nested_unary, "expected an operand");
RK_MESSAGE(nested_not, "expected an operand after 'not'");
RK_MESSAGE(unary, "expected an operand after the operator");
RK_MESSAGE(product, "expected an operand after the operator");
RK_MESSAGE(sum,
           "expected an operand after the ?"
           "? operator");
RK_MESSAGE(coalesce, "expected an operand after the comparison");
RK_MESSAGE(logical_not, "expected an operand after 'and'");
RK_MESSAGE(logical_and, "expected an operand after 'or'");
RK_MESSAGE(kw_then, "expected 'then' after the condition of 'if'");
RK_MESSAGE(kw_else, "expected 'else': every 'if' needs both branches");
RK_MESSAGE(expr, "expected an expression");
RK_MESSAGE(meta_key, "expected a metadata key after '@', as in @source \"...\"");
RK_MESSAGE(colon, "expected ':' and a type");
RK_MESSAGE(type_expr, "expected a type or unit (for example count, B, GB/s, Transformer)");
RK_MESSAGE(name, "expected a name");
RK_MESSAGE(open_brace, "expected '{'");
RK_MESSAGE(close_brace, "expected '}' or another member");
RK_MESSAGE(equals, "expected '=' and a definition");
RK_MESSAGE(case_base, "expected the scenario or case this case binds");
RK_MESSAGE(case_body, "expected '(' with input values, or 'with' and overrides");
RK_MESSAGE(parameters, "expected '(' and the parameters of the native function");
RK_MESSAGE(native_body, "expected 'let NAME: TYPE' or 'NAME(PARAMS): TYPE' after 'native'");
RK_MESSAGE(about_case, "expected the case the exercise is about, as in `about MyCase`");
RK_MESSAGE(vary_name, "expected the input to vary, as in `vary micro_batch in [1, 2, 4]`");
RK_MESSAGE(kw_in, "expected 'in' and the values to vary over");
RK_MESSAGE(vary_values, "expected a list of values `[a, b, ...]` or a range `a .. b step c`");
RK_MESSAGE(close_bracket, "expected ']' or ',' and another value");
RK_MESSAGE(range_end, "expected the last value of the range after '..'");
RK_MESSAGE(kw_step, "expected 'step' and the step of the range, as in `1 .. 8 step 1`");
RK_MESSAGE(range_step, "expected the step of the range after 'step'");
RK_MESSAGE(prompt_text, "expected the prompt as a string in double quotes");
RK_MESSAGE(hint_text, "expected the hint as a string in double quotes");
RK_MESSAGE(exercise_close,
           "expected '}' or an exercise item (about, vary, prompt, answer, within or hint)");
// Unchanged since `exercise` was added: golden and unit tests quote it.
RK_MESSAGE(decl_body,
           "expected a declaration (import, record, enum, scenario, case, check, let or native)");
RK_MESSAGE(end_of_file, "unexpected text: expected the end of the input");
#undef RK_MESSAGE

struct errors {
  template <typename Rule>
  static constexpr const char* message = error_message<Rule>;
  // Rules raise only where the grammar says must<>; elsewhere failing is ordinary
  // backtracking.
  template <typename Rule>
  static constexpr bool raise_on_failure = false;
};

template <typename Rule>
using control = must_if<errors>::control<Rule>;

}  // namespace reckon::grammar
