// Expressions: the Value path (value_of) and the number path (number_of). Both give the
// same numbers: number_of(e) is value_of(e).number for every expression, because the
// number path computes only what the Value path computes with `.number`, and hands
// everything else to value_of.
#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <bit>
#include <boost/container/small_vector.hpp>
#include <cmath>
#include <stdexcept>

#include "interpreter/display/format.hpp"
#include "interpreter/evaluate/constraints.hpp"
#include "interpreter/evaluate/evaluator.hpp"
#include "interpreter/model/builtins.hpp"
#include "interpreter/model/operator_semantics.hpp"
#include "interpreter/model/program.hpp"
#include "interpreter/values/convert_each.hpp"
#include "interpreter/values/operations.hpp"
#include "interpreter/values/sets.hpp"
#include "interpreter/values/value_bytes.hpp"
#include "syntax/diagnostics.hpp"

namespace reckon {

namespace {

// Arguments of one call, on the stack unless there are many.
using Arguments = boost::container::small_vector<Value, 8>;
using Numbers = boost::container::small_vector<double, 16>;

bool plain_quantity(const Type& t) { return t.kind == TypeKind::quantity && !t.optional; }

}  // namespace

void Evaluator::too_many_steps(const Expr& e) const {
  throw UserError(e.range, "E0506",
                  fmt::format("evaluation takes more than {} steps (the limit); is a "
                              "method recursing over many argument values, or do "
                              "comprehensions and lambdas pass over millions of elements?",
                              max_steps));
}

void Evaluator::stack_exhausted(const Expr& e) const {
  throw UserError(e.range, "E0507",
                  fmt::format("evaluation is nested too deeply (its stack exceeds {} KiB)",
                              stack_budget_ >> 10));
}

// --- the Value path ------------------------------------------------------------------

Value Evaluator::value_of(const Expr& e, const Frame& frame) {
  switch (e.kind) {
    case ExprKind::number:
      return Value::quantity(e.number * e.unit_scale, e.type.dim);
    case ExprKind::text:
      return Value::text_of(e.text);
    case ExprKind::boolean:
      return Value::boolean(e.number != 0);
    case ExprKind::none:
      if (e.ref == RefKind::enum_member) return Value::member(&e.target_as<EnumDecl>(), e.slot);
      return Value{};
    case ExprKind::name:
      switch (e.ref) {
        case RefKind::let:
        case RefKind::input:
        case RefKind::property:
        case RefKind::parameter:
          return memoized(e, frame);
        case RefKind::constant: {
          const NativeFunction* f = e.target_as<NativeDecl>().implementation;
          count_call(*f);
          return f->call({});
        }
        case RefKind::instance:
          return Value::of(instance_of(e.target_as<CaseDecl>()));
        case RefKind::unit:
          return Value::quantity(e.unit_scale, e.type.dim);
        case RefKind::enum_member:
          return Value::member(&e.target_as<EnumDecl>(), e.slot);
        case RefKind::local:
          return frame.locals[e.slot];
        case RefKind::unresolved:
          break;
      }
      throw std::logic_error("unresolved name `" + e.text + "`");
    case ExprKind::unary: {
      if (e.op == Op::logical_not) return Value::boolean(number(*e.operands[0], frame) == 0);
      Value v = evaluate(*e.operands[0], frame);
      return Value::quantity(-v.number, v.dim);
    }
    case ExprKind::binary:
      return binary(e, frame);
    case ExprKind::conditional: {
      // A plain number in one branch takes the other's count (`if c then 2 else 1 token`
      // is in tokens): the expression's type says the dimension, as for `??`.
      Value v = evaluate(*e.operands[number(*e.operands[0], frame) != 0 ? 1 : 2], frame);
      if (e.type.kind == TypeKind::quantity && v.kind == ValueKind::quantity) v.dim = e.type.dim;
      return v;
    }
    case ExprKind::convert: {
      Value v = evaluate(*e.operands[0], frame);
      if (e.type.is_list() || e.type.is_map())  // `xs -> KiB`: each element
        return convert_each(std::move(v), e.operands[0]->type, e.type);
      v.dim = e.type.dim;
      return v;
    }
    case ExprKind::call:
      switch (e.call) {
        case CallKind::method: {
          Value keep;
          return method_call(e, frame, keep);
        }
        case CallKind::native:
          return native_value(e, frame);
        case CallKind::record:
          return record(e, frame);
        case CallKind::scenario:
          return scenario_instance(e, frame);
        case CallKind::builtin:
          return Value::quantity(builtin(e, frame), e.type.dim);
        case CallKind::list_builtin:
          return list_builtin(e, frame);
        case CallKind::constraint: {  // feasible(x), violations(x)
          Value x = evaluate(*e.arguments[0].value, frame);
          if (static_cast<ConstraintBuiltin>(e.slot) == ConstraintBuiltin::violations)
            return violations(*this, *x.instance(), e);
          return Value::boolean(feasible(*this, *x.instance()));
        }
        case CallKind::map_builtin:
          return map_builtin(e, frame);
        case CallKind::unresolved:
          break;
      }
      throw std::logic_error("unresolved call");
    case ExprKind::member: {
      if (e.ref == RefKind::enum_member) return Value::member(&e.target_as<EnumDecl>(), e.slot);
      Value scratch;
      return member(e, frame, scratch);
    }
    case ExprKind::list:
      return list_literal(e, frame);
    case ExprKind::number_list:
      return number_list(e);
    case ExprKind::comprehension:
      if (comprehended(e) != Comprehended::list) return brace_comprehension(e, frame);
      return comprehension(e, frame);
    case ExprKind::map:
      return map_literal(e, frame);
    case ExprKind::set:
      return set_literal(e, frame);
    case ExprKind::tuple:
      return tuple_literal(e, frame);
    case ExprKind::index:
      return index(e, frame);
    case ExprKind::interpolation:
    case ExprKind::format:
      return built_text_of(e, frame);
    case ExprKind::slice:
      return slice(e, frame);
    case ExprKind::range:
      return range(e, frame);
    case ExprKind::lambda:  // called by the builtin it is given to (evaluate_aggregates.cpp)
      break;
    case ExprKind::variant:
      if (e.type.kind == TypeKind::record) return record_with(e, frame);
      return make_variant(*this, e, frame);
  }
  throw std::logic_error("unknown expression kind");
}

Value Evaluator::binary(const Expr& e, const Frame& frame) {
  const Expr& l = *e.operands[0];
  const Expr& r = *e.operands[1];
  if (e.type.kind == TypeKind::list && e.op == Op::add) [[unlikely]]
    return join(e, frame);
  if (e.type.kind == TypeKind::set) [[unlikely]]
    return set_operation(e, frame);
  switch (e.op) {
    case Op::in:
    case Op::not_in:
      return membership(e, frame);
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
    case Op::ne:
      if (plain_quantity(l.type) && plain_quantity(r.type)) break;
      return Value::boolean(equal(evaluate(l, frame), evaluate(r, frame)) == (e.op == Op::eq));
    case Op::lt:
    case Op::le:
    case Op::gt:
    case Op::ge:
    case Op::logical_and:
    case Op::logical_or:
      break;
    case Op::add:
      if (e.type.kind == TypeKind::text) return joined_text(e, frame);
      return Value::quantity(arithmetic(e, frame), e.type.dim);
    default:
      return Value::quantity(arithmetic(e, frame), e.type.dim);
  }
  return Value::boolean(arithmetic(e, frame) != 0);
}

bool Evaluator::equal(const Value& a, const Value& b) const {
  if (a.kind != b.kind) return false;
  switch (a.kind) {
    case ValueKind::none:
      return true;
    case ValueKind::quantity:
      return close(a.number, b.number);
    case ValueKind::boolean:
      return a.number == b.number;
    case ValueKind::enumeration:
      return a.enumeration() == b.enumeration() && a.number == b.number;
    case ValueKind::text:
      return a.text() == b.text();
    case ValueKind::record: {
      if (a.record() == b.record()) return true;
      const auto& x = a.record()->fields;
      const auto& y = b.record()->fields;
      return std::equal(x.begin(), x.end(), y.begin(), y.end(),
                        [&](const Value& p, const Value& q) { return equal(p, q); });
    }
    case ValueKind::instance:
      return a.instance() == b.instance();
    case ValueKind::list: {
      // Element by element, packed or not (ListValue::at makes no list of Values).
      const ListValue& x = *a.list();
      const ListValue& y = *b.list();
      if (&x == &y) return true;
      if (x.size() != y.size()) return false;
      for (std::size_t i = 0; i < x.size(); ++i)
        if (!equal(x.at(i), y.at(i))) return false;
      return true;
    }
    case ValueKind::map:
      return equal_maps(*a.map(), *b.map());
    case ValueKind::tuple: {  // element by element, as lists (the checker saw one type)
      const auto& x = a.tuple()->items();
      const auto& y = b.tuple()->items();
      return std::equal(x.begin(), x.end(), y.begin(), y.end(),
                        [&](const Value& p, const Value& q) { return equal(p, q); });
    }
    case ValueKind::set:
      return same_elements(*a.set(), *b.set());
  }
  return false;
}

// --- the number path -----------------------------------------------------------------

double Evaluator::number_of(const Expr& e, const Frame& frame) {
  switch (e.kind) {
    case ExprKind::number:
      return e.number * e.unit_scale;
    case ExprKind::boolean:
      return e.number != 0 ? 1 : 0;
    case ExprKind::name:
      switch (e.ref) {
        case RefKind::let:
          return let(e.target_as<LetDecl>(), e.range).number;
        case RefKind::input:
          return input_ref(*frame.self, static_cast<std::size_t>(e.slot), e.range).number;
        case RefKind::property:
          return property_ref(*frame.self, static_cast<std::size_t>(e.slot), e.range).number;
        case RefKind::parameter:
          return frame.arguments[e.slot].number;
        case RefKind::unit:
          return e.unit_scale;
        case RefKind::enum_member:
          return e.slot;
        case RefKind::local:
          return frame.locals[e.slot].number;
        default:
          return value_of(e, frame).number;
      }
    case ExprKind::unary: {
      double x = number(*e.operands[0], frame);
      return e.op == Op::logical_not ? ops::logical_not(x) : ops::negate(x);
    }
    case ExprKind::binary:
      if (e.op == Op::coalesce || e.op == Op::in || e.op == Op::not_in ||
          ((e.op == Op::eq || e.op == Op::ne) &&
           !(plain_quantity(e.operands[0]->type) && plain_quantity(e.operands[1]->type))))
        return value_of(e, frame).number;
      return arithmetic(e, frame);
    case ExprKind::conditional:
      return number(*e.operands[number(*e.operands[0], frame) != 0 ? 1 : 2], frame);
    case ExprKind::convert:
      return number(*e.operands[0], frame);
    case ExprKind::call:
      switch (e.call) {
        case CallKind::native:
          return native(e, frame);
        case CallKind::builtin:
          return builtin(e, frame);
        case CallKind::method: {
          Value keep;
          return method_call(e, frame, keep).number;
        }
        default:
          return value_of(e, frame).number;
      }
    case ExprKind::member: {
      if (e.ref == RefKind::enum_member) return e.slot;
      Value scratch;
      return member(e, frame, scratch).number;
    }
    default:
      return value_of(e, frame).number;
  }
}

double Evaluator::arithmetic(const Expr& e, const Frame& frame) {
  const Expr& l = *e.operands[0];
  const Expr& r = *e.operands[1];
  switch (e.op) {
    case Op::logical_and:  // the right operand only when the left holds
      return number(l, frame) != 0 ? ops::logical_and(1, number(r, frame)) : 0;
    case Op::logical_or:
      return number(l, frame) != 0 ? 1 : ops::logical_or(0, number(r, frame));
    default:
      break;
  }
  const double x = number(l, frame);
  const double y = number(r, frame);
  if (!ops::holds(ops::need_of(e.op), y)) ops::divisor_is_zero(e);
  return finite(e, ops::binary(e.op, x, y, e.operand_scales[0], e.operand_scales[1]));
}

// --- names and members ----------------------------------------------------------------

const Value& Evaluator::memoized(const Expr& e, const Frame& frame) {
  switch (e.ref) {
    case RefKind::input:
      return input_ref(*frame.self, static_cast<std::size_t>(e.slot), e.range);
    case RefKind::property:
      return property_ref(*frame.self, static_cast<std::size_t>(e.slot), e.range);
    case RefKind::parameter:
      return frame.arguments[e.slot];
    case RefKind::local:
      return frame.locals[e.slot];
    default:
      return let(e.target_as<LetDecl>(), e.range);
  }
}

const Value& Evaluator::reference(const Expr& e, const Frame& frame, Value& scratch) {
  const bool named =
      e.kind == ExprKind::name &&
      (e.ref == RefKind::input || e.ref == RefKind::property || e.ref == RefKind::parameter ||
       e.ref == RefKind::let || e.ref == RefKind::local);
  if (!named) {
    scratch = evaluate(e, frame);
    return scratch;
  }
  guard(e);
  return memoized(e, frame);
}

const Value& Evaluator::member(const Expr& e, const Frame& frame, Value& scratch) {
  const Value& obj = reference(*e.operands[0], frame, scratch);
  auto index = static_cast<std::size_t>(e.slot);
  if (obj.kind == ValueKind::record) return obj.record()->fields[index];
  Instance& inst = *obj.instance();
  // An input is what the instance was given, readable whether or not its constraints hold
  // (`[c.tp for c in cs if not feasible(c)]` names the infeasible ones); a property is
  // computed from them, and only for an instance that meets its constraints.
  if (e.ref == RefKind::input) return input_ref(inst, index, e.name_range);
  if (inst.constraints != ConstraintState::met && !inst.scenario->requirements.empty())
    require_feasible(*this, inst, {e.range, "`" + std::string(inst.name) + "` is used here"});
  return property_ref(inst, index, e.name_range);
}

// --- calls ------------------------------------------------------------------------------

SourceRange Evaluator::argument_range(const Expr& call, std::size_t parameter) const {
  int k = call.binding[parameter];
  return k >= 0 ? call.arguments[static_cast<std::size_t>(k)].value->range : call.range;
}

template <typename Defaults, typename Out>
void Evaluator::arguments(const Expr& call, const Frame& frame, Defaults defaults,
                          const Frame& defaults_frame, Out& values) {
  for (std::size_t i = 0; i < call.binding.size(); ++i) {
    int k = call.binding[i];
    if (k >= 0)
      values.push_back(evaluate(*call.arguments[static_cast<std::size_t>(k)].value, frame));
    else if (const Expr* d = defaults(i))
      values.push_back(evaluate(*d, defaults_frame));
    else
      values.emplace_back();  // an optional left out: none
  }
}

const Value& Evaluator::method_call(const Expr& e, const Frame& frame, Value& keep) {
  Instance* self = frame.self;
  if (e.callee->kind == ExprKind::member) {
    keep = evaluate(*e.callee->operands[0], frame);
    self = keep.instance();
    if (self->constraints != ConstraintState::met && !self->scenario->requirements.empty())
      require_feasible(*this, *self, {e.range, "`" + std::string(self->name) + "` is used here"});
  }
  const Property& prop = self->scenario->properties[static_cast<std::size_t>(e.slot)];
  auto defaults = [&](std::size_t i) { return prop.parameters[i].default_value.get(); };
  Arguments args;
  arguments(e, frame, defaults, Frame{self, nullptr}, args);
  for (std::size_t i = 0; i < args.size(); ++i)
    require_whole_at(args[i], prop.parameters[i].resolved, e, i, "argument ",
                     prop.parameters[i].name);
  return method(*self, static_cast<std::size_t>(e.slot), {args.data(), args.size()}, e.range);
}

// A native on plain numbers (NativeFunction::raw): every argument is a number, a bool
// or an enumeration member, and `raw` gives what `call` would put in Value::number.
double Evaluator::native(const Expr& e, const Frame& frame) {
  const auto* decl = &e.target_as<NativeDecl>();
  const NativeFunction& f = *decl->implementation;
  if (!f.raw) return native_value(e, frame).number;
  Numbers args;
  for (std::size_t i = 0; i < e.binding.size(); ++i) {
    int k = e.binding[i];
    if (k >= 0)
      args.push_back(number(*e.arguments[static_cast<std::size_t>(k)].value, frame));
    else if (const Expr* d = decl->parameters[i].default_value.get())
      args.push_back(number(*d, Frame{}));
    else
      args.push_back(0);  // an optional left out: none, whose number is 0
  }
  for (std::size_t i = 0; i < args.size(); ++i)
    require_whole_at(args[i], decl->parameters[i].resolved, e, i, "argument ",
                     decl->parameters[i].name);
  return call_native(e, args.data(), 0);
}

inline double Evaluator::raw_native(const Expr& e, const NativeFunction& f, const double* args) {
  count_call(f);
  double result;
  try {
    result = f.raw(args);
  } catch (const std::domain_error& err) {
    throw UserError(e.range, "E0508", "`" + e.target_as<NativeDecl>().name + "`: " + err.what());
  }
  return f.result.kind == NativeType::Kind::boolean ? result : finite(e, result);
}

// `whole` has a bit for each argument still to be checked for a whole number.
double Evaluator::call_native(const Expr& e, const double* args, std::uint32_t whole) {
  const auto* decl = &e.target_as<NativeDecl>();
  const NativeFunction& f = *decl->implementation;
  for (; whole; whole &= whole - 1) {
    const auto i = static_cast<std::size_t>(std::countr_zero(whole));
    require_whole_at(args[i], decl->parameters[i].resolved, e, i, "argument ",
                     decl->parameters[i].name);
  }
  integer_arguments(e, f, [&](std::size_t i) { return args[i]; });
  return raw_native(e, f, args);
}

// The same for compiled code, whose operation has both masks (code.hpp): `field` the
// arguments to check for a whole number, `aux` those of a C++ integer type. The checks
// and their order are call_native's: every whole-number check, then every range check,
// each by ascending argument.
double Evaluator::native_operation(const Instruction& op, const double* args) {
  const Expr& e = *op.node;
  const auto* decl = &e.target_as<NativeDecl>();
  for (std::uint32_t whole = op.field; whole; whole &= whole - 1) {
    const auto i = static_cast<std::size_t>(std::countr_zero(whole));
    // A bit of `field` is a parameter whose declared type is an integer (whole_arguments).
    if (!ops::whole(args[i])) [[unlikely]]
      not_whole(args[i], argument_range(e, i), "argument ", decl->parameters[i].name);
  }
  for (std::uint32_t integers = op.aux; integers; integers &= integers - 1) {
    const auto i = static_cast<std::size_t>(std::countr_zero(integers));
    if (!ops::fits_int64(args[i])) [[unlikely]]
      beyond_integer(e, i, args[i]);
  }
  return raw_native(e, *decl->implementation, args);
}

// A number crossing into a native's integer parameter must fit the C++ integer (a cast
// of what does not is undefined behaviour, and showed as -9223372036854775808).
template <typename Argument>
void Evaluator::integer_arguments(const Expr& e, const NativeFunction& f, Argument argument) const {
  for (std::size_t i = 0; i < f.parameters.size(); ++i) {
    if (f.parameters[i].kind != NativeType::Kind::integer) continue;
    const double x = argument(i);
    if (ops::fits_int64(x)) [[likely]]
      continue;
    beyond_integer(e, i, x);
  }
}

void Evaluator::beyond_integer(const Expr& e, std::size_t i, double x) const {
  const auto* decl = &e.target_as<NativeDecl>();
  throw UserError(argument_range(e, i), "E0510",
                  fmt::format("argument `{}` of `{}` is {}, beyond the whole numbers it can "
                              "take (-9223372036854775808 to 9223372036854775807)",
                              decl->parameters[i].name, decl->name, format_number(x, digits_)));
}

Value Evaluator::native_value(const Expr& e, const Frame& frame) {
  const auto* decl = &e.target_as<NativeDecl>();
  const NativeFunction& f = *decl->implementation;
  if (f.raw) {
    double x = native(e, frame);
    if (f.result.kind == NativeType::Kind::boolean) return Value::boolean(x != 0);
    return Value::quantity(x, f.result.dim);
  }
  auto defaults = [&](std::size_t i) { return decl->parameters[i].default_value.get(); };
  Arguments args;
  arguments(e, frame, defaults, Frame{}, args);
  for (std::size_t i = 0; i < args.size(); ++i)
    require_whole_at(args[i], decl->parameters[i].resolved, e, i, "argument ",
                     decl->parameters[i].name);
  integer_arguments(e, f, [&](std::size_t i) { return args[i].number; });
  count_call(f);
  Value result;
  try {
    result = f.call({args.data(), args.size()});
  } catch (const std::domain_error& err) {
    throw UserError(e.range, "E0508", "`" + decl->name + "`: " + err.what());
  }
  if (result.kind == ValueKind::quantity) finite(e, result.number);
  return result;
}

double Evaluator::builtin(const Expr& e, const Frame& frame) {
  Numbers args;
  for (const Argument& a : e.arguments) args.push_back(number(*a.value, frame));
  return apply_builtin(e, args.data(), args.size());
}

double Evaluator::apply_builtin(const Expr& e, const double* args, std::size_t count) const {
  const double x = args[0];
  auto domain = [&](bool ok, const char* what) {
    if (!ok)
      throw UserError(
          e.arguments[0].value->range, "E0508",
          fmt::format("`{}` {}, but the argument is {}", builtin_name(static_cast<Builtin>(e.slot)),
                      what,
                      show(Value::quantity(x, e.arguments[0].value->type.dim), std::nullopt)));
  };
  const auto b = static_cast<Builtin>(e.slot);
  if (b == Builtin::min || b == Builtin::max) {
    double best = x;
    for (std::size_t i = 1; i < count; ++i)
      best = b == Builtin::min ? ops::smaller(best, args[i]) : ops::larger(best, args[i]);
    return best;
  }
  if (ops::is_bitwise(b)) {
    for (std::size_t i = 0; i < 2; ++i)
      if (const char* problem = ops::bitwise_operand_problem(b, i, args[i]))
        throw UserError(e.arguments[i].value->range, "E0508",
                        fmt::format("`{}` {}, but this argument is {}", builtin_name(b), problem,
                                    show(Value::quantity(args[i], e.arguments[i].value->type.dim),
                                         std::nullopt)));
    const double result = ops::bitwise(b, x, args[1]);
    if (result > ops::max_whole)
      throw UserError(e.range, "E0508",
                      fmt::format("`{}` of {} by {} places is past 2^53, the largest whole number "
                                  "a number holds exactly",
                                  builtin_name(b), x, args[1]));
    return result;
  }
  const ops::Need need = ops::need_of(b);
  domain(ops::holds(need, x), ops::need_text(need));
  return finite(e, ops::unary_builtin(b, x, e.operand_scales[0], e.operand_scales[1] != 0));
}

// The fields are evaluated into the record itself, in order (a field left out is its
// default, evaluated at file scope, or none), and then checked.
Value Evaluator::record(const Expr& e, const Frame& frame) {
  const auto* r = &e.target_as<RecordDecl>();
  count_built(record_bytes(e.binding.size()), e, "record");
  RecordValue* made = RecordValue::make(r, e.binding.size());
  made->spellings = e.field_spellings;
  Value v = Value::adopt(made);
  std::span<Value> fields = v.record()->fields;
  for (std::size_t i = 0; i < fields.size(); ++i) {
    int k = e.binding[i];
    if (k >= 0)
      fields[i] = evaluate(*e.arguments[static_cast<std::size_t>(k)].value, frame);
    else if (const Expr* d = r->fields[i].default_value.get())
      fields[i] = evaluate(*d, Frame{});
  }
  for (std::size_t i = 0; i < fields.size(); ++i)
    require_whole_at(fields[i], r->fields[i].resolved, e, i, "field ", r->fields[i].name);
  return v;
}

// `r with field: value`: a new record, r's fields but those named (e.binding, per field),
// which are checked whole as a constructor's are. r itself is unchanged.
Value Evaluator::record_with(const Expr& e, const Frame& frame) {
  const Value base = evaluate(*e.operands[0], frame);
  const RecordValue& b = *base.record();
  count_built(record_bytes(b.fields.size()), e, "record");
  RecordValue* made = RecordValue::make(b.type, b.fields.size());
  made->spellings = b.spellings_with(e.field_spellings, e.binding);
  Value v = Value::adopt(made);
  std::span<Value> fields = v.record()->fields;
  for (std::size_t i = 0; i < fields.size(); ++i) {
    const int k = e.binding[i];
    if (k < 0) {
      fields[i] = b.fields[i];
      continue;
    }
    fields[i] = evaluate(*e.arguments[static_cast<std::size_t>(k)].value, frame);
    require_whole_at(fields[i], b.type->fields[i].resolved, e, i, "field ", b.type->fields[i].name);
  }
  return v;
}

// An unnamed instance: its arguments are evaluated now, in the caller's frame; defaults
// are left to the instance, like a case's.
Value Evaluator::scenario_instance(const Expr& e, const Frame& frame) {
  const auto* s = &e.target_as<ScenarioDecl>();
  Value v = Value::adopt(Instance::make(s->name, *s));
  Instance& inst = *v.instance();
  for (std::size_t i = 0; i < s->inputs.size(); ++i) {
    int k = e.binding[i];
    // A default is evaluated inside the instance (input_in_instance); an argument was
    // bound outside it, as a case's is, so a variant (`(S(x: 1) with y: 2)`) keeps its
    // value (make_variant).
    inst.input_exprs[i] = k >= 0 ? nullptr : s->inputs[i].default_value.get();
    if (k < 0) continue;
    const Value& arg = inst.inputs[i].settle_with(
        [&] { return evaluate(*e.arguments[static_cast<std::size_t>(k)].value, frame); });
    require_whole_at(arg, s->inputs[i].resolved, e, i, "input ", s->inputs[i].name);
  }
  return v;
}

}  // namespace reckon
