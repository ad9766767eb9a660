// Checking the builtins over lists from `sum` on (builtins.hpp) and the lambdas given to
// them: every builtin knows the types of its lambda's parameters (an element, or the
// accumulator and an element), so a lambda is checked where it is an argument, with its
// parameters bound as locals (LocalScope), and nowhere else (E0370).
#include <fmt/format.h>

#include <optional>
#include <string>
#include <string_view>

#include "interpreter/check/check_context.hpp"
#include "interpreter/model/builtins.hpp"
#include "interpreter/model/type_names.hpp"

namespace reckon {

namespace {

// How each builtin is called, for messages.
std::string_view usage(ListBuiltin b) {
  switch (b) {
    case ListBuiltin::sum:
      return "`sum(xs)`";
    case ListBuiltin::product:
      return "`product(xs)`";
    case ListBuiltin::min:
      return "`min(xs)` (or `min(a, b)`)";
    case ListBuiltin::max:
      return "`max(xs)` (or `max(a, b)`)";
    case ListBuiltin::mean:
      return "`mean(xs)`";
    case ListBuiltin::count:
      return "`count(flags)` or `count(xs, x => condition)`";
    case ListBuiltin::any:
      return "`any(flags)` or `any(xs, x => condition)`";
    case ListBuiltin::all:
      return "`all(flags)` or `all(xs, x => condition)`";
    case ListBuiltin::sort:
      return "`sort(xs)` or `sort(xs, by: x => key)`";
    case ListBuiltin::argmin:
      return "`argmin(xs, by: x => key)`";
    case ListBuiltin::argmax:
      return "`argmax(xs, by: x => key)`";
    case ListBuiltin::quantile:
      return "`quantile(xs, q)` with q from 0 to 1";
    case ListBuiltin::first:
      return "`first(xs)`";
    case ListBuiltin::last:
      return "`last(xs)`";
    case ListBuiltin::fold:
      return "`fold(xs, init, (acc, x) => next)`";
    case ListBuiltin::scan:
      return "`scan(xs, init, (acc, x) => next)`";
    case ListBuiltin::iterate:
      return "`iterate(start, s => next, until: s => done)`";
    case ListBuiltin::trajectory:
      return "`trajectory(start, s => next, until: s => done)`";
    case ListBuiltin::solve:
      return "`solve(b => (Base with batch: b).p99, 50 ms, 1 .. 512)`";
    case ListBuiltin::len:
    case ListBuiltin::every:
    case ListBuiltin::zip:
    case ListBuiltin::pairs:
    case ListBuiltin::enumerate:
    case ListBuiltin::join:
    case ListBuiltin::random_uniform:
    case ListBuiltin::random_gauss:
    case ListBuiltin::random_choice:
    case ListBuiltin::random_shuffle:
    case ListBuiltin::random_sample:
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
    case ListBuiltin::set:
      break;
  }
  return "`len(xs)`";
}

bool plain_quantity(const Type& t) { return t.is_quantity() && !t.optional; }
bool plain_bool(const Type& t) { return t.kind == TypeKind::boolean && !t.optional; }

// `0.5`, `-0.1`: the value of a plain number literal, for checking q before it runs.
std::optional<double> literal_number(const Expr& e) {
  if (e.kind == ExprKind::number && !e.unit) return e.number;
  if (e.kind == ExprKind::unary && e.op == Op::neg && e.operands[0]->kind == ExprKind::number &&
      !e.operands[0]->unit)
    return -e.operands[0]->number;
  return std::nullopt;
}

class AggregateCheck {
 public:
  AggregateCheck(CheckContext& c, Expr& e, ListBuiltin b, const Scope& s)
      : c_(c), e_(e), b_(b), s_(s), name_(builtin_name(b)) {}

