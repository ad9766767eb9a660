// Checking lists: literals (every element of one type), comprehensions (their pattern's
// names bound as locals), indexing, and the builtins over lists (lists.hpp).
#include <fmt/format.h>

#include <cmath>
#include <deque>
#include <string>

#include "interpreter/check_context.hpp"
#include "interpreter/lists.hpp"
#include "interpreter/maps.hpp"
#include "interpreter/type_names.hpp"

namespace reckon {

namespace {

// A list of `element`, unless that is `none` (the literal's, `[none]`), which says
// nothing of what the list holds.
Type list_type(CheckContext& c, const Type& element, const Expr& at) {
  if (element.kind == TypeKind::none) {
    c.error(at.range, "E0330",
            "the element type of this list is unknown: its elements are all `none`; declare "
            "it, as in `let xs: [GB?] = [none]`");
    return {};
  }
  return Type::list_of(element);
}

bool whole_number_type(const Type& t) {
  return t.is_quantity() && t.dim.is_dimensionless() && !t.optional;
}

}  // namespace

Type check_list_literal(CheckContext& c, Expr& e, const Scope& s, const Type* expected) {
  // Where a list type is expected (a declared `[GB]`), every element must fit its
  // element type, and `[]` takes it.
  if (expected && expected->is_list()) {
    const Type element = expected->element();
    for (std::size_t i = 0; i < e.operands.size(); ++i)
      c.expect(*e.operands[i], s, element, fmt::format("element {} of the list", i));
    return Type::list_of(element);
  }
  if (e.operands.empty()) {
    c.error(e.range, "E0330",
            "the element type of `[]` is unknown here: declare it, as in `let xs: [GB] = []`");
    return {};
  }
  Type element = c.check(*e.operands[0], s, nullptr);
  std::size_t first_typed = 0;  // the element that set the type, for messages
  bool failed = element.is_error();
  for (std::size_t i = 1; i < e.operands.size(); ++i) {
    // Typed like an `if`'s second branch: a bare enumeration member after a member.
    const Type t = c.check(*e.operands[i], s, element.is_error() ? nullptr : &element);
    if (failed || t.is_error()) {
      failed = true;
      continue;
    }
    if (element.kind == TypeKind::none && t.kind != TypeKind::none) first_typed = i;
    std::optional<Type> both = c.meet(element, t);
    if (!both) {
      c.error(e.operands[i]->range, "E0331",
              fmt::format("the elements of a list must be of one type: element {} is {}, but "
                          "element {} is {}",
                          first_typed, describe(element), i, describe(t)));
      failed = true;
      continue;
    }
    element = *both;
  }
  if (failed) return {};
  return list_type(c, element, e);
}

Type check_comprehension(CheckContext& c, Expr& e, const Scope& s) {
  Expr& source = *e.operands[0];
  const Type list = c.check(source, s, nullptr);
  if (list.is_error()) return {};
  if (list.is_map()) return check_map_comprehension(c, e, s, list);  // `for (k, v) in m`
  if (!list.is_list()) {
    c.error(source.range, "E0332", "`for` goes through a list, not " + describe(list));
    return {};
  }
  if (list.optional) {
    c.error(source.range, "E0404", "this list may be none; give a fallback with `??`");
    return {};
  }
  e.slot = s.local_count();
  if (e.op == Op::mul) {
    // Tuples (what `pairs`, `zip` and `enumerate` give) are not in the language yet.
    c.error(e.arguments[0].value->range, "E0333",
            "a pattern of several names takes a list of tuples (from zip, pairs or "
            "enumerate), not " +
                describe(list));
    return {};
  }
  LocalScope inner(s, *e.arguments[0].value, list.element());
  bool failed = false;
  if (e.operands.size() > 2) {
    Expr& condition = *e.operands[2];
    const Type t = c.check(condition, inner.scope(), nullptr);
    if (!t.is_error() && (t.kind != TypeKind::boolean || t.optional)) {
      c.error(condition.range, "E0334",
              "the condition after `if` must be a bool, not " + describe(t));
      failed = true;
    }
  }
  const Type body = c.check(*e.operands[1], inner.scope(), nullptr);
  if (failed || body.is_error()) return {};
  return list_type(c, body, e);
}

Type check_index(CheckContext& c, Expr& e, const Scope& s) {
  Expr& list = *e.operands[0];
  Expr& index = *e.operands[1];
  const Type t = c.check(list, s, nullptr);
  if (t.is_map()) return check_map_lookup(c, e, s, t);  // `m["us-east"]` (check_maps.cpp)
  const Type i = c.check(index, s, nullptr);
  if (t.is_error() || i.is_error()) return {};
  if (!t.is_list()) {
    c.error(e.name_range, "E0335", describe(t) + " has no elements to index: only a list has");
    return {};
  }
  if (t.optional) {
    c.error(list.range, "E0404", "this list may be none; give a fallback with `??`");
    return {};
  }
  if (!whole_number_type(i) ||
      (index.kind == ExprKind::number && !index.unit && index.number != std::trunc(index.number))) {
    c.error(index.range, "E0336",
            "a list index must be a whole number (a count from 0), not " +
                (index.kind == ExprKind::number && i.is_quantity() && i.dim.is_dimensionless()
                     ? fmt::format("{}", index.number)
                     : describe(i)));
    return {};
  }
  return t.element();
}

Type check_list_builtin(CheckContext& c, Expr& e, ListBuiltin b, const Scope& s) {
  e.call = CallKind::list_builtin;
  e.slot = static_cast<int>(b);
  const std::string name(list_builtin_names[static_cast<std::size_t>(b)]);
  bool failed = false;
  for (Argument& a : e.arguments) {
    if (a.name) {
      c.error(a.name_range, "E0313", "`" + name + "` takes no named arguments");
      failed = true;
    }
  }
  switch (b) {
    case ListBuiltin::len: {
      if (e.arguments.size() != 1) {
        for (Argument& a : e.arguments) c.check(*a.value, s, nullptr);
        c.error(e.range, "E0311", "`len` takes one argument: a list");
        return {};
      }
      Expr& arg = *e.arguments[0].value;
      const Type t = c.check(arg, s, nullptr);
      if (failed || t.is_error()) return {};
      if (!t.is_list()) {
        c.error(arg.range, "E0337", "`len` needs a list, not " + describe(t));
        return {};
      }
      if (t.optional) {
        c.error(arg.range, "E0404", "this list may be none; give a fallback with `??`");
        return {};
      }
      return Type::quantity({}, true);
    }
  }
  return {};
}

}  // namespace reckon
