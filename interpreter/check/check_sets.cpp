// Checking sets (docs/language.md, "Sets"): literals (elements of one type, as a list's),
// membership `x in c` (in a set, a list, a map's keys or a text), `s | t`, `s & t`,
// `s - t`, and `set(xs)`; and the one rule for what may be a set's element or a map's key.
#include <fmt/format.h>

#include <string>

#include "interpreter/check/check_context.hpp"
#include "interpreter/model/builtins.hpp"
#include "interpreter/model/type_names.hpp"

namespace reckon {

std::optional<std::string> key_type_problem(const Type& t, std::string_view what) {
  const bool keyed =
      t.kind == TypeKind::text || t.kind == TypeKind::enumeration || t.kind == TypeKind::quantity;
  if (keyed && !t.optional) return std::nullopt;
  return fmt::format("the {} are texts, enumeration members or quantities, not {}", what,
                     describe(t));
}

Type check_set_literal(CheckContext& c, Expr& e, const Scope& s, const Type* expected) {
  const bool declared = expected && expected->is_set();
  if (expected && expected->is_error()) return {};  // its type is reported
  if (e.operands.empty() && !declared) {  // `{}` reaches here only where a set is expected
    c.error(e.range, "E0360",
            "the element type of this empty set is unknown here: declare it, as in "
            "`let s: {text} = {}`");
    return {};
  }
  const Type element = literal_element_type(c, e, s, declared ? expected : nullptr, "set");
  if (element.is_error()) return {};
  if (!known_element_type(c, element, e, Comprehended::set)) return {};
  if (auto problem = key_type_problem(element, "elements of a set")) {
    c.error(e.range, "E0364", *problem);
    return {};
  }
  return Type::set_of(element);
}

namespace {

// What `x in c` looks for `x` among, for a container of type `t`: a set's or a list's
// elements, a map's keys, a text's pieces (texts); an error type for anything else.
Type member_type(const Type& t) {
  if (t.is_set() || t.is_list()) return t.element();
  if (t.is_map()) return t.map_key();
  if (t.kind == TypeKind::text) return Type::of(TypeKind::text);
  return {};
}

}  // namespace

Type check_membership(CheckContext& c, Expr& e, const Scope& s) {
  Expr& x = *e.operands[0];
  Expr& container = *e.operands[1];
  // The container first: a bare enumeration member on the left is typed by its elements.
  const Type t = c.check(container, s, nullptr);
  Type wanted = t.is_error() ? Type{} : member_type(t);
  const Type a = c.check(x, s, wanted.is_error() ? nullptr : &wanted);
  const Type boolean = Type::of(TypeKind::boolean);
  if (t.is_error() || a.is_error()) return boolean;
  const std::string symbol(op_symbol(e.op));
  if (wanted.is_error()) {
    c.error(container.range, "E0382",
            fmt::format("`{}` looks in a set, a list, a map's keys or a text, not {}", symbol,
                        describe(t)));
    return boolean;
  }
  if (t.optional) {
    c.error(container.range, "E0404", "this may be none; give a fallback with `??`");
    return boolean;
  }
  if (!c.meet(a, wanted)) {
    const char* among = t.is_map()                 ? "keys of this map"
                        : t.kind == TypeKind::text ? "pieces of a text"
                        : t.is_set()               ? "elements of this set"
                                                   : "elements of this list";
    c.error(x.range, "E0383",
            fmt::format("the {} are {}, so {} is never among them", among, describe(wanted),
                        describe(a)));
  }
  return boolean;
}

Type check_set_operation(CheckContext& c, Expr& e, const Type& a, const Type& b) {
  const std::string symbol(op_symbol(e.op));
  const bool set_operator = e.op == Op::set_union || e.op == Op::set_intersection;
  if (!a.is_set() || !b.is_set() || (!set_operator && e.op != Op::sub)) {
    const Expr& culprit = !a.is_set() ? *e.operands[0] : *e.operands[1];
    const Type& t = !a.is_set() ? a : b;
    c.error(set_operator ? culprit.range : e.name_range, "E0384",
            set_operator
                ? fmt::format("`{}` takes two sets, not {}", symbol, describe(t))
                : fmt::format("a set takes `|`, `&` and `-` with another set, not `{}` with {} "
                              "and {}",
                              symbol, describe(a), describe(b)));
    return {};
  }
  for (const auto& [side, t] : {std::pair{e.operands[0].get(), &a}, {e.operands[1].get(), &b}})
    if (t->optional) {
      c.error(side->range, "E0404", "this set may be none; give a fallback with `??`");
      return {};
    }
  const std::optional<Type> element = c.meet(a.element(), b.element());
  if (!element) {
    c.error(e.name_range, "E0383",
            fmt::format("`{}` takes two sets of one element type, not {} and {}", symbol,
                        describe(a), describe(b)));
    return {};
  }
  return Type::set_of(*element);
}

Type check_brace_comprehension(CheckContext& c, Expr& e, const Scope& s) {
  const Type list = check_comprehension(c, e, s);
  if (list.is_error()) return {};
  const Type& element = list.element();
  if (comprehended(e) == Comprehended::set) {
    if (auto problem = key_type_problem(element, "elements of a set")) {
      c.error(comprehension_element(e).range, "E0364", *problem);
      return {};
    }
    return Type::set_of(element);
  }
  const auto pair = element.tuple_elements();  // (key, value): the parser made it so
  if (pair.size() != 2) return {};
  if (auto problem = key_type_problem(pair[0], "keys of a map")) {
    c.error(comprehension_element(e).operands[0]->range, "E0364", *problem);
    return {};
  }
  return Type::map_of(pair[0], pair[1]);
}

Type check_set_builtin(CheckContext& c, Expr& call, const Scope& s) {
  call.call = CallKind::list_builtin;
  call.slot = static_cast<int>(ListBuiltin::set);
  for (Argument& a : call.arguments)
    if (a.name) {
      c.error(a.name_range, "E0313", "`set` takes no named arguments");
      return {};
    }
  if (call.arguments.size() != 1) {
    for (Argument& a : call.arguments) c.check(*a.value, s, nullptr);
    c.error(call.range, "E0311", "`set` takes one argument: a list, as in `set([\"a\", \"b\"])`");
    return {};
  }
  Expr& arg = *call.arguments[0].value;
  const Type t = c.check(arg, s, nullptr);
  if (t.is_error()) return {};
  if (!t.is_list() && !t.is_set()) {
    c.error(arg.range, "E0337", "`set` needs a list, not " + describe(t));
    return {};
  }
  if (t.optional) {
    c.error(arg.range, "E0404", "this list may be none; give a fallback with `??`");
    return {};
  }
  if (auto problem = key_type_problem(t.element(), "elements of a set")) {
    c.error(arg.range, "E0364", *problem);
    return {};
  }
  return Type::set_of(t.element());
}

}  // namespace reckon
