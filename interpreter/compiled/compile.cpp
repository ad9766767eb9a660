// The compiler of numeric expressions (code.hpp). It follows the number path of the
// tree walk (evaluate.cpp) case by case: whatever that path computes from numbers
// becomes operations here, and whatever it hands to the Value path becomes a `tree`
// operation, so the two cannot disagree.
#include <algorithm>
#include <memory>
#include <optional>
#include <unordered_map>

#include "interpreter/compiled/code.hpp"
#include "interpreter/model/native.hpp"
#include "interpreter/model/program.hpp"
#include "syntax/walk.hpp"

namespace reckon {

namespace {

bool plain_quantity(const Type& t) { return t.kind == TypeKind::quantity && !t.optional; }

// Equality of two plain quantities is a comparison of numbers; of anything else
// (texts, records, optionals) it needs the values.
bool numeric_equality(const Expr& e) {
  return plain_quantity(e.operands[0]->type) && plain_quantity(e.operands[1]->type);
}

// A native compiles when it has a plain-number adapter and at most 32 parameters (the
// bits of its whole-argument mask).
bool native_on_numbers(const Expr& e) {
  const auto* decl = &e.target_as<NativeDecl>();
  return decl && decl->implementation && decl->implementation->raw && decl->parameters.size() <= 32;
}

// The roots a Code is attached to: expressions whose Value the evaluator can make from
// their number alone (the unit is the expression's static one), so that both paths
// may use the code.
std::optional<std::vector<ArgumentValue>> method_arguments(const Expr& e);

// `a ?? b` of quantities, a a name whose Value is at hand (its none-ness decides).
bool numeric_coalesce(const Expr& e) {
  const Expr& a = *e.operands[0];
  return plain_quantity(e.type) && a.kind == ExprKind::name &&
         (a.ref == RefKind::input || a.ref == RefKind::property || a.ref == RefKind::parameter ||
          a.ref == RefKind::let);
}

bool compiles_at_root(const Expr& e) {
  // Lists, maps, sets and tuples are the tree walk's.
  if (e.type.is_list() || e.type.is_map() || e.type.is_tuple() || e.type.is_set()) return false;
  switch (e.kind) {
    case ExprKind::binary:
      if (e.type.kind == TypeKind::text) return false;         // `+` joining texts, `??` of texts
      if (e.op == Op::in || e.op == Op::not_in) return false;  // membership: the tree walk's
      if (e.op == Op::coalesce) return numeric_coalesce(e);
      return (e.op != Op::eq && e.op != Op::ne) || numeric_equality(e);
    case ExprKind::unary:
      return e.op == Op::logical_not;
    case ExprKind::call:
      return e.call == CallKind::builtin || (e.call == CallKind::native && native_on_numbers(e)) ||
             (e.call == CallKind::method && method_arguments(e));
    case ExprKind::member: {
      // `r.latency`, a comprehension's or lambda's whole body: one OpCode::local_field,
      // so `[r.latency for r in served]` runs as pure code into a packed list.
      const Expr& obj = *e.operands[0];
      return e.ref != RefKind::enum_member && obj.kind == ExprKind::name &&
             obj.ref == RefKind::local && obj.type.kind == TypeKind::record && !obj.type.optional &&
             (e.type.is_quantity() || e.type.kind == TypeKind::boolean) && !e.type.optional;
    }
    default:
      return false;
  }
}

void finish(Code& code, const Expr& root);

std::optional<ArgumentValue> argument_value(const Expr& a) {
  ArgumentValue v;
  const bool enum_member =
      (a.kind == ExprKind::none || a.kind == ExprKind::name || a.kind == ExprKind::member) &&
      a.ref == RefKind::enum_member;
  if (enum_member) {
    v.kind = ArgumentValue::Kind::member;
    v.enumeration = &a.target_as<EnumDecl>();
    return v;
  }
  if (a.kind == ExprKind::number || (a.kind == ExprKind::name && a.ref == RefKind::unit)) {
    v.dim = a.type.dim;
    return v;
  }
  if (a.kind == ExprKind::boolean) {
    v.kind = ArgumentValue::Kind::boolean;
    return v;
  }
  if (a.kind == ExprKind::name &&
      (a.ref == RefKind::input || a.ref == RefKind::property || a.ref == RefKind::parameter)) {
    v.kind = a.ref == RefKind::input      ? ArgumentValue::Kind::input
             : a.ref == RefKind::property ? ArgumentValue::Kind::property
                                          : ArgumentValue::Kind::parameter;
    v.index = static_cast<std::uint32_t>(a.slot);
    return v;
  }
  if (a.kind == ExprKind::member && a.ref != RefKind::enum_member &&
      a.operands[0]->kind == ExprKind::name && a.operands[0]->ref == RefKind::input &&
      a.operands[0]->type.kind == TypeKind::record) {
    v.kind = ArgumentValue::Kind::input_field;
    v.index = static_cast<std::uint32_t>(a.operands[0]->slot);
    v.field = static_cast<std::uint32_t>(a.slot);
    return v;
  }
  const bool method_call = a.kind == ExprKind::call && a.call == CallKind::method;
  if (!a.type.is_error() && !method_call && compiles_at_root(a)) {
    Code probe;  // what the argument's own code will say of its Value
    finish(probe, a);
    v.result = probe.result_kind;
    v.dim = probe.result_dim;
    return v;
  }
  return std::nullopt;
}

// The arguments of a call of the instance's own method, every parameter given, each
// argument an expression whose Value is known from its number (a literal, a unit, an
// enum member, compiled code) or a value of the instance (an input, property or
// parameter); nullopt if the call is not one.
std::optional<std::vector<ArgumentValue>> method_arguments(const Expr& e) {
  static_assert(max_method_arguments <= 32);  // the bits of a method's whole-argument mask
  if (e.callee->kind != ExprKind::name || e.binding.size() > max_method_arguments)
    return std::nullopt;
  std::vector<ArgumentValue> values;
  for (int k : e.binding) {
    if (k < 0) return std::nullopt;  // a default, which the tree walk evaluates in its frame
    auto made = argument_value(*e.arguments[static_cast<std::size_t>(k)].value);
    if (!made) return std::nullopt;
    values.push_back(*made);
  }
  return values;
}

OpCode binary_code(Op op) {
  switch (op) {
    case Op::add:
      return OpCode::add;
    case Op::sub:
      return OpCode::sub;
    case Op::mul:
      return OpCode::mul;
    case Op::div:
      return OpCode::div;
    case Op::floordiv:
      return OpCode::floordiv;
    case Op::mod:
      return OpCode::mod;
    case Op::pow:
      return OpCode::pow;
    case Op::eq:
      return OpCode::eq;
    case Op::ne:
      return OpCode::ne;
    case Op::lt:
      return OpCode::lt;
    case Op::le:
      return OpCode::le;
    case Op::gt:
      return OpCode::gt;
    default:
      return OpCode::ge;
  }
}

class Compiler {
 public:
  // Compiles the tree under `root` into `code`; subtrees left to the tree walk are
  // collected in `left` so that they get codes of their own.
  Compiler(Code& code, std::vector<Expr*>& left) : code_(code), left_(left) {}

