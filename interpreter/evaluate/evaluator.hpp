// The lazy evaluator. It walks the checked AST; every property of a case is a thunk
// forced on first use and memoized, so asking for one property evaluates only what
// it depends on, once. Forcing a thunk that is being evaluated is a dependency
// cycle, reported with every link; nesting is bounded by max_depth.
//
// Expressions are evaluated on two paths that give the same numbers: `value_of` makes a
// Value, and `number_of` returns the double a Value would hold (its `number`), which is
// all arithmetic, comparisons, builtins and natives need of their operands. The checker
// has already typed every expression, so operands go the number path and stay in
// registers; anything the number path does not know is evaluated as a Value.
#pragma once

#include <algorithm>
#include <array>
#include <boost/container/small_vector.hpp>
#include <cmath>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "interpreter/compiled/code.hpp"
#include "interpreter/model/program.hpp"
#include "interpreter/sized_thread.hpp"
#include "interpreter/values/instance.hpp"
#include "interpreter/values/operations.hpp"
#include "interpreter/values/units.hpp"

namespace reckon {

class ListBuilder;
class LocalFrame;

struct CheckOutcome {
  bool passed = false;
  std::string left, right;  // both sides of a comparison, as displayed ("" otherwise)
};

class Evaluator {
 public:
  static constexpr std::size_t max_depth = 256;

  // Native stack the evaluator may use below the frame that created it (sized_thread.hpp,
  // which the checker shares).
  static constexpr std::uintptr_t max_stack_bytes = max_recursion_stack_bytes;
  static std::uintptr_t stack_budget() { return recursion_stack_budget(); }
  // Expressions one evaluator may evaluate: memoization keeps real models far below
  // this, so reaching it means a runaway recursion that would otherwise hang.
  static constexpr std::uint64_t max_steps = 5'000'000;
  // Starts a new budget of max_steps, for work that is new and independent of what
  // this evaluator did before (the next variant of an exercise sheet: the variants
  // share one evaluator, and 8,000 of them used to exhaust one budget together).
  // The same for the memory budget below.
  // The steps counted so far (E0506): tests compare compiled code's with the tree walk's.
  std::uint64_t steps_taken() const { return steps_ - step_base_; }
  // Counts `n` steps of work done for this evaluator elsewhere (a fresh case's plan,
  // sweep/force_planned.hpp, standing for the lazy walk it replaces), unless that would
  // pass the budget: then nothing is counted and false returned (the lazy walk then
  // reports E0506 where it happens).
  bool count_steps(std::uint64_t n) {
    if (n > max_steps || steps_ > max_steps - n) return false;
    steps_ += n;
    return true;
  }
  // Forces input `index` of `self`, pending, as force_all would where its binding needs
  // no code (settle_input_at_once: none, a let already known, a number literal), unless
  // its step could pass the budget or the stack is low (the walk then reports it):
  // whether it is done. A fresh case's plan (sweep/force_planned.hpp) forces the inputs
  // it does not compute so, without the walk's loop around them.
  [[gnu::always_inline]] bool force_input_at_once(Instance& self, std::size_t index) {
    if (steps_ >= max_steps || stack_low()) return false;
    return settle_input_at_once<true>(self, index);
  }
  // Thunks being forced now (at most max_depth).
  std::size_t depth() const { return depth_; }
  // Whether this evaluator runs compiled code (else it walks trees everywhere).
  bool compiled() const { return compiled_; }
  const Program& program() const { return program_; }
  void restart_step_budget() {
    steps_ = step_base_;
    built_bytes_ = byte_base_;
  }
  // A smaller budget for every restart from now on: the language server's, since an
  // editor answers while one types, and a check or hover that needs seconds of work is
  // left to `reckon run`. The hot loops compare with the fixed limits as always: a budget
  // starts part-spent.
  void limit_budget(std::uint64_t steps, std::uint64_t bytes) {
    step_base_ = max_steps - std::min<std::uint64_t>(steps, max_steps);
    byte_base_ = max_built_bytes - std::min<std::uint64_t>(bytes, max_built_bytes);
    restart_step_budget();
  }
  bool budget_limited() const { return step_base_ != 0 || byte_base_ != 0; }
  // Bytes of lists, maps, tuples, records and texts one evaluator may build, in all (E0514):
  // 32 bytes per element of a list (8 for a packed one) or entry of a map (key and value
  // each), and what a tuple, a record or a text takes (tuple_bytes, record_bytes, text_bytes
  // in value_bytes.hpp: its object, 32 bytes per element or field, one per character). Counted as
  // they are made, not given back when they are freed, like the steps: a bound on the work, which
  // stops a loop of ever larger lists (a `fold` appending to its accumulator) long before the
  // system's memory runs out (E0511).
  static constexpr std::uint64_t max_built_bytes = std::uint64_t{2} << 30;
  // Counts `bytes` of the list, map or text `at` makes, refused beyond max_built_bytes.
  void count_built(std::uint64_t bytes, const Expr& at, const char* what) const;

