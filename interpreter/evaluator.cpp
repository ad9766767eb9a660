#include "interpreter/evaluator.hpp"

#include <fmt/format.h>
#include <sys/resource.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <stdexcept>

#include "interpreter/checker.hpp"
#include "interpreter/diagnostics.hpp"
#include "interpreter/format.hpp"

namespace reckon {

namespace {

// Quantities compare equal within this relative difference: unit scales such as
// 1e9 or 2^30 are not exact in binary, so `328.565 GB == 328565 MB` would otherwise
// depend on rounding.
constexpr double equality_tolerance = 1e-12;

// Sweeps evaluate points with one evaluator per thread; the natives they share count
// their calls atomically.
void count_call(const NativeFunction& f) {
  std::atomic_ref<std::uint64_t>(f.calls).fetch_add(1, std::memory_order_relaxed);
}

bool close(double a, double b, double relative) {
  return std::fabs(a - b) <= relative * std::max(std::fabs(a), std::fabs(b));
}

}  // namespace

std::uintptr_t Evaluator::stack_budget() {
  static const std::uintptr_t budget = [] {
    rlimit limit{};
    if (getrlimit(RLIMIT_STACK, &limit) != 0 || limit.rlim_cur == RLIM_INFINITY)
      return max_stack_bytes;
    auto bytes = static_cast<std::uintptr_t>(limit.rlim_cur);
    constexpr std::uintptr_t margin = 1u << 20;
    if (bytes <= 2 * margin) return bytes / 2;
    return std::min(max_stack_bytes, bytes - margin);
  }();
  return budget;
}

Evaluator::Evaluator(const Program& program, int digits)
    : digits_(digits), stack_budget_(stack_budget()) {
  (void)program;  // the program outlives the evaluator; kept in the signature for callers
  char here = 0;
  stack_base_ = reinterpret_cast<std::uintptr_t>(&here);
}

// --- thunks -------------------------------------------------------------------------

template <typename Compute>
const Value& Evaluator::force(Thunk& thunk, std::string_view name,
                              const std::vector<Value>* arguments, SourceRange used_at,
                              Compute compute) {
  switch (thunk.state) {
    case ThunkState::done:
      return thunk.value;
    case ThunkState::failed:
      std::rethrow_exception(thunk.error);
    case ThunkState::evaluating:
      cycle(thunk, Active{&thunk, name, arguments, used_at}, used_at);
    case ThunkState::pending:
      break;
  }
  if (stack_.size() >= max_depth)
    throw UserError(used_at, "E0505",
                    fmt::format("evaluation nests deeper than {} properties (the limit); "
                                "is a method calling itself without end?",
                                max_depth));
  thunk.state = ThunkState::evaluating;
  stack_.push_back({&thunk, name, arguments, used_at});
  try {
    thunk.value = compute();
    thunk.state = ThunkState::done;
  } catch (...) {
    thunk.state = ThunkState::failed;
    thunk.error = std::current_exception();
    stack_.pop_back();
    throw;
  }
  stack_.pop_back();
  return thunk.value;
}

// A frame's name as a trace shows it: `name`, or `name(arg, ...)` for a method call.
// Built only for an error, never on the way in.
std::string Evaluator::label(const Active& a) const {
  std::string out(a.name);
  if (!a.arguments) return out;
  out += "(";
  for (std::size_t i = 0; i < a.arguments->size(); ++i)
    out += (i ? ", " : "") + show((*a.arguments)[i], std::nullopt);
  return out + ")";
}

void Evaluator::cycle(const Thunk& thunk, const Active& again, SourceRange used_at) {
  std::size_t start = 0;
  while (start < stack_.size() && stack_[start].thunk != &thunk) ++start;
  std::string path;
  std::vector<Note> notes;
  for (std::size_t i = start; i < stack_.size(); ++i) {
    path += label(stack_[i]) + " -> ";
    std::string next = label(i + 1 < stack_.size() ? stack_[i + 1] : again);
    SourceRange at = i + 1 < stack_.size() ? stack_[i + 1].used_at : used_at;
    notes.push_back({at, "`" + label(stack_[i]) + "` uses `" + next + "` here"});
  }
  path += label(again);
  throw UserError(Diagnostic{used_at, "dependency cycle: " + path, std::move(notes), "E0504"});
}

std::shared_ptr<Instance> Evaluator::instance_of(const CaseDecl& c) {
  auto& slot = cases_[&c];
  if (slot) return slot;
  auto inst = std::make_shared<Instance>();
  inst->name = c.name;
  inst->scenario = c.scenario;
  const ScenarioDecl& s = *c.scenario;
  for (std::size_t i = 0; i < s.inputs.size(); ++i) {
    const Expr* e = c.bindings[i];
    inst->input_exprs.push_back(e);
    inst->input_in_instance.push_back(e && e == s.inputs[i].default_value.get());
  }
  inst->inputs.resize(s.inputs.size());
  inst->properties.resize(s.properties.size());
  inst->methods.resize(s.properties.size());
  slot = inst;
  return inst;
}

Value Evaluator::input(Instance& self, std::size_t index, SourceRange used_at) {
  const Input& in = self.scenario->inputs[index];
  return force(self.inputs[index], in.name, nullptr, used_at, [&] {
    const Expr* e = self.input_exprs[index];
    if (!e) return Value{};
    Frame frame{self.input_in_instance[index] ? &self : nullptr, nullptr};
    Value v = evaluate(*e, frame);
    require_whole(v, in.resolved, e->range, "input ", in.name);
    return v;
  });
}

void Evaluator::bind_input(Instance& self, std::size_t index, const Expr& e) {
  self.input_exprs.at(index) = &e;
  self.input_in_instance.at(index) = false;
  self.inputs.at(index) = Thunk{};
}

void Evaluator::bind_input_value(Instance& self, std::size_t index, Value v, SourceRange at) {
  const Input& in = self.scenario->inputs.at(index);
  require_whole(v, in.resolved, at, "input ", in.name);
  self.input_exprs.at(index) = nullptr;
  self.input_in_instance.at(index) = false;
  self.inputs.at(index) = Thunk{ThunkState::done, std::move(v), nullptr};
}

Value Evaluator::property(Instance& self, std::size_t index, SourceRange used_at) {
  const Property& prop = self.scenario->properties[index];
  return force(self.properties[index], prop.name, nullptr, used_at, [&] {
    Value v = evaluate(*prop.body, Frame{&self, nullptr});
    require_whole(v, prop.resolved, prop.range, "", prop.name);
    return v;
  });
}

Value Evaluator::method(Instance& self, std::size_t index, std::vector<Value> arguments,
                        SourceRange used_at) {
  const Property& prop = self.scenario->properties[index];
  MethodMemo& memo = self.methods[index];
  MethodCall*& call = memo.calls[arguments];
  if (!call) {
    call = &method_calls_.emplace_back();
    call->arguments = std::move(arguments);
  }
  const std::vector<Value>& args = call->arguments;
  return force(call->result, prop.name, &args, used_at, [&] {
    Value v = evaluate(*prop.body, Frame{&self, &args});
    require_whole(v, prop.resolved, prop.range, "", prop.name);
    return v;
  });
}

std::size_t ArgumentsHash::operator()(const std::vector<Value>& args) const {
  std::size_t h = args.size();
  auto mix = [&](std::size_t x) { h ^= x + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2); };
  for (const Value& v : args) {
    mix(static_cast<std::size_t>(v.kind));
    mix(std::hash<double>{}(v.number));
    if (v.text) mix(std::hash<std::string>{}(*v.text));
    mix(std::hash<const void*>{}(v.record.get()));
    mix(std::hash<const void*>{}(v.instance.get()));
  }
  return h;
}

