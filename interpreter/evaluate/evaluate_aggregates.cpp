// Evaluating the builtins over lists from `sum` on (lists.hpp; checked in
// check_aggregates.cpp), and the lambdas given to them. A result takes its unit from the
// call's static type, so the sum of an empty [GB] is 0 B.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <stdexcept>
#include <utility>
#include <vector>

#include "interpreter/evaluate/evaluator.hpp"
#include "interpreter/evaluate/local_frame.hpp"
#include "interpreter/evaluate/solve.hpp"
#include "interpreter/model/builtins.hpp"
#include "interpreter/values/list_builder.hpp"
#include "interpreter/values/lists.hpp"
#include "syntax/diagnostics.hpp"

namespace reckon {

namespace {

// Calls a lambda (an Expr of kind lambda) with its parameters bound, in the frame of the
// call that was given it. A body of pure code, or a record of pure fields, runs by
// run_pure once what it reads is done (Evaluator::PerElement).
// Each call is an element of the pass (Evaluator::ElementSteps: one step each beyond its
// own, so a fold over a million elements stays within E0506's budget).
class Apply {
 public:
  Apply(Evaluator& ev, const Expr& lambda, const Evaluator::Frame& frame)
      : body_(ev, *lambda.operands[0]),
        locals_(frame, lambda.slot, lambda.arguments.size()),
        steps_(ev, lambda) {}

  Value operator()(const Value& x) {
    locals_[0] = x;
    return counted([&] { return body_(locals_.frame()); });
  }
  Value operator()(const Value& acc, const Value& x) {
    locals_[0] = acc;
    locals_[1] = x;
    return counted([&] { return body_(locals_.frame()); });
  }
  // The next state of a fold or scan from `acc`, which is taken: the accumulator's local
  // is then its only holder, so a record body may write the new state into it.
  Value step(Value&& acc, const Value& x) {
    locals_[0] = std::move(acc);
    locals_[1] = x;
    return counted([&] { return body_(locals_.frame(), &locals_[0]); });
  }

