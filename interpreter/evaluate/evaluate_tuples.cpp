// Evaluating tuples (docs/language.md, "Tuples") and the builtins that make them: zip,
// pairs, enumerate; and join, which makes a text of a list of texts. The tree walk's
// only: compile.cpp compiles no tuple, and a planned sweep falls back to the lazy
// evaluator for one.
#include <fmt/format.h>

#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "interpreter/evaluate/evaluator.hpp"
#include "interpreter/model/builtins.hpp"
#include "interpreter/values/text_value.hpp"
#include "interpreter/values/value_bytes.hpp"
#include "syntax/diagnostics.hpp"

namespace reckon {

namespace {

// A new tuple of `items`, counted against the memory budget as it is made.
Value new_tuple(const Evaluator& ev, std::vector<Value> items, const Expr& at) {
  ev.count_built(tuple_bytes(items.size()), at, "tuple");
  return Value::adopt_tuple(ListValue::make(std::move(items)));
}

}  // namespace

Value Evaluator::tuple_literal(const Expr& e, const Frame& frame) {
  const auto types = e.type.tuple_elements();
  std::vector<Value> items;
  items.reserve(e.operands.size());
  for (std::size_t i = 0; i < e.operands.size(); ++i) {
    Value v = evaluate(*e.operands[i], frame);
    // A plain number where a count is declared takes the count (`(5, 1 GB)` as a
    // `(token, GB)`), as a list's elements do.
    if (i < types.size() && types[i].is_quantity() && v.kind == ValueKind::quantity)
      v.dim = types[i].dim;
    items.push_back(std::move(v));
  }
  return new_tuple(*this, std::move(items), e);
}

// `p[1]`: the checker saw a literal index within the tuple's arity (check_tuples.cpp).
Value Evaluator::tuple_item(const Expr& e, const Value& tuple, const Frame& frame) {
  const double i = number(*e.operands[1], frame);
  return tuple.tuple()->items().at(static_cast<std::size_t>(i));
}

Value Evaluator::tuple_builtin(const Expr& e, const Frame& frame) {
  Value first_scratch;
  const Value& first = reference(*e.arguments[0].value, frame, first_scratch);
  const ListValue& xs = *first.list();  // read by at(): a packed list stays packed
  std::vector<Value> out;
  // The list of n tuples: its slots counted before they are taken, and each tuple as it
  // is made, so that the budget stops the loop before the memory is spent.
  const auto tuples = [&](std::size_t n) {
    count_built(n * sizeof(Value), e, "list");
    out.reserve(n);
  };
  switch (static_cast<ListBuiltin>(e.slot)) {
    case ListBuiltin::zip: {
      // Lists of different lengths are a mistake more often than not (a missing or an
      // extra element), so zip refuses them rather than drop the tail as Python's zip does.
      Value second_scratch;
      const Value& second = reference(*e.arguments[1].value, frame, second_scratch);
      const ListValue& ys = *second.list();
      if (xs.size() != ys.size())
        throw UserError(
            e.range, "E0525",
            fmt::format("`zip` needs two lists of one length: the first has {} "
                        "element{}, the second {}; slice the longer one, as in "
                        "`xs[:{}]`, to pair the first {}",
                        xs.size(), xs.size() == 1 ? "" : "s", ys.size(),
                        std::min(xs.size(), ys.size()), std::min(xs.size(), ys.size())));
      tuples(xs.size());
      for (std::size_t i = 0; i < xs.size(); ++i)
        out.push_back(new_tuple(*this, {xs.at(i), ys.at(i)}, e));
      return Value::adopt(ListValue::make(std::move(out)));
    }
    case ListBuiltin::pairs:
      // Adjacent elements: n - 1 pairs, none for a list of fewer than two.
      tuples(xs.size() > 1 ? xs.size() - 1 : 0);
      for (std::size_t i = 1; i < xs.size(); ++i)
        out.push_back(new_tuple(*this, {xs.at(i - 1), xs.at(i)}, e));
      return Value::adopt(ListValue::make(std::move(out)));
    case ListBuiltin::enumerate:
      tuples(xs.size());
      for (std::size_t i = 0; i < xs.size(); ++i)
        out.push_back(new_tuple(*this, {Value::quantity(static_cast<double>(i)), xs.at(i)}, e));
      return Value::adopt(ListValue::make(std::move(out)));
    case ListBuiltin::join: {
      Value separator_scratch;
      const std::string& separator =
          reference(*e.arguments[1].value, frame, separator_scratch).text();
      std::size_t bytes = 0;
      for (std::size_t i = 0; i < xs.size(); ++i)
        bytes += xs.items()[i].text().size() + (i ? separator.size() : 0);
      check_text_size(bytes, e.range);
      std::string text;
      text.reserve(bytes);
      for (std::size_t i = 0; i < xs.size(); ++i) {
        if (i) text += separator;
        text += xs.items()[i].text();
      }
      count_built(text_bytes(text.size()), e, "text");
      return built_text(std::move(text), e.range);
    }
    default:
      break;
  }
  throw std::logic_error("unknown tuple builtin");
}

}  // namespace reckon
