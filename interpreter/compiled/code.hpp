// Compiled numeric expressions. After checking, every expression tree whose value is
// computed from numbers (arithmetic, comparisons, `and`/`or`/`not`, `if`, builtins and
// natives over inputs, properties, parameters, lets, record fields and the numbers
// bound by comprehensions and lambdas) is compiled once
// into a flat postfix program over doubles, attached to the tree's root (Expr::code).
// The evaluator runs it instead of walking the tree: operands stay in a local array,
// names are slots, literals and units are folded to their values in base units. Thunks
// are still forced on first use, in the same order, so laziness, memoization, cycles
// and every located error are the tree walk's; the numbers are the same to the bit
// (tests/unit/test_compiled.cpp compares the two on every bundled case).
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <vector>

#include "interpreter/values/value.hpp"
#include "syntax/ast.hpp"

namespace reckon {

struct Decl;
struct EnumDecl;
struct NativeDecl;
struct NativeFunction;
struct Expr;
struct Program;

enum class OpCode : std::uint8_t {
  constant,         // push `number`
  input,            // push the number of the instance's input `index`
  property,         // push the number of the instance's property `index`
  parameter,        // push the number of the method call's argument `index`
  let,              // push the number of the let `node->target`
  native_constant,  // count a call of the native constant `node->target`, push `number`
  input_field,      // push field `field` of the record in input `index`
  let_field,        // push field `field` of the record in the let `node->operands[0]->target`
  parameter_field,  // push field `field` of the record in argument `index`
  tree,             // push the tree walk's number for `node` (what has no operation here)
  negate,
  logical_not,
  add,
  sub,
  mul,
  div,
  floordiv,
  mod,
  pow,
  eq,
  ne,
  lt,
  le,
  gt,
  ge,
  and_test,       // pop x; if x is 0, push 0 and skip `index` operations
  or_test,        // pop x; if x is not 0, push 1 and skip `index` operations
  to_bool,        // x -> 1 if x is not 0, else 0
  jump_if_false,  // pop x; if x is 0, skip `index` operations
  jump,           // skip `index` operations
  native,         // pop `count` arguments, push the native's result; `field` has a bit
                  // for each argument that must be whole (the first 32), `aux` one for
                  // each of a C++ integer type (integer_arguments)
  builtin,        // pop `count` arguments, push builtin `index`'s result
  method,         // pop `count` arguments (made Values by `arguments`), push the number
                  // of the instance's method `index` called with them
  end,            // the last operation: the result is the one operand left
  drop,           // pop an operand
  coalesce,       // `a ?? b` with `a` an input, property, parameter or let (`count`: which of
                  // the four, `index`: its slot): push a's number and skip `field`
                  // operations (b's), or, when a is none, go on to b
  begin,          // property `index`, inlined (EveryValue): if it is done, push its number
                  // (unless `count` is 1: a force_all entry) and skip `field` operations
                  // (its body and its store); else enter it
  store,          // settle the property `index` begun last with the operand on top, kept
                  // unless `count` has bit 2 (a force_all entry); bit 1: it must be whole
  local,          // push the number of the local `index` (a comprehension's or lambda's
                  // name) of the frame the run started in
  local_field,    // push field `field` of the record in the local `index`
};

// How a method call's argument becomes the Value its memo compares: exactly the Value
// the tree walk would make of that argument's expression.
struct ArgumentValue {
  enum class Kind : std::uint8_t {
    quantity,
    boolean,
    member,
    input,
    property,
    parameter,
    input_field
  };
  Kind kind = Kind::quantity;
  ValueKind result = ValueKind::quantity;  // quantity: a quantity or a boolean
  std::uint32_t index = 0;                 // input, property, parameter: which
  std::uint32_t field = 0;                 // input_field: the record's field
  Dimension dim;                           // quantity
  const EnumDecl* enumeration = nullptr;   // member
};

struct Instruction {
  OpCode code = OpCode::constant;
  std::uint8_t steps = 1;  // evaluation steps this operation stands for (its nodes)
  std::uint16_t count = 0;
  std::uint32_t index = 0;
  std::uint32_t field = 0;
  std::uint32_t aux = 0;  // begin: the steps of the body it starts; method: a bit for each
                          // argument that must be whole; native: a bit for each argument
                          // of a C++ integer type
  union {
    double number = 0;               // constant
    const ArgumentValue* arguments;  // method: `count` of them, in Code::arguments
    const Code* body;                // store: the code of the property stored
    const Property* property;        // begin: the property begun
  };
  const Expr* node = nullptr;  // what the operation computes: its errors point here
};

struct Code {
  std::vector<Instruction> ops;
  std::vector<ArgumentValue> arguments;  // of the method operations
  std::uint32_t max_stack = 0;           // operands live at once
  // Evaluation steps, counted when the code starts: one per node of the tree, taken
  // branches or not.
  std::uint32_t steps = 0;
  // The Value of the root: its kind (quantity or boolean) and, for a quantity, its unit,
  // as the tree walk's Value path makes it (a native's from its C++ signature). `none`
  // for a method call: its Value is the call's memoized one.
  ValueKind result_kind = ValueKind::quantity;
  Dimension result_dim;
  // Whether the code computes only from constants and locals, with arithmetic,
  // comparisons, jumps and builtins (no thunk to force, no call, no tree walk), and
  // fits Evaluator::run_pure's operands: what a comprehension's body over numbers
  // usually is, run per element without execute's set-up.
  bool pure = false;
  // Pure and without jumps (no `and`, `or`, `if`): Evaluator::run_pure_block can run it
  // over many elements at once, one operation at a time.
  bool straight = false;
  // Pure but for reading inputs and properties of the instance it runs in (a lambda's
  // `+ service`): once each of those is done (forced and memoized), nothing is left to
  // force, and run_pure runs it as it runs a pure code (Evaluator::runs_pure).
  bool pure_when_settled = false;
};

// The most operands a pure code may keep at once (Evaluator::run_pure), and the most
// elements run_pure_block takes at once.
inline constexpr std::uint32_t pure_operand_capacity = 32;
inline constexpr std::size_t pure_block_size = 128;

// Forces every input, then every property but the methods, of an instance of one
// scenario, in that order: what `reckon run` shows of a case, in one run of the loop.
// Entry k (inputs first) starts at ops[starts[k]]: force it, and drop its number (or leave
// it below the operands, unused, while they are few: no `drop` to run). A
// property's body is inlined where it is first forced (begin ... store), in the order
// lazy forcing would reach it, so that forcing it costs no call; a property already
// done when its `begin` runs is skipped.
struct EveryValue {
  Code code;
  std::uint32_t inputs = 0;
  std::vector<std::uint32_t> properties;  // their indices, in order
  std::vector<std::uint32_t> starts;      // where each entry's operations start
  std::unique_ptr<Expr> at;  // where the forcing is said to happen: the scenario's name

