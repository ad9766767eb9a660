// Lists in the language (docs/language.md, "Lists"): their limits, the builtins over
// them, and the helpers that bind locals at run time. The checking is check_lists.cpp
// (through check_context.hpp), the evaluation evaluate_lists.cpp.
#pragma once

#include <boost/container/small_vector.hpp>
#include <cstddef>
#include <optional>
#include <string_view>

#include "interpreter/builtins.hpp"
#include "interpreter/evaluator.hpp"

namespace reckon {

// The most elements one list may have (E0522): 32 bytes each (8 packed), so a list at the limit
// takes 320 MB. A million elements is an ordinary size.
inline constexpr std::size_t max_list_length = 10'000'000;

// Builtins over lists, called by name (`len(xs)`): a call to one has CallKind::list_builtin
// and its slot is the ListBuiltin (builtins.hpp).

// E0522: a list of `count` elements would be longer than max_list_length.
[[noreturn]] void list_too_long(const Expr& at, double count);

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
