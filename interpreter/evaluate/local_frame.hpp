// Binding locals at run time: the frame a comprehension's or a lambda's body is
// evaluated in, the locals around it followed by its own.
#pragma once

#include <boost/container/small_vector.hpp>
#include <cstddef>

#include "interpreter/evaluate/evaluator.hpp"

namespace reckon {

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
