// Lists in the language (docs/language.md, "Lists"): their limits, the builtins over
// them, and the helpers that bind locals at run time. The checking is check_lists.cpp
// (through check_context.hpp), the evaluation evaluate_lists.cpp.
#pragma once

#include <boost/container/small_vector.hpp>
#include <cstddef>
#include <optional>
#include <string_view>

#include "interpreter/evaluator.hpp"

namespace reckon {

// The most elements one list may have (E0522): 32 bytes each (8 packed), so a list at the limit
// takes 320 MB. A million elements is an ordinary size.
inline constexpr std::size_t max_list_length = 10'000'000;

// Builtins over lists, called by name (`len(xs)`): a call to one has CallKind::list_builtin
// and its slot is the ListBuiltin. New ones go at the end of both the enum and the
// names, with a case in check_list_builtin (check_lists.cpp) and in
// Evaluator::list_builtin (evaluate_lists.cpp).
// From `sum` to `scan` they are aggregates.hpp's: checked in check_aggregates.cpp, evaluated
// in evaluate_aggregates.cpp. From `zip` on they make or take tuples and texts: checked in
// check_tuples.cpp, evaluated in evaluate_tuples.cpp. From `random_uniform` on they draw
// seeded random values: checked in check_random.cpp, evaluated in evaluate_random.cpp.
enum class ListBuiltin {
  len,
  every,
  sum,
  product,
  min,
  max,
  mean,
  count,
  any,
  all,
  sort,
  argmin,
  argmax,
  quantile,
  first,
  last,
  fold,
  scan,
  zip,
  pairs,
  enumerate,
  join,
  random_uniform,
  random_gauss,
  random_choice,
  random_shuffle,
  random_sample
};
inline constexpr std::string_view list_builtin_names[] = {"len",
                                                          "every",
                                                          "sum",
                                                          "product",
                                                          "min",
                                                          "max",
                                                          "mean",
                                                          "count",
                                                          "any",
                                                          "all",
                                                          "sort",
                                                          "argmin",
                                                          "argmax",
                                                          "quantile",
                                                          "first",
                                                          "last",
                                                          "fold",
                                                          "scan",
                                                          "zip",
                                                          "pairs",
                                                          "enumerate",
                                                          "join",
                                                          "random_uniform",
                                                          "random_gauss",
                                                          "random_choice",
                                                          "random_shuffle",
                                                          "random_sample"};
static_assert(std::size(list_builtin_names) ==
              static_cast<std::size_t>(ListBuiltin::random_sample) + 1);

// E0522: a list of `count` elements would be longer than max_list_length.
[[noreturn]] void list_too_long(const Expr& at, double count);

inline std::optional<ListBuiltin> find_list_builtin(std::string_view name) {
  for (std::size_t i = 0; i < std::size(list_builtin_names); ++i)
    if (list_builtin_names[i] == name) return static_cast<ListBuiltin>(i);
  return std::nullopt;
}

// The locals of an expression that binds `count` names (a comprehension's pattern, a
// lambda's parameters) below the `outer_count` locals already in scope around it (the
// binding expression's Expr::slot). Set (*this)[i] to bind its i-th name, then evaluate
// the body in frame():
//
//   LocalFrame locals(frame, e.slot, 1);
//   for (const Value& x : list.items()) { locals[0] = x; use(evaluate(body, locals.frame())); }
class LocalFrame {
 public:
  LocalFrame(const Evaluator::Frame& outer, int outer_count, std::size_t count)
      : values_(outer.locals, outer.locals + outer_count),
        base_(static_cast<std::size_t>(outer_count)) {
    values_.resize(base_ + count);
    frame_ = Evaluator::Frame{outer.self, outer.arguments, values_.data()};
  }
  LocalFrame(const LocalFrame&) = delete;
  LocalFrame& operator=(const LocalFrame&) = delete;

  Value& operator[](std::size_t i) { return values_[base_ + i]; }
  const Evaluator::Frame& frame() const { return frame_; }

 private:
  boost::container::small_vector<Value, 4> values_;
  std::size_t base_;
  Evaluator::Frame frame_;
};

}  // namespace reckon
