// Evaluating sets (docs/language.md, "Sets"): literals, `|`, `&` and `-`, membership, and
// set(xs). All of it is the tree walk's, as lists and maps are (compile.cpp compiles no
// set, and a planned sweep falls back to the lazy evaluator for one).
#include <fmt/format.h>

#include <stdexcept>
#include <string_view>
#include <vector>

#include "interpreter/display/format.hpp"
#include "interpreter/display/format_map.hpp"
#include "interpreter/evaluate/evaluator.hpp"
#include "interpreter/values/maps.hpp"
#include "interpreter/values/sets.hpp"
#include "syntax/diagnostics.hpp"

namespace reckon {

namespace {

// The dimension a set of type `t` gives its quantities (SetBuilder), or null.
const Dimension* element_dimension(const Type& t) {
  return t.element().is_quantity() ? &t.element().dim : nullptr;
}

}  // namespace

Value Evaluator::set_literal(const Expr& e, const Frame& frame) {
  SetBuilder out(element_dimension(e.type));
  out.reserve(e.operands.size());
  for (const auto& operand : e.operands) out.add(evaluate(*operand, frame));
  count_built(set_bytes(out.size()), e, "set");
  return Value::adopt(out.finish());
}

Value Evaluator::set_operation(const Expr& e, const Frame& frame) {
  const Value a = evaluate(*e.operands[0], frame);
  const Value b = evaluate(*e.operands[1], frame);
  const Dimension* dim = element_dimension(e.type);
  SetValue* made = nullptr;
  switch (e.op) {
    case Op::set_union:
      made = set_union(*a.set(), *b.set(), dim);
      break;
    case Op::set_intersection:
      made = set_intersection(*a.set(), *b.set(), dim);
      break;
    case Op::sub:
      made = set_difference(*a.set(), *b.set(), dim);
      break;
    default:
      throw std::logic_error("not an operator on sets");
  }
  Value result = Value::adopt(made);
  count_built(set_bytes(made->size()), e, "set");
  return result;
}

// `x in c`: an element of a set or a map's keys by their one rule (key_index.hpp), of a
// list as `==` compares, a text's piece by its characters.
Value Evaluator::membership(const Expr& e, const Frame& frame) {
  Value scratch;
  const Value& c = reference(*e.operands[1], frame, scratch);
  const Value x = evaluate(*e.operands[0], frame);
  bool found = false;
  switch (c.kind) {
    case ValueKind::set:
      found = c.set()->contains(x);
      break;
    case ValueKind::map:
      found = find_key(*c.map(), x).has_value();
      break;
    case ValueKind::text:  // an optional text that is none is in no text
      found = !x.is_none() && std::string_view(c.text()).find(x.text()) != std::string_view::npos;
      break;
    case ValueKind::list: {
      const ListValue& xs = *c.list();
      for (std::size_t i = 0; i < xs.size() && !found; ++i) found = equal(xs.at(i), x);
      break;
    }
    default:
      throw std::logic_error("`in` of what holds no elements");
  }
  return Value::boolean(found == (e.op == Op::in));
}

Value Evaluator::brace_comprehension(const Expr& e, const Frame& frame) {
  const Value made = comprehension(e, frame);
  const ListValue& xs = *made.list();
  if (comprehended(e) == Comprehended::set) {
    SetBuilder out(element_dimension(e.type));
    out.reserve(xs.size());
    for (std::size_t i = 0; i < xs.size(); ++i) out.add(xs.at(i));
    count_built(set_bytes(out.size()), e, "set");
    return Value::adopt(out.finish());
  }
  std::vector<Value> keys;
  std::vector<Value> values;
  keys.reserve(xs.size());
  values.reserve(xs.size());
  KeyIndex index;
  index.reserve(xs.size());
  for (std::size_t i = 0; i < xs.size(); ++i) {
    const std::vector<Value>& pair = xs.at(i).tuple()->items();
    keys.push_back(pair[0]);
    if (const std::size_t j = index.add(keys, keys.size() - 1); j != keys.size() - 1) {
      const DisplayOptions shown;
      throw UserError(comprehension_element(e).operands[0]->range, "E0549",
                      fmt::format("the key {} is made twice by this map comprehension, with "
                                  "the values {} and {}: each key has one value",
                                  key_text(keys[j]), format_inline(values[j], std::nullopt, shown),
                                  format_inline(pair[1], std::nullopt, shown)));
    }
    values.push_back(pair[1]);
  }
  count_built(2 * keys.size() * sizeof(Value), e, "map");
  return Value::adopt(MapValue::make(std::move(keys), std::move(values), std::move(index)));
}

Value Evaluator::make_set(const Expr& e, const Frame& frame) {
  Value scratch;
  const ListValue& xs = *reference(*e.arguments[0].value, frame, scratch).elements();
  SetBuilder out(element_dimension(e.type));
  out.reserve(xs.size());
  for (std::size_t i = 0; i < xs.size(); ++i) out.add(xs.at(i));
  count_built(set_bytes(out.size()), e, "set");
  return Value::adopt(out.finish());
}

}  // namespace reckon
