// Evaluating lists: literals, comprehensions, indexing and the builtins over lists. All
// of it is the tree walk's (compile.cpp compiles no list).
#include <fmt/format.h>

#include <cmath>
#include <stdexcept>
#include <utility>
#include <vector>

#include "interpreter/evaluator.hpp"
#include "interpreter/lists.hpp"
#include "syntax/diagnostics.hpp"

namespace reckon {

namespace {

// "1,000,000": list lengths in messages.
std::string grouped(std::size_t n) {
  std::string digits = std::to_string(n);
  std::string out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

}  // namespace

Value Evaluator::make_list(std::vector<Value> items, const Expr& at) const {
  (void)at;  // where a list too long will be reported
  return Value::adopt(ListValue::make(std::move(items)));
}

Value Evaluator::list_literal(const Expr& e, const Frame& frame) {
  std::vector<Value> items;
  items.reserve(e.operands.size());
  for (const auto& element : e.operands) items.push_back(evaluate(*element, frame));
  return make_list(std::move(items), e);
}

// `[body for x in source if condition]`: the body evaluated with x bound to each element
// in turn, where the condition holds.
Value Evaluator::comprehension(const Expr& e, const Frame& frame) {
  const Value source = evaluate(*e.operands[0], frame);
  if (source.kind == ValueKind::map) return map_comprehension(e, source, frame);
  const ListValue& xs = *source.list();
  const Expr& body = *e.operands[1];
  const Expr* condition = e.operands.size() > 2 ? e.operands[2].get() : nullptr;
  LocalFrame locals(frame, e.slot, e.arguments.size());
  std::vector<Value> out;
  out.reserve(condition ? 0 : xs.items.size());
  for (const Value& x : xs.items) {
    locals[0] = x;
    if (condition && number(*condition, locals.frame()) == 0) continue;
    out.push_back(evaluate(body, locals.frame()));
  }
  return make_list(std::move(out), e);
}

// `xs[i]`: from 0; a negative index counts from the end (`xs[-1]` is the last).
Value Evaluator::index(const Expr& e, const Frame& frame) {
  Value scratch;
  const Value& list = reference(*e.operands[0], frame, scratch);
  if (list.kind == ValueKind::map) return map_lookup(e, list, frame);
  const Expr& at = *e.operands[1];
  const double i = number(at, frame);
  const auto& items = list.list()->items;
  const auto n = static_cast<double>(items.size());
  if (i != std::trunc(i))
    throw UserError(at.range, "E0521",
                    fmt::format("a list index must be a whole number, not {}", i));
  if (i >= n || i < -n)
    throw UserError(e.name_range, "E0520",
                    items.empty()
                        ? fmt::format("index {} is out of range: the list is empty", i)
                        : fmt::format("index {} is out of range: the list has {} element{} "
                                      "(indexes 0 to {}, or -{} to -1 from the end)",
                                      i, grouped(items.size()), items.size() == 1 ? "" : "s",
                                      items.size() - 1, grouped(items.size())));
  const auto k = static_cast<std::size_t>(i < 0 ? i + n : i);
  return items[k];
}

Value Evaluator::list_builtin(const Expr& e, const Frame& frame) {
  switch (static_cast<ListBuiltin>(e.slot)) {
    case ListBuiltin::len: {
      Value scratch;
      const Value& list = reference(*e.arguments[0].value, frame, scratch);
      return Value::quantity(static_cast<double>(list.list()->items.size()));
    }
  }
  throw std::logic_error("unknown list builtin");
}

void Evaluator::require_whole_elements(const Value& v, const Type& declared, SourceRange at,
                                       std::string_view what, std::string_view name) const {
  if (declared.kind != TypeKind::list) return;
  const Type& element = declared.element();
  for (const Value& x : v.list()->items) require_whole(x, element, at, what, name);
}

}  // namespace reckon
