// Runs compiled numeric expressions (code.hpp). Each operation does what the tree walk's
// number path does for its node (evaluate.cpp), with the same checks and errors.
//
// A thunk whose body is compiled (a property, an input's binding, a method call) is
// forced inside the same loop: its code runs on the operands above the caller's, and
// when it ends its value is the caller's next operand. Only what is not compiled goes
// back through the C++ stack (Evaluator::force_*, the tree walk).
#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdlib>
#include <new>
#include <stdexcept>

#include "interpreter/compiled/code.hpp"
#include "interpreter/evaluate/evaluator.hpp"
#include "interpreter/model/builtins.hpp"
#include "interpreter/model/operator_semantics.hpp"
#include "interpreter/model/program.hpp"
#include "interpreter/values/operations.hpp"
#include "syntax/diagnostics.hpp"

namespace reckon {

namespace {

// Operands and nested thunks one run keeps on its own frame; a thunk that would need
// more is forced through the C++ stack instead.
constexpr std::size_t operand_capacity = 256;
constexpr std::size_t call_capacity = 32;

}  // namespace

Value Evaluator::value_from_code(const Expr& e, const Frame& frame) {
  const Code& code = *e.code;
  if (code.result_kind == ValueKind::none) {  // a method call: the tree walk has its Value
    guard(e);
    return value_of(e, frame);
  }
  return Value::plain(run(code, frame), code.result_kind, code.result_dim);
}

double Evaluator::run(const Code& code, const Frame& frame) {
  if (stack_low()) [[unlikely]]
    stack_exhausted(*code.ops.back().node);
  return execute(code, frame, nullptr);
}

void Evaluator::force_all(Instance& self, const EveryValue& all) {
  const std::size_t entries = all.inputs + all.properties.size();
  auto thunk = [&](std::size_t k) -> const Thunk& {
    return k < all.inputs ? self.inputs[k] : self.properties[all.properties[k - all.inputs]];
  };
  if (stack_low()) [[unlikely]]
    stack_exhausted(*all.at);
  if (!compiled_ || all.code.max_stack > operand_capacity) {  // one at a time
    for (std::size_t k = 0; k < entries; ++k) try {
        if (k < all.inputs)
          (void)input_ref(self, k, all.at->range);
        else
          (void)property_ref(self, all.properties[k - all.inputs], all.at->range);
      } catch (const UserError&) {
      }
    return;
  }
  // A run stops at the first value that fails; the next run starts after it.
  for (std::size_t k = 0; k < entries; ++k) {
    if (thunk(k).state != ThunkState::pending) continue;
    try {
      execute(all.code, Frame{&self, nullptr}, nullptr, all.starts[k]);
      return;
    } catch (const UserError&) {
    }
  }
}

void Evaluator::force_code(Thunk& t, const Code& body, Instance* self, const Value* arguments,
                           const Type& declared, SourceRange at, const char* what,
                           const std::string& name) {
  if (stack_low()) [[unlikely]]
    fail_now(t, [&] { stack_exhausted(*body.ops.back().node); });
  const CodeCall first{nullptr, self, arguments, &t, &body, &declared, at, what, &name};
  execute(body, Frame{self, arguments}, &first);  // `body` is not run twice: `first` is it
}

// The Value the tree walk would make of a method call's argument (ArgumentValue).
[[gnu::always_inline]] inline Value Evaluator::argument_value(const ArgumentValue& a, double x,
                                                              const Instance& self,
                                                              const Value* arguments) {
  switch (a.kind) {
    case ArgumentValue::Kind::quantity:
      return Value::plain(x, a.result, a.dim);
    case ArgumentValue::Kind::boolean:
      return Value::boolean(x != 0);
    case ArgumentValue::Kind::member:
      return Value::member(a.enumeration, static_cast<int>(x));
    case ArgumentValue::Kind::input:
      return self.inputs[a.index].value();
    case ArgumentValue::Kind::property:
      return self.properties[a.index].value();
    case ArgumentValue::Kind::parameter:
      return arguments[a.index];
    case ArgumentValue::Kind::input_field:
      return self.inputs[a.index].value().record()->fields[a.field];
  }
  std::abort();  // not a kind compile.cpp makes (and execute relies on no throw here)
}

// Threaded dispatch takes the address of labels, a GNU extension (GCC and Clang).
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wpedantic"
double Evaluator::execute(const Code& entry, const Frame& frame, const CodeCall* first,
                          std::size_t start_at) {
  double operands[operand_capacity];
  // Left uninitialized: a union with an empty constructor (SourceRange would zero each).
  union CallSlot {
    CallSlot() {}
    CodeCall call;
  } slots[call_capacity];
  std::size_t nested = 0;  // calls in progress
  // Every thunk entered by this run and not yet settled (the nested calls' and the
  // inlined properties' begun, EveryValue) is on the evaluator's stack above this depth,
  // innermost last: what a failure fails. (A store settles the property it names.)
  const std::size_t depth_at_start = depth_;
  double* top = operands;  // one past the last operand
  const double* const limit = operands + operand_capacity;

  // The loop's state, kept in registers: the next operation, the operands, the frame.
  // (No lambdas here: capturing it would keep it in memory.)
  Instance* self = frame.self;
  const Value* arguments = frame.arguments;
  // The entry's locals: only its own operations read them (the code of a thunk it
  // forces is a property's or a binding's, where no local is in scope).
  const Value* const locals = frame.locals;
  // `first`, when given, is a thunk the caller has entered: its code runs, and its
  // value ends the run.
  const Instruction* ip = first ? first->callee->ops.data() : entry.ops.data() + start_at;
  // The Value of the last method call made, and of the last thunk settled: what a
  // code whose root is a method call gives its thunk.
  const Value* called = nullptr;

  // Whether the compiled `body` of a thunk can run on this loop's operands and calls.
#define RECKON_FITS(body) (nested < call_capacity && top + (body).max_stack <= limit)

  try {
    start(first ? *first->callee : entry);
    // Threaded dispatch: each operation jumps straight to the next one's handler.
    static const void* const handlers[] = {&&op_constant,
                                           &&op_input,
                                           &&op_property,
                                           &&op_parameter,
                                           &&op_let,
                                           &&op_native_constant,
                                           &&op_input_field,
                                           &&op_let_field,
                                           &&op_parameter_field,
                                           &&op_tree,
                                           &&op_negate,
                                           &&op_logical_not,
                                           &&op_add,
                                           &&op_sub,
                                           &&op_mul,
                                           &&op_div,
                                           &&op_floordiv,
                                           &&op_mod,
                                           &&op_pow,
                                           &&op_eq,
                                           &&op_ne,
                                           &&op_lt,
                                           &&op_le,
                                           &&op_gt,
                                           &&op_ge,
                                           &&op_and_test,
                                           &&op_or_test,
                                           &&op_to_bool,
                                           &&op_jump_if_false,
                                           &&op_jump,
                                           &&op_native,
                                           &&op_builtin,
                                           &&op_method,
                                           &&op_end,
                                           &&op_drop,
                                           &&op_coalesce,
                                           &&op_begin,
                                           &&op_store,
                                           &&op_local,
                                           &&op_local_field};
    // The operation under way is the one before `ip`: one register for both (a separate
    // variable for it kept one of them in memory, a load and a store per operation). A
    // macro, in capitals like RECKON_NEXT, so that it does not read as a variable.
#define RECKON_OP (ip - 1)
#define RECKON_NEXT()                                       \
  do {                                                      \
    goto* handlers[static_cast<std::size_t>((ip++)->code)]; \
  } while (false)
    RECKON_NEXT();
    {
    op_end : {
      // A forced thunk's code has ended: its value is the caller's operand. (Until it
      // is settled, a failure here fails it with the others, below.)
      const CodeCall* c = nested > 0 ? &slots[nested - 1].call : first;
      if (!c) return top[-1];
      const Code& body = *c->callee;
      if (body.result_kind != ValueKind::boolean && c->declared->integer && !ops::whole(top[-1]))
          [[unlikely]]
        not_whole(top[-1], c->at, c->what, *c->name);
      Thunk& t = *c->thunk;
      called = body.result_kind == ValueKind::none
                   ? &t.settle(*called)  // a method call's body: its Value
                   : &t.settle_plain(top[-1], body.result_kind, body.result_dim);
      --depth_;
      if (nested == 0) return top[-1];
      --nested;
      ip = c->resume;
      self = c->self;
      arguments = c->arguments;
      RECKON_NEXT();
    }
    op_drop:
      --top;
      RECKON_NEXT();
    op_begin : {
      Thunk& t = self->properties[RECKON_OP->index];
      if (t.state == ThunkState::done) {
        *top = t.value().number;
        // An entry of force_all pushes nothing (its store would drop it).
        top += 1 - RECKON_OP->count;
        ip += RECKON_OP->field;
        RECKON_NEXT();
      }
      const Property& prop = *RECKON_OP->property;
      enter(t, prop.name, nullptr, RECKON_OP->node->range);
      steps_ += RECKON_OP->aux;
      if (steps_ > max_steps) [[unlikely]]
        too_many_steps(*prop.body);
      RECKON_NEXT();
    }
    op_store : {
      // As the end of a thunk's code, in place: failing here fails it with the others.
      const Code& body = *RECKON_OP->body;
      if ((RECKON_OP->count & 1) && body.result_kind != ValueKind::boolean && !ops::whole(top[-1]))
          [[unlikely]] {
        const Property& prop = self->scenario->properties[RECKON_OP->index];
        not_whole(top[-1], prop.range, "", prop.name);
      }
      Thunk& t = self->properties[RECKON_OP->index];
      called = body.result_kind == ValueKind::none
                   ? &t.settle(*called)
                   : &t.settle_plain(top[-1], body.result_kind, body.result_dim);
      --depth_;
      top -= RECKON_OP->count >> 1;  // an entry of force_all: the value is not used
      RECKON_NEXT();
    }
    op_coalesce : {
      const Expr& a = *RECKON_OP->node->operands[0];
      const Value* v;
      switch (RECKON_OP->count) {
        case 0:
          v = &input_ref(*self, RECKON_OP->index, a.range);
          break;
        case 1:
          v = &property_ref(*self, RECKON_OP->index, a.range);
          break;
        case 2:
          v = &arguments[RECKON_OP->index];
          break;
        default:
          v = &let(a.target_as<LetDecl>(), a.range);
          break;
      }
      if (!v->is_none()) {
        *top++ = v->number;
        ip += RECKON_OP->field;
      }
      RECKON_NEXT();
    }
    op_constant:
      *top++ = RECKON_OP->number;
      RECKON_NEXT();
    op_input : {
      Thunk& t = self->inputs[RECKON_OP->index];
      if (t.state == ThunkState::done) {
        *top++ = t.value().number;
        RECKON_NEXT();
      }
      if (t.state == ThunkState::pending && settle_input_at_once(*self, RECKON_OP->index)) {
        *top++ = t.value().number;
        RECKON_NEXT();
      }
      const Expr* binding = self->input_exprs[RECKON_OP->index];
      if (binding && binding->code && t.state == ThunkState::pending &&
          RECKON_FITS(*binding->code)) {
        const Input& in = self->scenario->inputs[RECKON_OP->index];
        enter(t, in.name, nullptr, RECKON_OP->node->range);
        const Code& body = *binding->code;
        slots[nested++].call = CodeCall{ip,           self,           arguments, &t,      &body,
                                        &in.resolved, binding->range, "input ",  &in.name};
        self = self->input_in_instance(RECKON_OP->index) ? self : nullptr;
        arguments = nullptr;
        ip = body.ops.data();
        start(body);
        RECKON_NEXT();
      }
      *top++ = force_input(*self, RECKON_OP->index, RECKON_OP->node->range).number;
      RECKON_NEXT();
    }
    op_property : {
      Thunk& t = self->properties[RECKON_OP->index];
      if (t.state == ThunkState::done) {
        *top++ = t.value().number;
        RECKON_NEXT();
      }
      const Property& prop = self->scenario->properties[RECKON_OP->index];
      const Code* body = prop.body->code.get();
      if (body && t.state == ThunkState::pending && RECKON_FITS(*body)) {
        enter(t, prop.name, nullptr, RECKON_OP->node->range);
        slots[nested++].call =
            CodeCall{ip, self, arguments, &t, body, &prop.resolved, prop.range, "", &prop.name};
        arguments = nullptr;
        ip = body->ops.data();
        start(*body);
        RECKON_NEXT();
      }
      *top++ = force_property(*self, RECKON_OP->index, RECKON_OP->node->range).number;
      RECKON_NEXT();
    }
    op_parameter:
      *top++ = arguments[RECKON_OP->index].number;
      RECKON_NEXT();
    op_native_constant:
      count_call(*RECKON_OP->node->target_as<NativeDecl>().implementation);
      *top++ = RECKON_OP->number;
      RECKON_NEXT();
    op_let:
      *top++ = let(RECKON_OP->node->target_as<LetDecl>(), RECKON_OP->node->range).number;
      RECKON_NEXT();
    op_input_field : {
      const Thunk& t = self->inputs[RECKON_OP->index];
      const Value& r =
          t.state == ThunkState::done
              ? t.value()
              : force_input(*self, RECKON_OP->index, RECKON_OP->node->operands[0]->range);
      *top++ = r.record()->fields[RECKON_OP->field].number;
      RECKON_NEXT();
    }
    op_let_field : {
      const Expr& obj = *RECKON_OP->node->operands[0];
      const Value& r = let(obj.target_as<LetDecl>(), obj.range);
      *top++ = r.record()->fields[RECKON_OP->field].number;
      RECKON_NEXT();
    }
    op_parameter_field:
      *top++ = arguments[RECKON_OP->index].record()->fields[RECKON_OP->field].number;
      RECKON_NEXT();
    op_tree:
      *top++ = number(*RECKON_OP->node, Frame{self, arguments, locals});
      RECKON_NEXT();
    op_local:
      *top++ = locals[RECKON_OP->index].number;
      RECKON_NEXT();
    op_local_field:
      *top++ = locals[RECKON_OP->index].record()->fields[RECKON_OP->field].number;
      RECKON_NEXT();
    op_negate:
      top[-1] = ops::negate(top[-1]);
      RECKON_NEXT();
    op_logical_not:
      top[-1] = ops::logical_not(top[-1]);
      RECKON_NEXT();
    op_add:
      --top;
      top[-1] = finite(*RECKON_OP->node, ops::add(top[-1], top[0]));
      RECKON_NEXT();
    op_sub:
      --top;
      top[-1] = finite(*RECKON_OP->node, ops::sub(top[-1], top[0]));
      RECKON_NEXT();
    op_mul:
      --top;
      top[-1] = finite(*RECKON_OP->node, ops::mul(top[-1], top[0]));
      RECKON_NEXT();
    op_div:
      --top;
      if (!ops::holds(ops::Need::nonzero_divisor, top[0])) ops::divisor_is_zero(*RECKON_OP->node);
      top[-1] = finite(*RECKON_OP->node, ops::div(top[-1], top[0]));
      RECKON_NEXT();
    op_floordiv:
      --top;
      if (!ops::holds(ops::Need::nonzero_divisor, top[0])) ops::divisor_is_zero(*RECKON_OP->node);
      top[-1] = finite(*RECKON_OP->node,
                       ops::floordiv_in(top[-1], top[0], RECKON_OP->node->operand_scales[0],
                                        RECKON_OP->node->operand_scales[1]));
      RECKON_NEXT();
    op_mod : {
      --top;
      const double x = top[-1], y = top[0];
      if (!ops::holds(ops::Need::nonzero_divisor, y)) ops::divisor_is_zero(*RECKON_OP->node);
      top[-1] = finite(*RECKON_OP->node, ops::mod_in(x, y, RECKON_OP->node->operand_scales[0],
                                                     RECKON_OP->node->operand_scales[1]));
      RECKON_NEXT();
    }
    op_pow:
      --top;
      top[-1] = finite(*RECKON_OP->node, ops::power(top[-1], top[0]));
      RECKON_NEXT();
    op_eq:
      --top;
      top[-1] = ops::eq(top[-1], top[0]);
      RECKON_NEXT();
    op_ne:
      --top;
      top[-1] = ops::ne(top[-1], top[0]);
      RECKON_NEXT();
    op_lt:
      --top;
      top[-1] = ops::lt(top[-1], top[0]);
      RECKON_NEXT();
    op_le:
      --top;
      top[-1] = ops::le(top[-1], top[0]);
      RECKON_NEXT();
    op_gt:
      --top;
      top[-1] = ops::gt(top[-1], top[0]);
      RECKON_NEXT();
    op_ge:
      --top;
      top[-1] = ops::ge(top[-1], top[0]);
      RECKON_NEXT();
    op_and_test:
      if (top[-1] == 0)
        ip += RECKON_OP->index;  // top[-1] is already the 0 to push
      else
        --top;
      RECKON_NEXT();
    op_or_test:
      if (top[-1] != 0) {
        top[-1] = 1;
        ip += RECKON_OP->index;
      } else {
        --top;
      }
      RECKON_NEXT();
    op_to_bool:
      top[-1] = top[-1] != 0 ? 1 : 0;
      RECKON_NEXT();
    op_jump_if_false:
      if (*--top == 0) ip += RECKON_OP->index;
      RECKON_NEXT();
    op_jump:
      ip += RECKON_OP->index;
      RECKON_NEXT();
    op_native:
      top -= RECKON_OP->count;
      *top = native_operation(*RECKON_OP, top);
      ++top;
      RECKON_NEXT();
    op_builtin:
      top -= RECKON_OP->count;
      *top = apply_builtin(*RECKON_OP->node, top, RECKON_OP->count);
      ++top;
      RECKON_NEXT();
    op_method : {
      top -= RECKON_OP->count;
      // The arguments' Values, in the evaluator's own array: a local with a destructor
      // may not be left by the jump to the next operation.
      // Each made in its slot (no temporary assigned: see op_input), which argument_value
      // cannot leave unmade: it does not throw.
      for (std::size_t i = 0; i < RECKON_OP->count; ++i) {
        Value& slot = call_arguments_[i];
        slot.~Value();
        new (&slot) Value(argument_value(RECKON_OP->arguments[i], top[i], *self, arguments));
      }
      Value* made = call_arguments_.data();
      const Property& prop = self->scenario->properties[RECKON_OP->index];
      for (std::uint32_t whole = RECKON_OP->aux; whole; whole &= whole - 1) {
        const auto i = static_cast<std::size_t>(std::countr_zero(whole));
        require_whole_at(made[i], prop.parameters[i].resolved, *RECKON_OP->node, i, "argument ",
                         prop.parameters[i].name);
      }
      MethodCall& mc = self->methods.find_or_add(RECKON_OP->index, {made, RECKON_OP->count});
      Thunk& t = mc.result;
      if (t.state == ThunkState::done) {
        called = &t.value();
        *top++ = t.value().number;
        RECKON_NEXT();
      }
      const Code* body = prop.body->code.get();
      if (body && t.state == ThunkState::pending && RECKON_FITS(*body)) {
        enter(t, prop.name, &mc, RECKON_OP->node->range);
        slots[nested++].call =
            CodeCall{ip, self, arguments, &t, body, &prop.resolved, prop.range, "", &prop.name};
        arguments = mc.arguments.data();
        ip = body->ops.data();
        start(*body);
        RECKON_NEXT();
      }
      called = &method(*self, RECKON_OP->index, {made, RECKON_OP->count}, RECKON_OP->node->range);
      *top++ = called->number;
      RECKON_NEXT();
    }
    }
#undef RECKON_NEXT
#undef RECKON_OP
  } catch (...) {
    // The calls in progress and the properties begun, innermost first (fail() pops one).
    while (depth_ > depth_at_start) fail(const_cast<Thunk&>(*stack_[depth_ - 1].active.thunk));
    if (first) fail(*first->thunk);
    throw;
  }
#undef RECKON_FITS
}

#pragma GCC diagnostic pop

// The operations of a pure code (Code::pure) as execute does them, with the same
// shared operations (operations.hpp) and checks, in a loop with no thunk, call or
// frame to set up: a comprehension's body over numbers runs this once per element.
// The caller counts the code's steps (as execute's start() does). A code pure when
// settled reads the inputs and properties of `self`, each done (runs_pure): their
// numbers, as execute pushes a thunk that is done.
double Evaluator::run_pure(const Code& code, const Value* locals, const Instance* self) const {
  double operands[pure_operand_capacity];
  double* top = operands;
  for (const Instruction* op = code.ops.data();; ++op) {
    switch (op->code) {
      case OpCode::constant:
        *top++ = op->number;
        break;
      case OpCode::local:
        *top++ = locals[op->index].number;
        break;
      case OpCode::local_field:
        *top++ = locals[op->index].record()->fields[op->field].number;
        break;
      case OpCode::input:
        *top++ = self->inputs[op->index].value().number;
        break;
      case OpCode::property:
        *top++ = self->properties[op->index].value().number;
        break;
      case OpCode::negate:
        top[-1] = ops::negate(top[-1]);
        break;
      case OpCode::logical_not:
        top[-1] = ops::logical_not(top[-1]);
        break;
      case OpCode::add:
        --top;
        top[-1] = finite(*op->node, ops::add(top[-1], top[0]));
        break;
      case OpCode::sub:
        --top;
        top[-1] = finite(*op->node, ops::sub(top[-1], top[0]));
        break;
      case OpCode::mul:
        --top;
        top[-1] = finite(*op->node, ops::mul(top[-1], top[0]));
        break;
      case OpCode::div:
        --top;
        if (!ops::holds(ops::Need::nonzero_divisor, top[0])) ops::divisor_is_zero(*op->node);
        top[-1] = finite(*op->node, ops::div(top[-1], top[0]));
        break;
      case OpCode::floordiv:
        --top;
        if (!ops::holds(ops::Need::nonzero_divisor, top[0])) ops::divisor_is_zero(*op->node);
        top[-1] = finite(*op->node, ops::floordiv_in(top[-1], top[0], op->node->operand_scales[0],
                                                     op->node->operand_scales[1]));
        break;
      case OpCode::mod:
        --top;
        if (!ops::holds(ops::Need::nonzero_divisor, top[0])) ops::divisor_is_zero(*op->node);
        top[-1] = finite(*op->node, ops::mod_in(top[-1], top[0], op->node->operand_scales[0],
                                                op->node->operand_scales[1]));
        break;
      case OpCode::pow:
        --top;
        top[-1] = finite(*op->node, ops::power(top[-1], top[0]));
        break;
      case OpCode::eq:
        --top;
        top[-1] = ops::eq(top[-1], top[0]);
        break;
      case OpCode::ne:
        --top;
        top[-1] = ops::ne(top[-1], top[0]);
        break;
      case OpCode::lt:
        --top;
        top[-1] = ops::lt(top[-1], top[0]);
        break;
      case OpCode::le:
        --top;
        top[-1] = ops::le(top[-1], top[0]);
        break;
      case OpCode::gt:
        --top;
        top[-1] = ops::gt(top[-1], top[0]);
        break;
      case OpCode::ge:
        --top;
        top[-1] = ops::ge(top[-1], top[0]);
        break;
      case OpCode::and_test:
        if (top[-1] == 0)
          op += op->index;
        else
          --top;
        break;
      case OpCode::or_test:
        if (top[-1] != 0) {
          top[-1] = 1;
          op += op->index;
        } else {
          --top;
        }
        break;
      case OpCode::to_bool:
        top[-1] = top[-1] != 0 ? 1 : 0;
        break;
      case OpCode::jump_if_false:
        if (*--top == 0) op += op->index;
        break;
      case OpCode::jump:
        op += op->index;
        break;
      case OpCode::builtin:
        top -= op->count;
        *top = apply_builtin(*op->node, top, op->count);
        ++top;
        break;
      case OpCode::end:
        return top[-1];
      default:
        throw std::logic_error("run_pure: an operation a pure code does not have");
    }
  }
}

// A straight code over a block of elements, one operation at a time over all of them:
// the dispatch is paid once per block and each operation is a loop the compiler can
// vectorize. Each operand is a column of n numbers. A check that fails (a result not
// finite, a divisor zero, a builtin's domain) raises that element's error through the
// same functions as run_pure; the caller finds the first failing element again.
void Evaluator::run_pure_block(const Code& code, const Value* locals, std::uint32_t bound,
                               const double* xs, std::size_t n, double* out) const {
  double columns[pure_operand_capacity][pure_block_size];
  double(*top)[pure_block_size] = columns;
  auto each = [n](double* to, auto f) {
    for (std::size_t i = 0; i < n; ++i) to[i] = f(i);
  };
  // Raises the error of the first of the n results that is not finite, if any.
  auto check_finite = [&](const Instruction& op, const double* column) {
    bool finite_all = true;
    for (std::size_t i = 0; i < n; ++i) finite_all &= std::isfinite(column[i]);
    if (!finite_all) [[unlikely]]
      for (std::size_t i = 0; i < n; ++i) (void)finite(*op.node, column[i]);
  };
  auto check_divisors = [&](const Instruction& op, const double* column) {
    for (std::size_t i = 0; i < n; ++i)
      if (!ops::holds(ops::Need::nonzero_divisor, column[i])) ops::divisor_is_zero(*op.node);
  };
  for (const Instruction* op = code.ops.data();; ++op) {
    double* x = top == columns ? nullptr : top[-1];  // the operand on top
    switch (op->code) {
      case OpCode::constant:
        std::fill_n(*top++, n, op->number);
        break;
      case OpCode::local:
        if (op->index == bound)
          std::copy_n(xs, n, *top++);
        else
          std::fill_n(*top++, n, locals[op->index].number);
        break;
      case OpCode::negate:
        each(x, [&](std::size_t i) { return ops::negate(x[i]); });
        break;
      case OpCode::logical_not:
        each(x, [&](std::size_t i) { return ops::logical_not(x[i]); });
        break;
      case OpCode::to_bool:
        each(x, [&](std::size_t i) { return x[i] != 0 ? 1.0 : 0.0; });
        break;
      case OpCode::end:
        std::copy_n(x, n, out);
        return;
      case OpCode::builtin: {  // its arguments are the `count` operands on top
        top -= op->count;
        double args[pure_operand_capacity];
        for (std::size_t i = 0; i < n; ++i) {
          for (std::size_t k = 0; k < op->count; ++k) args[k] = top[k][i];
          top[0][i] = apply_builtin(*op->node, args, op->count);
        }
        ++top;
        break;
      }
      default: {  // binary: x op y, into x
        --top;
        x = top[-1];
        const double* y = top[0];
        const double* scales = op->node->operand_scales.data();
        switch (op->code) {
          case OpCode::add:
            each(x, [&](std::size_t i) { return ops::add(x[i], y[i]); });
            check_finite(*op, x);
            break;
          case OpCode::sub:
            each(x, [&](std::size_t i) { return ops::sub(x[i], y[i]); });
            check_finite(*op, x);
            break;
          case OpCode::mul:
            each(x, [&](std::size_t i) { return ops::mul(x[i], y[i]); });
            check_finite(*op, x);
            break;
          case OpCode::div:
            check_divisors(*op, y);
            each(x, [&](std::size_t i) { return ops::div(x[i], y[i]); });
            check_finite(*op, x);
            break;
          case OpCode::floordiv:
            check_divisors(*op, y);
            each(x,
                 [&](std::size_t i) { return ops::floordiv_in(x[i], y[i], scales[0], scales[1]); });
            check_finite(*op, x);
            break;
          case OpCode::mod:
            check_divisors(*op, y);
            each(x, [&](std::size_t i) { return ops::mod_in(x[i], y[i], scales[0], scales[1]); });
            check_finite(*op, x);
            break;
          case OpCode::pow:
            each(x, [&](std::size_t i) { return ops::power(x[i], y[i]); });
            check_finite(*op, x);
            break;
          case OpCode::eq:
            each(x, [&](std::size_t i) { return ops::eq(x[i], y[i]); });
            break;
          case OpCode::ne:
            each(x, [&](std::size_t i) { return ops::ne(x[i], y[i]); });
            break;
          case OpCode::lt:
            each(x, [&](std::size_t i) { return ops::lt(x[i], y[i]); });
            break;
          case OpCode::le:
            each(x, [&](std::size_t i) { return ops::le(x[i], y[i]); });
            break;
          case OpCode::gt:
            each(x, [&](std::size_t i) { return ops::gt(x[i], y[i]); });
            break;
          case OpCode::ge:
            each(x, [&](std::size_t i) { return ops::ge(x[i], y[i]); });
            break;
          default:
            throw std::logic_error("run_pure_block: an operation a straight code does not have");
        }
      }
    }
  }
}

}  // namespace reckon
