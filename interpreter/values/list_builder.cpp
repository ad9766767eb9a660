// ListBuilder, and the elements of a list of rows (ListValue::make_rows).
#include "interpreter/values/list_builder.hpp"

#include <utility>

namespace reckon {

ListValue* ListValue::make_rows(const RecordDecl* type, std::vector<Value> shapes,
                                std::vector<double> numbers, std::size_t rows,
                                std::uint32_t spellings) {
  auto* l = new ListValue;
  l->row_type_ = type;
  l->row_spellings_ = spellings;
  l->shapes_ = std::move(shapes);
  l->numbers_ = std::move(numbers);
  l->rows_ = rows;
  return l;
}

Value ListValue::row(std::size_t i) const {
  const std::size_t k = shapes_.size();
  RecordValue* made = RecordValue::make(row_type_, k);
  made->spellings = row_spellings_;
  Value v = Value::adopt(made);
  std::span<Value> fields = v.record()->fields;
  for (std::size_t f = 0; f < k; ++f) fields[f] = shapes_[f].with_number(numbers_[i * k + f]);
  return v;
}

void ListValue::make_items() const {
  std::call_once(made_items_, [this] {
    items_.reserve(size());
    if (packed_)
      for (const double x : numbers_) items_.push_back(Value::quantity(x, dim_));
    else
      for (std::size_t i = 0; i < rows_; ++i) items_.push_back(row(i));
  });
}

void ListValue::load(std::size_t i, Value& slot) const {
  const RecordValue* r = slot.record();
  // Only this slot refers to the record (a copy anywhere else, a memo's included, holds
  // a reference), so writing its fields is seen by no one else.
  if (row_type_ && r && r->type == row_type_ && r->spellings == row_spellings_ &&
      r->references.load(std::memory_order_acquire) == 1) {
    const std::size_t k = shapes_.size();
    const double* numbers = numbers_.data() + i * k;
    for (std::size_t f = 0; f < k; ++f) {
      Value& field = r->fields[f];
      if (field.same_shape(shapes_[f]))
        field.number = numbers[f];
      else
        field = shapes_[f].with_number(numbers[f]);
    }
    return;
  }
  slot = at(i);
}

void ListBuilder::start_rows(const RecordValue& r) {
  for (const Value& field : r.fields)
    if (field.holds_shared()) return;
  layout_ = Layout::rows;
  type_ = r.type;
  spellings_ = r.spellings;
  shapes_.assign(r.fields.begin(), r.fields.end());
  numbers_.reserve(expected_ * shapes_.size());
}

void ListBuilder::push_slow(const Value& v) {
  if (layout_ == Layout::undecided) {
    layout_ = Layout::values;
    if (const RecordValue* r = v.record()) start_rows(*r);
    if (layout_ == Layout::values) items_.reserve(expected_);
  }
  if (layout_ == Layout::rows) {
    if (const RecordValue* r = v.record(); r && fits(*r)) {
      for (const Value& field : r->fields) numbers_.push_back(field.number);
      ++rows_;
      return;
    }
    spill();
  }
  items_.push_back(v);
}

void ListBuilder::spill() {
  ListValue* rows =
      ListValue::make_rows(type_, std::move(shapes_), std::move(numbers_), rows_, spellings_);
  items_ = rows->items();
  release(rows);
  layout_ = Layout::values;
  rows_ = 0;
}

std::size_t ListBuilder::bytes() const {
  return layout_ == Layout::rows ? numbers_.size() * sizeof(double) : items_.size() * sizeof(Value);
}

ListValue* ListBuilder::make() {
  ListValue* made =
      layout_ == Layout::rows
          ? ListValue::make_rows(type_, std::move(shapes_), std::move(numbers_), rows_, spellings_)
          : ListValue::make(std::move(items_));
  *this = ListBuilder{};
  return made;
}

}  // namespace reckon
