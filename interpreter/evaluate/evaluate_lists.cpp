// Evaluating lists: literals, ranges, indexing, slices, joins and the builtins over
// lists (comprehensions are evaluate_comprehension.cpp's). All of it is the tree walk's
// (compile.cpp compiles no list). Ranges and long number literals make packed lists
// (ListValue::make_packed), and what reads a list here reads it packed or not.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <stdexcept>
#include <utility>
#include <vector>

#include "interpreter/evaluate/evaluator.hpp"
#include "interpreter/model/builtins.hpp"
#include "interpreter/values/list_builder.hpp"
#include "interpreter/values/lists.hpp"
#include "interpreter/values/range_value.hpp"
#include "interpreter/values/text_ops.hpp"
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

[[noreturn]] void list_too_long(const Expr& at, double count) {
  throw UserError(at.range, "E0522",
                  fmt::format("this list would have {} elements: a list may have at most {} (the "
                              "limit; each element takes 32 bytes)",
                              count < 1e15 ? grouped(static_cast<std::size_t>(count))
                                           : fmt::format("{:.3g}", count),
                              grouped(max_list_length)));
}

Value Evaluator::make_list(std::vector<Value> items, const Expr& at) const {
  if (items.size() > max_list_length) [[unlikely]]
    list_too_long(at, static_cast<double>(items.size()));
  count_built(items.size() * sizeof(Value), at, "list");
  return Value::adopt(ListValue::make(std::move(items)));
}

Value Evaluator::make_list(ListBuilder& built, const Expr& at) const {
  if (built.size() > max_list_length) [[unlikely]]
    list_too_long(at, static_cast<double>(built.size()));
  count_built(built.bytes(), at, "list");
  return Value::adopt(built.make());
}

Value Evaluator::make_packed_list(std::vector<double> numbers, const Dimension& dim,
                                  const Expr& at) const {
  if (numbers.size() > max_list_length) [[unlikely]]
    list_too_long(at, static_cast<double>(numbers.size()));
  count_built(numbers.size() * sizeof(double), at, "list");
  return Value::adopt(ListValue::make_packed(std::move(numbers), dim));
}

void Evaluator::count_built(std::uint64_t bytes, const Expr& at, const char* what) const {
  built_bytes_ += bytes;
  if (built_bytes_ <= max_built_bytes) [[likely]]
    return;
  throw UserError(at.range, "E0514",
                  fmt::format("this {} ({} bytes) brings the lists, maps, tuples, records and "
                              "texts this evaluation has built to {} bytes: the limit is {} "
                              "({} GiB)",
                              what, grouped(bytes), grouped(built_bytes_), grouped(max_built_bytes),
                              max_built_bytes >> 30));
}

Value Evaluator::list_literal(const Expr& e, const Frame& frame) {
  std::vector<Value> items;
  items.reserve(e.operands.size());
  // A plain number beside counted elements takes their count (`[1 token, 2]` is a
  // [token]), as the branches of `if` do: the element type says the dimension.
  const Type element = e.type.is_list() ? e.type.element() : Type{};
  for (const auto& operand : e.operands) {
    Value v = evaluate(*operand, frame);
    if (element.is_quantity() && v.kind == ValueKind::quantity) v.dim = element.dim;
    items.push_back(std::move(v));
  }
  return make_list(std::move(items), e);
}

// A long list of numbers in one unit, packed: each element as list_literal makes it
// from its number expression (its number times the unit's scale, the list's dimension).
Value Evaluator::number_list(const Expr& e) const {
  const std::vector<double>& xs = *e.packed;
  const double scale = e.operands[0]->unit_scale;
  std::vector<double> numbers;
  numbers.reserve(xs.size());
  for (const double x : xs) numbers.push_back(x * scale);
  return make_packed_list(std::move(numbers), e.type.element().dim, e);
}

// `xs[i]`: from 0; a negative index counts from the end (`xs[-1]` is the last).
Value Evaluator::index(const Expr& e, const Frame& frame) {
  Value scratch;
  const Value& list = reference(*e.operands[0], frame, scratch);
  if (list.kind == ValueKind::map) return map_lookup(e, list, frame);
  if (list.kind == ValueKind::tuple) return tuple_item(e, list, frame);
  const Expr& at = *e.operands[1];
  const double i = number(at, frame);
  const ListValue& items = *list.list();
  const auto n = static_cast<double>(items.size());
  if (!ops::whole(i))
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
  return items.at(k);
}

