// Compiling a sweep's expressions into a Plan. The compiler walks the checked AST once
// per target, bottom up: an expression whose operands are all constants is folded by
// the lazy evaluator (so it gets exactly the evaluator's value, or its error), and
// anything else becomes instructions over registers.
#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstring>
#include <map>
#include <memory>
#include <set>
#include <tuple>

#include "interpreter/model/builtins.hpp"
#include "interpreter/model/program.hpp"
#include "interpreter/sweep/plan.hpp"
#include "syntax/diagnostics.hpp"

namespace reckon::sweep {

namespace {

// What an expression is while compiling: a constant (or a constant that failed), a
// register, a record whose fields are operands, or something without a register
// (a varied record's text field) that the plan must not read.
struct Operand {
  enum class Kind { constant, failed, reg, record, opaque } kind = Kind::constant;
  Value value;
  std::uint16_t reg = 0;
  std::vector<Operand> fields;

  static Operand constant(Value v) {
    Operand o;
    o.value = std::move(v);
    return o;
  }
  static Operand in(std::uint16_t r) {
    Operand o;
    o.kind = Kind::reg;
    o.reg = r;
    return o;
  }
  bool is_constant() const { return kind == Kind::constant || kind == Kind::failed; }
};

// Inlined methods nest at most this deep: recursion through varied arguments would
// otherwise inline without end.
constexpr int max_inline_depth = 64;
// Nested compile() calls at most; deeper definitions are evaluated lazily instead.
constexpr int max_compile_nesting = 1024;
// Natives take at most this many arguments in a plan (the run loop's buffer).
constexpr std::size_t max_native_arguments = 16;

}  // namespace

class Compiler {
 public:
  // `settled`: compile_settled's refusals and its list of method calls (plan.hpp).
  Compiler(Evaluator& ev, Instance& self, Plan& plan, bool settled = false)
      : ev_(ev), self_(self), plan_(plan), settled_(settled) {}

  // Where an expression is compiled: its instance, and inside an inlined method the
  // operands of the arguments (with their values when constant, for folding).
  struct Env {
    Instance* self = nullptr;
    const std::vector<Operand>* params = nullptr;
    const std::vector<Value>* param_values = nullptr;
    int depth = 0;
  };

  void bind_varied(std::size_t input, const Value& sample, bool whole) {
    Shape shape;
    Operand o = shape_of(sample, shape);
    if (whole && o.kind == Operand::Kind::reg) known_whole_.insert(o.reg);
    varied_[input] = o;
    plan_.shapes_.push_back(std::move(shape));
  }

  std::uint16_t target(const Expr& e) {
    Env env{&self_, nullptr, nullptr, 0};
    return reg_of(compile(e, env));
  }
  std::uint16_t property_target(std::uint32_t index) {
    return reg_of(property(self_, index, *self_.scenario->properties.at(index).body));
  }
  std::uint16_t input_target(std::size_t index) {
    const Expr* binding = self_.input_exprs[index];
    if (!self_.input_in_instance(index))
      throw Unplannable("an input without its default in a fresh case's plan");
    return reg_of(input(self_, index, *binding));
  }

 private:
  // --- registers ------------------------------------------------------------------
  std::uint16_t new_register(double initial) {
    if (plan_.constants_.size() >= 0xffff) throw Unplannable("the plan needs too many registers");
    plan_.constants_.push_back(initial);
    return static_cast<std::uint16_t>(plan_.constants_.size() - 1);
  }

  // A register holding the constant `x`, shared by every use of the same bits.
  std::uint16_t constant_register(double x) {
    std::uint64_t bits;
    std::memcpy(&bits, &x, sizeof bits);
    auto [it, fresh] = constant_registers_.try_emplace(bits, 0);
    if (fresh) it->second = new_register(x);
    return it->second;
  }

