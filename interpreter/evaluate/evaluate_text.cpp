// Texts built at run time: interpolation (`"{kv -> GiB} per request"`) and `+` of two
// texts. A `{x}` shows x as `reckon eval` shows it alone (the unit settled into the
// format node by written_unit.cpp, the evaluator's digits), a text without quotes.
#include <string>

#include "interpreter/display/format.hpp"
#include "interpreter/evaluate/evaluator.hpp"
#include "interpreter/values/text_value.hpp"
#include "interpreter/values/value_bytes.hpp"
#include "syntax/text_format.hpp"

namespace reckon {

Value Evaluator::built_text_of(const Expr& e, const Frame& frame) {
  std::string out;
  if (e.kind == ExprKind::format) {
    append_formatted(out, e, frame);
  } else {
    for (const auto& piece : e.operands) {
      if (piece->kind == ExprKind::text)
        out += piece->text;
      else
        append_formatted(out, *piece, frame);
      check_text_size(out.size(), e.range);
    }
  }
  count_built(text_bytes(out.size()), e, "text");
  return built_text(std::move(out), e.range);
}

Value Evaluator::joined_text(const Expr& e, const Frame& frame) {
  Value a = evaluate(*e.operands[0], frame);
  Value b = evaluate(*e.operands[1], frame);
  // Joining an empty text makes nothing new.
  if (b.text().empty()) return a;
  if (a.text().empty()) return b;
  check_text_size(a.text().size() + b.text().size(), e.range);
  std::string out;
  out.reserve(a.text().size() + b.text().size());
  out += a.text();
  out += b.text();
  count_built(text_bytes(out.size()), e, "text");
  return built_text(std::move(out), e.range);
}

void Evaluator::append_formatted(std::string& out, const Expr& format, const Frame& frame) {
  Value v = evaluate(*format.operands[0], frame);
  if (v.kind == ValueKind::text) {
    out += v.text();
    return;
  }
  std::optional<DisplayUnit> unit;
  // Settled as written_unit.cpp's settle_format keeps it: 0 as written, 1 the ladder
  // choosing, 2 the ladder choosing for a person's written values too.
  if (format.unit)
    unit =
        DisplayUnit{format.unit->text, format.unit_scale, format.number != 0, format.number == 2};
  const auto digits = parse_digits_format(format.text);
  if (!digits || v.kind != ValueKind::quantity) {  // records by their short names
    out +=
        format_inline(v, unit, DisplayOptions{.digits = digits_, .list_elements = list_elements_});
    return;
  }
  const std::optional<DisplayUnit> shown = fitting_unit(v, unit);
  out += format_quantity(v, *digits, shown ? &*shown : nullptr);
}

}  // namespace reckon