// `xs[a:b]`: the elements from index a up to (not including) b, as in Python: negative
// bounds count from the end, and bounds past either end stop there.
Value Evaluator::slice(const Expr& e, const Frame& frame) {
  Value scratch;
  const Value& list = reference(*e.operands[0], frame, scratch);
  // A text's bounds count its characters; the rule for them is a list's.
  const bool text = list.kind == ValueKind::text;
  const auto n = static_cast<double>(text ? text_ops::length(list.text()) : list.list()->size());
  auto bound = [&](std::size_t operand) {
    const Expr& at = *e.operands[operand];
    double i = number(at, frame);
    if (!ops::whole(i))
      throw UserError(at.range, "E0521",
                      fmt::format("a slice's bounds must be whole numbers, not {}", i));
    if (i < 0) i += n;
    return std::clamp(i, 0.0, n);
  };
  const int written = static_cast<int>(e.number);
  std::size_t next = 1;
  const double from = written & 1 ? bound(next++) : 0;
  const double to = written & 2 ? bound(next) : n;
  const auto begin = static_cast<std::ptrdiff_t>(from);
  const auto end = static_cast<std::ptrdiff_t>(std::max(from, to));
  if (text)
    return text_slice(e, list, static_cast<std::size_t>(begin), static_cast<std::size_t>(end));
  const ListValue& xs = *list.list();
  if (xs.packed())
    return make_packed_list(
        std::vector<double>(xs.numbers().begin() + begin, xs.numbers().begin() + end),
        xs.dimension(), e);
  const std::vector<Value>& items = xs.items();
  return make_list(std::vector<Value>(items.begin() + begin, items.begin() + end), e);
}

// `a .. b step s` and `a .. b times f`: the values of a `vary` range, by the same rules
// and rounding (sweep::expand): inclusive of the end within rounding, counted before any
// value is made.
Value Evaluator::range(const Expr& e, const Frame& frame) {
  const Expr& from_at = *e.operands[0];
  const Expr& to_at = *e.operands[1];
  const double from = number(from_at, frame);
  const double to = number(to_at, frame);
  const Dimension dim = e.type.element().dim;
  auto shown = [&](double x) { return show(Value::quantity(x, dim), std::nullopt); };
  const bool geometric = e.operands.size() > 2 && e.op == Op::mul;
  const Expr* by_at = e.operands.size() > 2 ? e.operands[2].get() : nullptr;
  const double by = by_at ? number(*by_at, frame) : 1;
  sweep::ExpandedRange range = sweep::expand_range(from, to, by, geometric, max_list_length);
  switch (range.problem) {
    case sweep::RangeProblem::none:
      break;
    case sweep::RangeProblem::empty:
      throw UserError(to_at.range, "E0523",
                      fmt::format("the range is empty: it ends ({}) before it starts ({})",
                                  shown(to), shown(from)));
    case sweep::RangeProblem::step:
      throw UserError(by_at->range, "E0524",
                      "the step of a range must be positive, not " + shown(by));
    case sweep::RangeProblem::factor:
      throw UserError(
          by_at->range, "E0524",
          fmt::format("the factor of a range (`times`) must be greater than 1, not {}", by));
    case sweep::RangeProblem::start:
      throw UserError(from_at.range, "E0524",
                      "a range with `times` must start above zero, not at " + shown(from));
    case sweep::RangeProblem::too_many:
      list_too_long(e, range.count);
  }
  return make_packed_list(std::move(range.values), dim, e);
}

// `xs + ys`: the elements of xs, then those of ys.
Value Evaluator::join(const Expr& e, const Frame& frame) {
  Value left_scratch, right_scratch;
  const Value& left = reference(*e.operands[0], frame, left_scratch);
  const Value& right = reference(*e.operands[1], frame, right_scratch);
  const ListValue& a = *left.list();
  const ListValue& b = *right.list();
  if (a.size() + b.size() > max_list_length)
    list_too_long(e, static_cast<double>(a.size() + b.size()));
  // Packed when both are (of one dimension: the checker saw one element type).
  if (a.packed() && b.packed() && a.dimension() == b.dimension()) {
    std::vector<double> out;
    out.reserve(a.size() + b.size());
    out.insert(out.end(), a.numbers().begin(), a.numbers().end());
    out.insert(out.end(), b.numbers().begin(), b.numbers().end());
    return make_packed_list(std::move(out), a.dimension(), e);
  }
  const std::vector<Value>& xs = a.items();
  const std::vector<Value>& ys = b.items();
  std::vector<Value> out;
  out.reserve(xs.size() + ys.size());
  out.insert(out.end(), xs.begin(), xs.end());
  out.insert(out.end(), ys.begin(), ys.end());
  return make_list(std::move(out), e);
}