bool ArgumentsEqual::operator()(const std::vector<Value>& a, const std::vector<Value>& b) const {
  return std::equal(a.begin(), a.end(), b.begin(), b.end(), [](const Value& x, const Value& y) {
    return x.kind == y.kind && x.number == y.number && x.dim == y.dim &&
           x.enumeration == y.enumeration && x.record == y.record && x.instance == y.instance &&
           (x.text == y.text || (x.text && y.text && *x.text == *y.text));
  });
}

// --- checks on values ---------------------------------------------------------------

Value Evaluator::checked(const Expr& at, double v, const Dimension& d) const {
  if (std::isnan(v)) throw UserError(at.range, "E0502", "the result is not a number (NaN)");
  if (std::isinf(v))
    throw UserError(at.range, "E0502", "arithmetic overflow: the result is infinite");
  return Value::quantity(v, d);
}

void Evaluator::require_whole(const Value& v, const Type& declared, SourceRange at,
                              std::string_view what, std::string_view name) const {
  if (!declared.integer || v.kind != ValueKind::quantity || v.number == std::trunc(v.number))
    return;
  throw UserError(
      at, "E0503",
      fmt::format("{}`{}` must be a whole number, but its value is {}", what, name, v.number));
}

bool Evaluator::equal(const Value& a, const Value& b) const {
  if (a.kind != b.kind) return false;
  switch (a.kind) {
    case ValueKind::none:
      return true;
    case ValueKind::quantity:
      return close(a.number, b.number, equality_tolerance);
    case ValueKind::boolean:
      return a.number == b.number;
    case ValueKind::enumeration:
      return a.enumeration == b.enumeration && a.number == b.number;
    case ValueKind::text:
      return *a.text == *b.text;
    case ValueKind::record: {
      if (a.record == b.record) return true;
      const auto& x = a.record->fields;
      const auto& y = b.record->fields;
      return std::equal(x.begin(), x.end(), y.begin(), y.end(),
                        [&](const Value& p, const Value& q) { return equal(p, q); });
    }
    case ValueKind::instance:
      return a.instance == b.instance;
  }
  return false;
}