  // The scenario's register form of forcing every value, for fresh cases
  // (sweep/force_planned.cpp, which alone reads and writes these): its type is that
  // layer's, above this one, so it is held as an opaque pointer. `form_state` says how
  // far it got (force_planned.cpp's FormState); the form is set, under `form_mutex`,
  // before the state says it is ready, and never changed after.
  mutable std::atomic<std::uint8_t> form_state{0};
  mutable std::shared_ptr<const void> form;
  mutable std::mutex form_mutex;
};

// How deep EveryValue inlines properties into each other (each one begun and not yet
// stored is an entry of the evaluator's stack, which max_depth bounds).
inline constexpr std::size_t max_inlined_nesting = 32;

// A bit for each parameter of `d` that takes a whole number.
std::uint32_t whole_arguments(const NativeDecl& d);
// A bit for each parameter of `f` of a C++ integer type (the first 32), which an
// argument must fit (E0510).
std::uint32_t integer_arguments(const NativeFunction& f);

// The most arguments a compiled method call takes (more go through the tree walk).
inline constexpr std::size_t max_method_arguments = 8;

// Compiles every expression of the checked program, and a single checked expression
// (the command line's, the REPL's).
void compile_program(Program& program);
void compile_expression(Expr& e);
void compile_declaration(Decl& d);

}  // namespace reckon