  std::uint16_t reg_of(const Operand& o) {
    switch (o.kind) {
      case Operand::Kind::reg:
        return o.reg;
      case Operand::Kind::failed:
        emit({Code::fail});
        return constant_register(0);
      case Operand::Kind::constant:
        if (!in_register(o.value)) throw Unplannable("a value that is not a number varies");
        return constant_register(o.value.number);
      default:
        throw Unplannable("a record or text value varies");
    }
  }

  std::uint16_t emit(Instr in) {
    plan_.code_.insert(plan_.code_.end() - 1, in);  // before the `end`
    return in.dst;
  }
  // Pure operations on the same registers are computed once (`elements(w)` called with
  // two widths multiplies micro_batch by sequence for each): the same operation on the
  // same operands gives the same bits.
  std::uint16_t op(Code code, std::uint16_t a, std::uint16_t b = 0, std::uint8_t aux = 0) {
    auto key = std::make_tuple(code, aux, a, b);
    if (auto it = computed_.find(key); it != computed_.end()) return it->second;
    return computed_[key] = emit({code, aux, new_register(0), a, b});
  }
  // round, floor and ceil: b is the scale of the argument's unit, aux 1 when the
  // argument is a quotient (ast.hpp, operand_scales).
  // In the base unit (scale 1) the result is a whole number, or not finite, which the
  // plan's health flag reports anyway: it needs no whole-number check.
  std::uint16_t rounding(Code code, const Expr& e, std::uint16_t argument) {
    const std::uint16_t result = op(code, argument, constant_register(e.operand_scales[0]),
                                    e.operand_scales[1] != 0 ? 1 : 0);
    if (e.operand_scales[0] == 1) known_whole_.insert(result);
    return result;
  }
  // Operations whose arguments are listed in the pool (natives, //, %, select, min,
  // max): the same operation on the same registers is computed once, as op() does. A
  // native is a function of its arguments; how often the walk calls it is counted by the
  // walk (a fresh case's record), never by a plan.
  std::uint16_t pooled(Code code, const std::vector<std::uint16_t>& args, std::uint16_t b = 0) {
    auto key = std::make_tuple(code, b, args);
    if (auto it = pooled_.find(key); it != pooled_.end()) return it->second;
    auto at = plan_.pool_.size();
    if (at > 0xffff || args.size() > 0xff) throw Unplannable("the plan is too large");
    plan_.pool_.insert(plan_.pool_.end(), args.begin(), args.end());
    return pooled_[key] = emit({code, static_cast<std::uint8_t>(args.size()), new_register(0),
                                static_cast<std::uint16_t>(at), b});
  }
  // A whole-number check, once per register, and none for registers known to be whole:
  // varied inputs whose values were all checked before the sweep (`whole_inputs`). A
  // constant that is not whole (a count argument written as 2.5) fails every point, so
  // that each is evaluated lazily and reports E0503 as `reckon eval` does.
  void require_whole(const Operand& o, const Type& declared) {
    if (!declared.integer) return;
    if (o.kind == Operand::Kind::constant && o.value.kind == ValueKind::quantity &&
        o.value.number != std::trunc(o.value.number))
      emit({Code::fail});
    if (o.kind != Operand::Kind::reg) return;
    if (!known_whole_.insert(o.reg).second) return;
    emit({Code::whole, 0, 0, o.reg, 0});
  }

  // --- varied inputs ----------------------------------------------------------------
  Operand shape_of(const Value& v, Shape& shape) {
    if (in_register(v)) {
      shape.reg = new_register(v.number);
      return Operand::in(static_cast<std::uint16_t>(shape.reg));
    }
    if (v.kind != ValueKind::record) {
      Operand o;
      o.kind = Operand::Kind::opaque;
      return o;
    }
    shape.record = true;
    Operand o;
    o.kind = Operand::Kind::record;
    for (const Value& f : v.record()->fields)
      o.fields.push_back(shape_of(f, shape.fields.emplace_back()));
    return o;
  }