  void expression(Expr& e) {
    if (e.type.is_list() || e.type.is_map() || e.type.is_tuple()) return tree(e);
    switch (e.kind) {
      case ExprKind::number:
        return constant(e, e.number * e.unit_scale);
      case ExprKind::boolean:
        return constant(e, e.number != 0 ? 1 : 0);
      case ExprKind::none:
        return constant(e, e.ref == RefKind::enum_member ? e.slot : 0);
      case ExprKind::name:
        return name(e);
      case ExprKind::unary:
        expression(*e.operands[0]);
        emit(e.op == Op::logical_not ? OpCode::logical_not : OpCode::negate, e, 0);
        return;
      case ExprKind::binary:
        return binary(e);
      case ExprKind::conditional:
        return conditional(e);
      case ExprKind::convert:
        if (!e.type.is_quantity()) return tree(e);  // `xs -> KiB`: a list's, not a number
        return expression(*e.operands[0]);          // a new unit, the same number
      case ExprKind::call:
        if (e.call == CallKind::builtin) return call(e, OpCode::builtin);
        if (e.call == CallKind::native && native_on_numbers(e)) return call(e, OpCode::native);
        if (e.call == CallKind::method) return method(e);
        return tree(e);
      case ExprKind::member:
        return member(e);
      default:
        return tree(e);
    }
  }

