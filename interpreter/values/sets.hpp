// Sets in the language (docs/language.md, "Sets"): `{"a", "b"}` of type `{text}`. Their
// elements are keys (key_index.hpp: one rule for sameness), kept in the order first made.
// The checking is check_sets.cpp, the evaluation evaluate_sets.cpp; these are the
// operations on set values, which know no evaluator.
#pragma once

#include <cstddef>
#include <vector>

#include "interpreter/values/value.hpp"

namespace reckon {

// Builds a set one candidate at a time, keeping the first of each element. Quantities
// take `dim` when given: a plain number beside counted elements takes their count
// (`{1 token, 2}` is a {token}), as a list's elements do.
class SetBuilder {
 public:
  explicit SetBuilder(const Dimension* dim = nullptr) : dim_(dim) {}
  void reserve(std::size_t count);
  // Whether `v` was new (and so is now an element).
  bool add(Value v);
  std::size_t size() const { return elements_.size(); }
  // The set; the builder is empty after. The result holds one reference.
  SetValue* finish();

 private:
  std::vector<Value> elements_;
  KeyIndex index_;
  const Dimension* dim_;
};

// `a | b`: a's elements, then b's not in a. `a & b`: a's elements in b. `a - b`: a's
// elements not in b. Each result holds one reference; its quantities take `dim` when given
// (SetBuilder).
SetValue* set_union(const SetValue& a, const SetValue& b, const Dimension* dim);
SetValue* set_intersection(const SetValue& a, const SetValue& b, const Dimension* dim);
SetValue* set_difference(const SetValue& a, const SetValue& b, const Dimension* dim);
// `a == b`: the same elements, in any order.
bool same_elements(const SetValue& a, const SetValue& b);

// The bytes a set of `count` elements is counted as (Evaluator::count_built): a Value and
// two index slots each.
inline std::size_t set_bytes(std::size_t count) { return count * (sizeof(Value) + 16); }

}  // namespace reckon