  // --- folding ----------------------------------------------------------------------
  Operand fold(const Expr& e, const Env& env) {
    try {
      return Operand::constant(ev_.evaluate(
          e, Evaluator::Frame{env.self, env.param_values ? env.param_values->data() : nullptr}));
    } catch (const UserError&) {
      Operand o;
      o.kind = Operand::Kind::failed;
      return o;
    }
  }
  template <typename Compute>
  Operand fold_value(Compute compute) {
    try {
      return Operand::constant(compute());
    } catch (const UserError&) {
      Operand o;
      o.kind = Operand::Kind::failed;
      return o;
    }
  }

  // --- expressions --------------------------------------------------------------------
  Operand compile(const Expr& e, const Env& env) {
    // Property chains and inlined methods nest compile() calls beyond the expression
    // tree's own height; bound them as the evaluator bounds its depth.
    if (++nesting_ > max_compile_nesting) throw Unplannable("definitions nest too deeply");
    struct Leave {
      int& n;
      ~Leave() { --n; }
    } leave{nesting_};
    // Lists, and what is computed from them, are the lazy evaluator's: the sweep falls
    // back to it (docs/sweeps.md).
    if (e.type.is_list() || e.kind == ExprKind::list || e.kind == ExprKind::number_list ||
        e.kind == ExprKind::comprehension || e.kind == ExprKind::index ||
        (e.kind == ExprKind::call && e.call == CallKind::list_builtin))
      throw Unplannable("a list", e.range);
    if (e.type.is_map() || e.kind == ExprKind::map ||
        (e.kind == ExprKind::call && e.call == CallKind::map_builtin))
      throw Unplannable("a map", e.range);
    if (e.type.is_tuple() || e.kind == ExprKind::tuple) throw Unplannable("a tuple", e.range);
    if (e.type.is_set() || e.kind == ExprKind::set ||
        (e.kind == ExprKind::binary && (e.op == Op::in || e.op == Op::not_in)))
      throw Unplannable("a set or membership", e.range);
    switch (e.kind) {
      case ExprKind::number:
      case ExprKind::text:
      case ExprKind::boolean:
      case ExprKind::none:
        return fold(e, env);
      case ExprKind::name:
        return name(e, env);
      case ExprKind::unary: {
        Operand x = compile(*e.operands[0], env);
        if (x.is_constant()) return fold(e, env);
        return Operand::in(op(e.op == Op::logical_not ? Code::logical_not : Code::neg, reg_of(x)));
      }
      case ExprKind::binary:
        return binary(e, env);
      case ExprKind::conditional: {
        Operand c = compile(*e.operands[0], env);
        if (c.kind == Operand::Kind::failed) return c;
        if (c.kind == Operand::Kind::constant)
          return compile(*e.operands[c.value.truthy() ? 1 : 2], env);
        refuse_in_settled("a condition on a varied value", e);
        std::uint16_t then_reg = reg_of(compile(*e.operands[1], env));
        std::uint16_t else_reg = reg_of(compile(*e.operands[2], env));
        return Operand::in(pooled(Code::select, {reg_of(c), then_reg, else_reg}));
      }
      case ExprKind::convert: {
        Operand x = compile(*e.operands[0], env);
        if (x.is_constant()) return fold(e, env);
        return x;  // a conversion changes how a value is shown, never its number
      }
      case ExprKind::call:
        return call(e, env);
      case ExprKind::member:
        return member(e, env);
      case ExprKind::variant:  // an instance: made once, when nothing in it varies
        refuse_in_settled("an instance", e);
        if (!compile(*e.operands[0], env).is_constant())
          throw Unplannable("a variant of a varying instance");
        for (const Argument& a : e.arguments)
          if (!compile(*a.value, env).is_constant())
            throw Unplannable("a variant built from varied inputs");
        return fold(e, env);
      case ExprKind::interpolation:
      case ExprKind::format:
        return built_text(e, env);
      default:
        break;
    }
    throw Unplannable("an unknown expression");
  }