 private:
  Instruction& emit(OpCode c, const Expr& node, int stack_change) {
    Instruction& op = code_.ops.emplace_back();
    op.code = c;
    op.node = &node;
    depth_ += stack_change;
    code_.max_stack = std::max<std::uint32_t>(code_.max_stack, static_cast<std::uint32_t>(depth_));
    return op;
  }
  void constant(const Expr& e, double x) { emit(OpCode::constant, e, 1).number = x; }
  void tree(Expr& e) {
    emit(OpCode::tree, e, 1).steps = 0;  // the tree walk counts its own
    left_.push_back(&e);
  }

  void name(Expr& e) {
    switch (e.ref) {
      case RefKind::input:
        emit(OpCode::input, e, 1).index = static_cast<std::uint32_t>(e.slot);
        return;
      case RefKind::property:
        emit(OpCode::property, e, 1).index = static_cast<std::uint32_t>(e.slot);
        return;
      case RefKind::parameter:
        emit(OpCode::parameter, e, 1).index = static_cast<std::uint32_t>(e.slot);
        return;
      case RefKind::let:
        emit(OpCode::let, e, 1);
        return;
      case RefKind::unit:
        return constant(e, e.unit_scale);
      case RefKind::enum_member:
        return constant(e, e.slot);
      case RefKind::local:
        // A comprehension's or lambda's name: its number, when that is all its Value
        // is (a record, a list or what may be none is the tree walk's).
        if ((e.type.is_quantity() || e.type.kind == TypeKind::boolean) && !e.type.optional) {
          emit(OpCode::local, e, 1).index = static_cast<std::uint32_t>(e.slot);
          return;
        }
        return tree(e);
      case RefKind::constant: {
        // Its value is fixed (stdlib/binding.hpp's bind_constant); it is still counted
        // as called each time it is used, as the tree walk counts it.
        const NativeFunction& f = *e.target_as<NativeDecl>().implementation;
        emit(OpCode::native_constant, e, 1).number = f.call({}).number;
        return;
      }
      default:
        return tree(e);  // an instance
    }
  }

  // A field of a record held by an input, a parameter, a let or a local (a
  // comprehension's or lambda's name) is one operation; any other member (of an
  // instance, of a record made on the spot) is the tree walk's.
  void member(Expr& e) {
    if (e.ref == RefKind::enum_member) return constant(e, e.slot);
    const Expr& obj = *e.operands[0];
    if (obj.kind == ExprKind::name && obj.type.kind == TypeKind::record) {
      OpCode c = obj.ref == RefKind::input                         ? OpCode::input_field
                 : obj.ref == RefKind::parameter                   ? OpCode::parameter_field
                 : obj.ref == RefKind::let                         ? OpCode::let_field
                 : obj.ref == RefKind::local && !obj.type.optional ? OpCode::local_field
                                                                   : OpCode::tree;
      if (c != OpCode::tree) {
        Instruction& op = emit(c, e, 1);
        op.steps = 2;  // the member and its object
        op.index = static_cast<std::uint32_t>(obj.slot);
        op.field = static_cast<std::uint32_t>(e.slot);
        return;
      }
    }
    tree(e);
  }

