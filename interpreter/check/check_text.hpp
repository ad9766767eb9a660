// What the checker asks of texts: a digits format's operand and `+` with a text side.
// The checker (checker.cpp) reports what these find; the rules live here so that the
// checker only routes text expressions to them.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "syntax/ast.hpp"

namespace reckon {

struct TextProblem {
  SourceRange at;
  std::string code;
  std::string message;
};

// `{x:.2f}` (an ExprKind::format with a digits format) where x has type `value`: a
// problem unless x is a number, possibly none. Nothing for a format without digits:
// every value can be shown.
std::optional<TextProblem> format_problem(const Expr& format, const Type& value);

// `l + r` (the binary `e`) where either side has type text: a problem unless both are
// texts that cannot be none. Neither type is an error; `other_source` is the source of
// the side that is not text, for the suggestion to interpolate it.
std::optional<TextProblem> text_addition_problem(const Expr& e, const Type& left, const Type& right,
                                                 std::string_view other_source);

}  // namespace reckon