// --- expressions --------------------------------------------------------------------

Value Evaluator::evaluate(const Expr& e, const Frame& frame) {
  char probe = 0;
  auto here = reinterpret_cast<std::uintptr_t>(&probe);
  if (++steps_ > max_steps)
    throw UserError(e.range, "E0506",
                    fmt::format("evaluation takes more than {} steps (the limit); is a "
                                "method recursing over many argument values?",
                                max_steps));
  if (stack_base_ > here && stack_base_ - here > stack_budget_)
    throw UserError(e.range, "E0507",
                    fmt::format("evaluation is nested too deeply (its stack exceeds {} KiB)",
                                stack_budget_ >> 10));
  switch (e.kind) {
    case ExprKind::number:
      return Value::quantity(e.number * e.unit_scale, e.type.dim);
    case ExprKind::text:
      return Value::string(e.text);
    case ExprKind::boolean:
      return Value::boolean(e.number != 0);
    case ExprKind::none:
      if (e.ref == RefKind::enum_member)
        return Value::member(static_cast<const EnumDecl*>(e.target), e.slot);
      return Value{};
    case ExprKind::name:
      switch (e.ref) {
        case RefKind::let: {
          const auto* d = static_cast<const LetDecl*>(e.target);
          return force(lets_[d], d->name, nullptr, e.range, [&] {
            Value v = evaluate(*d->value, Frame{});
            require_whole(v, d->resolved, d->value->range, "", d->name);
            return v;
          });
        }
        case RefKind::constant: {
          const NativeFunction* f = static_cast<const NativeDecl*>(e.target)->implementation;
          count_call(*f);
          return f->call({});
        }
        case RefKind::instance: {
          Value v;
          v.kind = ValueKind::instance;
          v.instance = instance_of(*static_cast<const CaseDecl*>(e.target));
          return v;
        }
        case RefKind::input:
          return input(*frame.self, static_cast<std::size_t>(e.slot), e.range);
        case RefKind::property:
          return property(*frame.self, static_cast<std::size_t>(e.slot), e.range);
        case RefKind::parameter:
          return frame.arguments->at(static_cast<std::size_t>(e.slot));
        case RefKind::unit:
          return Value::quantity(e.unit_scale, e.type.dim);
        case RefKind::enum_member:
          return Value::member(static_cast<const EnumDecl*>(e.target), e.slot);
        case RefKind::unresolved:
          break;
      }
      throw std::logic_error("unresolved name `" + e.text + "`");
    case ExprKind::unary: {
      Value v = evaluate(*e.operands[0], frame);
      if (e.op == Op::logical_not) return Value::boolean(!v.truthy());
      return Value::quantity(-v.number, v.dim);
    }
    case ExprKind::binary:
      return binary(e, frame);
    case ExprKind::conditional:
      return evaluate(*e.operands[evaluate(*e.operands[0], frame).truthy() ? 1 : 2], frame);
    case ExprKind::convert: {
      Value v = evaluate(*e.operands[0], frame);
      v.dim = e.type.dim;
      return v;
    }
    case ExprKind::call:
      return call(e, frame);
    case ExprKind::member:
      return member(e, frame);
  }
  throw std::logic_error("unknown expression kind");
}