  void binary(Expr& e) {
    if (e.type.kind == TypeKind::text) return tree(e);  // `+` joining texts, `??` of texts
    if (e.op == Op::in || e.op == Op::not_in || e.type.is_set()) return tree(e);  // sets
    if (e.op == Op::coalesce) return coalesce(e);
    if ((e.op == Op::eq || e.op == Op::ne) && !numeric_equality(e)) return tree(e);
    if (e.op == Op::logical_and || e.op == Op::logical_or) {
      expression(*e.operands[0]);
      std::size_t test = code_.ops.size();
      emit(e.op == Op::logical_and ? OpCode::and_test : OpCode::or_test, e, -1);
      expression(*e.operands[1]);
      emit(OpCode::to_bool, e, 0).steps = 0;
      code_.ops[test].index = static_cast<std::uint32_t>(code_.ops.size());
      return;
    }
    expression(*e.operands[0]);
    expression(*e.operands[1]);
    emit(binary_code(e.op), e, -1);
  }

  void coalesce(Expr& e) {
    if (!numeric_coalesce(e)) return tree(e);
    const Expr& a = *e.operands[0];
    std::size_t test = code_.ops.size();
    Instruction& op = emit(OpCode::coalesce, e, 1);
    op.steps = 2;  // the `??` and its left side
    op.count = a.ref == RefKind::input       ? 0
               : a.ref == RefKind::property  ? 1
               : a.ref == RefKind::parameter ? 2
                                             : 3;
    op.index = static_cast<std::uint32_t>(a.slot);
    --depth_;  // the right side's value takes the same place
    expression(*e.operands[1]);
    code_.ops[test].field = static_cast<std::uint32_t>(code_.ops.size() - test - 1);
  }

  void conditional(Expr& e) {
    expression(*e.operands[0]);
    std::size_t test = code_.ops.size();
    emit(OpCode::jump_if_false, e, -1);
    expression(*e.operands[1]);
    std::size_t skip = code_.ops.size();
    emit(OpCode::jump, e, -1).steps = 0;  // the other branch's value takes this place
    code_.ops[test].index = static_cast<std::uint32_t>(code_.ops.size());
    expression(*e.operands[2]);
    code_.ops[skip].index = static_cast<std::uint32_t>(code_.ops.size());
  }

  // Builtins take their arguments as written; natives one per parameter, a default
  // where none is given (a file-scope expression, compiled in place) or 0 for a
  // missing optional, whose number is none's.
  void call(Expr& e, OpCode c) {
    int pushed = 0;
    if (c == OpCode::builtin) {
      for (Argument& a : e.arguments) expression(*a.value);
      pushed = static_cast<int>(e.arguments.size());
    } else {
      const auto* decl = &e.target_as<NativeDecl>();
      for (std::size_t i = 0; i < e.binding.size(); ++i) {
        int k = e.binding[i];
        if (k >= 0)
          expression(*e.arguments[static_cast<std::size_t>(k)].value);
        else if (Expr* d = decl->parameters[i].default_value.get())
          expression(*d);
        else
          constant(e, 0);
        // A missing optional is no step of the tree walk.
        if (k < 0 && !decl->parameters[i].default_value) code_.ops.back().steps = 0;
      }
      pushed = static_cast<int>(e.binding.size());
    }
    Instruction& op = emit(c, e, 1 - pushed);
    op.count = static_cast<std::uint16_t>(pushed);
    op.index = static_cast<std::uint32_t>(e.slot);
    if (c == OpCode::native) {
      op.field = whole_arguments(e.target_as<NativeDecl>());
      op.aux = integer_arguments(*e.target_as<NativeDecl>().implementation);
    }
  }

