// The error-message table. A rule that is used under must<> and has no message here
// does not compile (must_if's RequireMessage), so every parse error has its own text.
// Each text starts with its error code ("E0108: "), which parse.cpp splits off into
// Diagnostic::code; rules that report the same mistake share a code (docs/errors.md).
#pragma once

#include "grammar/grammar.hpp"

namespace reckon::grammar {

template <typename Rule>
inline constexpr const char* error_message = nullptr;

#define RK_MESSAGE(rule, text) \
  template <>                  \
  inline constexpr const char* error_message<rule> = text
RK_MESSAGE(digits, "E0101: expected digits in the exponent of a number");
RK_MESSAGE(escape_char, "E0102: unknown escape in string (use \\\", \\\\, \\n or \\t)");
RK_MESSAGE(string_close, "E0103: unterminated string: expected a closing '\"' on the same line");
RK_MESSAGE(string_literal, "E0104: expected a string in double quotes");
RK_MESSAGE(unit_power, "E0105: expected an integer exponent after '^' in a unit");
RK_MESSAGE(unit_factor, "E0106: expected a unit name after '*' or '/' in a unit");
RK_MESSAGE(unit_expr, "E0107: expected a unit after '->'");
RK_MESSAGE(close_paren, "E0108: expected ')'");
RK_MESSAGE(member_name, "E0109: expected a member name after '.'");
RK_MESSAGE(nested_expr, "E0110: expected an expression");
RK_MESSAGE(nested_unary, "E0111: expected an operand");
RK_MESSAGE(nested_not, "E0111: expected an operand after 'not'");
RK_MESSAGE(unary, "E0111: expected an operand after the operator");
RK_MESSAGE(product, "E0111: expected an operand after the operator");
RK_MESSAGE(sum,
           "E0111: expected an operand after the ?"
           "? operator");
RK_MESSAGE(comparison_operand, "E0111: expected an operand after the comparison");
RK_MESSAGE(intersection_operand, "E0111: expected an operand after '&'");
RK_MESSAGE(union_operand, "E0111: expected an operand after '|'");
RK_MESSAGE(logical_not, "E0111: expected an operand after 'and'");
RK_MESSAGE(logical_and, "E0111: expected an operand after 'or'");
RK_MESSAGE(kw_then, "E0112: expected 'then' after the condition of 'if'");
RK_MESSAGE(kw_else, "E0113: expected 'else': every 'if' needs both branches");
RK_MESSAGE(expr, "E0110: expected an expression");
RK_MESSAGE(meta_key, "E0114: expected a metadata key after '@', as in @source \"...\"");
RK_MESSAGE(fallacy_claim,
           "E0151: @fallacy takes two strings on its line, the claim and the reality, as in "
           "@fallacy \"Doubling GPUs halves the step time\" \"Communication does not shrink\"");
RK_MESSAGE(fallacy_reality,
           "E0151: @fallacy takes two strings on its line: after the claim, the reality, as in "
           "@fallacy \"Doubling GPUs halves the step time\" \"Communication does not shrink\"");
RK_MESSAGE(colon, "E0115: expected ':' and a type");
RK_MESSAGE(type_expr, "E0116: expected a type or unit (for example count, B, GB/s, Transformer)");
RK_MESSAGE(name, "E0117: expected a name");
RK_MESSAGE(open_brace, "E0118: expected '{'");
RK_MESSAGE(close_brace, "E0119: expected '}' or another member");
RK_MESSAGE(equals, "E0120: expected '=' and a definition");
RK_MESSAGE(case_base, "E0121: expected the scenario or case this case binds");
RK_MESSAGE(case_body, "E0122: expected '(' with input values, or 'with' and overrides");
RK_MESSAGE(parameters, "E0123: expected '(' and the parameters of the native function");
RK_MESSAGE(native_body, "E0124: expected 'let NAME: TYPE' or 'NAME(PARAMS): TYPE' after 'native'");
RK_MESSAGE(about_case, "E0125: expected the case the exercise is about, as in `about MyCase`");
RK_MESSAGE(vary_name, "E0126: expected the input to vary, as in `vary micro_batch in [1, 2, 4]`");
RK_MESSAGE(kw_in, "E0127: expected 'in' and the values to vary over");
RK_MESSAGE(vary_values,
           "E0128: expected a list of values `[a, b, ...]` or a range `a .. b step c`");
RK_MESSAGE(close_bracket, "E0129: expected ']' or ',' and another value");
RK_MESSAGE(range_end, "E0130: expected the last value of the range after '..'");
RK_MESSAGE(kw_step, "E0131: expected 'step' and the step of the range, as in `1 .. 8 step 1`");
RK_MESSAGE(range_step, "E0132: expected the step of the range after 'step'");
RK_MESSAGE(prompt_text, "E0104: expected the prompt as a string in double quotes");
RK_MESSAGE(hint_text, "E0104: expected the hint as a string in double quotes");
RK_MESSAGE(slip_feedback, "E0104: expected the slip's feedback as a string in double quotes");
RK_MESSAGE(kw_feedback,
           "E0189: expected 'feedback' and the feedback for this slip, as in "
           "`slip kv / 2 feedback \"Keys and values: two per element.\"`");
RK_MESSAGE(exercise_close,
           "E0134: expected '}' or an exercise item (about, vary, prompt, answer, "
           "within, hint, slip or where)");
RK_MESSAGE(range_factor, "E0137: expected the factor of the range after 'times'");
RK_MESSAGE(sweep_values,
           "E0128: expected a list of values `[a, b, ...]` or a range "
           "`a .. b step c` or `a .. b times f`");
RK_MESSAGE(show_list, "E0138: expected the expressions to show, separated by ','");
RK_MESSAGE(sweep_close,
           "E0139: expected '}' or a sweep item (about, vary, show, where, minimize or maximize)");
RK_MESSAGE(spec_values,
           "E0140: expected values `1, 2, 4` or a range `2048..32768*2` (times 2), `1..64+8` "
           "(step 8) or `1..8`");
RK_MESSAGE(spec_end, "E0130: expected the last value of the range after '..'");
RK_MESSAGE(spec_operand, "E0140: expected the range's step after '+' or its factor after '*'");
RK_MESSAGE(with_overrides,
           "E0155: expected `input: value` after 'with', as in `Base with micro_batch: 4`");
RK_MESSAGE(nested_override_value, "E0155: expected the input's new value after ':'");
RK_MESSAGE(require_condition,
           "E0156: expected the constraint's condition after 'require', as in "
           "`require tensor_parallel <= gpus else \"...\"`");
RK_MESSAGE(require_else,
           "E0157: expected 'else' and the message shown when the constraint is broken");
RK_MESSAGE(require_message,
           "E0157: expected the constraint's message as a string in double quotes");
// Golden and unit tests quote it: keep it in step with the top-level declarations.
RK_MESSAGE(decl_body,
           "E0135: expected a declaration (import, record, enum, scenario, case, check, let, "
           "native, sweep or exercise)");
RK_MESSAGE(end_of_file, "E0136: unexpected text: expected the end of the input");
// Lists (docs/language.md, "Lists").
RK_MESSAGE(list_close, "E0141: expected ']' or ',' and another element of the list");
RK_MESSAGE(
    pattern,
    "E0142: expected a name after 'for', or names in parentheses, as in `for (a, b) in ...`");
RK_MESSAGE(binder, "E0142: expected a name in the pattern");
RK_MESSAGE(pattern_close, "E0142: expected ')' or ',' and another name in the pattern");
RK_MESSAGE(comprehension_in, "E0143: expected 'in' and the list to go through");
RK_MESSAGE(iterable, "E0143: expected the list to go through after 'in'");
RK_MESSAGE(filter, "E0143: expected the condition after 'if'");
RK_MESSAGE(index_value, "E0144: expected an index inside '[ ]', as in `xs[0]`");
RK_MESSAGE(index_close, "E0144: expected ']' after the index");
RK_MESSAGE(element_type, "E0145: expected the element type inside '[ ]', as in `[GB]`");
RK_MESSAGE(list_type_close, "E0145: expected ']' after the element type, as in `[GB]`");
// Tuples (docs/language.md, "Tuples").
RK_MESSAGE(tuple_element_type,
           "E0147: expected an element type of the tuple type, as in `(count, GB)`");
RK_MESSAGE(tuple_type_second,
           "E0147: a tuple type has two or more element types, as in `(count, GB)`");
RK_MESSAGE(tuple_type_close, "E0147: expected ')' or ',' and another element type of the tuple");
RK_MESSAGE(tuple_close, "E0148: expected ')' or ',' and another element of the tuple");
RK_MESSAGE(list_range_end,
           "E0146: expected the last value of the range after '..', as in `1 .. 8`");
RK_MESSAGE(list_range_step, "E0146: expected the step of the range after 'step'");
RK_MESSAGE(list_range_factor, "E0146: expected the factor of the range after 'times'");
// Lambdas (docs/language.md, "Builtins over lists").
RK_MESSAGE(lambda_body, "E0184: expected the lambda's body after '=>', as in `x => x.time`");
// Maps (docs/language.md, "Maps").
RK_MESSAGE(map_close,
           "E0180: expected '}' or ',' and another entry of the map or element of the set");
RK_MESSAGE(map_value, "E0181: expected the value after ':'");
RK_MESSAGE(map_entry,
           "E0182: expected another entry, as in `{\"us-east\": 380 gCO2e/kWh}`, or element, "
           "as in `{\"a\", \"b\"}`");
RK_MESSAGE(map_key_type,
           "E0183: expected the key type of the map, as in `{text: GB}`, or the element type "
           "of the set, as in `{text}`");
RK_MESSAGE(map_value_type, "E0183: expected the value type after ':', as in `{text: GB}`");
RK_MESSAGE(map_type_close, "E0183: expected '}' after the value type, as in `{text: GB}`");
RK_MESSAGE(set_type_close,
           "E0183: expected ':' and the value type of a map, as in `{text: GB}`, or '}' after "
           "the element type of a set, as in `{text}`");
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