  // `compiled`: run compiled code where the checker made it (code.hpp); without it,
  // everything is the tree walk's (the reference the tests compare compiled code with).
  explicit Evaluator(const Program& program, int digits = 4, bool compiled = true);

  // Where an expression is evaluated: in a case (its inputs and properties), in a
  // method call (its arguments), and where locals are bound (a comprehension's names,
  // a lambda's parameters: LocalFrame, local_frame.hpp).
  struct Frame {
    Instance* self = nullptr;
    const Value* arguments = nullptr;  // a method call's, by parameter index
    const Value* locals = nullptr;     // by Expr::slot of a RefKind::local name
  };

  Value evaluate(const Expr& e, const Frame& frame) {
    if (code_of(e)) return value_from_code(e, frame);
    guard(e);
    return value_of(e, frame);
  }
  // The step budget (E0506) of a pass over a list's elements by a builtin's lambda
  // (`fold`, `scan`, `sort(by:)`, ...), as a comprehension keeps it: an element costs one
  // step beyond the steps of the element under way, so a runaway recursion within one
  // element still stops, and a million elements of a few operations each are ordinary.
  class ElementSteps {
   public:
    ElementSteps(Evaluator& ev, const Expr& at)
        : ev_(ev), at_(at), steps_(ev.steps_), elements_(ev.comprehension_elements_) {}
    void begin() { ++ev_.comprehension_elements_; }
    void end() {
      ev_.steps_ = steps_ + (ev_.comprehension_elements_ - elements_);
      if (ev_.steps_ > max_steps) [[unlikely]]
        ev_.too_many_steps(at_);
    }

   private:
    Evaluator& ev_;
    const Expr& at_;
    std::uint64_t steps_;
    std::uint64_t elements_;
  };
  // A body evaluated once per element (a lambda's, a comprehension's), with the Value,
  // steps and errors evaluate() gives it. A body of pure code, or a record made of fields
  // of pure code (`Served(finish: max(previous.finish, t) + service, ...)`), runs by
  // run_pure once every input and property those codes read is done: no tree walk and
  // none of execute's set-up per element (evaluate_pure.cpp). Anything else, and every
  // element before that, is evaluate()'s.
  class PerElement {
   public:
    PerElement(Evaluator& ev, const Expr& body) : ev_(ev), body_(body) {}
    // The body's value in `frame`. A record of pure fields may be written into the record
    // `*recycle` holds (a fold's state, bound as a local) when nothing else refers to it:
    // its fields are all computed first, so the body reads the old ones.
    Value operator()(const Frame& frame, Value* recycle = nullptr) {
      if (plan_ == Plan::unplanned) plan(frame);
      if (plan_ == Plan::code) return ev_.pure_value(*code_, frame);
      if (plan_ == Plan::record) return make_record(frame, recycle);
      return ev_.evaluate(body_, frame);
    }