  // A call of the instance's own method (method_arguments).
  void method(Expr& e) {
    std::optional<std::vector<ArgumentValue>> made = method_arguments(e);
    if (!made) return tree(e);
    const std::vector<ArgumentValue>& values = *made;
    for (int k : e.binding) expression(*e.arguments[static_cast<std::size_t>(k)].value);
    const int pushed = static_cast<int>(e.binding.size());
    Instruction& op = emit(OpCode::method, e, 1 - pushed);
    op.count = static_cast<std::uint16_t>(pushed);
    op.index = static_cast<std::uint32_t>(e.slot);
    op.field = static_cast<std::uint32_t>(code_.arguments.size());
    code_.arguments.insert(code_.arguments.end(), values.begin(), values.end());
    const Property& m = e.target_as<ScenarioDecl>().properties[op.index];
    for (std::size_t i = 0; i < m.parameters.size() && i < 32; ++i)
      if (m.parameters[i].resolved.integer) op.aux |= 1u << i;
  }

  Code& code_;
  std::vector<Expr*>& left_;
  int depth_ = 0;
};

// What the evaluator reads of a code besides its operations.
void finish(Code& code, const Expr& root) {
  for (std::size_t i = 0; i < code.ops.size(); ++i) {
    Instruction& op = code.ops[i];
    code.steps += op.steps;
    // Jumps skip operations (their target less the next one); methods point at their
    // argument values, which no longer move.
    if (op.code == OpCode::and_test || op.code == OpCode::or_test ||
        op.code == OpCode::jump_if_false || op.code == OpCode::jump)
      op.index -= static_cast<std::uint32_t>(i + 1);
    if (op.code == OpCode::method) op.arguments = code.arguments.data() + op.field;
  }
  Instruction& last = code.ops.emplace_back();
  last.code = OpCode::end;
  last.steps = 0;
  last.node = &root;
  bool boolean = false;
  if (root.kind == ExprKind::binary)
    boolean = root.op == Op::eq || root.op == Op::ne || root.op == Op::lt || root.op == Op::le ||
              root.op == Op::gt || root.op == Op::ge || root.op == Op::logical_and ||
              root.op == Op::logical_or;
  if (root.kind == ExprKind::unary) boolean = true;                                  // `not`
  if (root.kind == ExprKind::member) boolean = root.type.kind == TypeKind::boolean;  // `o.fits`
  code.result_dim = root.type.dim;
  if (root.kind == ExprKind::call && root.call == CallKind::native) {
    const NativeFunction& f = *root.target_as<NativeDecl>().implementation;
    boolean = f.result.kind == NativeType::Kind::boolean;
    code.result_dim = f.result.dim;
  }
  code.result_kind = boolean ? ValueKind::boolean : ValueKind::quantity;
  if (boolean) code.result_dim = Dimension{};
  // A method call's Value is its memoized one, whatever unit its body gave it.
  if (root.kind == ExprKind::call && root.call == CallKind::method)
    code.result_kind = ValueKind::none;
  auto reads_memo = [](const Instruction& op) {
    return op.code == OpCode::input || op.code == OpCode::property;
  };
  code.pure_when_settled =
      code.result_kind != ValueKind::none && code.max_stack <= pure_operand_capacity &&
      std::all_of(code.ops.begin(), code.ops.end(), [&](const Instruction& op) {
        if (reads_memo(op)) return true;
        switch (op.code) {
          case OpCode::constant:
          case OpCode::local:
          case OpCode::local_field:
          case OpCode::negate:
          case OpCode::logical_not:
          case OpCode::add:
          case OpCode::sub:
          case OpCode::mul:
          case OpCode::div:
          case OpCode::floordiv:
          case OpCode::mod:
          case OpCode::pow:
          case OpCode::eq:
          case OpCode::ne:
          case OpCode::lt:
          case OpCode::le:
          case OpCode::gt:
          case OpCode::ge:
          case OpCode::and_test:
          case OpCode::or_test:
          case OpCode::to_bool:
          case OpCode::jump_if_false:
          case OpCode::jump:
          case OpCode::builtin:
          case OpCode::end:
            return true;
          default:
            return false;
        }
      });
  code.pure = code.pure_when_settled && std::none_of(code.ops.begin(), code.ops.end(), reads_memo);
  code.straight =
      code.pure && std::none_of(code.ops.begin(), code.ops.end(), [](const Instruction& op) {
        return op.code == OpCode::and_test || op.code == OpCode::or_test ||
               op.code == OpCode::jump_if_false || op.code == OpCode::jump;
      });
}

// Gives `e`, and every subtree of it the tree walk evaluates, a code where one pays.
// Inside what binds locals (a comprehension's body and condition, a lambda's body) too:
// code reads them from the frame it starts in (OpCode::local), so `[x * 2 for x in xs]`
// runs its body as a code per element. The names a comprehension or lambda binds are
// not expressions to compile.
void compile_tree(Expr& e) {
  std::vector<Expr*> pending{&e};
  while (!pending.empty()) {
    Expr& x = *pending.back();
    pending.pop_back();
    if (x.kind == ExprKind::comprehension || x.kind == ExprKind::lambda) {
      for (auto& o : x.operands) pending.push_back(o.get());
      continue;
    }
    if (!x.type.is_error() && compiles_at_root(x)) {
      auto code = std::make_shared<Code>();
      std::vector<Expr*> left;
      Compiler(*code, left).expression(x);
      finish(*code, x);
      // Left to the tree walk: the root itself may not be (it compiles), but what is
      // inside it gets its own codes.
      for (Expr* l : left) {
        for (auto& o : l->operands) pending.push_back(o.get());
        if (l->callee) pending.push_back(l->callee.get());
        for (Argument& a : l->arguments) pending.push_back(a.value.get());
      }
      x.code = std::move(code);
      continue;
    }
    for (auto& o : x.operands) pending.push_back(o.get());
    if (x.callee) pending.push_back(x.callee.get());
    for (Argument& a : x.arguments) pending.push_back(a.value.get());
  }
}

// Operands an operation leaves less those it takes, as the compiler counts them (a
// jump counts as the pop its branch's value makes up for).
int stack_effect(const Instruction& op) {
  switch (op.code) {
    case OpCode::constant:
    case OpCode::input:
    case OpCode::property:
    case OpCode::parameter:
    case OpCode::let:
    case OpCode::native_constant:
    case OpCode::input_field:
    case OpCode::let_field:
    case OpCode::parameter_field:
    case OpCode::tree:
    case OpCode::coalesce:
    case OpCode::local:
    case OpCode::local_field:
      return 1;
    case OpCode::negate:
    case OpCode::logical_not:
    case OpCode::to_bool:
    case OpCode::end:
    case OpCode::begin:
    case OpCode::store:
      return 0;
    case OpCode::native:
    case OpCode::builtin:
    case OpCode::method:
      return 1 - static_cast<int>(op.count);
    default:  // binary operators, tests, jumps, drop
      return -1;
  }
}

bool is_jump(OpCode c) {
  return c == OpCode::and_test || c == OpCode::or_test || c == OpCode::jump_if_false ||
         c == OpCode::jump;
}

// Builds an EveryValue: each entry forced in order, each compiled property body inlined
// (once) where forcing first reaches it, nested as deep as its dependencies.
class EveryValueBuilder {
 public:
  EveryValueBuilder(const ScenarioDecl& s, EveryValue& out)
      : s_(s), out_(out), inlined_(s.properties.size(), false) {}