  Operand name(const Expr& e, const Env& env) {
    switch (e.ref) {
      case RefKind::input:
        return input(*env.self, static_cast<std::size_t>(e.slot), e);
      case RefKind::property:
        return property(*env.self, static_cast<std::size_t>(e.slot), e);
      case RefKind::parameter:
        return env.params->at(static_cast<std::size_t>(e.slot));
      case RefKind::instance:
        refuse_in_settled("another case", e);
        // The swept case named inside its own scenario would be evaluated with the
        // folding instance's placeholder values.
        if (&ev_.instance_of(e.target_as<CaseDecl>()) == &self_)
          throw Unplannable("the swept case is named inside its scenario");
        return fold(e, env);
      case RefKind::let:
        // A let the program does not share is forced in each evaluator once: the lazy
        // walk's steps would depend on whether it ran before.
        if (!e.target_as<LetDecl>().constant) refuse_in_settled("a let that is not constant", e);
        return fold(e, env);
      default:
        return fold(e, env);
    }
  }

  Operand input(Instance& inst, std::size_t index, const Expr& at) {
    if (&inst == &self_)
      if (auto it = varied_.find(index); it != varied_.end()) return it->second;
    const Input& in = inst.scenario->inputs[index];
    const Expr* binding = inst.input_exprs[index];
    if (inst.input_in_instance(index) && inst.inputs[index].state == ThunkState::pending) {
      // A default, evaluated inside the instance: it may use varied inputs.
      auto key = std::make_pair(&inst, index);
      if (auto it = inputs_.find(key); it != inputs_.end()) return it->second;
      Nest nest(*this);  // the walk enters the input's thunk
      Operand o = compile(*binding, Env{&inst, nullptr, nullptr, 0});
      if (o.is_constant()) o = fold_value([&] { return ev_.input(inst, index, at.range); });
      require_whole(o, in.resolved);
      return inputs_[key] = o;
    }
    return fold_value([&] { return ev_.input(inst, index, at.range); });
  }

  Operand property(Instance& inst, std::size_t index, const Expr& at) {
    auto key = std::make_pair(&inst, index);
    if (auto it = properties_.find(key); it != properties_.end()) return it->second;
    const Property& prop = inst.scenario->properties[index];
    if (!in_progress_.insert(key).second) throw Unplannable("a property depends on itself");
    Nest nest(*this);
    Operand o = compile(*prop.body, Env{&inst, nullptr, nullptr, 0});
    in_progress_.erase(key);
    if (o.is_constant()) o = fold_value([&] { return ev_.property(inst, index, at.range); });
    require_whole(o, prop.resolved);
    return properties_[key] = o;
  }

  // A text built of constants is a constant; registers hold only numbers, so a text
  // built of a varying value is left to the lazy evaluation of each point.
  Operand built_text(const Expr& e, const Env& env) {
    refuse_in_settled("a text made", e);  // its bytes are counted as a record's are
    for (const auto& piece : e.operands)
      if (!compile(*piece, env).is_constant())
        throw Unplannable("a text is built of a varying value");
    return fold(e, env);
  }