 private:
  template <typename Run>
  Value counted(Run run) {
    steps_.begin();
    Value v = run();
    steps_.end();
    return v;
  }
  Evaluator::PerElement body_;
  LocalFrame locals_;
  Evaluator::ElementSteps steps_;
};

}  // namespace

// iterate and trajectory: the state from the start, stepped until the condition holds.
// Each step and each test is an element of the pass (ElementSteps), so a condition that
// never holds ends at the step limit: E0506 then names the last state reached.
Value Evaluator::iterate(const Expr& e, const Frame& frame) {
  const auto b = static_cast<ListBuiltin>(e.slot);
  Value state = evaluate(*e.arguments[0].value, frame);
  Apply step(*this, *e.arguments[1].value, frame);
  Apply done(*this, *e.arguments[2].value, frame);
  ListBuilder states;
  std::uint64_t count = 0;
  try {
    for (;;) {
      if (b == ListBuiltin::trajectory) {
        if (states.size() >= max_list_length) list_too_long(e, static_cast<double>(count + 1));
        states.push_back(state);
      }
      if (done(state).number != 0) break;
      state = step(state);
      ++count;
    }
  } catch (const UserError& err) {
    if (err.diagnostic().code != "E0506") throw;
    throw UserError(
        e.range, "E0506",
        fmt::format("`{}` did not reach its condition within the step limit ({} steps, {} states "
                    "stepped); the last state reached is {}: does the condition ever hold?",
                    builtin_name(b), max_steps, count, show(state, std::nullopt)));
  }
  if (b == ListBuiltin::iterate) return state;
  return make_list(states, e);
}

// solve(f, target, domain) (interpreter/evaluate/solve.hpp): numbers in base units go to the
// search, each call of f an element of the pass (as iterate's steps), and what it finds
// comes back as a value of the domain, or as E0550 / E0551 naming the values it saw.
Value Evaluator::solve(const Expr& e, const Frame& frame) {
  const Expr& lambda = *e.arguments[0].value;
  const Argument& target_at = e.arguments[1];
  const Expr& domain_at = *e.arguments[2].value;
  const double target = number(*target_at.value, frame);
  const Dimension x_dim = e.type.dim;
  const Dimension f_dim = lambda.type.dim;
  auto x_text = [&](double x) { return show(Value::quantity(x, x_dim), std::nullopt); };
  auto f_text = [&](double y) { return show(Value::quantity(y, f_dim), std::nullopt); };
  Apply f(*this, lambda, frame);
  auto call = [&](double x) { return f(Value::quantity(x, x_dim)).number; };
  SolveDomain domain;
  Value scratch;
  const ListValue* values = nullptr;
  if (searches_continuum(domain_at)) {
    domain.continuous = true;
    domain.low = number(*domain_at.operands[0], frame);
    domain.high = number(*domain_at.operands[1], frame);
    if (domain.high < domain.low)
      throw UserError(domain_at.operands[1]->range, "E0523",
                      fmt::format("the range is empty: it ends ({}) before it starts ({})",
                                  x_text(domain.high), x_text(domain.low)));
  } else {
    values = reference(domain_at, frame, scratch).list();
    if (values->size() == 0)
      throw UserError(domain_at.range, "E0545", "`solve` needs at least one value to search");
    domain.count = values->size();
    domain.value_at = [values](std::size_t i) { return values->number_at(i); };
  }
  const SolveGoal goal = !target_at.name                ? SolveGoal::equal
                         : *target_at.name == "at_most" ? SolveGoal::at_most
                                                        : SolveGoal::at_least;
  const SolveOutcome found = solve_monotone(call, target, goal, domain);
  const double first = domain.continuous ? domain.low : domain.value_at(0);
  const double last = domain.continuous ? domain.high : domain.value_at(domain.count - 1);
  switch (found.problem) {
    case SolveProblem::none:
      break;
    case SolveProblem::unmet: {
      const char* wanted = goal == SolveGoal::equal     ? "reaches"
                           : goal == SolveGoal::at_most ? "is at most"
                                                        : "is at least";
      throw UserError(
          e.range, "E0550",
          fmt::format("`solve` found no value from {} to {} at which the function "
                      "{} {}: it gives {} at {} and {} at {}",
                      x_text(first), x_text(last), wanted, f_text(target), f_text(found.f_first),
                      x_text(first), f_text(found.f_last), x_text(last)));
    }
    case SolveProblem::not_monotone:
      throw UserError(
          e.range, "E0551",
          fmt::format("the function given to `solve` is not monotone from {} to {}: it gives "
                      "{} at {}, {} at {} and {} at {}, against its direction from {} to {}; "
                      "search a range on which it only rises or only falls",
                      x_text(first), x_text(last), f_text(found.witness_f[0]),
                      x_text(found.witness[0]), f_text(found.witness_f[1]),
                      x_text(found.witness[1]), f_text(found.witness_f[2]),
                      x_text(found.witness[2]), f_text(found.f_first), f_text(found.f_last)));
  }
  return Value::quantity(found.x, x_dim);
}

namespace {

// The order of sort keys: quantities by number, texts by their bytes.
bool key_less(const Value& a, const Value& b) {
  if (a.kind == ValueKind::text) return a.text() < b.text();
  return a.number < b.number;
}

// Hyndman and Fan's type 7 (numpy's default, R's type 7): h = (n - 1) q, and the
// quantile is x[floor h] + (h - floor h) (x[floor h + 1] - x[floor h]) of the sorted x.
// Only the two order statistics x[floor h] and x[floor h + 1] are needed: selected in
// linear time (nth_element, then the least of the rest) rather than by sorting all.
double quantile_of(std::vector<double> xs, double q) {
  const double h = static_cast<double>(xs.size() - 1) * q;
  const auto low = static_cast<std::size_t>(std::floor(h));
  const auto at_low = xs.begin() + static_cast<std::ptrdiff_t>(low);
  std::nth_element(xs.begin(), at_low, xs.end());
  const double x_low = *at_low;
  if (low + 1 >= xs.size()) return x_low;  // the largest
  const double x_next = *std::min_element(at_low + 1, xs.end());
  const double t = h - static_cast<double>(low);
  const double gap = x_next - x_low;
  // Two finite neighbours more than the largest double apart (-1.7e308 and 1.7e308):
  // weigh them instead, which cannot overflow. Otherwise the usual form, whose bits
  // the Python comparisons (tests/aggregates) hold.
  if (!std::isfinite(gap)) return x_low * (1 - t) + x_next * t;
  return x_low + t * gap;
}

}  // namespace

Value Evaluator::aggregate(const Expr& e, const Frame& frame) {
  const auto b = static_cast<ListBuiltin>(e.slot);
  const std::string_view name = builtin_name(b);
  if (b == ListBuiltin::iterate || b == ListBuiltin::trajectory) return iterate(e, frame);
  if (b == ListBuiltin::solve) return solve(e, frame);
  Value scratch;
  const Value& list = reference(*e.arguments[0].value, frame, scratch);
  // Read by size(), at() and number_at(): a packed list is never made into Values here.
  const ListValue& xs = *list.elements();  // a list, or a set's elements
  auto nonempty = [&] {
    if (xs.empty())
      throw UserError(e.range, "E0545",
                      fmt::format("`{}` of an empty list is undefined; test `len(xs) > 0` "
                                  "first, or give a fallback with `if`",
                                  name));
  };
  auto lambda = [&](std::size_t i) -> const Expr& { return *e.arguments[i].value; };
  // The elements are finite, but their sum or product may not be: an overflow is E0502
  // at the call, as it is at an operator, never an `inf` carried on.
  auto finite = [&](double v) {
    if (!std::isfinite(v)) not_finite(e, v);
    return Value::quantity(v, e.type.dim);
  };

  switch (b) {
    case ListBuiltin::sum: {
      double total = 0;  // left to right, as Python's sum()
      if (xs.packed())
        for (const double x : xs.numbers()) total += x;
      else
        for (const Value& x : xs.items()) total += x.number;
      return finite(total);
    }
    case ListBuiltin::product: {
      double total = 1;
      for (std::size_t i = 0; i < xs.size(); ++i) total *= xs.number_at(i);
      return finite(total);
    }
    case ListBuiltin::mean: {
      nonempty();
      double total = 0;
      for (std::size_t i = 0; i < xs.size(); ++i) total += xs.number_at(i);
      const auto n = static_cast<double>(xs.size());
      // Elements near the largest double may overflow the running total although their
      // mean is finite: then each is divided by n first.
      if (!std::isfinite(total)) {
        total = 0;
        for (std::size_t i = 0; i < xs.size(); ++i) total += xs.number_at(i) / n;
        return finite(total);
      }
      return finite(total / n);
    }
    case ListBuiltin::min:
    case ListBuiltin::max: {
      nonempty();
      const bool least = b == ListBuiltin::min;
      std::size_t best = 0;
      for (std::size_t i = 1; i < xs.size(); ++i) {
        const double x = xs.number_at(i);
        if (least ? x < xs.number_at(best) : x > xs.number_at(best)) best = i;
      }
      return xs.at(best);
    }
    case ListBuiltin::count:
    case ListBuiltin::any:
    case ListBuiltin::all: {
      std::size_t held = 0;
      if (e.arguments.size() == 1) {
        for (std::size_t i = 0; i < xs.size(); ++i) held += xs.number_at(i) != 0;
      } else {
        Apply holds(*this, lambda(1), frame);
        for (std::size_t i = 0; i < xs.size(); ++i) {
          const bool h = holds(xs.at(i)).number != 0;
          // any and all stop at the first element that decides them
          if (b == ListBuiltin::any && h) return Value::boolean(true);
          if (b == ListBuiltin::all && !h) return Value::boolean(false);
          held += h;
        }
      }
      if (b == ListBuiltin::count) return Value::quantity(static_cast<double>(held));
      if (b == ListBuiltin::any) return Value::boolean(held > 0);
      return Value::boolean(held == xs.size());
    }
    case ListBuiltin::sort: {
      if (xs.packed() && e.arguments.size() == 1) {
        // By number, stable: equal numbers (0 and -0 among them) keep their order.
        std::vector<double> out = xs.numbers();
        std::stable_sort(out.begin(), out.end());
        return make_packed_list(std::move(out), xs.dimension(), e);
      }
      std::vector<std::pair<Value, std::size_t>> keyed;
      keyed.reserve(xs.size());
      if (e.arguments.size() == 1) {
        for (std::size_t i = 0; i < xs.size(); ++i) keyed.emplace_back(xs.at(i), i);
      } else {
        Apply key(*this, lambda(1), frame);
        for (std::size_t i = 0; i < xs.size(); ++i) keyed.emplace_back(key(xs.at(i)), i);
      }
      // Stable: elements with equal keys keep their order.
      std::stable_sort(keyed.begin(), keyed.end(),
                       [](const auto& a, const auto& b) { return key_less(a.first, b.first); });
      std::vector<Value> out;
      out.reserve(xs.size());
      for (const auto& [key, i] : keyed) out.push_back(xs.at(i));
      return make_list(std::move(out), e);
    }
    case ListBuiltin::argmin:
    case ListBuiltin::argmax: {
      nonempty();
      Apply key(*this, lambda(1), frame);
      std::size_t best = 0;
      double best_key = key(xs.at(0)).number;
      for (std::size_t i = 1; i < xs.size(); ++i) {
        const double k = key(xs.at(i)).number;
        // The first of equal keys wins.
        if (b == ListBuiltin::argmin ? k < best_key : k > best_key) {
          best = i;
          best_key = k;
        }
      }
      return xs.at(best);
    }
    case ListBuiltin::quantile: {
      const Expr& at = *e.arguments[1].value;
      const double q = number(at, frame);
      if (!(q >= 0 && q <= 1))
        throw UserError(at.range, "E0546",
                        fmt::format("the quantile's q must be from 0 to 1, not {}", q));
      nonempty();
      std::vector<double> numbers;
      numbers.reserve(xs.size());
      for (std::size_t i = 0; i < xs.size(); ++i) numbers.push_back(xs.number_at(i));
      return finite(quantile_of(std::move(numbers), q));
    }
    case ListBuiltin::first:
      nonempty();
      return xs.at(0);
    case ListBuiltin::last:
      nonempty();
      return xs.at(xs.size() - 1);
    case ListBuiltin::fold:
    case ListBuiltin::scan: {
      Value acc = evaluate(*e.arguments[1].value, frame);
      Apply next(*this, lambda(2), frame);
      if (b == ListBuiltin::fold) {
        for (std::size_t i = 0; i < xs.size(); ++i) acc = next.step(std::move(acc), xs.at(i));
        return acc;
      }
      ListBuilder out;  // records of numbers as rows: no allocation kept per state
      out.reserve(xs.size());
      for (std::size_t i = 0; i < xs.size(); ++i) {
        acc = next.step(std::move(acc), xs.at(i));
        out.push_back(acc);  // rows copy the numbers: the state's record is reused
      }
      return make_list(out, e);
    }
    case ListBuiltin::iterate:
    case ListBuiltin::trajectory:
    case ListBuiltin::solve:
      break;  // no list: iterated or searched above
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
  throw std::logic_error("unknown aggregate");
}

}  // namespace reckon
