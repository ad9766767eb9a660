// Checking the seeded random builtins (builtins.hpp, from `random_uniform` on;
// docs/language.md, "Seeded randomness"): their arguments, matched to parameters by
// position and then by name, and the list each makes.
#include <fmt/format.h>

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <tuple>

#include "interpreter/check/check_context.hpp"
#include "interpreter/model/builtins.hpp"
#include "interpreter/model/type_names.hpp"

namespace reckon {

namespace {

// How a call of each is written, for messages; what it takes is the builtin's row
// (builtins.hpp): its parameters' names, `xs` first when it takes a list.
std::string_view usage_of(ListBuiltin b) {
  switch (b) {
    case ListBuiltin::random_uniform:
      return "`random_uniform(seed: 1, n: 100, low: 0 ms, high: 5 ms)`";
    case ListBuiltin::random_gauss:
      return "`random_gauss(seed: 1, n: 100, mean: 10 ms, stddev: 2 ms)`";
    case ListBuiltin::random_choice:
      return "`random_choice(xs, seed: 1, n: 10)`";
    case ListBuiltin::random_shuffle:
      return "`random_shuffle(xs, seed: 1)`";
    default:
      return "`random_sample(xs, seed: 1, n: 3)`";
  }
}

}  // namespace

Type check_random_builtin(CheckContext& c, Expr& e, ListBuiltin b, const Scope& s) {
  const BuiltinInfo& info = builtin_info(b);
  const std::string_view name = info.name;
  const std::span<const std::string_view> names = info.parameters;
  const std::string_view usage = usage_of(b);
  const bool takes_list = names[0] == "xs";
  const std::size_t count = names.size();
  // Parameter i's argument index, as calls bind theirs (Expr::binding).
  e.binding.assign(count, -1);
  bool failed = false;
  bool named_seen = false;
  for (std::size_t k = 0; k < e.arguments.size(); ++k) {
    Argument& a = e.arguments[k];
    std::optional<std::size_t> index;
    if (a.name) {
      named_seen = true;
      for (std::size_t i = 0; i < count; ++i)
        if (names[i] == *a.name) index = i;
      if (!index) {
        c.error(a.name_range, "E0314",
                fmt::format("`{}` has no parameter `{}`: {}", name, *a.name, usage));
        failed = true;
        continue;
      }
    } else if (named_seen) {
      c.error(a.value->range, "E0313", "a positional argument cannot follow a named one");
      failed = true;
      continue;
    } else if (k >= count) {
      c.error(a.value->range, "E0311",
              fmt::format("`{}` takes {} arguments: {}", name, count, usage));
      failed = true;
      continue;
    } else {
      index = k;
    }
    if (e.binding[*index] >= 0) {
      c.error(a.value->range, "E0310", fmt::format("`{}` is given twice", names[*index]));
      failed = true;
      continue;
    }
    e.binding[*index] = static_cast<int>(k);
  }
  if (failed) {
    for (Argument& a : e.arguments) c.check(*a.value, s, nullptr);
    return {};
  }
  for (std::size_t i = 0; i < count; ++i)
    if (e.binding[i] < 0) {
      for (Argument& a : e.arguments) c.check(*a.value, s, nullptr);
      c.error(e.range, "E0312", fmt::format("`{}` needs argument `{}`: {}", name, names[i], usage));
      return {};
    }
  auto argument = [&](std::size_t i) -> Expr& {
    return *e.arguments[static_cast<std::size_t>(e.binding[i])].value;
  };
  // The seed and the number of values are whole plain numbers (checked whole when the
  // program runs: E0503).
  const Type whole = Type::quantity({}, true);
  for (std::size_t i = 0; i < count; ++i)
    if (names[i] == "seed" || names[i] == "n")
      c.expect(argument(i), s, whole, fmt::format("`{}` of `{}`", names[i], name));
  if (!takes_list) {
    // Two bounds (low, high) or a mean and a spread, of one dimension: the values are
    // of that dimension.
    Expr& x = argument(2);
    Expr& y = argument(3);
    const Type a = c.check(x, s, nullptr);
    const Type t = c.check(y, s, nullptr);
    if (a.is_error() || t.is_error()) return {};
    for (const auto& [arg, type, what] :
         {std::tuple{&x, &a, names[2]}, std::tuple{&y, &t, names[3]}}) {
      if (!type->is_quantity() || type->optional) {
        c.error(arg->range, "E0337",
                fmt::format("`{}` of `{}` must be a number or quantity, not {}: {}", what, name,
                            describe(*type), usage));
        return {};
      }
    }
    if (!a.dim.compatible(t.dim)) {
      c.error(y.range, "E0401",
              fmt::format("`{}` and `{}` of `{}` must be of one dimension, not {} and {}", names[2],
                          names[3], name, describe(a), describe(t)));
      return {};
    }
    return Type::list_of(Type::quantity(a.dim));
  }
  Expr& xs = argument(0);
  const Type list = c.check(xs, s, nullptr);
  if (list.is_error()) return {};
  if (!list.is_list()) {
    c.error(xs.range, "E0337",
            fmt::format("`{}` needs a list, not {}: {}", name, describe(list), usage));
    return {};
  }
  if (list.optional) {
    c.error(xs.range, "E0404", "this list may be none; give a fallback with `??`");
    return {};
  }
  Type result = list;
  result.optional = false;
  return result;
}

}  // namespace reckon
