#include "interpreter/check/check_text.hpp"

#include <fmt/format.h>

#include "interpreter/model/type_names.hpp"

namespace reckon {

std::optional<TextProblem> format_problem(const Expr& format, const Type& value) {
  if (format.text.empty() || value.is_error() || value.is_quantity() ||
      value.kind == TypeKind::none)
    return std::nullopt;
  return TextProblem{format.name_range, "E0350",
                     fmt::format("a digits format (`:{}`) shows a number, and this is {}; "
                                 "remove the format to show it as it is",
                                 format.text, describe(value))};
}

std::optional<TextProblem> text_addition_problem(const Expr& e, const Type& left, const Type& right,
                                                 std::string_view other_source) {
  if (left.kind == TypeKind::text && right.kind == TypeKind::text) {
    for (const auto& [side, type] :
         {std::pair{e.operands[0].get(), left}, std::pair{e.operands[1].get(), right}})
      if (type.optional)
        return TextProblem{side->range, "E0404",
                           "this text may be none; give a fallback with `??` before "
                           "joining it with `+`"};
    return std::nullopt;
  }
  const bool text_left = left.kind == TypeKind::text;
  return TextProblem{
      e.name_range, "E0351",
      fmt::format("cannot join text and {} with `+`, which joins two texts; to put a value "
                  "into a text, interpolate it: {}",
                  describe(text_left ? right : left),
                  text_left ? fmt::format("\"...{{{}}}\"", other_source)
                            : fmt::format("\"{{{}}}...\"", other_source))};
}

}  // namespace reckon