   private:
    enum class Plan : std::uint8_t { unplanned, tree, code, record };
    // A field of the record: the code of its argument (run in the element's frame) or
    // of its default (at file scope), or neither (none).
    struct Field {
      const Code* code = nullptr;
      bool is_default = false;
    };
    void plan(const Frame& frame);
    Value make_record(const Frame& frame, Value* recycle);
    static constexpr std::size_t max_recycled_fields = 16;
    void remake(const RecordValue& old, const Frame& frame);
    Evaluator& ev_;
    const Expr& body_;
    Plan plan_ = Plan::unplanned;
    const Code* code_ = nullptr;
    boost::container::small_vector<Field, 4> fields_;
  };
  // The instance a case's name refers to, made on first use; it lives as long as the
  // evaluator (or longer, held by a Value).
  Instance& instance_of(const CaseDecl& c);
  // A new instance bound like `c` but not the one its name refers to (an exercise's
  // variant, whose inputs are then rebound).
  Value new_instance(const CaseDecl& c);
  // An input's or property's value, forced if need be; it stays where it is while the
  // instance lives.
  const Value& input(Instance& self, std::size_t index, const SourceRange& used_at) {
    return input_ref(self, index, used_at);
  }
  const Value& property(Instance& self, std::size_t index, const SourceRange& used_at) {
    return property_ref(self, index, used_at);
  }
  // Forces every input, then every property but the methods, of `self`, in order (what
  // `reckon run` shows of a case), past errors: a value that fails keeps its error, and
  // input() and property() then raise it. In one run of the compiled code where it can.
  void force_all(Instance& self) { force_all(self, *self.scenario->every_value); }
  // The same for the entries of `all`: the scenario's EveryValue, or the part of it that
  // forces the inputs alone (sweep/force_planned.cpp, before its plan of the properties).
  void force_all(Instance& self, const EveryValue& all);
  CheckOutcome run_check(const CheckDecl& check);

  // The unit an expression's value is shown in: its written unit (`-> UNIT`, the
  // declared unit of what it names, the unit of a literal, ...: written_unit.hpp);
  // nullopt means "choose a readable one".
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
  // Lists are shown with their first `n` elements and a count of the rest (what the
  // commands do on a terminal); all of them by default.
  void elide_lists(std::size_t n) { list_elements_ = n; }
  std::size_t list_elements() const { return list_elements_; }
  int digits() const { return digits_; }  // significant digits values are shown to
  // `unit`, unless `v` shown in it would be infinite (then nullopt: a readable unit).
  static std::optional<DisplayUnit> fitting_unit(const Value& v,
                                                 const std::optional<DisplayUnit>& unit);

 private:
  // A thunk being forced: its name (an input, property, method or let), a method
  // call (for its arguments), and where it was asked for. The names live in the AST.
  struct Active {
    const Thunk* thunk;
    std::string_view name;
    const MethodCall* call;
    SourceRange used_at;
  };

  // --- thunks (evaluator.cpp) -----------------------------------------------------
  // Forcing a thunk: enter() marks it as being evaluated (or raises its old error, or
  // reports a cycle or too deep a nesting), compute() evaluates it and leaves it done
  // or failed.
  void enter(Thunk& thunk, std::string_view name, const MethodCall* call, SourceRange used_at) {
    if (thunk.state != ThunkState::pending || depth_ >= max_depth) [[unlikely]]
      cannot_enter(thunk, name, call, used_at);
    thunk.state = ThunkState::evaluating;
    // Field by field: an Active made first and copied went through a temporary on the
    // native stack (about 13 instructions a thunk; 35 thunks a fresh case).
    Active& a = stack_[depth_++].active;
    a.thunk = &thunk;
    a.name = name;
    a.call = call;
    a.used_at = used_at;
  }
  [[noreturn]] void cannot_enter(const Thunk& thunk, std::string_view name, const MethodCall* call,
                                 SourceRange used_at);
  void compute(Thunk& t, const Expr& body, const Frame& frame, const Type& declared, SourceRange at,
               const char* what, const std::string& name);
  void fail(Thunk& thunk);
  [[noreturn]] void cycle(const Thunk& thunk, const Active& again, SourceRange used_at);
  [[noreturn]] void too_deep(SourceRange used_at) const;
  std::string label(const Active& a) const;

