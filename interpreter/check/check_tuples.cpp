// Checking tuples (docs/language.md, "Tuples"): literals `(784, 256)`, element access with
// a literal index `p[0]` (typed per position, so the index must be known before the
// program runs), tuple patterns `for (a, b) in pairs(xs)`, and the builtins from `zip` on
// (builtins.hpp): zip, pairs and enumerate make lists of tuples; join makes a text.
#include <fmt/format.h>

#include <cmath>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "interpreter/check/check_context.hpp"
#include "interpreter/model/builtins.hpp"
#include "interpreter/model/type_names.hpp"

namespace reckon {

namespace {

std::string_view usage(ListBuiltin b) {
  switch (b) {
    case ListBuiltin::zip:
      return "`zip(xs, ys)`";
    case ListBuiltin::pairs:
      return "`pairs(xs)`";
    case ListBuiltin::enumerate:
      return "`enumerate(xs)`";
    default:
      return "`join(texts, \", \")`";
  }
}

// A whole-number literal written as the index, as a double (`p[1]`, `p[-1]`), or nullopt.
std::optional<double> literal_index(const Expr& e) {
  if (e.kind == ExprKind::number && !e.unit) return e.number;
  if (e.kind == ExprKind::unary && e.op == Op::neg && e.operands[0]->kind == ExprKind::number &&
      !e.operands[0]->unit)
    return -e.operands[0]->number;
  return std::nullopt;
}

std::string positions(std::size_t arity) {
  return arity == 2 ? "0 or 1" : fmt::format("0 to {}", arity - 1);
}

}  // namespace

Type check_tuple_literal(CheckContext& c, Expr& e, const Scope& s, const Type* expected) {
  // Where a tuple of as many elements is expected (a declared `(count, GB)`), each
  // element must fit its own type; otherwise each is typed by itself, and the place that
  // expected something else reports the whole tuple.
  if (expected && expected->is_tuple() && expected->tuple_elements().size() == e.operands.size()) {
    const auto want = expected->tuple_elements();
    std::vector<Type> elements(want.begin(), want.end());
    // Each element's type as written, for E0418 (`(80 GB, 2)` where `(GiB, count)` is).
    const TypeExpr* written = c.written_type(expected);
    if (written && written->tuple.size() != e.operands.size()) written = nullptr;
    for (std::size_t i = 0; i < e.operands.size(); ++i)
      c.expect_as_written(*e.operands[i], s, want[i], fmt::format("element {} of the tuple", i),
                          written ? &written->tuple[i] : nullptr);
    return Type::tuple_of(elements);
  }
  std::vector<Type> elements;
  bool failed = false;
  for (std::size_t i = 0; i < e.operands.size(); ++i) {
    elements.push_back(c.check(*e.operands[i], s, nullptr));
    if (elements.back().is_error()) {
      failed = true;
    } else if (elements.back().kind == TypeKind::none) {
      c.error(e.operands[i]->range, "E0377",
              fmt::format("the type of element {} of this tuple is unknown: it is `none`; "
                          "declare the tuple's type, as in `let p: (GB?, count) = (none, 1)`",
                          i));
      failed = true;
    }
  }
  if (failed) return {};
  return Type::tuple_of(elements);
}

Type check_tuple_index(CheckContext& c, Expr& e, const Scope& s, const Type& tuple) {
  Expr& index = *e.operands[1];
  const Type i = c.check(index, s, nullptr);
  if (i.is_error()) return {};
  const auto elements = tuple.tuple_elements();
  if (tuple.optional) {
    c.error(e.operands[0]->range, "E0404", "this tuple may be none; give a fallback with `??`");
    return {};
  }
  // Each position has its own type, so the position must be known before the program
  // runs: a number written out.
  const std::optional<double> at = literal_index(index);
  if (!at || *at != std::trunc(*at)) {
    c.error(index.range, "E0378",
            fmt::format("a tuple's element is taken with a whole number written out ({}, for "
                        "this tuple of {}), not {}: each position has its own type",
                        positions(elements.size()), elements.size(),
                        at ? fmt::format("{}", *at) : "an expression"));
    return {};
  }
  if (*at < 0 || *at >= static_cast<double>(elements.size())) {
    c.error(index.range, "E0379",
            fmt::format("index {} is out of range: the tuple {} has {} elements (indexes {})", *at,
                        describe(tuple), elements.size(), positions(elements.size())));
    return {};
  }
  return elements[static_cast<std::size_t>(*at)];
}

Type check_tuple_comprehension(CheckContext& c, Expr& e, const Scope& s, const Type& list) {
  const Type& tuple = list.element();
  const auto elements = tuple.tuple_elements();
  if (tuple.optional) {
    c.error(e.operands[0]->range, "E0404",
            "the elements of this list may be none; a pattern takes tuples: give a fallback "
            "with `??` in a comprehension of one name first");
    return {};
  }
  if (elements.size() != e.arguments.size()) {
    const SourceRange at{e.arguments[0].value->range.file, e.arguments[0].value->range.begin,
                         e.arguments[e.arguments.size() - 1].value->range.end};
    c.error(at, "E0380",
            fmt::format("this pattern binds {} names, but the elements of the list are tuples "
                        "of {}, {}: bind one name for each element",
                        e.arguments.size(), elements.size(), describe(tuple)));
    return {};
  }
  // One LocalScope per name, each inside the one before: the names are bound in order.
  std::vector<std::unique_ptr<LocalScope>> scopes;
  const Scope* inner = &s;
  for (std::size_t i = 0; i < elements.size(); ++i) {
    scopes.push_back(std::make_unique<LocalScope>(*inner, *e.arguments[i].value, elements[i]));
    inner = &scopes.back()->scope();
  }
  return check_comprehension_body(c, e, *inner);
}

Type check_tuple_builtin(CheckContext& c, Expr& e, ListBuiltin b, const Scope& s) {
  const std::string_view name = builtin_name(b);
  const std::size_t wanted = b == ListBuiltin::zip || b == ListBuiltin::join ? 2 : 1;
  bool failed = false;
  for (Argument& a : e.arguments) {
    if (a.name) {
      c.error(a.name_range, "E0313",
              fmt::format("`{}` takes no named arguments: {}", name, usage(b)));
      failed = true;
    }
  }
  std::vector<Type> types;
  for (Argument& a : e.arguments) {
    types.push_back(c.check(*a.value, s, nullptr));
    if (types.back().is_error()) failed = true;
  }
  if (e.arguments.size() != wanted) {
    c.error(e.range, "E0311",
            fmt::format("`{}` takes {} argument{}, not {}: {}", name, wanted,
                        wanted == 1 ? "" : "s", e.arguments.size(), usage(b)));
    return {};
  }
  if (failed) return {};
  // Argument i must be a list (not none): its element type.
  auto list = [&](std::size_t i) -> std::optional<Type> {
    const Type& t = types[i];
    const Expr& at = *e.arguments[i].value;
    if (!t.is_list()) {
      c.error(at.range, b == ListBuiltin::join ? "E0381" : "E0337",
              b == ListBuiltin::join
                  ? fmt::format("`join` needs a list of texts, not {}: {}", describe(t), usage(b))
                  : fmt::format("`{}` needs a list, not {}: {}", name, describe(t), usage(b)));
      return std::nullopt;
    }
    if (t.optional) {
      c.error(at.range, "E0404", "this list may be none; give a fallback with `??`");
      return std::nullopt;
    }
    return t.element();
  };
  switch (b) {
    case ListBuiltin::zip: {
      auto x = list(0);
      auto y = list(1);
      if (!x || !y) return {};
      const Type both[] = {*x, *y};
      return Type::list_of(Type::tuple_of(both));
    }
    case ListBuiltin::pairs: {
      auto x = list(0);
      if (!x) return {};
      const Type both[] = {*x, *x};
      return Type::list_of(Type::tuple_of(both));
    }
    case ListBuiltin::enumerate: {
      auto x = list(0);
      if (!x) return {};
      const Type both[] = {Type::quantity({}, true), *x};
      return Type::list_of(Type::tuple_of(both));
    }
    case ListBuiltin::join: {
      auto x = list(0);
      if (!x) return {};
      if (x->kind != TypeKind::text || x->optional) {
        c.error(e.arguments[0].value->range, "E0381",
                fmt::format("`join` needs a list of texts, not {}: to join other values, make "
                            "texts of them first, as in `join([\"{{x}}\" for x in xs], \", \")`",
                            describe(types[0])));
        return {};
      }
      if (types[1].kind != TypeKind::text || types[1].optional) {
        c.error(e.arguments[1].value->range, "E0381",
                fmt::format("the separator of `join` must be a text, not {}: {}",
                            describe(types[1]), usage(b)));
        return {};
      }
      return Type::of(TypeKind::text);
    }
    default:
      break;
  }
  return {};
}

}  // namespace reckon