Value Evaluator::list_builtin(const Expr& e, const Frame& frame) {
  switch (static_cast<ListBuiltin>(e.slot)) {
    case ListBuiltin::len: {
      Value scratch;
      const Value& list = reference(*e.arguments[0].value, frame, scratch);
      if (list.kind == ValueKind::map)  // a map's entries
        return Value::quantity(static_cast<double>(list.map()->keys.size()));
      if (list.kind == ValueKind::text)  // its characters
        return Value::quantity(static_cast<double>(text_ops::length(list.text())));
      return Value::quantity(static_cast<double>(list.elements()->size()));  // a list or set
    }
    case ListBuiltin::every: {
      // In declaration order, the standard library's first (the loader's order of
      // modules); a let shadowed by another of its name is not a value anyone sees.
      const RecordDecl* record = &e.target_as<RecordDecl>();
      std::vector<Value> out;
      for (const auto& m : program_.modules)
        for (const auto& d : m->decls) {
          if (d->kind != DeclKind::let) continue;
          const auto& l = static_cast<const LetDecl&>(*d);
          // Entries are lets made by the record's constructor: a let derived from the
          // registry (`let best = argmax(every(Accelerator), ...)`) is not an entry, and
          // taking it would make it depend on itself.
          const Expr* made = l.value.get();
          if (l.resolved.kind != TypeKind::record || l.resolved.record != record ||
              l.resolved.optional || program_.find(l.name) != &l || !made ||
              made->kind != ExprKind::call || made->call != CallKind::record)
            continue;
          out.push_back(let(l, e.range));
        }
      return make_list(std::move(out), e);
    }
    case ListBuiltin::zip:
    case ListBuiltin::pairs:
    case ListBuiltin::enumerate:
    case ListBuiltin::join:
      return tuple_builtin(e, frame);  // evaluate_tuples.cpp
    case ListBuiltin::random_uniform:
    case ListBuiltin::random_gauss:
    case ListBuiltin::random_choice:
    case ListBuiltin::random_shuffle:
    case ListBuiltin::random_sample:
      return random_builtin(e, frame);  // evaluate_random.cpp
    case ListBuiltin::contains:
    case ListBuiltin::startswith:
    case ListBuiltin::endswith:
    case ListBuiltin::find:
    case ListBuiltin::split:
    case ListBuiltin::strip:
    case ListBuiltin::upper:
    case ListBuiltin::lower:
    case ListBuiltin::replace:
    case ListBuiltin::number:
      return text_builtin(e, frame);  // evaluate_text_builtins.cpp
    case ListBuiltin::set:
      return make_set(e, frame);  // evaluate_sets.cpp
    default:
      return aggregate(e, frame);
  }
  throw std::logic_error("unknown list builtin");
}

void Evaluator::require_whole_elements(const Value& v, const Type& declared, SourceRange at,
                                       std::string_view what, std::string_view name) const {
  if (declared.kind != TypeKind::list) return;
  const Type& element = declared.element();
  // Only whole-number quantities and nested lists have anything to check: a list of
  // records (a `scan`'s states) is not read.
  if (!element.integer && element.kind != TypeKind::list) return;
  const ListValue& xs = *v.list();
  // The message names the element, "element 3 of `xs`", built only when one fails.
  auto element_what = [&](std::size_t i) { return fmt::format("element {} of {}", i, what); };
  if (xs.packed()) {  // quantities: only a whole-number element type has anything to check
    if (!element.integer) return;
    const std::vector<double>& numbers = xs.numbers();
    for (std::size_t i = 0; i < numbers.size(); ++i)
      if (!ops::whole(numbers[i])) [[unlikely]]
        not_whole(numbers[i], at, element_what(i), name);
    return;
  }
  const std::vector<Value>& items = xs.items();
  for (std::size_t i = 0; i < items.size(); ++i) {
    const Value& x = items[i];
    if (x.kind == ValueKind::quantity && element.integer && !ops::whole(x.number)) [[unlikely]]
      not_whole(x.number, at, element_what(i), name);
    if (x.kind == ValueKind::list) [[unlikely]]
      require_whole_elements(x, element, at, element_what(i), name);
  }
}

}  // namespace reckon