  void entry(OpCode c, std::uint32_t index) {
    const std::size_t start = out_.code.ops.size();
    out_.starts.push_back(static_cast<std::uint32_t>(start));
    if (c == OpCode::property && inlinable(index)) {
      // Its value is not used here: `begin` pushes none when skipping, `store` drops it.
      inline_property(index, *out_.at);
      out_.code.ops[start].count = 1;
      out_.code.ops.back().count |= 2;
      --depth_;
      return;
    }
    push(force_op(c, index, *out_.at));
    // The value is not used: it stays on the operands (no `drop` to run) while they are
    // few, so that the code still fits execute's operands and leaves its nested calls
    // room (a run started at a later entry starts with none).
    if (depth_ <= kept_entry_values) return;
    Instruction drop;
    drop.code = OpCode::drop;
    drop.steps = 0;
    drop.node = out_.at.get();
    push(drop);
  }

  void finish() {
    Instruction zero;  // what `end` returns
    zero.steps = 0;
    zero.node = out_.at.get();
    push(zero);
    Instruction end;
    end.code = OpCode::end;
    end.steps = 0;
    end.node = out_.at.get();
    push(end);
  }

 private:
  static Instruction force_op(OpCode c, std::uint32_t index, const Expr& at) {
    Instruction op;
    op.code = c;
    op.index = index;
    op.steps = 0;  // forcing a value is no step; its evaluation counts its own
    op.node = &at;
    return op;
  }