  // The memoized values, by reference: they stay where they are while their instance
  // (or the evaluator, for a let) lives. A value already known is returned inline.
  const Value& input_ref(Instance& self, std::size_t index, const SourceRange& used_at) {
    const Thunk& t = self.inputs[index];
    return t.state == ThunkState::done ? t.value() : force_input(self, index, used_at);
  }
  const Value& property_ref(Instance& self, std::size_t index, const SourceRange& used_at) {
    const Thunk& t = self.properties[index];
    return t.state == ThunkState::done ? t.value() : force_property(self, index, used_at);
  }
  const Value& let(const LetDecl& d, SourceRange used_at) {
    if (lets_ && d.memo_slot < program_.let_count && lets_[d.memo_slot].state == ThunkState::done)
      return lets_[d.memo_slot].value();
    return force_let(d, used_at);
  }
  // The value of `d` if it is known already (this evaluator's, or the program's shared
  // constant), else null: nothing is evaluated.
  const Value* known_let(const LetDecl& d) const {
    if (lets_ && d.memo_slot < program_.let_count && lets_[d.memo_slot].state == ThunkState::done)
      return &lets_[d.memo_slot].value();
    if (d.constant && program_.constant_lets) return program_.constant_lets->find(d.memo_slot);
    return nullptr;
  }
  const Value& force_input(Instance& self, std::size_t index, SourceRange used_at);
  const Value& force_property(Instance& self, std::size_t index, SourceRange used_at);
  const Value& force_let(const LetDecl& d, SourceRange used_at);
  const Value& method(Instance& self, std::size_t index, std::span<const Value> arguments,
                      SourceRange used_at);
  Value make_instance(const CaseDecl& c);

  // E0503 unless v is whole where `declared` is an integer type; the message names
  // "{what}`{name}`" (built only then).
  void require_whole(const Value& v, const Type& declared, SourceRange at, std::string_view what,
                     std::string_view name) const {
    if (v.kind == ValueKind::quantity) require_whole(v.number, declared, at, what, name);
    if (v.kind == ValueKind::list) [[unlikely]]
      require_whole_elements(v, declared, at, what, name);
  }
  // The same for each element of a list where `[int ...]` or `[count]` is declared.
  void require_whole_elements(const Value& v, const Type& declared, SourceRange at,
                              std::string_view what, std::string_view name) const;
  void require_whole(double x, const Type& declared, SourceRange at, std::string_view what,
                     std::string_view name) const {
    if (declared.integer && !ops::whole(x)) [[unlikely]]
      not_whole(x, at, what, name);
  }
  // The same for argument `parameter` of `call`, located only when it fails.
  void require_whole_at(double x, const Type& declared, const Expr& call, std::size_t parameter,
                        std::string_view what, std::string_view name) const {
    if (declared.integer && !ops::whole(x)) [[unlikely]]
      not_whole(x, argument_range(call, parameter), what, name);
  }
  void require_whole_at(const Value& v, const Type& declared, const Expr& call,
                        std::size_t parameter, std::string_view what, std::string_view name) const {
    if (v.kind == ValueKind::quantity)
      require_whole_at(v.number, declared, call, parameter, what, name);
  }
  [[noreturn]] void not_whole(double x, SourceRange at, std::string_view what,
                              std::string_view name) const;

