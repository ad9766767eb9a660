// Checking lists: literals (every element of one type), comprehensions (their pattern's
// names bound as locals), indexing, and the builtins over lists (lists.hpp).
#include <fmt/format.h>

#include <cmath>
#include <deque>
#include <string>

#include "interpreter/check/check_context.hpp"
#include "interpreter/model/builtins.hpp"
#include "interpreter/model/type_names.hpp"
#include "interpreter/values/lists.hpp"
#include "interpreter/values/units.hpp"

namespace reckon {

namespace {

// A list of `element`, unless that is unknown (E0330).
Type list_type(CheckContext& c, const Type& element, const Expr& at) {
  if (!known_element_type(c, element, at, Comprehended::list)) return {};
  return Type::list_of(element);
}

bool whole_number_type(const Type& t) {
  return t.is_quantity() && t.dim.is_dimensionless() && !t.optional;
}

}  // namespace

bool known_element_type(CheckContext& c, const Type& element, const Expr& at,
                        Comprehended collection) {
  if (element.kind != TypeKind::none) return true;
  // A set holds no `none` (its elements are keys), so only a list can be declared.
  c.error(at.range, "E0330",
          collection == Comprehended::set
              ? "the elements of this set are all `none`, and a set holds no `none`"
              : "the element type of this list is unknown: its elements are all `none`; "
                "declare it, as in `let xs: [GB?] = [none]`");
  return false;
}

Type literal_element_type(CheckContext& c, Expr& e, const Scope& s, const Type* expected,
                          std::string_view noun) {
  // Where the literal's type is expected (a declared `[GB]`), every element must fit its
  // element type.
  if (expected) {
    const Type element = expected->element();
    // Named as written in messages: `element 0 of the list must be GB (information)`.
    const TypeExpr* written = c.written_type(expected);
    const TypeExpr* written_element = written && !written->key ? written->element.get() : nullptr;
    for (std::size_t i = 0; i < e.operands.size(); ++i)
      c.expect_as_written(*e.operands[i], s, element, fmt::format("element {} of the {}", i, noun),
                          written_element);
    return element;
  }
  Type element = c.check(*e.operands[0], s, nullptr);
  std::size_t first_typed = 0;  // the element that set the type, for messages
  bool failed = element.is_error();
  for (std::size_t i = 1; i < e.operands.size(); ++i) {
    // As the first element's type: a bare enumeration member after a member, and `[]`
    // after a list (`[[1, 2], []]`); other lists are typed by their own elements.
    Expr& x = *e.operands[i];
    const bool hinted = element.kind == TypeKind::enumeration ||
                        (element.is_list() && x.kind == ExprKind::list && x.operands.empty());
    const Type t = c.check(x, s, hinted ? &element : nullptr);
    if (failed || t.is_error()) {
      failed = true;
      continue;
    }
    if (element.kind == TypeKind::none && t.kind != TypeKind::none) first_typed = i;
    std::optional<Type> both = c.meet(element, t);
    if (!both) {
      c.error(e.operands[i]->range, "E0331",
              fmt::format("the elements of a {} must be of one type: element {} is {}, but "
                          "element {} is {}",
                          noun, first_typed, describe(element), i, describe(t)));
      failed = true;
      continue;
    }
    element = *both;
  }
  return failed ? Type{} : element;
}

Type check_list_literal(CheckContext& c, Expr& e, const Scope& s, const Type* expected) {
  // `[]` takes its type from where it stands (a declared `[GB]`).
  if (expected && expected->is_list())
    return Type::list_of(literal_element_type(c, e, s, expected, "list"));
  if (e.operands.empty()) {
    c.error(e.range, "E0330",
            "the element type of `[]` is unknown here: declare it, as in `let xs: [GB] = []`");
    return {};
  }
  const Type element = literal_element_type(c, e, s, nullptr, "list");
  if (element.is_error()) return {};
  return list_type(c, element, e);
}

// A long list of numbers in one unit (ExprKind::number_list): its first element is
// checked as the generic list's would be (its unit against the declared one too, E0418),
// and stands for the others, which differ only in their number. The parser sent numbers of 1e200
// and more the generic way, so only a unit beyond 1e108 can take another element beyond the
// doubles: reported at the list.
Type check_number_list(CheckContext& c, Expr& e, const Scope& s, const Type* expected) {
  Expr& first = *e.operands[0];
  Type element;
  if (expected && expected->is_list()) {
    element = expected->element();
    const TypeExpr* written = c.written_type(expected);
    c.expect_as_written(first, s, element, "element 0 of the list",
                        written && !written->key ? written->element.get() : nullptr);
  } else {
    element = c.check(first, s, nullptr);
  }
  if (element.is_error() || first.type.is_error()) return {};
  const std::vector<double>& xs = *e.packed;
  for (std::size_t i = 0; i < xs.size(); ++i)
    if (!std::isfinite(xs[i] * first.unit_scale)) {
      c.error(e.range, "E0420",
              fmt::format("element {} of this list, `{} {}`, is too large: in base units it is "
                          "beyond the largest number (about 1.8e308)",
                          i, xs[i], first.unit->text));
      return {};
    }
  if (expected && expected->is_list()) return Type::list_of(element);
  return list_type(c, element, e);
}

Type check_comprehension(CheckContext& c, Expr& e, const Scope& s) {
  Expr& source = *e.operands[0];
  Type list = c.check(source, s, nullptr);
  if (list.is_error()) return {};
  if (list.is_map()) return check_map_comprehension(c, e, s, list);  // `for (k, v) in m`
  if (list.is_set()) {  // a set is gone through as the list of its elements, in their order
    const bool optional = list.optional;
    list = Type::list_of(list.element());
    list.optional = optional;
  }
  if (!list.is_list()) {
    c.error(source.range, "E0332",
            "`for` goes through a list, a set or a map, not " + describe(list));
    return {};
  }
  if (list.optional) {
    c.error(source.range, "E0404", "this list may be none; give a fallback with `??`");
    return {};
  }
  e.slot = s.local_count();
  if (e.op == Op::mul) {
    if (list.element().is_tuple()) return check_tuple_comprehension(c, e, s, list);
    c.error(e.arguments[0].value->range, "E0333",
            "a pattern of several names takes a list of tuples (from zip, pairs or "
            "enumerate), not " +
                describe(list));
    return {};
  }
  LocalScope inner(s, *e.arguments[0].value, list.element());
  return check_comprehension_body(c, e, inner.scope());
}

Type check_comprehension_body(CheckContext& c, Expr& e, const Scope& inner) {
  bool failed = false;
  if (e.operands.size() > 2) {
    Expr& condition = *e.operands[2];
    const Type t = c.check(condition, inner, nullptr);
    if (!t.is_error() && (t.kind != TypeKind::boolean || t.optional)) {
      c.error(condition.range, "E0334",
              "the condition after `if` must be a bool, not " + describe(t));
      failed = true;
    }
  }
  const Type body = c.check(*e.operands[1], inner, nullptr);
  if (failed || body.is_error()) return {};
  // A later clause (`for b in ys` after `for a in xs`) makes the elements of this one: its
  // type, the list's, is this one's.
  if (is_clause(*e.operands[1])) return body;
  if (!known_element_type(c, body, e, comprehended(e))) return {};
  return Type::list_of(body);
}

Type check_index(CheckContext& c, Expr& e, const Scope& s) {
  Expr& list = *e.operands[0];
  Expr& index = *e.operands[1];
  const Type t = c.check(list, s, nullptr);
  if (t.is_map()) return check_map_lookup(c, e, s, t);     // `m["us-east"]` (check_maps.cpp)
  if (t.is_tuple()) return check_tuple_index(c, e, s, t);  // `p[0]` (check_tuples.cpp)
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

// The bounds of a slice: whole numbers, as indexes.
Type check_slice(CheckContext& c, Expr& e, const Scope& s) {
  Expr& list = *e.operands[0];
  const Type t = c.check(list, s, nullptr);
  bool failed = t.is_error();
  for (std::size_t k = 1; k < e.operands.size(); ++k) {
    Expr& bound = *e.operands[k];
    const Type b = c.check(bound, s, nullptr);
    if (b.is_error()) {
      failed = true;
    } else if (!whole_number_type(b) || (bound.kind == ExprKind::number && !bound.unit &&
                                         bound.number != std::trunc(bound.number))) {
      c.error(bound.range, "E0336",
              "a slice's bounds must be whole numbers (counts from 0), not " +
                  (bound.kind == ExprKind::number && b.is_quantity() && b.dim.is_dimensionless()
                       ? fmt::format("{}", bound.number)
                       : describe(b)));
      failed = true;
    }
  }
  if (failed) return {};
  const bool text = t.kind == TypeKind::text;  // `t[i:j]`: its characters i to j
  if (!t.is_list() && !text) {
    c.error(e.name_range, "E0335",
            describe(t) + " has no elements to slice: only a list or a text has");
    return {};
  }
  if (t.optional) {
    c.error(list.range, "E0404",
            fmt::format("this {} may be none; give a fallback with `??`", text ? "text" : "list"));
    return {};
  }
  return t;
}

std::optional<RangeNeedingStride> range_needing_stride(const Type& element, const Expr& from,
                                                       const Expr& to) {
  if (element.dim.physical().is_dimensionless()) return std::nullopt;
  RangeNeedingStride out{describe(element), "s"};
  const UnitExpr* written = from.unit ? from.unit.get() : to.unit.get();
  if (written && !written->text.empty()) {
    out.unit = written->text;
    if (const auto paren = out.what.find(" ("); paren != std::string::npos)
      out.what = out.unit + out.what.substr(paren);
  }
  return out;
}

// `a .. b`, `a .. b step s`, `a .. b times f`: quantities of one dimension (a factor
// is a plain number); a range of numbers may leave out its step (1). Where a list type is
// declared (`input sizes: [KiB] = 1 kB .. 1 MB times 2`), a literal start, end or step
// in the decimal twin of its elements' unit is E0418, as an element of a list literal is.
Type check_range(CheckContext& c, Expr& e, const Scope& s, const Type* expected) {
  const bool geometric = e.operands.size() > 2 && e.op == Op::mul;
  Type parts[3];
  bool failed = false;
  for (std::size_t k = 0; k < e.operands.size(); ++k) {
    Expr& x = *e.operands[k];
    parts[k] = c.check(x, s, nullptr);
    const Type& t = parts[k];
    if (t.is_error()) {
      failed = true;
      continue;
    }
    const char* what = k == 0 ? "start" : k == 1 ? "end" : geometric ? "factor" : "step";
    if (!t.is_quantity() || t.optional) {
      c.error(x.range, "E0338",
              fmt::format("the {} of a range must be a number or a quantity, not {}", what,
                          describe(t)));
      failed = true;
    } else if (k == 2 && geometric && !t.dim.is_dimensionless()) {
      c.error(x.range, "E0338",
              "the factor of a range (`times`) must be a plain number, not " + describe(t));
      failed = true;
    } else if (k > 0 && !(k == 2 && geometric) && !parts[0].is_error() && parts[0].is_quantity() &&
               !t.dim.compatible(parts[0].dim)) {
      c.error(x.range, "E0338",
              fmt::format("the {} of a range must be of its start's dimension: the start is {}, "
                          "the {} {}",
                          what, describe(parts[0]), what, describe(t)));
      failed = true;
    }
  }
  if (failed) return {};
  const TypeExpr* written = expected && expected->is_list() ? c.written_type(expected) : nullptr;
  if (const TypeExpr* written_element = written && !written->key ? written->element.get() : nullptr;
      written_element && expected->element().is_quantity()) {
    for (std::size_t k = 0; k < e.operands.size(); ++k) {
      Expr& x = *e.operands[k];
      // Only a literal in the twin unit is looked at again (its check is its type's, so
      // nothing else is reported twice); a factor is a plain number.
      if ((k == 2 && geometric) || x.kind != ExprKind::number || !x.unit ||
          !decimal_binary_twins(x.unit->text, written_element->unit.text))
        continue;
      const char* what = k == 0   ? "the start of the range"
                         : k == 1 ? "the end of the range"
                                  : "the step of the range";
      c.expect_as_written(x, s, expected->element(), what, written_element);
    }
  }
  Type element = parts[0];
  element.dim = parts[0].dim.is_dimensionless() ? parts[1].dim : parts[0].dim;
  if (e.operands.size() == 2) {
    if (auto stride = range_needing_stride(element, *e.operands[0], *e.operands[1])) {
      c.error(e.range, "E0339",
              fmt::format("a range of {} needs its step, as in `0 {} .. 10 {} step 2 {}` (only a "
                          "range of counts steps by 1 without one)",
                          stride->what, stride->unit, stride->unit, stride->unit));
      return {};
    }
  } else if (!geometric) {
    if (element.dim.is_dimensionless()) element.dim = parts[2].dim;
    element.integer = parts[0].integer && parts[2].integer;
  } else {
    element.integer = parts[0].integer && parts[2].integer;
  }
  return Type::list_of(element);
}

Type check_list_operation(CheckContext& c, Expr& e, const Type& a, const Type& b) {
  if (e.op == Op::add && a.is_list() && b.is_list()) {
    if (a.optional || b.optional) {
      c.error(e.operands[a.optional ? 0 : 1]->range, "E0404",
              "this list may be none; give a fallback with `??`");
      return {};
    }
    if (std::optional<Type> both = c.meet(a, b)) return *both;
    c.error(e.name_range, "E0340",
            "cannot join " + describe(a) + " and " + describe(b) +
                ": the elements of a list must be of one type");
    return {};
  }
  c.error(
      e.name_range, "E0340",
      fmt::format("`{}` does not apply to {} and {}{}", op_symbol(e.op), describe(a), describe(b),
                  e.op == Op::add ? ": `+` joins two lists"
                                  : ": to work on each element, write a comprehension, as in "
                                    "`[x * 2 for x in xs]`"));
  return {};
}

Type check_list_builtin(CheckContext& c, Expr& e, ListBuiltin b, const Scope& s) {
  e.call = CallKind::list_builtin;
  e.slot = static_cast<int>(b);
  if (b == ListBuiltin::set) return check_set_builtin(c, e, s);  // check_sets.cpp
  if (b >= ListBuiltin::contains) return check_text_builtin(c, e, b, s);
  if (b >= ListBuiltin::random_uniform) return check_random_builtin(c, e, b, s);
  if (b >= ListBuiltin::zip) return check_tuple_builtin(c, e, b, s);  // check_tuples.cpp
  if (b != ListBuiltin::len && b != ListBuiltin::every)
    return check_aggregate(c, e, b, s);  // check_aggregates.cpp
  const std::string name(builtin_name(b));
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
        c.error(e.range, "E0311", "`len` takes one argument: a list, a set, a map or a text");
        return {};
      }
      Expr& arg = *e.arguments[0].value;
      const Type t = c.check(arg, s, nullptr);
      if (failed || t.is_error()) return {};
      // A map's length is its number of entries; a text's, its characters.
      if (!t.is_list() && !t.is_map() && !t.is_set() && t.kind != TypeKind::text) {
        c.error(arg.range, "E0337",
                "`len` needs a list, a set, a map or a text, not " + describe(t));
        return {};
      }
      if (t.optional) {
        c.error(arg.range, "E0404",
                fmt::format("this {} may be none; give a fallback with `??`",
                            t.is_map()                 ? "map"
                            : t.is_set()               ? "set"
                            : t.kind == TypeKind::text ? "text"
                                                       : "list"));
        return {};
      }
      return Type::quantity({}, true);
    }
    case ListBuiltin::every: {
      // `every(Accelerator)`: a registry's entries, the global lets of a record type.
      Expr* arg = e.arguments.size() == 1 ? e.arguments[0].value.get() : nullptr;
      const Decl* d =
          arg && arg->kind == ExprKind::name ? c.global(arg->text, arg->range) : nullptr;
      if (!d || d->kind != DeclKind::record) {
        if (arg && !d && arg->kind != ExprKind::name) c.check(*arg, s, nullptr);
        c.error(arg ? arg->range : e.range, "E0341",
                "`every` takes the name of a record type, as in `every(Accelerator)`: the "
                "list of every global `let` of that type");
        return {};
      }
      if (failed) return {};
      const auto* record = static_cast<const RecordDecl*>(d);
      e.target = record;
      Type t = Type::of(TypeKind::record);
      t.record = record;
      return Type::list_of(t);
    }
    default:  // the aggregates, dispatched above
      break;
  }
  return {};
}

}  // namespace reckon