  Operand binary(const Expr& e, const Env& env) {
    Operand l = compile(*e.operands[0], env);
    if (e.op == Op::coalesce) {
      if (l.kind == Operand::Kind::failed) return l;
      if (l.kind == Operand::Kind::constant)
        return l.value.is_none() ? compile(*e.operands[1], env) : fold(e, env);
      return l;  // registers never hold none: varied values that are none are not planned
    }
    if ((e.op == Op::logical_and || e.op == Op::logical_or) && l.kind == Operand::Kind::constant) {
      bool decided = e.op == Op::logical_and ? !l.value.truthy() : l.value.truthy();
      if (decided) return fold(e, env);
    }
    if ((e.op == Op::logical_and || e.op == Op::logical_or) && !l.is_constant())
      refuse_in_settled("`and` or `or` on a varied value", e);
    Operand r = compile(*e.operands[1], env);
    if (l.is_constant() && r.is_constant()) return fold(e, env);
    if (e.op == Op::add && e.type.kind == TypeKind::text)  // `+` of texts, one varying
      throw Unplannable("a text is built of a varying value");
    const Type& left_type = e.operands[0]->type;
    bool quantity = left_type.kind == TypeKind::quantity;
    Code code;
    switch (e.op) {
      case Op::add:
        code = Code::add;
        break;
      case Op::sub:
        code = Code::sub;
        break;
      case Op::mul:
        code = Code::mul;
        break;
      case Op::div:
        code = Code::div;
        break;
      case Op::floordiv:
        code = Code::floordiv;
        break;
      case Op::mod:
        code = Code::mod;
        break;
      case Op::pow:
        code = Code::pow;
        break;
      case Op::logical_and:
        code = Code::logical_and;
        break;
      case Op::logical_or:
        code = Code::logical_or;
        break;
      case Op::lt:
        code = Code::lt;
        break;
      case Op::le:
        code = Code::le;
        break;
      case Op::gt:
        code = Code::gt;
        break;
      case Op::ge:
        code = Code::ge;
        break;
      case Op::eq:
        code = quantity ? Code::eq_close : Code::eq_exact;
        break;
      case Op::ne:
        code = quantity ? Code::ne_close : Code::ne_exact;
        break;
      default:
        throw Unplannable("an unknown operator");
    }
    if (code == Code::floordiv || code == Code::mod)  // with the scales of their units
      return Operand::in(pooled(code, {reg_of(l), reg_of(r), constant_register(e.operand_scales[0]),
                                       constant_register(e.operand_scales[1])}));
    if ((e.op == Op::eq || e.op == Op::ne) && !quantity && left_type.kind != TypeKind::boolean &&
        left_type.kind != TypeKind::enumeration)
      throw Unplannable("a comparison of text, records or none varies");
    return Operand::in(op(code, reg_of(l), reg_of(r)));
  }

  Operand member(const Expr& e, const Env& env) {
    if (e.ref == RefKind::enum_member) return fold(e, env);
    Operand obj = compile(*e.operands[0], env);
    if (obj.is_constant()) return fold(e, env);
    if (obj.kind != Operand::Kind::record) throw Unplannable("a member of a varying instance");
    const Operand& field = obj.fields.at(static_cast<std::size_t>(e.slot));
    if (field.kind == Operand::Kind::opaque) throw Unplannable("a varied record's text is read");
    return field;
  }

  std::vector<Operand> arguments(const Expr& e, const Env& env,
                                 const std::vector<const Expr*>& defaults,
                                 const Env& defaults_env) {
    std::vector<Operand> out;
    for (std::size_t i = 0; i < e.binding.size(); ++i) {
      int k = e.binding[i];
      if (k >= 0)
        out.push_back(compile(*e.arguments[static_cast<std::size_t>(k)].value, env));
      else if (defaults[i])
        out.push_back(compile(*defaults[i], defaults_env));
      else
        out.push_back(Operand::constant(Value{}));
    }
    return out;
  }

  static bool all_constant(const std::vector<Operand>& xs) {
    for (const Operand& x : xs)
      if (!x.is_constant()) return false;
    return true;
  }