  // What compute() would make of input `index` of `self`, pending, whose binding needs no
  // code: no binding or `none` (none), a let already known, a number literal; made at
  // once, without entering the thunk, and counted as guard() counts a binding written
  // (a missing one is no step). False, with nothing done, for any other binding, and
  // for a let or literal that is not whole where the input is a count (compute()
  // reports it). The walk's `input` operation (run_code.cpp) and force_input_at_once.
  // `checked`: the caller found the step budget and the stack short of their limits in
  // this frame (force_input_at_once), so the step is counted without guard()'s tests.
  template <bool checked = false>
  [[gnu::always_inline]] bool settle_input_at_once(Instance& self, std::size_t index) {
    auto count_step = [&](const Expr& e) {
      if constexpr (checked)
        ++steps_;
      else
        guard(e);
    };
    Thunk& t = self.inputs[index];
    const Expr* binding = self.input_exprs[index];
    if (!binding) {  // not given, and optional: none
      t.settle_none();
      return true;
    }
    const bool whole = self.scenario->inputs[index].resolved.integer;
    if (binding->kind == ExprKind::none && binding->ref != RefKind::enum_member) {
      count_step(*binding);
      t.settle_none();
      return true;
    } else if (binding->kind == ExprKind::name && binding->ref == RefKind::let) {
      const Value* known = known_let(binding->target_as<LetDecl>());
      if (!known || (known->kind == ValueKind::quantity && whole && !ops::whole(known->number)))
        return false;
      count_step(*binding);
      t.settle(*known);
      return true;
    } else if (binding->kind == ExprKind::number) {
      const double x = binding->number * binding->unit_scale;
      if (whole && !ops::whole(x)) return false;
      count_step(*binding);
      // In place (the same bytes as Value::quantity): a Value made first and moved went
      // through a temporary whose reload waited on the stores that made it.
      t.settle_plain(x, ValueKind::quantity, binding->type.dim);
      return true;
    }
    return false;
  }

  // --- expressions (evaluate.cpp) -------------------------------------------------
  // Counts a step and checks the native stack: every expression passes here once.
  [[gnu::always_inline]] void guard(const Expr& e) {
    if (++steps_ > max_steps) [[unlikely]]
      too_many_steps(e);
    if (stack_low()) [[unlikely]]
      stack_exhausted(e);
  }
  // Whether the native stack below the evaluator's first frame is past the budget
  // (measured at the caller's frame: always inlined).
  [[gnu::always_inline]] bool stack_low() const {
    char probe = 0;
    auto here = reinterpret_cast<std::uintptr_t>(&probe);
    return stack_base_ > here && stack_base_ - here > stack_budget_;
  }
  [[noreturn]] void too_many_steps(const Expr& e) const;
  [[noreturn]] void stack_exhausted(const Expr& e) const;

