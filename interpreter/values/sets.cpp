#include "interpreter/values/sets.hpp"

#include <utility>

namespace reckon {

void SetBuilder::reserve(std::size_t count) {
  elements_.reserve(count);
  index_.reserve(count);
}

bool SetBuilder::add(Value v) {
  if (dim_ && v.kind == ValueKind::quantity) v.dim = *dim_;
  elements_.push_back(std::move(v));
  if (index_.add(elements_, elements_.size() - 1) == elements_.size() - 1) return true;
  elements_.pop_back();
  return false;
}

SetValue* SetBuilder::finish() {
  SetValue* s = SetValue::make(std::move(elements_), std::move(index_));
  elements_ = {};
  index_ = {};
  return s;
}

SetValue* set_union(const SetValue& a, const SetValue& b, const Dimension* dim) {
  SetBuilder out(dim);
  out.reserve(a.size() + b.size());
  for (const Value& x : a.items()) out.add(x);
  for (const Value& x : b.items()) out.add(x);
  return out.finish();
}

SetValue* set_intersection(const SetValue& a, const SetValue& b, const Dimension* dim) {
  SetBuilder out(dim);
  // Probe the larger with the smaller's elements, but keep a's order.
  if (a.size() <= b.size()) {
    for (const Value& x : a.items())
      if (b.contains(x)) out.add(x);
  } else {
    std::vector<bool> kept(a.size(), false);
    const auto items = a.items();
    for (const Value& y : b.items())
      if (const std::size_t i = a.position(y); i != KeyIndex::npos) kept[i] = true;
    for (std::size_t i = 0; i < items.size(); ++i)
      if (kept[i]) out.add(items[i]);
  }
  return out.finish();
}

SetValue* set_difference(const SetValue& a, const SetValue& b, const Dimension* dim) {
  SetBuilder out(dim);
  for (const Value& x : a.items())
    if (!b.contains(x)) out.add(x);
  return out.finish();
}

bool same_elements(const SetValue& a, const SetValue& b) {
  if (&a == &b) return true;
  if (a.size() != b.size()) return false;
  for (const Value& x : a.items())
    if (!b.contains(x)) return false;
  return true;
}

}  // namespace reckon