  Operand call(const Expr& e, const Env& env) {
    switch (e.call) {
      case CallKind::method:
        return method(e, env);
      case CallKind::native: {
        const auto* decl = &e.target_as<NativeDecl>();
        std::vector<const Expr*> defaults;
        for (const Parameter& p : decl->parameters) defaults.push_back(p.default_value.get());
        std::vector<Operand> args = arguments(e, env, defaults, Env{});
        if (all_constant(args)) return fold(e, env);
        const NativeFunction& f = *decl->implementation;
        if (!f.raw_at || !f.raw_batch || args.size() > max_native_arguments)
          throw Unplannable("`" + decl->name + "` has no plain-number form");
        std::vector<std::uint16_t> regs;
        for (std::size_t i = 0; i < args.size(); ++i) {
          require_whole(args[i], decl->parameters[i].resolved);
          regs.push_back(reg_of(args[i]));
        }
        // One entry per native, so that two calls on the same registers are one (pooled).
        auto found = std::find(plan_.natives_.begin(), plan_.natives_.end(), &f);
        auto index = static_cast<std::uint16_t>(found - plan_.natives_.begin());
        if (found == plan_.natives_.end()) plan_.natives_.push_back(&f);
        return Operand::in(pooled(Code::native, regs, index));
      }
      case CallKind::record: {
        // The lazy walk counts a record's bytes each time it makes one (E0514).
        refuse_in_settled("a record made", e);
        const auto* r = &e.target_as<RecordDecl>();
        std::vector<const Expr*> defaults;
        for (const Field& f : r->fields) defaults.push_back(f.default_value.get());
        std::vector<Operand> fields = arguments(e, env, defaults, Env{});
        if (all_constant(fields)) return fold(e, env);
        Operand o;
        o.kind = Operand::Kind::record;
        for (std::size_t i = 0; i < fields.size(); ++i)
          require_whole(fields[i], r->fields[i].resolved);
        o.fields = std::move(fields);
        return o;
      }
      case CallKind::builtin:
        return builtin(e, env);
      case CallKind::scenario: {
        refuse_in_settled("an instance", e);
        for (const Argument& a : e.arguments)
          if (!compile(*a.value, env).is_constant())
            throw Unplannable("an instance built from varied inputs");
        return fold(e, env);
      }
      case CallKind::constraint:
        refuse_in_settled("an instance's constraints", e);
        if (!compile(*e.arguments[0].value, env).is_constant())
          throw Unplannable("the constraints of a varying instance");
        return fold(e, env);
      case CallKind::list_builtin:  // refused in compile()
      case CallKind::map_builtin:
      case CallKind::unresolved:
        break;
    }
    throw Unplannable("an unresolved call");
  }

  Operand builtin(const Expr& e, const Env& env) {
    std::vector<Operand> args;
    for (const Argument& a : e.arguments) args.push_back(compile(*a.value, env));
    if (all_constant(args)) return fold(e, env);
    std::vector<std::uint16_t> regs;
    for (const Operand& a : args) regs.push_back(reg_of(a));
    switch (static_cast<Builtin>(e.slot)) {
      case Builtin::sqrt:
        return Operand::in(op(Code::sqrt, regs[0]));
      case Builtin::abs:
        return Operand::in(op(Code::abs, regs[0]));
      case Builtin::round:
        return Operand::in(rounding(Code::round, e, regs[0]));
      case Builtin::floor:
        return Operand::in(rounding(Code::floor, e, regs[0]));
      case Builtin::ceil:
        return Operand::in(rounding(Code::ceil, e, regs[0]));
      case Builtin::log2:
        return Operand::in(op(Code::log2, regs[0]));
      case Builtin::log10:
        return Operand::in(op(Code::log10, regs[0]));
      case Builtin::ln:
        return Operand::in(op(Code::ln, regs[0]));
      case Builtin::exp:
        return Operand::in(op(Code::exp, regs[0]));
      case Builtin::min:
        return Operand::in(pooled(Code::min, regs));
      case Builtin::max:
        return Operand::in(pooled(Code::max, regs));
      case Builtin::bit_and:
      case Builtin::bit_or:
      case Builtin::bit_xor:
      case Builtin::shift_left:
      case Builtin::shift_right:
        throw Unplannable("a bitwise operation");
    }
    throw Unplannable("an unknown builtin");
  }

