// Evaluating the seeded random builtins (check_random.cpp; docs/language.md, "Seeded
// randomness"): each call seeds a generator of its own (python_random.hpp), so the same
// call gives the same list, and draws what CPython's `random.Random(seed)` draws. The
// tree walk's only: they make lists, which compiled code and plans leave to it.
#include <fmt/format.h>

#include <cmath>
#include <stdexcept>
#include <string>
#include <vector>

#include "interpreter/evaluate/evaluator.hpp"
#include "interpreter/model/builtins.hpp"
#include "interpreter/values/lists.hpp"
#include "interpreter/values/python_random.hpp"
#include "syntax/diagnostics.hpp"

namespace reckon {

Value Evaluator::random_builtin(const Expr& e, const Frame& frame) {
  const auto b = static_cast<ListBuiltin>(e.slot);
  const std::string_view name = builtin_name(b);
  const bool takes_list = b >= ListBuiltin::random_choice;
  auto argument = [&](std::size_t i) -> const Expr& {
    return *e.arguments[static_cast<std::size_t>(e.binding[i])].value;
  };
  // Parameters in order (check_random.cpp): [xs,] seed, n, then the two numbers.
  const std::size_t seed_at = takes_list ? 1 : 0;
  const Expr& seed_expr = argument(seed_at);
  const double seed = number(seed_expr, frame);
  if (!ops::whole(seed) || !std::isfinite(seed)) not_whole(seed, seed_expr.range, "the ", "seed");
  // Past 2^53 a number holds only some whole numbers, and the one written may have been
  // rounded to a neighbour, whose stream is another: CPython would draw the written one's.
  if (std::fabs(seed) > 9007199254740992.0)
    throw UserError(seed_expr.range, "E0547",
                    fmt::format("the seed {:.17g} is beyond 2^53 (9007199254740992), where a "
                                "number cannot hold every whole number: use a smaller seed",
                                seed));
  PythonRandom random(static_cast<std::uint64_t>(std::fabs(seed)));
  // How many values: n, or for a shuffle the list's length.
  std::size_t n = 0;
  if (b != ListBuiltin::random_shuffle) {
    const Expr& n_expr = argument(seed_at + 1);
    const double count = number(n_expr, frame);
    if (!ops::whole(count) || !std::isfinite(count)) not_whole(count, n_expr.range, "the ", "n");
    if (count < 0)
      throw UserError(
          n_expr.range, "E0547",
          fmt::format("`{}` cannot draw {} values: `n` must be 0 or more", name, count));
    if (count > static_cast<double>(max_list_length)) list_too_long(e, count);
    n = static_cast<std::size_t>(count);
  }
  if (!takes_list) {
    // In base units, as the values are held: equal to Python's on the same numbers.
    const double first = number(argument(2), frame);
    const double second = number(argument(3), frame);
    std::vector<double> numbers;
    numbers.reserve(n);
    for (std::size_t i = 0; i < n; ++i)
      numbers.push_back(b == ListBuiltin::random_uniform ? random.uniform(first, second)
                                                         : random.gauss(first, second));
    for (double v : numbers)
      if (!std::isfinite(v)) not_finite(e, v);
    return make_packed_list(std::move(numbers), e.type.element().dim, e);
  }
  Value scratch;
  const Value& list = reference(argument(0), frame, scratch);
  const ListValue& xs = *list.list();
  std::vector<Value> out;
  switch (b) {
    case ListBuiltin::random_choice:
      if (xs.empty() && n > 0)
        throw UserError(e.range, "E0545",
                        "`random_choice` from an empty list is undefined; test `len(xs) > 0` "
                        "first, or give a fallback with `if`");
      count_built(n * sizeof(Value), e, "list");  // before the values are made
      out.reserve(n);
      for (std::size_t i = 0; i < n; ++i) out.push_back(xs.at(random.below(xs.size())));
      break;
    case ListBuiltin::random_shuffle:
      count_built(xs.size() * sizeof(Value), e, "list");
      out.reserve(xs.size());
      for (std::size_t i : random.shuffled(xs.size())) out.push_back(xs.at(i));
      break;
    case ListBuiltin::random_sample:
      if (n > xs.size())
        throw UserError(argument(2).range, "E0547",
                        fmt::format("`random_sample` cannot draw {} of {} element{} without "
                                    "drawing one twice: `n` must be at most the list's length",
                                    n, xs.size(), xs.size() == 1 ? "" : "s"));
      count_built(n * sizeof(Value), e, "list");
      out.reserve(n);
      for (std::size_t i : random.sample(xs.size(), n)) out.push_back(xs.at(i));
      break;
    default:
      throw std::logic_error("unknown random builtin");
  }
  return Value::adopt(ListValue::make(std::move(out)));  // counted above
}

}  // namespace reckon