Value Evaluator::binary(const Expr& e, const Frame& frame) {
  const Expr& l = *e.operands[0];
  const Expr& r = *e.operands[1];
  switch (e.op) {
    case Op::logical_and:
      return Value::boolean(evaluate(l, frame).truthy() && evaluate(r, frame).truthy());
    case Op::logical_or:
      return Value::boolean(evaluate(l, frame).truthy() || evaluate(r, frame).truthy());
    case Op::coalesce: {
      Value a = evaluate(l, frame);
      if (!a.is_none()) {
        a.dim = e.type.kind == TypeKind::quantity ? e.type.dim : a.dim;
        return a;
      }
      Value b = evaluate(r, frame);
      if (b.kind == ValueKind::quantity) b.dim = e.type.dim;
      return b;
    }
    case Op::eq:
      return Value::boolean(equal(evaluate(l, frame), evaluate(r, frame)));
    case Op::ne:
      return Value::boolean(!equal(evaluate(l, frame), evaluate(r, frame)));
    default:
      break;
  }
  Value a = evaluate(l, frame);
  Value b = evaluate(r, frame);
  double x = a.number, y = b.number;
  const Dimension& d = e.type.dim;
  switch (e.op) {
    case Op::add:
      return checked(e, x + y, d);
    case Op::sub:
      return checked(e, x - y, d);
    case Op::mul:
      return checked(e, x * y, d);
    case Op::div:
      if (y == 0) throw UserError(r.range, "E0501", "division by zero");
      return checked(e, x / y, d);
    case Op::floordiv:
      if (y == 0) throw UserError(r.range, "E0501", "integer division by zero");
      return checked(e, std::floor(x / y), d);
    case Op::mod:
      if (y == 0) throw UserError(r.range, "E0501", "remainder of a division by zero");
      return checked(e, x - y * std::floor(x / y), d);
    case Op::pow:
      return checked(e, std::pow(x, y), d);
    case Op::lt:
      return Value::boolean(x < y);
    case Op::le:
      return Value::boolean(x <= y || close(x, y, equality_tolerance));
    case Op::gt:
      return Value::boolean(x > y);
    case Op::ge:
      return Value::boolean(x >= y || close(x, y, equality_tolerance));
    default:
      throw std::logic_error("unknown binary operator");
  }
}

template <typename Defaults>
std::vector<Value> Evaluator::arguments(const Expr& call, const Frame& frame, Defaults defaults,
                                        const Frame& defaults_frame) {
  std::vector<Value> values;
  values.reserve(call.binding.size());
  for (std::size_t i = 0; i < call.binding.size(); ++i) {
    int k = call.binding[i];
    if (k >= 0)
      values.push_back(evaluate(*call.arguments[static_cast<std::size_t>(k)].value, frame));
    else if (const Expr* d = defaults(i))
      values.push_back(evaluate(*d, defaults_frame));
    else
      values.emplace_back();  // an optional left out: none
  }
  return values;
}