  // A method call: folded when its instance and arguments are constants, otherwise its
  // body is inlined with the arguments' operands (once per distinct argument list).
  Operand method(const Expr& e, const Env& env) {
    Instance* self = env.self;
    if (e.callee->kind == ExprKind::member) {
      refuse_in_settled("a method of another instance", e);
      Operand obj = compile(*e.callee->operands[0], env);
      if (obj.kind != Operand::Kind::constant || obj.value.kind != ValueKind::instance)
        throw Unplannable("a method of a varying instance");
      self = obj.value.instance();
      keep_.push_back(obj.value);
    }
    const Property& prop = self->scenario->properties[static_cast<std::size_t>(e.slot)];
    std::vector<const Expr*> defaults;
    for (const Parameter& p : prop.parameters) defaults.push_back(p.default_value.get());
    std::vector<Operand> args = arguments(e, env, defaults, Env{self, nullptr, nullptr, env.depth});
    for (const Operand& a : args)
      if (a.kind == Operand::Kind::failed) return fold(e, env);
    // Even with constant arguments the body may use varied inputs: it is compiled, and
    // folded only when it turns out constant.
    std::string key = fmt::format("{}:{}", static_cast<const void*>(self), e.slot);
    for (const Operand& a : args) {
      if (a.kind == Operand::Kind::reg)
        key += fmt::format(",r{}", a.reg);
      else if (a.kind == Operand::Kind::constant && in_register(a.value))
        key += fmt::format(",c{}", a.value.number);
      else  // records, text and instances: inlined once per call site
        key += fmt::format(",x{}", unique_++);
    }
    if (auto it = methods_.find(key); it != methods_.end()) return it->second;
    if (env.depth >= max_inline_depth) throw Unplannable("methods call each other too deeply");
    for (std::size_t i = 0; i < args.size(); ++i)
      require_whole(args[i], prop.parameters[i].resolved);
    std::vector<Value> values;
    for (const Operand& a : args)
      values.push_back(a.kind == Operand::Kind::constant ? a.value : Value{});
    bool constant_args = all_constant(args);
    auto params = std::make_shared<std::vector<Operand>>(std::move(args));
    auto param_values = std::make_shared<std::vector<Value>>(std::move(values));
    held_.push_back(params);
    held_values_.push_back(param_values);
    Operand o;
    {
      Nest nest(*this);
      o = compile(*prop.body, Env{self, params.get(), param_values.get(), env.depth + 1});
    }
    if (o.is_constant() && constant_args) o = fold(e, env);
    require_whole(o, prop.resolved);
    if (settled_) list_call(e, *params, o);
    return methods_[key] = o;
  }

  // --- settled plans (compile_settled) ------------------------------------------------
  void refuse_in_settled(const char* what, const Expr& e) const {
    if (settled_) throw Unplannable(std::string(what) + " in a fresh case's plan", e.range);
  }
  // A method call made as the lazy walk makes it, for its memo entry: its arguments and
  // result must be numbers (a record, text or instance argument is kept by identity).
  void list_call(const Expr& e, const std::vector<Operand>& args, const Operand& result) {
    PlannedCall call;
    call.method = static_cast<std::uint32_t>(e.slot);
    for (const Operand& a : args) {
      if (a.kind != Operand::Kind::reg &&
          !(a.kind == Operand::Kind::constant && in_register(a.value)))
        throw Unplannable("a method argument that is not a number in a fresh case's plan", e.range);
      call.arguments.push_back(reg_of(a));
    }
    if (result.kind == Operand::Kind::constant && !in_register(result.value))
      throw Unplannable("a method result that is not a number in a fresh case's plan", e.range);
    call.result = reg_of(result);
    plan_.calls_.push_back(std::move(call));
  }
  // Properties and methods being compiled inside each other: the lazy walk's stack
  // entries for the same thunks (Plan::nesting).
  struct Nest {
    explicit Nest(Compiler& c) : c_(c) {
      c_.plan_.nesting_ = std::max(c_.plan_.nesting_, ++c_.depth_);
    }
    ~Nest() { --c_.depth_; }
    Nest(const Nest&) = delete;
    Nest& operator=(const Nest&) = delete;
    Compiler& c_;
  };