  double number(const Expr& e, const Frame& frame) {
    if (const Code* code = code_of(e)) return run(*code, frame);
    guard(e);
    return number_of(e, frame);
  }
  // Compiled code (run_code.cpp): its number, and the Value made from it at its root.
  // A thunk being forced by running code: where its caller resumes, and what its value
  // must be checked against when its code ends.
  struct CodeCall {
    const Instruction* resume;
    Instance* self;
    const Value* arguments;
    Thunk* thunk;
    const Code* callee;
    const Type* declared;
    SourceRange at;
    const char* what;
    const std::string* name;
  };
  double run(const Code& code, const Frame& frame);
  double execute(const Code& code, const Frame& frame, const CodeCall* first,
                 std::size_t start_at = 0);
  // Forces the entered thunk `t` by running its compiled body; leaves it done or failed.
  void force_code(Thunk& t, const Code& body, Instance* self, const Value* arguments,
                  const Type& declared, SourceRange at, const char* what, const std::string& name);
  // A code counts its steps when it starts (at its root, where E0506 points).
  void start(const Code& code) {
    steps_ += code.steps;
    if (steps_ > max_steps) [[unlikely]]
      too_many_steps(*code.ops.back().node);
  }
  // Runs `raise` (which throws) with `t` failed by what it throws.
  template <typename Raise>
  [[noreturn]] void fail_now(Thunk& t, Raise raise) {
    try {
      raise();
    } catch (...) {
      fail(t);
      throw;
    }
    throw std::logic_error("fail_now: nothing was raised");
  }
  static Value argument_value(const ArgumentValue& a, double x, const Instance& self,
                              const Value* arguments);
  Value value_from_code(const Expr& e, const Frame& frame);
  Value value_of(const Expr& e, const Frame& frame);
  double number_of(const Expr& e, const Frame& frame);
  // The value of `e` without a copy when it names a memoized value (an input, property,
  // parameter or let); anything else is evaluated into `scratch`.
  const Value& reference(const Expr& e, const Frame& frame, Value& scratch);
  // The value a name of an input, property, parameter or let refers to.
  const Value& memoized(const Expr& e, const Frame& frame);
  // A member's value (a record's field, an instance's input or property), by reference;
  // `scratch` holds the record or instance while the reference is read.
  const Value& member(const Expr& e, const Frame& frame, Value& scratch);
  // A method call's memoized result; `keep` holds the instance called.
  const Value& method_call(const Expr& e, const Frame& frame, Value& keep);
  // Arithmetic, comparisons and `and`/`or` (booleans as 0 and 1).
  double arithmetic(const Expr& e, const Frame& frame);
  Value binary(const Expr& e, const Frame& frame);
  double native(const Expr& e, const Frame& frame);
  Value native_value(const Expr& e, const Frame& frame);
  double builtin(const Expr& e, const Frame& frame);
  // A native or builtin call given its arguments' numbers (a native's one per parameter).
  double call_native(const Expr& e, const double* args, std::uint32_t whole);
  // A compiled native operation (OpCode::native) given its arguments' numbers.
  double native_operation(const Instruction& op, const double* args);
  // Counts the call and calls `f` on numbers whose checks have passed.
  double raw_native(const Expr& e, const NativeFunction& f, const double* args);
  // E0510: argument `i` of the native call `e` is `x`, beyond a C++ integer.
  [[noreturn]] void beyond_integer(const Expr& e, std::size_t i, double x) const;
  template <typename Argument>
  void integer_arguments(const Expr& e, const NativeFunction& f, Argument argument) const;
  double apply_builtin(const Expr& e, const double* args, std::size_t count) const;
  Value record(const Expr& e, const Frame& frame);
  Value record_with(const Expr& e, const Frame& frame);
  Value iterate(const Expr& e, const Frame& frame);
  Value solve(const Expr& e, const Frame& frame);  // evaluate_aggregates.cpp
  // Lists (evaluate_lists.cpp).
  Value list_literal(const Expr& e, const Frame& frame);
  Value number_list(const Expr& e) const;
  Value comprehension(const Expr& e, const Frame& frame);
  Value index(const Expr& e, const Frame& frame);
  Value slice(const Expr& e, const Frame& frame);
  Value range(const Expr& e, const Frame& frame);
  Value join(const Expr& e, const Frame& frame);
  Value list_builtin(const Expr& e, const Frame& frame);
  // The builtins over lists from `sum` on, and the lambdas they call
  // (evaluate_aggregates.cpp).
  Value aggregate(const Expr& e, const Frame& frame);
  // Maps (evaluate_maps.cpp): `{k: v}`, `m[k]` (`map` the value of operand 0), `[... for
  // (k, v) in m]` (`map` the value of operand 0), keys(m) and values(m).
  Value map_literal(const Expr& e, const Frame& frame);
  Value map_lookup(const Expr& e, const Value& map, const Frame& frame);
  Value map_builtin(const Expr& e, const Frame& frame);
  // Sets (evaluate_sets.cpp): `{a, b}`, `s | t`, `s & t` and `s - t` (a binary `e` of a
  // set type), `x in c` and `x not in c`, and set(xs).
  Value set_literal(const Expr& e, const Frame& frame);
  Value set_operation(const Expr& e, const Frame& frame);
  Value membership(const Expr& e, const Frame& frame);
  Value make_set(const Expr& e, const Frame& frame);
  // `{e for x in xs}` and `{k: v for x in xs}`: the list of their elements made as a
  // comprehension's, then a set of it, or a map of its (key, value) pairs (E0549 for a
  // key made twice, naming both values).
  Value brace_comprehension(const Expr& e, const Frame& frame);
  // Tuples (evaluate_tuples.cpp): `(a, b)`, `p[0]` (`tuple` the value of operand 0),
  // `[... for (a, b) in xs]` (`list` the value of operand 0), and the builtins from `zip`
  // on.
  Value tuple_literal(const Expr& e, const Frame& frame);
  Value tuple_item(const Expr& e, const Value& tuple, const Frame& frame);
  Value tuple_builtin(const Expr& e, const Frame& frame);
  // random_uniform ... random_sample (evaluate_random.cpp).
  Value random_builtin(const Expr& e, const Frame& frame);
  Value text_builtin(const Expr& e, const Frame& frame);
  // `t[a:b]` of the text `t`: its characters from `begin` up to `end` (slice() has
  // resolved the bounds as a list's).
  Value text_slice(const Expr& e, const Value& t, std::size_t begin, std::size_t end);
  // Comprehensions over lists, lists of tuples and maps, in one loop
  // (evaluate_comprehension.cpp): `bind(i, locals)` binds the pattern's names to element
  // i of `count`.
  template <typename Bind>
  Value comprehend(const Expr& e, const Frame& frame, std::size_t count, Bind bind);
  // The one loop over the `count` elements of the comprehension (or clause) `e`: binds the
  // pattern's names in `locals` (`bind`), runs `element()`, notes the element an error came
  // from, and keeps the step budget.
  template <typename Bind, typename Element>
  void each_element(const Expr& e, const Frame& frame, std::size_t count, Bind& bind,
                    LocalFrame& locals, Element&& element);
  // Calls `each` once per element the clauses of the comprehension `e` give, in order,
  // with a frame whose locals bind every clause's names (`[(a, b) for a in xs if a > 1 for
  // b in ys]`: each b of ys for each a of xs above 1). What the element is made of is the
  // caller's (comprehension_element(e) for a list's): a builder of another collection over
  // the same clauses calls this with its own `each`.
  void each_comprehension_element(const Expr& e, const Frame& frame,
                                  const std::function<void(const Frame&)>& each);
  // A list comprehension of two or more clauses (`[e for a in xs for b in ys]`).
  Value clauses_comprehension(const Expr& e, const Frame& frame);
  // Over a packed list, with a body (and condition) compiled to code that reads only
  // numbers: the result packed, or nullopt when the comprehension is not of that kind.
  std::optional<Value> packed_comprehension(const Expr& e, const ListValue& xs, const Frame& frame);
  // Runs `code`, which is_pure (run_code.cpp), with `locals`: as execute would, without
  // its set-up, for one element of a comprehension.
  // A code pure when settled (Code::pure_when_settled) also reads `self`'s inputs and
  // properties, which runs_pure has found done.
  double run_pure(const Code& code, const Value* locals, const Instance* self = nullptr) const;
  // Whether run_pure may run `code` in an instance `self` now: it is pure, or pure when
  // settled and every input and property it reads is done (then nothing is left to
  // force, and run_pure gives what execute would).
  bool runs_pure(const Code& code, const Instance* self) const;
  // What evaluate() makes of an expression whose `code` runs_pure: the stack checked and
  // the steps counted as run() and execute() do, the number by run_pure.
  double pure_number(const Code& code, const Frame& frame) {
    if (stack_low()) [[unlikely]]
      stack_exhausted(*code.ops.back().node);
    start(code);
    return run_pure(code, frame.locals, frame.self);
  }
  Value pure_value(const Code& code, const Frame& frame) {
    return Value::plain(pure_number(code, frame), code.result_kind, code.result_dim);
  }