  void push(Instruction op) {
    depth_ += stack_effect(op);
    out_.code.max_stack =
        std::max<std::uint32_t>(out_.code.max_stack, static_cast<std::uint32_t>(depth_));
    out_.code.ops.push_back(op);
  }

  bool inlinable(std::uint32_t index) const {
    const Property& p = s_.properties[index];
    return !inlined_[index] && !p.is_method && p.body && p.body->code &&
           nesting_ < static_cast<int>(max_inlined_nesting);
  }

  // begin, the body's operations (its first forcings of other properties inlined in
  // turn), store; `at` is where it is forced.
  void inline_property(std::uint32_t index, const Expr& at) {
    inlined_[index] = true;
    ++nesting_;
    const Code& body = *s_.properties[index].body->code;
    const std::size_t begin_at = out_.code.ops.size();
    Instruction begin = force_op(OpCode::begin, index, at);
    begin.aux = body.steps;
    begin.property = &s_.properties[index];
    push(begin);
    // Where each of the body's operations went, for its jumps.
    std::vector<std::size_t> moved(body.ops.size());
    std::vector<std::pair<std::size_t, std::size_t>> jumps;  // (new place, old place)
    for (std::size_t k = 0; k + 1 < body.ops.size(); ++k) {  // all but its `end`
      moved[k] = out_.code.ops.size();
      Instruction op = body.ops[k];
      if (op.code == OpCode::property && inlinable(op.index)) {
        inline_property(op.index, *op.node);
        continue;
      }
      if (is_jump(op.code)) jumps.emplace_back(out_.code.ops.size(), k);
      op.steps = 0;  // counted by `begin`
      push(op);
    }
    moved[body.ops.size() - 1] = out_.code.ops.size();
    for (auto [now, was] : jumps) {
      std::size_t target = moved[was + 1 + body.ops[was].index];
      out_.code.ops[now].index = static_cast<std::uint32_t>(target - now - 1);
    }
    Instruction store = force_op(OpCode::store, index, at);
    store.body = &body;
    store.count = s_.properties[index].resolved.integer ? 1 : 0;
    push(store);
    out_.code.ops[begin_at].field = static_cast<std::uint32_t>(out_.code.ops.size() - begin_at - 1);
    --nesting_;
  }