Value Evaluator::call(const Expr& e, const Frame& frame) {
  auto argument_range = [&](std::size_t i, SourceRange fallback) {
    int k = e.binding[i];
    return k >= 0 ? e.arguments[static_cast<std::size_t>(k)].value->range : fallback;
  };
  switch (e.call) {
    case CallKind::method: {
      Instance* self = frame.self;
      std::shared_ptr<Instance> keep;
      if (e.callee->kind == ExprKind::member) {
        Value obj = evaluate(*e.callee->operands[0], frame);
        keep = obj.instance;
        self = keep.get();
      }
      const Property& prop = self->scenario->properties[static_cast<std::size_t>(e.slot)];
      auto defaults = [&](std::size_t i) { return prop.parameters[i].default_value.get(); };
      std::vector<Value> args = arguments(e, frame, defaults, Frame{self, nullptr});
      for (std::size_t i = 0; i < args.size(); ++i)
        require_whole(args[i], prop.parameters[i].resolved, argument_range(i, e.range), "argument ",
                      prop.parameters[i].name);
      return method(*self, static_cast<std::size_t>(e.slot), std::move(args), e.range);
    }
    case CallKind::native: {
      const auto* decl = static_cast<const NativeDecl*>(e.target);
      auto defaults = [&](std::size_t i) { return decl->parameters[i].default_value.get(); };
      std::vector<Value> args = arguments(e, frame, defaults, Frame{});
      for (std::size_t i = 0; i < args.size(); ++i)
        require_whole(args[i], decl->parameters[i].resolved, argument_range(i, e.range),
                      "argument ", decl->parameters[i].name);
      const NativeFunction& f = *decl->implementation;
      count_call(f);
      Value result;
      try {
        result = f.call(args);
      } catch (const std::domain_error& err) {
        throw UserError(e.range, "E0508", "`" + decl->name + "`: " + err.what());
      }
      if (result.kind == ValueKind::quantity) return checked(e, result.number, result.dim);
      return result;
    }
    case CallKind::record: {
      const auto* r = static_cast<const RecordDecl*>(e.target);
      auto defaults = [&](std::size_t i) { return r->fields[i].default_value.get(); };
      auto rec = std::make_shared<RecordValue>();
      rec->type = r;
      rec->fields = arguments(e, frame, defaults, Frame{});
      for (std::size_t i = 0; i < rec->fields.size(); ++i)
        require_whole(rec->fields[i], r->fields[i].resolved, argument_range(i, e.range), "field ",
                      r->fields[i].name);
      Value v;
      v.kind = ValueKind::record;
      v.record = std::move(rec);
      return v;
    }
    case CallKind::scenario: {
      // An unnamed instance: its arguments are evaluated now, in the caller's frame;
      // defaults are left to the instance, like a case's.
      const auto* s = static_cast<const ScenarioDecl*>(e.target);
      auto inst = std::make_shared<Instance>();
      inst->name = s->name;
      inst->scenario = s;
      inst->inputs.resize(s->inputs.size());
      inst->properties.resize(s->properties.size());
      inst->methods.resize(s->properties.size());
      for (std::size_t i = 0; i < s->inputs.size(); ++i) {
        int k = e.binding[i];
        inst->input_exprs.push_back(k >= 0 ? nullptr : s->inputs[i].default_value.get());
        inst->input_in_instance.push_back(true);
        if (k < 0) continue;
        Value v = evaluate(*e.arguments[static_cast<std::size_t>(k)].value, frame);
        require_whole(v, s->inputs[i].resolved, argument_range(i, e.range), "input ",
                      s->inputs[i].name);
        inst->inputs[i].state = ThunkState::done;
        inst->inputs[i].value = std::move(v);
      }
      Value v;
      v.kind = ValueKind::instance;
      v.instance = std::move(inst);
      return v;
    }
    case CallKind::builtin:
      return builtin(e, frame);
    case CallKind::unresolved:
      break;
  }
  throw std::logic_error("unresolved call");
}