  // Runs `code`, which is straight (Code::straight), over n <= pure_block_size elements
  // at once, the local `bound` taking xs[i] for element i; out[i] is its number. What it
  // raises is some element's error, not necessarily the first's: the caller runs the
  // elements one by one with run_pure to find that.
  void run_pure_block(const Code& code, const Value* locals, std::uint32_t bound, const double* xs,
                      std::size_t n, double* out) const;
  // A new list value of `items`, refused (E0522) beyond max_list_length elements.
  Value make_list(std::vector<Value> items, const Expr& at) const;
  // The list `built` holds (rows of records, or Values), refused as make_list refuses.
  Value make_list(ListBuilder& built, const Expr& at) const;
  // A new packed list (ListValue::make_packed), refused as make_list refuses.
  Value make_packed_list(std::vector<double> numbers, const Dimension& dim, const Expr& at) const;
  Value scenario_instance(const Expr& e, const Frame& frame);
  // --- texts (evaluate_text.cpp) ------------------------------------------------------
  // An interpolation's or a format's text.
  Value built_text_of(const Expr& e, const Frame& frame);
  // `a + b` of two texts.
  Value joined_text(const Expr& e, const Frame& frame);
  // Appends a format's value as a text shows it: a text as it is, anything else as
  // `show` would, or with the format's digits.
  void append_formatted(std::string& out, const Expr& format, const Frame& frame);
  // Per parameter of a call: its argument, or its default (`defaults(i)`, evaluated in
  // `defaults_frame`), or none.
  template <typename Defaults, typename Out>
  void arguments(const Expr& call, const Frame& frame, Defaults defaults,
                 const Frame& defaults_frame, Out& out);
  SourceRange argument_range(const Expr& call, std::size_t parameter) const;
  double finite(const Expr& at, double v) const {
    if (!std::isfinite(v)) [[unlikely]]
      not_finite(at, v);
    return v;
  }
  [[noreturn]] void not_finite(const Expr& at, double v) const;
  bool equal(const Value& a, const Value& b) const;
  // Two maps with the same keys, each with an equal value (in any order).
  bool equal_maps(const MapValue& a, const MapValue& b) const;
  // Quantities compare equal within this relative difference: unit scales such as 1e9 or
  // 2^30 are not exact in binary, so `328.565 GB == 328565 MB` would otherwise depend on
  // rounding. Both the tree walk and compiled code compare with it.
  static constexpr double equality_tolerance = ops::equality_tolerance;
  static bool close(double a, double b) { return ops::close(a, b); }