  Type run() {
    if (!names_ok()) return {};
    switch (b_) {
      case ListBuiltin::sum:
      case ListBuiltin::min:
      case ListBuiltin::max:
        return numbers(false);
      case ListBuiltin::product:
        return numbers(true);
      case ListBuiltin::mean: {
        Type t = numbers(false);
        t.integer = false;  // the mean of counts is a fraction
        return t;
      }
      case ListBuiltin::count:
      case ListBuiltin::any:
      case ListBuiltin::all:
        return predicate();
      case ListBuiltin::sort:
        return sort();
      case ListBuiltin::argmin:
      case ListBuiltin::argmax:
        return arg_best();
      case ListBuiltin::quantile:
        return quantile();
      case ListBuiltin::first:
      case ListBuiltin::last: {
        if (!arity(1, 1)) return {};
        auto element = list_argument(0);
        return element ? *element : Type{};
      }
      case ListBuiltin::fold:
      case ListBuiltin::scan:
        return fold();
      case ListBuiltin::iterate:
      case ListBuiltin::trajectory:
        return iterate();
      case ListBuiltin::solve:
        return solve();
      case ListBuiltin::len:
      case ListBuiltin::every:
      case ListBuiltin::zip:
      case ListBuiltin::pairs:
      case ListBuiltin::enumerate:
      case ListBuiltin::join:
      case ListBuiltin::random_uniform:
      case ListBuiltin::random_gauss:
      case ListBuiltin::random_choice:
      case ListBuiltin::random_shuffle:
      case ListBuiltin::random_sample:
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
      case ListBuiltin::set:
        break;
    }
    return {};
  }

 private:
  // Named arguments: only `by:` (sort, argmin, argmax), and only second; `until:`
  // (iterate, trajectory), and only third; `at_most:` or `at_least:` (solve), second.
  bool names_ok() {
    const bool keyed =
        b_ == ListBuiltin::sort || b_ == ListBuiltin::argmin || b_ == ListBuiltin::argmax;
    const bool until = b_ == ListBuiltin::iterate || b_ == ListBuiltin::trajectory;
    const bool bound = b_ == ListBuiltin::solve;
    bool ok = true;
    for (std::size_t i = 0; i < e_.arguments.size(); ++i) {
      const Argument& a = e_.arguments[i];
      if (!a.name || (keyed && i == 1 && *a.name == "by") ||
          (until && i == 2 && *a.name == "until") ||
          (bound && i == 1 && (*a.name == "at_most" || *a.name == "at_least")))
        continue;
      c_.error(a.name_range, "E0313",
               keyed ? fmt::format("`{}` takes one named argument, `by:` after the list, as in {}",
                                   name_, usage(b_))
               : until ? fmt::format("`{}` takes one named argument, `until:` after the step, as "
                                     "in {}",
                                     name_, usage(b_))
               : bound ? fmt::format("`{}` takes its target second, plain or named `at_most:` or "
                                     "`at_least:`, as in `solve(n => hours(n), at_most: 24 h, "
                                     "1 .. 1024)`",
                                     name_)
                       : fmt::format("`{}` takes no named arguments: {}", name_, usage(b_)));
      ok = false;
    }
    if (!ok) check_rest(0);
    return ok;
  }

  // Between `low` and `high` arguments, or E0311 (the others are still checked, for
  // their own errors; a lambda among them is not, as its parameters are unknown).
  bool arity(std::size_t low, std::size_t high) {
    const std::size_t n = e_.arguments.size();
    if (n >= low && n <= high) return true;
    check_rest(0);
    c_.error(e_.range, "E0311",
             fmt::format("`{}` takes {} argument{}, not {}: {}", name_,
                         low == high ? std::to_string(low) : fmt::format("{} or {}", low, high),
                         high == 1 ? "" : "s", n, usage(b_)));
    return false;
  }

  void check_rest(std::size_t from) {
    for (std::size_t i = from; i < e_.arguments.size(); ++i)
      if (e_.arguments[i].value->kind != ExprKind::lambda)
        c_.check(*e_.arguments[i].value, s_, nullptr);
  }

  // Argument i, which must be a list that is not none: its element type. A set is gone
  // through as the list of its elements, in their order, except by first and last,
  // which would make that order a meaning.
  std::optional<Type> list_argument(std::size_t i) {
    Expr& arg = *e_.arguments[i].value;
    const Type t = c_.check(arg, s_, nullptr);
    if (t.is_error()) return std::nullopt;
    if (t.is_set() && (b_ == ListBuiltin::first || b_ == ListBuiltin::last)) {
      c_.error(
          arg.range, "E0337",
          fmt::format("`{}` needs a list, not {}: a set has no first or last element; "
                      "`{}(sort(s))` takes the {} of its sorted elements",
                      name_, describe(t), name_, b_ == ListBuiltin::first ? "least" : "greatest"));
      return std::nullopt;
    }
    if (!t.is_list() && !t.is_set()) {
      c_.error(arg.range, "E0337",
               fmt::format("`{}` needs a list, not {}: {}", name_, describe(t), usage(b_)));
      return std::nullopt;
    }
    if (t.optional) {
      c_.error(arg.range, "E0404", "this list may be none; give a fallback with `??`");
      return std::nullopt;
    }
    return t.element();
  }

