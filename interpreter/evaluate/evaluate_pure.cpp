// A body evaluated once per element (Evaluator::PerElement): a lambda's body in `scan`,
// `fold`, `sort(by:)`, ..., a comprehension's body that makes a record. When the body
// is pure code, or a record whose fields are, it runs by run_pure (run_code.cpp) rather
// than through evaluate(): for each element exactly what evaluate() does, in the same
// order (the record's node counted as a step and the stack checked as guard() does,
// then each field's code as run() and execute() start it, the fields checked whole as
// Evaluator::record checks them), so the Value, the steps (E0506) and every located
// error are the tree walk's; only the set-up per element is gone.
#include <algorithm>
#include <array>

#include "interpreter/evaluate/evaluator.hpp"
#include "interpreter/values/value_bytes.hpp"

namespace reckon {

bool Evaluator::runs_pure(const Code& code, const Instance* self) const {
  if (code.pure) return true;
  if (!code.pure_when_settled || !self) return false;
  // Nothing left to force: every input and property the code reads is done. (Done
  // stays done, so a plan made once holds for the elements after.)
  return std::all_of(code.ops.begin(), code.ops.end(), [self](const Instruction& op) {
    if (op.code == OpCode::input) return self->inputs[op.index].state == ThunkState::done;
    if (op.code == OpCode::property) return self->properties[op.index].state == ThunkState::done;
    return true;
  });
}

// Plans the body, or leaves it unplanned until what its codes read is done (the first
// element, run by evaluate(), forces it).
void Evaluator::PerElement::plan(const Frame& frame) {
  plan_ = Plan::tree;
  if (const Code* code = ev_.code_of(body_)) {
    if (code->pure_when_settled) {
      if (!ev_.runs_pure(*code, frame.self)) {
        plan_ = Plan::unplanned;
        return;
      }
      code_ = code;
      plan_ = Plan::code;
    }
    return;
  }
  if (body_.kind != ExprKind::call || body_.call != CallKind::record) return;
  const auto& r = body_.target_as<RecordDecl>();
  fields_.clear();
  bool settled = true;
  for (std::size_t i = 0; i < body_.binding.size(); ++i) {
    const int k = body_.binding[i];
    const Expr* field = k >= 0 ? body_.arguments[static_cast<std::size_t>(k)].value.get()
                               : r.fields[i].default_value.get();
    Field f;
    f.is_default = k < 0;
    if (field) {
      f.code = ev_.code_of(*field);
      // A default runs at file scope (no instance); an argument in the element's frame.
      if (!f.code || !f.code->pure_when_settled || (f.is_default && !f.code->pure)) return;
      settled = settled && ev_.runs_pure(*f.code, frame.self);
    }
    fields_.push_back(f);
  }
  plan_ = settled ? Plan::record : Plan::unplanned;
}

// Evaluator::record's work, each field by run_pure.
Value Evaluator::PerElement::make_record(const Frame& frame, Value* recycle) {
  ev_.guard(body_);
  const auto* r = &body_.target_as<RecordDecl>();
  if (recycle && fields_.size() <= max_recycled_fields)
    if (const RecordValue* old = recycle->record();
        old && old->type == r && old->references.load(std::memory_order_acquire) == 1) {
      remake(*old, frame);
      return *recycle;
    }
  ev_.count_built(record_bytes(fields_.size()), body_, "record");
  RecordValue* made = RecordValue::make(r, fields_.size());
  made->spellings = body_.field_spellings;
  Value v = Value::adopt(made);
  std::span<Value> values = v.record()->fields;
  for (std::size_t i = 0; i < fields_.size(); ++i)
    if (const Code* code = fields_[i].code)
      values[i] = ev_.pure_value(*code, fields_[i].is_default ? Frame{} : frame);
  for (std::size_t i = 0; i < values.size(); ++i)
    ev_.require_whole_at(values[i], r->fields[i].resolved, body_, i, "field ", r->fields[i].name);
  return v;
}

// The same fields, computed (and checked) before any is written: the body reads the
// record it replaces (a scan's `previous`), which only the caller's local refers to.
void Evaluator::PerElement::remake(const RecordValue& old, const Frame& frame) {
  const RecordDecl& r = *old.type;
  std::array<double, max_recycled_fields> numbers{};
  for (std::size_t i = 0; i < fields_.size(); ++i)
    if (const Code* code = fields_[i].code)
      numbers[i] = ev_.pure_number(*code, fields_[i].is_default ? Frame{} : frame);
  for (std::size_t i = 0; i < fields_.size(); ++i)
    if (const Code* code = fields_[i].code; code && code->result_kind == ValueKind::quantity)
      ev_.require_whole_at(numbers[i], r.fields[i].resolved, body_, i, "field ", r.fields[i].name);
  for (std::size_t i = 0; i < fields_.size(); ++i) {
    Value& field = old.fields[i];
    if (const Code* code = fields_[i].code)
      field.set_plain(numbers[i], code->result_kind, code->result_dim);
    else if (!field.is_none())
      field = Value{};
  }
}

}  // namespace reckon