  const Code* code_of(const Expr& e) const { return compiled_ ? e.code.get() : nullptr; }

  // A compiled method call's arguments, made as Values for its memo (only until the memo
  // has them: what is left here is released when the array is used again, or with the
  // evaluator). Made as they are first needed: `made` of them so far.
  class CallArguments {
   public:
    CallArguments() {}
    CallArguments(const CallArguments&) = delete;
    CallArguments& operator=(const CallArguments&) = delete;
    ~CallArguments() {
      for (std::size_t i = 0; i < made_; ++i) values_[i].~Value();
    }
    // Slot `i`, made if it is new (slots are used in order from 0).
    Value& operator[](std::size_t i) {
      if (i == made_) new (&values_[made_++]) Value();
      return values_[i];
    }
    Value* data() { return values_; }

   private:
    union {
      Value values_[max_method_arguments];
    };
    std::size_t made_ = 0;
  };
  CallArguments call_arguments_;

  const Program& program_;
  int digits_;
  std::size_t list_elements_ = SIZE_MAX;
  bool compiled_;
  std::uintptr_t stack_base_;
  std::uintptr_t stack_budget_;
  std::uint64_t steps_ = 0;
  std::uint64_t step_base_ = 0;  // where a budget starts (limit_budget)
  std::uint64_t byte_base_ = 0;
  // What lists, maps and texts have taken so far (count_built); make_list is const.
  mutable std::uint64_t built_bytes_ = 0;
  // Elements gone through by every comprehension so far (evaluate_lists.cpp).
  std::uint64_t comprehension_elements_ = 0;
  // The thunks being forced, outermost first: depth_ of them. Left uninitialized (a
  // union with an empty constructor) so that making an evaluator costs nothing.
  union StackSlot {
    StackSlot() {}
    Active active;
  };
  std::array<StackSlot, max_depth> stack_;
  std::size_t depth_ = 0;
  // By CaseDecl::slot and LetDecl::slot (numbered by the checker), made on first use.
  // (A few cases, the usual program, need no allocation.)
  boost::container::small_vector<Value, 8> cases_;
  ThunkArray lets_;
};

}  // namespace reckon