  void wrong_elements(std::size_t i, const Type& list_element, std::string_view wanted) {
    c_.error(e_.arguments[i].value->range, "E0372",
             fmt::format("`{}` needs a list of {}, not {}{}", name_, wanted,
                         describe(Type::list_of(list_element)),
                         list_element.optional ? " (give its elements a fallback with `??`)" : ""));
  }

  // sum, product, min, max, mean: one list of quantities, of their type.
  Type numbers(bool dimensionless) {
    if (!arity(1, 1)) return {};
    auto element = list_argument(0);
    if (!element) return {};
    if (!plain_quantity(*element)) {
      wrong_elements(0, *element, "quantities");
      return {};
    }
    if (dimensionless && !element->dim.is_dimensionless()) {
      // The unit of a product of n quantities is the unit to the n-th power, and n is
      // known only when the list is.
      c_.error(e_.arguments[0].value->range, "E0375",
               fmt::format("`product` multiplies plain numbers only, not {}: the unit of the "
                           "result would depend on the list's length; divide each element by "
                           "its unit first, as in `product([x / 1 GB for x in xs])`",
                           describe(Type::list_of(*element))));
      return {};
    }
    return *element;
  }

  // The lambda at argument i with parameters of `types`: the type of its body.
  std::optional<Type> lambda(std::size_t i, std::initializer_list<Type> types,
                             std::string_view shape) {
    Expr& f = *e_.arguments[i].value;
    if (f.kind != ExprKind::lambda) {
      c_.check(f, s_, nullptr);
      c_.error(f.range, "E0371",
               fmt::format("`{}` needs a function here, as in {}", name_, usage(b_)));
      return std::nullopt;
    }
    if (f.arguments.size() != types.size()) {
      c_.error(f.range, "E0371",
               fmt::format("the function given to `{}` takes {}, but this one has {} "
                           "parameter{}: {}",
                           name_, shape, f.arguments.size(), f.arguments.size() == 1 ? "" : "s",
                           usage(b_)));
      return std::nullopt;
    }
    f.slot = s_.local_count();
    const Type* t = types.begin();
    LocalScope first(s_, *f.arguments[0].value, t[0]);
    if (types.size() == 1) return body(f, first.scope());
    LocalScope second(first.scope(), *f.arguments[1].value, t[1]);
    return body(f, second.scope());
  }

  std::optional<Type> body(Expr& f, const Scope& inner) {
    const Type t = c_.check(*f.operands[0], inner, nullptr);
    f.type = t;
    if (t.is_error()) return std::nullopt;
    return t;
  }

  // count, any, all: a list of bools, or a list and a condition on its elements.
  Type predicate() {
    if (!arity(1, 2)) return {};
    auto element = list_argument(0);
    if (!element) {
      check_rest(1);
      return {};
    }
    const Type result =
        b_ == ListBuiltin::count ? Type::quantity({}, true) : Type::of(TypeKind::boolean);
    if (e_.arguments.size() == 1) {
      if (!plain_bool(*element)) {
        wrong_elements(0, *element, "bools (or give a condition)");
        return {};
      }
      return result;
    }
    auto t = lambda(1, {*element}, "one parameter (an element)");
    if (!t) return {};
    if (!plain_bool(*t)) {
      c_.error(
          e_.arguments[1].value->operands[0]->range, "E0373",
          fmt::format("the condition given to `{}` must be a bool, not {}", name_, describe(*t)));
      return {};
    }
    return result;
  }

  // A sort key: a quantity or a text.
  bool key_ok(const Type& t, const Expr& at) {
    if (plain_quantity(t) || (t.kind == TypeKind::text && !t.optional)) return true;
    c_.error(at.range, "E0373",
             fmt::format("`{}` orders by a quantity or a text, not {}", name_, describe(t)));
    return false;
  }

