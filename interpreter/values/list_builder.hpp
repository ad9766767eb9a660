// Building a list element by element (a `scan`'s states, a comprehension's records):
// records whose fields hold no shared object are kept as rows (ListValue::make_rows),
// so 100,000 two-field records take 1.6 MB and no allocation each; anything else, or an
// element that does not fit the rows kept so far, makes an ordinary list of Values.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "interpreter/values/value.hpp"

namespace reckon {

class ListBuilder {
 public:
  // Room for `n` elements, taken when the first one shows which layout is used.
  void reserve(std::size_t n) { expected_ = n; }
  void push_back(const Value& v) {
    if (layout_ == Layout::rows)  // the usual case after the first: inline
      if (const RecordValue* r = v.record(); r && fits(*r)) {
        for (const Value& field : r->fields) numbers_.push_back(field.number);
        ++rows_;
        return;
      }
    push_slow(v);
  }
  std::size_t size() const { return layout_ == Layout::rows ? rows_ : items_.size(); }
  // The bytes the elements take (what Evaluator::count_built counts).
  std::size_t bytes() const;
  // The list made; the builder is left empty.
  ListValue* make();

 private:
  enum class Layout { undecided, rows, values };
  bool fits(const RecordValue& r) const {
    if (r.type != type_ || r.spellings != spellings_) return false;
    for (std::size_t f = 0; f < shapes_.size(); ++f)
      if (!r.fields[f].same_shape(shapes_[f])) return false;
    return true;
  }
  void push_slow(const Value& v);
  void start_rows(const RecordValue& r);
  void spill();  // the rows so far become Values: an element did not fit them

  Layout layout_ = Layout::undecided;
  std::size_t expected_ = 0;
  const RecordDecl* type_ = nullptr;
  std::uint32_t spellings_ = 0;  // the rows' RecordValue::spellings
  std::vector<Value> shapes_;
  std::vector<double> numbers_;
  std::size_t rows_ = 0;
  std::vector<Value> items_;
};

}  // namespace reckon
