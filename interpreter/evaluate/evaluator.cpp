#include "interpreter/evaluate/evaluator.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <stdexcept>

#include "interpreter/compiled/code.hpp"
#include "interpreter/display/format.hpp"
#include "interpreter/model/builtins.hpp"
#include "interpreter/model/program.hpp"
#include "interpreter/model/written_unit.hpp"
#include "interpreter/sized_thread.hpp"
#include "syntax/diagnostics.hpp"

namespace reckon {

Evaluator::Evaluator(const Program& program, int digits, bool compiled)
    : program_(program), digits_(digits), compiled_(compiled), stack_budget_(stack_budget()) {
  char here = 0;
  stack_base_ = reinterpret_cast<std::uintptr_t>(&here);
}

// --- thunks -------------------------------------------------------------------------

void Evaluator::cannot_enter(const Thunk& thunk, std::string_view name, const MethodCall* call,
                             SourceRange used_at) {
  if (thunk.state == ThunkState::failed) std::rethrow_exception(thunk.error());
  if (thunk.state == ThunkState::evaluating)
    cycle(thunk, Active{&thunk, name, call, used_at}, used_at);
  too_deep(used_at);
}

void Evaluator::fail(Thunk& thunk) {
  thunk.clear();  // a value settled before its check failed (compute)
  thunk.fail(std::current_exception());
  --depth_;
}

// Evaluates `body` into the pending thunk `t` (see enter), which is then done or, when
// the evaluation throws, failed for good: asked again, it raises the same error.
void Evaluator::compute(Thunk& t, const Expr& body, const Frame& frame, const Type& declared,
                        SourceRange at, const char* what, const std::string& name) {
  if (const Code* code = code_of(body))
    return force_code(t, *code, frame.self, frame.arguments, declared, at, what, name);
  try {
    if (body.kind == ExprKind::number) {  // a literal binding: the tree walk's value, at once
      guard(body);
      const double x = body.number * body.unit_scale;
      require_whole(x, declared, at, what, name);
      t.settle_plain(x, ValueKind::quantity, body.type.dim);
    } else {
      // Settled before its check (made in place, not moved): fail() ends it.
      require_whole(t.settle_with([&] { return evaluate(body, frame); }), declared, at, what, name);
    }
  } catch (...) {
    fail(t);
    throw;
  }
  --depth_;
}

void Evaluator::too_deep(SourceRange used_at) const {
  throw UserError(used_at, "E0505",
                  fmt::format("evaluation nests deeper than {} properties (the limit); "
                              "is a method calling itself, or are scenarios making each other, "
                              "without end?",
                              max_depth));
}

// A frame's name as a trace shows it: `name`, or `name(arg, ...)` for a method call.
// Built only for an error, never on the way in.
std::string Evaluator::label(const Active& a) const {
  std::string out(a.name);
  if (!a.call) return out;
  out += "(";
  for (std::size_t i = 0; i < a.call->arguments.size(); ++i)
    out += (i ? ", " : "") + show(a.call->arguments[i], std::nullopt);
  return out + ")";
}

void Evaluator::cycle(const Thunk& thunk, const Active& again, SourceRange used_at) {
  std::size_t start = 0;
  while (start < depth_ && stack_[start].active.thunk != &thunk) ++start;
  std::string path;
  std::vector<Note> notes;
  for (std::size_t i = start; i < depth_; ++i) {
    path += label(stack_[i].active) + " -> ";
    std::string next = label(i + 1 < depth_ ? stack_[i + 1].active : again);
    SourceRange at = i + 1 < depth_ ? stack_[i + 1].active.used_at : used_at;
    notes.push_back({at, "`" + label(stack_[i].active) + "` uses `" + next + "` here"});
  }
  path += label(again);
  throw UserError(Diagnostic{used_at, "dependency cycle: " + path, std::move(notes), "E0504"});
}

Value Evaluator::make_instance(const CaseDecl& c) {
  return Value::adopt(Instance::make(c.name, *c.scenario, c.bindings));
}

Instance& Evaluator::instance_of(const CaseDecl& c) {
  if (c.memo_slot >= program_.case_count)
    throw std::logic_error("case `" + c.name + "` was not numbered by the checker");
  if (cases_.empty()) cases_.resize(program_.case_count);
  Value& slot = cases_[c.memo_slot];
  if (slot.kind != ValueKind::instance) slot = make_instance(c);
  return *slot.instance();
}

Value Evaluator::new_instance(const CaseDecl& c) { return make_instance(c); }

const Value& Evaluator::force_input(Instance& self, std::size_t index, SourceRange used_at) {
  Thunk& t = self.inputs[index];
  const Input& in = self.scenario->inputs[index];
  enter(t, in.name, nullptr, used_at);
  if (const Expr* e = self.input_exprs[index]) {
    compute(t, *e, Frame{self.input_in_instance(index) ? &self : nullptr, nullptr}, in.resolved,
            e->range, "input ", in.name);
  } else {  // not given, and optional: none
    t.settle_none();
    --depth_;
  }
  return t.value();
}

void Evaluator::bind_input(Instance& self, std::size_t index, const Expr& e) {
  if (index >= self.inputs.size()) throw std::out_of_range("bind_input: no such input");
  self.input_exprs[index] = &e;
  self.inputs[index].clear();
}

void Evaluator::bind_input_value(Instance& self, std::size_t index, Value v, SourceRange at) {
  const Input& in = self.scenario->inputs.at(index);
  require_whole(v, in.resolved, at, "input ", in.name);
  self.input_exprs[index] = nullptr;
  Thunk& t = self.inputs[index];
  t.clear();
  t.settle(std::move(v));
}

const Value& Evaluator::force_property(Instance& self, std::size_t index, SourceRange used_at) {
  Thunk& t = self.properties[index];
  const Property& prop = self.scenario->properties[index];
  // A method is called with its arguments (method()); its own thunk is never entered,
  // which Instance::plain_properties relies on. The checker refuses a method named
  // without them (E0315): only a caller of this API can ask.
  if (prop.is_method) [[unlikely]]
    throw std::logic_error("`" + prop.name + "` is a method: it has no value without arguments");
  enter(t, prop.name, nullptr, used_at);
  compute(t, *prop.body, Frame{&self, nullptr}, prop.resolved, prop.range, "", prop.name);
  return t.value();
}

const Value& Evaluator::method(Instance& self, std::size_t index, std::span<const Value> arguments,
                               SourceRange used_at) {
  const Property& prop = self.scenario->properties[index];
  MethodCall& call = self.methods.find_or_add(static_cast<std::uint32_t>(index), arguments);
  Thunk& t = call.result;
  if (t.state == ThunkState::done) return t.value();
  enter(t, prop.name, &call, used_at);
  compute(t, *prop.body, Frame{&self, call.arguments.data()}, prop.resolved, prop.range, "",
          prop.name);
  return t.value();
}

const Value& Evaluator::force_let(const LetDecl& d, SourceRange used_at) {
  if (d.memo_slot >= program_.let_count)
    throw std::logic_error("let `" + d.name + "` was not numbered by the checker");
  ConstantLets* shared = d.constant ? program_.constant_lets.get() : nullptr;
  if (shared)
    if (const Value* v = shared->find(d.memo_slot)) return *v;
  if (!lets_) lets_ = ThunkArray(program_.let_count);
  Thunk& t = lets_[d.memo_slot];
  if (t.state == ThunkState::done) return t.value();
  enter(t, d.name, nullptr, used_at);
  compute(t, *d.value, Frame{}, d.resolved, d.value->range, "", d.name);
  if (shared) shared->publish(d.memo_slot, t.value());
  return t.value();
}

void Evaluator::not_finite(const Expr& at, double v) const {
  if (std::isnan(v)) throw UserError(at.range, "E0502", "the result is not a number (NaN)");
  throw UserError(at.range, "E0502", "arithmetic overflow: the result is infinite");
}

void Evaluator::not_whole(double x, SourceRange at, std::string_view what,
                          std::string_view name) const {
  throw UserError(at, "E0503",
                  fmt::format("{}`{}` must be a whole number, but its value is {}", what, name, x));
}

// --- checks and display --------------------------------------------------------------

CheckOutcome Evaluator::run_check(const CheckDecl& check) {
  // Each check is new work with a budget of its own (E0506, E0514): a file's checks are
  // independent assertions, so the 3,000th small check must not fail for the work of
  // the 2,999 before it. What they share through memoized properties is done once.
  restart_step_budget();
  const Expr& c = *check.condition;
  CheckOutcome out;
  bool comparison =
      c.kind == ExprKind::binary && (c.op == Op::eq || c.op == Op::ne || c.op == Op::lt ||
                                     c.op == Op::le || c.op == Op::gt || c.op == Op::ge);
  if (!comparison) {
    out.passed = evaluate(c, Frame{}).truthy();
    return out;
  }
  const Expr& l = *c.operands[0];
  const Expr& r = *c.operands[1];
  Value a = evaluate(l, Frame{});
  Value b = evaluate(r, Frame{});
  // Show both sides in the unit of the expected (right) side when it has one.
  std::optional<DisplayUnit> unit = declared_unit(r);
  if (!unit) unit = declared_unit(l);
  out.left = show(a, unit);
  out.right = show(b, unit);
  if (check.tolerance && c.op == Op::eq) {
    Value tol = evaluate(*check.tolerance, Frame{});
    double diff = std::fabs(a.number - b.number);
    bool relative = check.tolerance->type.dim.is_dimensionless();
    out.passed = relative ? diff <= tol.number * std::fabs(b.number) : diff <= tol.number;
    return out;
  }
  out.passed = value_of(c, Frame{}).truthy();
  return out;
}

// Every command shows an expression's value through here: eval, explain, the REPL,
// checks, doc pages and exercises.
std::optional<DisplayUnit> Evaluator::declared_unit(const Expr& e, const ScenarioDecl* scope) {
  return shown_unit(e, scope);
}

std::string Evaluator::show(const Value& v, const std::optional<DisplayUnit>& unit) const {
  DisplayOptions options;
  options.digits = digits_;
  options.list_elements = list_elements_;
  const std::optional<DisplayUnit> shown = fitting_display_unit(v, unit, digits_);
  return format_value(v, options, shown ? &*shown : nullptr);
}

// A unit whose scale would make the shown number infinite (1e300 s in ps) gives way to
// a readable one: nothing is ever shown as `inf`.
std::optional<DisplayUnit> Evaluator::fitting_unit(const Value& v,
                                                   const std::optional<DisplayUnit>& unit) {
  return fitting_display_unit(v, unit);
}

}  // namespace reckon