  Type sort() {
    if (!arity(1, 2)) return {};
    auto element = list_argument(0);
    if (!element) {
      check_rest(1);
      return {};
    }
    if (e_.arguments.size() == 1) {
      if (!key_ok(*element, *e_.arguments[0].value)) return {};
      return Type::list_of(*element);
    }
    auto key = lambda(1, {*element}, "one parameter (an element)");
    if (!key || !key_ok(*key, *e_.arguments[1].value->operands[0])) return {};
    return Type::list_of(*element);
  }

  Type arg_best() {
    if (!arity(2, 2)) return {};
    auto element = list_argument(0);
    if (!element) {
      check_rest(1);
      return {};
    }
    auto key = lambda(1, {*element}, "one parameter (an element)");
    if (!key) return {};
    if (!plain_quantity(*key)) {
      c_.error(e_.arguments[1].value->operands[0]->range, "E0373",
               fmt::format("`{}` compares quantities: its key must be one, not {}", name_,
                           describe(*key)));
      return {};
    }
    return *element;
  }

  Type quantile() {
    if (!arity(2, 2)) return {};
    auto element = list_argument(0);
    Expr& q = *e_.arguments[1].value;
    const Type qt = c_.check(q, s_, nullptr);
    if (!element || qt.is_error()) return {};
    if (!plain_quantity(*element)) {
      wrong_elements(0, *element, "quantities");
      return {};
    }
    if (!plain_quantity(qt) || !qt.dim.is_dimensionless()) {
      c_.error(q.range, "E0376",
               "the quantile's q must be a plain number from 0 to 1 (0.5 is the median), not " +
                   describe(qt));
      return {};
    }
    if (auto v = literal_number(q); v && !(*v >= 0 && *v <= 1)) {
      c_.error(q.range, "E0376",
               fmt::format("the quantile's q must be from 0 to 1 (0.99 is the 99th "
                           "percentile), not {}",
                           *v));
      return {};
    }
    Type t = *element;
    t.integer = false;  // interpolated between two elements
    return t;
  }

  // fold and scan: the function's result must be able to be the accumulator again.
  Type fold() {
    if (!arity(3, 3)) return {};
    auto element = list_argument(0);
    Expr& start = *e_.arguments[1].value;
    const bool empty_list = start.kind == ExprKind::list && start.operands.empty();
    const Type init =
        empty_list && element ? empty_start(start, *element) : c_.check(start, s_, nullptr);
    if (!element || init.is_error()) {
      check_rest(2);
      return {};
    }
    auto next = lambda(2, {init, *element}, "two parameters (the accumulator and an element)");
    if (!next) return {};
    std::optional<Type> both = c_.meet(init, *next);
    if (!both || both->kind == TypeKind::none) {
      c_.error(e_.arguments[2].value->operands[0]->range, "E0374",
               fmt::format("the function given to `{}` must give the accumulator's type: the "
                           "initial value is {}, but the function gives {}",
                           name_, describe(init), describe(*next)));
      return {};
    }
    return b_ == ListBuiltin::fold ? *both : Type::list_of(*both);
  }

  // iterate and trajectory: a start, a step from a state to the next (of the start's type,
  // as a fold's accumulator) and a condition on a state.
  Type iterate() {
    if (!arity(3, 3)) return {};
    const Type start = c_.check(*e_.arguments[0].value, s_, nullptr);
    if (start.is_error()) {
      check_rest(1);
      return {};
    }
    auto next = lambda(1, {start}, "one parameter (a state)");
    if (!next) return {};
    std::optional<Type> state = c_.meet(start, *next);
    if (!state || state->kind == TypeKind::none) {
      c_.error(e_.arguments[1].value->operands[0]->range, "E0374",
               fmt::format("the step given to `{}` must give the state's type: the start is {}, "
                           "but the step gives {}",
                           name_, describe(start), describe(*next)));
      return {};
    }
    auto done = lambda(2, {*state}, "one parameter (a state)");
    if (!done) return {};
    if (!plain_bool(*done)) {
      c_.error(e_.arguments[2].value->operands[0]->range, "E0373",
               fmt::format("the condition given to `{}` (`until:`) must be a bool, not {}", name_,
                           describe(*done)));
      return {};
    }
    return b_ == ListBuiltin::iterate ? *state : Type::list_of(*state);
  }