Value Evaluator::builtin(const Expr& e, const Frame& frame) {
  std::vector<Value> args;
  for (const Argument& a : e.arguments) args.push_back(evaluate(*a.value, frame));
  double x = args.at(0).number;
  const Dimension& d = e.type.dim;
  auto domain = [&](bool ok, const char* what) {
    if (!ok)
      throw UserError(
          e.arguments[0].value->range, "E0508",
          fmt::format("`{}` {}, but the argument is {}", builtin_name(static_cast<Builtin>(e.slot)),
                      what, show(args[0], std::nullopt)));
  };
  switch (static_cast<Builtin>(e.slot)) {
    case Builtin::sqrt:
      domain(x >= 0, "needs a value that is not negative");
      return checked(e, std::sqrt(x), d);
    case Builtin::abs:
      return Value::quantity(std::fabs(x), d);
    case Builtin::round:
      return Value::quantity(std::round(x), d);
    case Builtin::floor:
      return Value::quantity(std::floor(x), d);
    case Builtin::ceil:
      return Value::quantity(std::ceil(x), d);
    case Builtin::min:
    case Builtin::max: {
      bool is_min = static_cast<Builtin>(e.slot) == Builtin::min;
      double best = x;
      for (const Value& v : args)
        best = is_min ? std::min(best, v.number) : std::max(best, v.number);
      return Value::quantity(best, d);
    }
    case Builtin::log2:
      domain(x > 0, "needs a positive value");
      return checked(e, std::log2(x), d);
    case Builtin::log10:
      domain(x > 0, "needs a positive value");
      return checked(e, std::log10(x), d);
    case Builtin::ln:
      domain(x > 0, "needs a positive value");
      return checked(e, std::log(x), d);
    case Builtin::exp:
      return checked(e, std::exp(x), d);
  }
  throw std::logic_error("unknown builtin");
}

Value Evaluator::member(const Expr& e, const Frame& frame) {
  if (e.ref == RefKind::enum_member)
    return Value::member(static_cast<const EnumDecl*>(e.target), e.slot);
  Value obj = evaluate(*e.operands[0], frame);
  auto index = static_cast<std::size_t>(e.slot);
  if (obj.kind == ValueKind::record) return obj.record->fields.at(index);
  std::shared_ptr<Instance> keep = obj.instance;
  if (e.ref == RefKind::input) return input(*keep, index, e.name_range);
  return property(*keep, index, e.name_range);
}

// --- checks and display --------------------------------------------------------------

CheckOutcome Evaluator::run_check(const CheckDecl& check) {
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
  if (!unit && r.kind == ExprKind::number && r.unit) unit = DisplayUnit{r.unit->text, r.unit_scale};
  out.left = show(a, unit);
  out.right = show(b, unit);
  if (check.tolerance && c.op == Op::eq) {
    Value tol = evaluate(*check.tolerance, Frame{});
    double diff = std::fabs(a.number - b.number);
    bool relative = check.tolerance->type.dim.is_dimensionless();
    out.passed = relative ? diff <= tol.number * std::fabs(b.number) : diff <= tol.number;
    return out;
  }
  Value result = binary(c, Frame{});
  out.passed = result.truthy();
  return out;
}

std::optional<DisplayUnit> Evaluator::declared_unit(const Expr& e, const ScenarioDecl* scope) {
  if (e.kind == ExprKind::convert) return DisplayUnit{e.unit->text, e.unit_scale};
  if (e.kind == ExprKind::name && e.ref == RefKind::let)
    return static_cast<const LetDecl*>(e.target)->display;
  const ScenarioDecl* s = e.kind == ExprKind::name ? scope : nullptr;
  if (e.kind == ExprKind::member && e.operands[0]->type.kind == TypeKind::instance)
    s = e.operands[0]->type.scenario;
  if (e.kind == ExprKind::call && e.call == CallKind::method)
    return static_cast<const ScenarioDecl*>(e.target)
        ->properties[static_cast<std::size_t>(e.slot)]
        .display;
  if (!s) return std::nullopt;
  auto index = static_cast<std::size_t>(e.slot);
  if (e.ref == RefKind::input) return s->inputs[index].display;
  if (e.ref == RefKind::property) return s->properties[index].display;
  return std::nullopt;
}

std::string Evaluator::show(const Value& v, const std::optional<DisplayUnit>& unit) const {
  DisplayOptions options;
  options.digits = digits_;
  return format_value(v, options, unit ? &*unit : nullptr);
}

}  // namespace reckon