  static constexpr int kept_entry_values = 32;
  const ScenarioDecl& s_;
  EveryValue& out_;
  std::vector<bool> inlined_;
  int depth_ = 0;
  int nesting_ = 0;
};

std::shared_ptr<const EveryValue> every_value(const ScenarioDecl& s) {
  auto all = std::make_shared<EveryValue>();
  all->at = std::make_unique<Expr>(ExprKind::name, s.name_range);
  EveryValueBuilder builder(s, *all);
  for (std::uint32_t i = 0; i < s.inputs.size(); ++i) builder.entry(OpCode::input, i);
  all->inputs = static_cast<std::uint32_t>(s.inputs.size());
  for (std::uint32_t i = 0; i < s.properties.size(); ++i) {
    if (s.properties[i].is_method) continue;
    builder.entry(OpCode::property, i);
    all->properties.push_back(i);
  }
  builder.finish();
  return all;
}

void compile_decl(Decl& d) {
  for_each_expression(d, [](ExprPtr& e, const ExprPlace&) { compile_tree(*e); });
  if (d.kind == DeclKind::scenario) {
    auto& s = static_cast<ScenarioDecl&>(d);
    s.every_value = every_value(s);
  }
}

}  // namespace

// Whether a file-scope expression's value is the same in every evaluator: it names no
// case (whose inputs an evaluator may rebind), directly, through a let, or through a
// default it may use.
class Constancy {
 public:
  // Indexed by the lets' memo slots (a hash map here cost 64 bytes per let at the peak
  // of a large file's check and compile).
  explicit Constancy(std::uint32_t let_count) : known_(let_count, unknown) {}

  bool let(const LetDecl& d) {
    Known& k = known_.at(d.memo_slot);
    if (k != unknown) return k == constant;
    k = varying;  // a let in progress: not constant
    bool c = d.value && expression(*d.value);
    known_[d.memo_slot] = c ? constant : varying;
    return c;
  }

 private:
  bool expression(const Expr& e) {
    if (e.kind == ExprKind::name && e.ref == RefKind::instance) return false;
    if (e.kind == ExprKind::variant) return false;  // an instance, like a scenario call
    if (e.kind == ExprKind::name && e.ref == RefKind::let) return let(e.target_as<LetDecl>());
    if (e.kind == ExprKind::call) {
      if (e.call == CallKind::scenario || e.call == CallKind::method ||
          e.call == CallKind::constraint)
        return false;
      // `every(R)` reads lets that no operand names: taken as varying, to be safe.
      if (e.call == CallKind::list_builtin && e.has_target()) return false;
      if (e.call == CallKind::record)
        for (const Field& f : e.target_as<RecordDecl>().fields)
          if (f.default_value && !expression(*f.default_value)) return false;
      if (e.call == CallKind::native)
        for (const Parameter& p : e.target_as<NativeDecl>().parameters)
          if (p.default_value && !expression(*p.default_value)) return false;
    }
    for (const auto& o : e.operands)
      if (!expression(*o)) return false;
    if (e.callee && !expression(*e.callee)) return false;
    for (const Argument& a : e.arguments)
      if (!expression(*a.value)) return false;
    return true;
  }

  enum Known : std::uint8_t { unknown, varying, constant };
  std::vector<Known> known_;
};

std::uint32_t integer_arguments(const NativeFunction& f) {
  std::uint32_t mask = 0;
  for (std::size_t i = 0; i < f.parameters.size() && i < 32; ++i)
    if (f.parameters[i].kind == NativeType::Kind::integer) mask |= 1u << i;
  return mask;
}

std::uint32_t whole_arguments(const NativeDecl& d) {
  std::uint32_t mask = 0;
  for (std::size_t i = 0; i < d.parameters.size() && i < 32; ++i)
    if (d.parameters[i].resolved.integer) mask |= 1u << i;
  return mask;
}

void compile_program(Program& program) {
  Constancy constancy(program.let_count);
  for (auto& m : program.modules)
    for (auto& d : m->decls) {
      compile_decl(*d);
      if (d->kind == DeclKind::let) {
        auto& let = static_cast<LetDecl&>(*d);
        let.constant = constancy.let(let);
      }
    }
  program.constant_lets = std::make_unique<ConstantLets>(program.let_count);
}

void compile_expression(Expr& e) { compile_tree(e); }

void compile_declaration(Decl& d) { compile_decl(d); }

}  // namespace reckon