  Evaluator& ev_;
  Instance& self_;
  Plan& plan_;
  std::map<std::size_t, Operand> varied_;
  std::map<std::uint64_t, std::uint16_t> constant_registers_;
  std::map<std::pair<Instance*, std::size_t>, Operand> properties_, inputs_;
  std::set<std::pair<Instance*, std::size_t>> in_progress_;
  std::map<std::string, Operand> methods_;
  std::vector<Value> keep_;  // instances whose methods were inlined
  std::vector<std::shared_ptr<std::vector<Operand>>> held_;
  std::vector<std::shared_ptr<std::vector<Value>>> held_values_;
  int nesting_ = 0;
  std::uint64_t unique_ = 0;
  std::map<std::tuple<Code, std::uint8_t, std::uint16_t, std::uint16_t>, std::uint16_t> computed_;
  std::map<std::tuple<Code, std::uint16_t, std::vector<std::uint16_t>>, std::uint16_t> pooled_;
  std::set<std::uint16_t> known_whole_;
  bool settled_ = false;
  std::size_t depth_ = 0;
};

std::uint64_t Plan::next_id() {
  static std::atomic<std::uint64_t> made{0};
  return made.fetch_add(1, std::memory_order_relaxed) + 1;
}

Plan Plan::compile(Evaluator& ev, Instance& self, std::span<const std::size_t> varied,
                   std::span<const Value> sample, std::span<const Expr* const> targets,
                   const std::vector<bool>& whole_inputs) {
  Plan plan;
  Compiler compiler(ev, self, plan);
  for (std::size_t i = 0; i < varied.size(); ++i)
    compiler.bind_varied(varied[i], sample[i], i < whole_inputs.size() && whole_inputs[i]);
  for (const Expr* t : targets) plan.targets_.push_back(compiler.target(*t));
  return plan;
}

Plan Plan::compile_settled(Evaluator& ev, Instance& self, std::span<const std::size_t> varied,
                           std::span<const Value> sample, std::span<const std::uint32_t> properties,
                           std::span<const std::size_t> defaulted) {
  Plan plan;
  Compiler compiler(ev, self, plan, true);
  for (std::size_t i = 0; i < varied.size(); ++i) compiler.bind_varied(varied[i], sample[i], false);
  for (std::uint32_t p : properties) plan.targets_.push_back(compiler.property_target(p));
  for (std::size_t i : defaulted) plan.targets_.push_back(compiler.input_target(i));
  return plan;
}

namespace {

// flatten_into without allocating or throwing: false for a value of another shape.
bool fill_into(const Shape& shape, const Value& v, double* r) {
  if (shape.record) {
    if (v.kind != ValueKind::record || v.record()->fields.size() != shape.fields.size())
      return false;
    for (std::size_t i = 0; i < shape.fields.size(); ++i)
      if (!fill_into(shape.fields[i], v.record()->fields[i], r)) return false;
    return true;
  }
  if (shape.reg < 0) return true;  // a field without a register: never read by the plan
  if (!in_register(v)) return false;
  r[shape.reg] = v.number;
  return true;
}

void flatten_into(const Shape& shape, const Value& v,
                  std::vector<std::pair<std::uint16_t, double>>& out) {
  if (shape.record) {
    if (v.kind != ValueKind::record || v.record()->fields.size() != shape.fields.size())
      throw Unplannable("a varied record value of another shape");
    for (std::size_t i = 0; i < shape.fields.size(); ++i)
      flatten_into(shape.fields[i], v.record()->fields[i], out);
    return;
  }
  if (shape.reg < 0) return;  // a field without a register: never read by the plan
  if (!in_register(v)) throw Unplannable("a varied value that is not a number");
  out.emplace_back(static_cast<std::uint16_t>(shape.reg), v.number);
}

}  // namespace

bool Plan::fill(std::size_t varied_index, const Value& v, double* r) const {
  return fill_into(shapes_.at(varied_index), v, r);
}

std::vector<std::pair<std::uint16_t, double>> Plan::flatten(std::size_t varied_index,
                                                            const Value& v) const {
  std::vector<std::pair<std::uint16_t, double>> out;
  flatten_into(shapes_.at(varied_index), v, out);
  return out;
}

}  // namespace reckon::sweep
