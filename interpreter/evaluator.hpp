// The lazy evaluator. It walks the checked AST; every property of a case is a thunk
// forced on first use and memoized, so asking for one property evaluates only what
// it depends on, once. Forcing a thunk that is being evaluated is a dependency
// cycle, reported with every link; nesting is bounded by max_depth.
#pragma once

#include <cstdint>
#include <deque>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "interpreter/instance.hpp"
#include "interpreter/program.hpp"
#include "interpreter/units.hpp"

namespace reckon {

struct CheckOutcome {
  bool passed = false;
  std::string left, right;  // both sides of a comparison, as displayed ("" otherwise)
};

class Evaluator {
 public:
  static constexpr std::size_t max_depth = 256;

  // Native stack the evaluator may use below the frame that created it. Deeply nested
  // expressions inside deeply nested properties could otherwise overflow the stack
  // (8 MiB by default, and frames are larger under sanitizers) before max_depth is met.
  static constexpr std::uintptr_t max_stack_bytes = 4u << 20;
  // What the evaluator and the checker actually allow: max_stack_bytes, or less when the
  // process's stack is smaller (`ulimit -s`): then 1 MiB of it (half, below 2 MiB) stays
  // for the frames above and for reporting the error.
  static std::uintptr_t stack_budget();
  // Expressions one evaluator may evaluate: memoization keeps real models far below
  // this, so reaching it means a runaway recursion that would otherwise hang.
  static constexpr std::uint64_t max_steps = 5'000'000;

  explicit Evaluator(const Program& program, int digits = 4);

  // Where an expression is evaluated: in a case (its inputs and properties) and in a
  // method call (its arguments).
  struct Frame {
    Instance* self = nullptr;
    const std::vector<Value>* arguments = nullptr;
  };

  Value evaluate(const Expr& e, const Frame& frame);
  std::shared_ptr<Instance> instance_of(const CaseDecl& c);
  Value input(Instance& self, std::size_t index, SourceRange used_at);
  Value property(Instance& self, std::size_t index, SourceRange used_at);
  CheckOutcome run_check(const CheckDecl& check);

  // The unit an expression's value is shown in: `-> UNIT`, or the declared unit of
  // the property or input it names; nullopt means "choose a readable one".
  // `scope` is the scenario whose members bare names refer to, if any.
  static std::optional<DisplayUnit> declared_unit(const Expr& e,
                                                  const ScenarioDecl* scope = nullptr);

  // Rebinds an input of an instance that has not been evaluated yet to `e`,
  // evaluated at file scope (the command line's --set).
  void bind_input(Instance& self, std::size_t index, const Expr& e);
  // Binds an input of an instance that has not been evaluated yet to a value (an
  // exercise's varied input). A fractional value for a whole-number input is an error
  // at `at`.
  void bind_input_value(Instance& self, std::size_t index, Value v, SourceRange at);
  std::string show(const Value& v, const std::optional<DisplayUnit>& unit) const;

 private:
  // A thunk being forced: its name (an input, property, method or let), a method's
  // arguments, and where it was asked for. The names live in the AST.
  struct Active {
    const Thunk* thunk;
    std::string_view name;
    const std::vector<Value>* arguments;
    SourceRange used_at;
  };

  template <typename Compute>
  const Value& force(Thunk& thunk, std::string_view name, const std::vector<Value>* arguments,
                     SourceRange used_at, Compute compute);
  [[noreturn]] void cycle(const Thunk& thunk, const Active& again, SourceRange used_at);
  std::string label(const Active& a) const;

  Value method(Instance& self, std::size_t index, std::vector<Value> arguments,
               SourceRange used_at);
  Value binary(const Expr& e, const Frame& frame);
  Value call(const Expr& e, const Frame& frame);
  Value member(const Expr& e, const Frame& frame);
  Value builtin(const Expr& e, const Frame& frame);
  // Per parameter: its argument, or its default (`defaults(i)`, evaluated in
  // `defaults_frame`), or none.
  template <typename Defaults>
  std::vector<Value> arguments(const Expr& call, const Frame& frame, Defaults defaults,
                               const Frame& defaults_frame);
  Value checked(const Expr& at, double v, const Dimension& d) const;
  // E0503 unless v is whole where `declared` is an integer type; the message names
  // "{what}`{name}`" (built only then).
  void require_whole(const Value& v, const Type& declared, SourceRange at, std::string_view what,
                     std::string_view name) const;
  bool equal(const Value& a, const Value& b) const;

  int digits_;
  std::uintptr_t stack_base_;
  std::uintptr_t stack_budget_;
  std::uint64_t steps_ = 0;
  std::vector<Active> stack_;
  std::unordered_map<const CaseDecl*, std::shared_ptr<Instance>> cases_;
  std::unordered_map<const LetDecl*, Thunk> lets_;
  std::deque<MethodCall> method_calls_;
};

}  // namespace reckon