  // solve(f, target, domain) (interpreter/evaluate/solve.hpp): f of one parameter, a value of the
  // domain, giving a quantity of the target's dimension; the result is a value of the
  // domain. A range `a .. b` of physical quantities is a continuum (its ends checked
  // here, as a list range of them would need a step, E0339); any other domain is a list.
  Type solve() {
    if (!arity(3, 3)) return {};
    Expr& target_at = *e_.arguments[1].value;
    const Type target = c_.check(target_at, s_, nullptr);
    const std::optional<Type> x = solve_domain(*e_.arguments[2].value);
    if (target.is_error() || !x) return {};
    if (!plain_quantity(target)) {
      c_.error(target_at.range, "E0385",
               "the target of `solve` must be a number or a quantity, not " + describe(target));
      return {};
    }
    auto fx = lambda(0, {*x}, "one parameter (a value of what is searched)");
    if (!fx) return {};
    if (!plain_quantity(*fx) || !fx->dim.compatible(target.dim)) {
      c_.error(e_.arguments[0].value->operands[0]->range, "E0385",
               fmt::format("the function given to `solve` must give {} to meet the target, not {}",
                           describe(target), describe(*fx)));
      return {};
    }
    return *x;
  }

  std::optional<Type> solve_domain(Expr& domain) {
    if (domain.kind == ExprKind::range && domain.operands.size() == 2) {
      const Type a = c_.check(*domain.operands[0], s_, nullptr);
      const Type b = c_.check(*domain.operands[1], s_, nullptr);
      if (a.is_error() || b.is_error()) return std::nullopt;
      if (plain_quantity(a) && plain_quantity(b) && a.dim.compatible(b.dim) &&
          !a.dim.physical().is_dimensionless()) {
        Type element = a;
        element.integer = false;  // any number between the ends
        domain.type = Type::list_of(element);
        return element;
      }
    }
    const Type t = c_.check(domain, s_, nullptr);  // a range of counts, a list
    if (t.is_error()) return std::nullopt;
    if (!t.is_list() || t.optional || !plain_quantity(t.element())) {
      c_.error(domain.range, "E0385",
               "`solve` searches a range `a .. b` or a list of numbers or quantities, not " +
                   describe(t));
      return std::nullopt;
    }
    return t.element();
  }

  // `fold(xs, [], (acc, x) => acc + [f(x)])`: the type of the `[]` a fold or scan starts
  // from is the list its function gives. The function is checked aside (its errors
  // forgotten), first with acc a list of xs's elements (`acc + [x]`), then, when that does
  // not give a list, with acc a list of elements yet unknown, which take the type of what
  // is joined to them (`acc + [r.tokens]`). The `[]` takes the list found, and the
  // function is then checked again, for real, against it.
  Type empty_start(Expr& start, const Type& element) {
    const std::size_t errors = c_.error_count();
    const std::string_view shape = "two parameters (the accumulator and an element)";
    std::optional<Type> found;
    for (const Type& acc : {Type::list_of(element), Type::list_of(Type::of(TypeKind::none))}) {
      std::optional<Type> given = lambda(2, {acc, element}, shape);
      if (given && given->is_list() && !given->optional &&
          given->element().kind != TypeKind::none) {
        found = *given;
        break;
      }
    }
    c_.forget_errors_after(errors);
    const Type guess = found ? *found : Type::list_of(element);
    return c_.check(start, s_, &guess);
  }

  CheckContext& c_;
  Expr& e_;
  ListBuiltin b_;
  const Scope& s_;
  std::string_view name_;
};

}  // namespace

Type check_aggregate(CheckContext& c, Expr& call, ListBuiltin b, const Scope& s) {
  return AggregateCheck(c, call, b, s).run();
}

Type misplaced_lambda(CheckContext& c, Expr& lambda) {
  c.error(lambda.range, "E0370",
          "a lambda may only be given to a builtin over lists that takes a function: sort, "
          "argmin, argmax, count, any, all, fold, scan, iterate, trajectory or solve");
  return {};
}

}  // namespace reckon
