// A fresh case forced by its scenario's plan (force_planned.hpp).
#include "interpreter/sweep/force_planned.hpp"

#include <atomic>
#include <bit>
#include <cstdint>
#include <cstring>
#include <memory>
#include <mutex>
#include <utility>
#include <vector>

#include "interpreter/compiled/code.hpp"
#include "interpreter/model/native.hpp"
#include "interpreter/model/program.hpp"
#include "interpreter/sweep/plan.hpp"
#include "syntax/diagnostics.hpp"

namespace reckon::sweep {

namespace {

// How far a scenario's plan got (EveryValue::form_state): below `recording`, the fresh
// cases forced lazily so far.
enum FormState : std::uint8_t {
  // The next fresh case runs lazily and is recorded; the plan is made from the record.
  recording = lazy_cases_first,  // (force_planned.hpp)
  ready,                         // EveryValue::form holds a Form
  none,  // no plan (refused, or unequal to the record): every case runs lazily
};

// Word by word: GCC called the C library's memcmp for 32 bytes.
bool same_bits(const Value& a, const Value& b) {
  static_assert(sizeof(Value) % sizeof(std::uint64_t) == 0);
  std::uint64_t x[sizeof(Value) / 8], y[sizeof(Value) / 8];
  std::memcpy(x, &a, sizeof x);
  std::memcpy(y, &b, sizeof y);
  std::uint64_t differ = 0;
  for (std::size_t i = 0; i < sizeof(Value) / 8; ++i) differ |= x[i] ^ y[i];
  return differ == 0;
}
bool same_bits(double a, double b) {
  return std::bit_cast<std::uint64_t>(a) == std::bit_cast<std::uint64_t>(b);
}

// Whether `v` is held as `sample` is but for its numbers: a number of the same kind and
// unit, or a record of the same type whose fields are so in turn. A value copied from an
// input (a method's argument, a property that names it) then has the Value the record
// of the plan holds for it, with the number the plan computes. (The fields a plan has no
// register for, texts and none, are never read by it.)
bool same_form(const Value& v, const Value& sample) {
  if (in_register(sample)) {
    if (!in_register(v)) return false;
    Value renumbered = v;  // a number: no shared object to count
    renumbered.number = sample.number;
    return same_bits(renumbered, sample);
  }
  if (sample.kind != ValueKind::record) return true;
  if (v.kind != ValueKind::record) return false;
  const RecordValue& a = *v.record();
  const RecordValue& b = *sample.record();
  if (a.type != b.type || a.fields.size() != b.fields.size()) return false;
  for (std::size_t i = 0; i < a.fields.size(); ++i)
    if (!same_form(a.fields[i], b.fields[i])) return false;
  return true;
}

using NativeCounts = std::vector<std::uint64_t>;

NativeCounts native_counts(const Program& p) {
  NativeCounts counts;
  if (p.library && p.library->natives)
    p.library->natives->each([&](const NativeFunction& f) {
      counts.push_back(std::atomic_ref<std::uint64_t>(f.calls).load(std::memory_order_relaxed));
    });
  return counts;
}

void restore_native_counts(const Program& p, const NativeCounts& counts) {
  std::size_t i = 0;
  if (p.library && p.library->natives)
    p.library->natives->each([&](const NativeFunction& f) {
      std::atomic_ref<std::uint64_t>(f.calls).store(counts.at(i++), std::memory_order_relaxed);
    });
}

// What one lazy run of a fresh case's properties and defaulted inputs did, its other
// inputs forced before.
struct MemoEntry {
  std::uint32_t method = 0;
  std::vector<Value> arguments;
  Value result;
};
struct Record {
  std::vector<Value> inputs;      // every input's value
  std::vector<Value> properties;  // in EveryValue::properties' order
  std::vector<MemoEntry> memo;    // in the order the calls were made
  std::uint64_t steps = 0;
  std::vector<std::pair<const NativeFunction*, std::uint64_t>> native_calls;
};

// A property's or a defaulted input's value as the plan stores it: into the instance's
// thunk `thunk` (Instance::thunks), from register `reg`, a Value of `shape`'s form
// (Thunk::settle_like).
struct Store {
  std::uint32_t thunk = 0;
  std::uint16_t reg = 0;
  Value shape;
};
// A method call as the plan writes it into the memo.
struct Call {
  std::uint32_t method = 0;
  std::uint16_t result = 0;
  std::uint8_t count = 0;
  std::uint16_t arguments[max_method_arguments] = {};
  Value result_shape;
  std::vector<Value> shapes;  // of the arguments
};

// A scenario's settled plan, with what it needs to stand for the lazy walk. Its calls
// are a fresh case's memo entries, added when the memo is first read (DeferredCalls).
struct Form final : DeferredCalls {
  Plan plan;
  // The scenario's EveryValue cut to the inputs the plan does not compute (`lazy`): they
  // are forced as force_all forces them, the plan then stands for the rest.
  std::unique_ptr<EveryValue> inputs;
  // The inputs without registers, each with the value it must hold (bit for bit), and
  // those with registers, in the plan's order, with the record's value (same_form).
  std::vector<std::pair<std::size_t, Value>> fixed;
  std::vector<std::size_t> varied;
  std::vector<Value> samples;
  // The values of the properties, in EveryValue::properties' order, then of the inputs
  // the plan computes from their defaults (computes_default).
  std::vector<Store> stores;
  // Per input: null where it is forced by the walk before the plan (lazy), else the
  // default the plan computes, which the case must leave it to (input_in_instance: the
  // pointer compared here, without the scenario's Input, a cache line of its own each).
  std::vector<const Expr*> computed_defaults;
  std::vector<Call> calls;  // per Plan::calls()
  // The registers of the calls' numbers, as add_to reads them: each call's arguments,
  // then its result.
  std::vector<std::uint16_t> call_registers;
  // Calls of one method (indices into calls), whose arguments must differ: were they
  // equal, the lazy walk would have made one call and found the other in its memo.
  std::vector<std::pair<std::uint16_t, std::uint16_t>> same_method;
  std::uint64_t steps = 0;
  std::vector<std::pair<const NativeFunction*, std::uint64_t>> native_calls;

  // The calls new (each method's calls have different arguments: same_method) in an
  // empty memo. The arguments' shapes are numbers: `arguments` never holds a shared object.
  void add_to(MethodMemo& memo, const double* numbers) const override {
    Value arguments[max_method_arguments];
    for (const Call& c : calls) {
      for (std::uint8_t i = 0; i < c.count; ++i) arguments[i].place_like(c.shapes[i], *numbers++);
      MethodCall& made = memo.add_absent(c.method, {arguments, c.count});
      made.result.settle_like(c.result_shape, *numbers++);
    }
  }
};

// Whether a fresh case's plan computes input `i` of `self` rather than the lazy walk
// before it: the case leaves it to its default, and its values are numbers (a quantity,
// boolean or enumeration member, never none), which a plan holds in registers.
bool computes_default(const Instance& self, std::size_t i) {
  const Type& type = self.scenario->inputs[i].resolved;
  return self.input_in_instance(i) && !type.optional &&
         (type.kind == TypeKind::quantity || type.kind == TypeKind::boolean ||
          type.kind == TypeKind::enumeration);
}

// The entries of `all` that force the inputs marked in `lazy`, ended as
// EveryValueBuilder ends a code (a zero and `end`): forced by force_all as `all`'s own
// are, to the last step. Another input's entry starts where the next marked one does
// (or at the end), so that force_all, which runs from the first pending input's entry,
// never forces it.
std::unique_ptr<EveryValue> inputs_of(const EveryValue& all, const std::vector<bool>& lazy) {
  auto inputs = std::make_unique<EveryValue>();
  inputs->at = std::make_unique<Expr>(ExprKind::name, all.at->range);
  inputs->inputs = all.inputs;
  inputs->starts.assign(all.inputs, 0);
  // Where the first property's entry starts, or (none) the zero and `end`.
  const std::size_t cut =
      all.inputs < all.starts.size() ? all.starts[all.inputs] : all.code.ops.size() - 2;
  const std::vector<Instruction>& ops = all.code.ops;
  for (std::size_t k = 0; k < cut; ++k)
    if (ops[k].code != OpCode::input && ops[k].code != OpCode::drop) return nullptr;  // not a cut
  reckon::Code& code = inputs->code;
  for (std::size_t k = 0; k < all.inputs; ++k) {
    if (!lazy[k]) continue;
    inputs->starts[k] = static_cast<std::uint32_t>(code.ops.size());
    const std::size_t end = k + 1 < all.inputs ? all.starts[k + 1] : cut;
    code.ops.insert(code.ops.end(), ops.begin() + all.starts[k], ops.begin() + end);
  }
  auto next = static_cast<std::uint32_t>(code.ops.size());
  for (std::size_t k = all.inputs; k-- > 0;) {
    if (lazy[k])
      next = inputs->starts[k];
    else
      inputs->starts[k] = next;
  }
  code.ops.insert(code.ops.end(), ops.end() - 2, ops.end());  // the zero and `end`
  code.max_stack = all.code.max_stack;
  code.steps = all.code.steps;
  return inputs;
}

// Whether nothing of `self` but its inputs has been forced. (Pending is 0: the states
// are or'ed, without a branch per thunk.)
bool fresh(const Instance& self) {
  static_assert(static_cast<int>(ThunkState::pending) == 0);
  if (!self.methods.empty()) return false;
  // Four at a time, by hand: GCC's vectorized loop packed the 40-byte strided states
  // into a vector one byte at a time, slower than the branches it replaced.
  const Thunk* t = self.properties.data();
  const std::size_t n = self.properties.size();
  std::size_t i = 0;
  unsigned forced = 0;
  for (; i + 4 <= n; i += 4)
    forced |= static_cast<unsigned>(t[i].state) | static_cast<unsigned>(t[i + 1].state) |
              static_cast<unsigned>(t[i + 2].state) | static_cast<unsigned>(t[i + 3].state);
  for (; i < n; ++i) forced |= static_cast<unsigned>(t[i].state);
  return forced == 0;
}

// The plan of `self`'s scenario and what it needs, checked against `record`; null when
// they differ. Throws what the plan's compiler or the folding evaluator raise.
std::shared_ptr<const Form> checked_form(const Program& program, const Instance& self,
                                         const EveryValue& all, const Record& record,
                                         std::unique_ptr<EveryValue> inputs,
                                         const std::vector<bool>& lazy) {
  auto form = std::make_shared<Form>();
  form->inputs = std::move(inputs);
  form->computed_defaults.assign(self.inputs.size(), nullptr);
  for (std::size_t i = 0; i < self.inputs.size(); ++i)
    if (!lazy[i]) form->computed_defaults[i] = self.scenario->inputs[i].default_value.get();
  Evaluator folding(program);
  Value holder = Value::adopt(Instance::make(self.name, *self.scenario));
  Instance& inst = *holder.instance();
  std::vector<std::size_t> defaulted;
  for (std::size_t i = 0; i < self.inputs.size(); ++i) {
    const Value& v = record.inputs[i];
    if (!lazy[i]) {  // left pending, with its default, for the plan to compute
      if (!in_register(v)) return nullptr;
      inst.input_exprs[i] = self.input_exprs[i];  // its default
      defaulted.push_back(i);
      continue;
    }
    folding.bind_input_value(inst, i, v, all.at->range);
    if (in_register(v) || v.kind == ValueKind::record) {
      form->varied.push_back(i);
      form->samples.push_back(v);
    } else if (v.kind == ValueKind::none || v.kind == ValueKind::text) {
      form->fixed.emplace_back(i, v);  // none, or a text (the same literal: same bits)
    } else {
      return nullptr;  // an instance or a collection: another case's would never match
    }
  }
  form->plan =
      Plan::compile_settled(folding, inst, form->varied, form->samples, all.properties, defaulted);
  const Plan& plan = form->plan;
  if (plan.nesting() > max_inlined_nesting) return nullptr;

  // The plan on the record's inputs gives the record's values, to the last bit.
  std::vector<double> r = plan.registers();
  for (std::size_t k = 0; k < form->varied.size(); ++k)
    if (!plan.fill(k, form->samples[k], r.data())) return nullptr;
  if (!plan.run(r.data())) return nullptr;
  for (std::size_t k = 0; k < record.properties.size(); ++k) {
    const Value& v = record.properties[k];
    const std::uint16_t reg = plan.target_register(k);
    if (!in_register(v) || !same_bits(v.number, r[reg])) return nullptr;
    form->stores.push_back(
        Store{static_cast<std::uint32_t>(self.inputs.size() + all.properties[k]), reg, v});
  }
  for (std::size_t k = 0; k < defaulted.size(); ++k) {
    const Value& v = record.inputs[defaulted[k]];
    const std::uint16_t reg = plan.target_register(record.properties.size() + k);
    if (!same_bits(v.number, r[reg])) return nullptr;
    form->stores.push_back(Store{static_cast<std::uint32_t>(defaulted[k]), reg, v});
  }
  // Each call of the plan is one memo entry of the record's, with the same arguments and
  // result, and each entry is one call.
  const std::vector<PlannedCall>& calls = plan.calls();
  if (calls.size() != record.memo.size() || calls.size() > 0xffff) return nullptr;
  std::vector<bool> matched(record.memo.size(), false);
  for (const PlannedCall& c : calls) {
    if (c.arguments.size() > max_method_arguments) return nullptr;
    const MemoEntry* found = nullptr;
    for (std::size_t m = 0; m < record.memo.size() && !found; ++m) {
      const MemoEntry& e = record.memo[m];
      if (matched[m] || e.method != c.method || e.arguments.size() != c.arguments.size() ||
          !in_register(e.result) || !same_bits(e.result.number, r[c.result]))
        continue;
      bool same = true;
      for (std::size_t i = 0; i < c.arguments.size() && same; ++i)
        same = in_register(e.arguments[i]) && same_bits(e.arguments[i].number, r[c.arguments[i]]);
      if (same) {
        matched[m] = true;
        found = &e;
      }
    }
    if (!found) return nullptr;
    Call call;
    call.method = c.method;
    call.result = c.result;
    call.result_shape = found->result;
    call.count = static_cast<std::uint8_t>(c.arguments.size());
    for (std::size_t i = 0; i < c.arguments.size(); ++i) call.arguments[i] = c.arguments[i];
    call.shapes = found->arguments;
    form->calls.push_back(std::move(call));
    form->call_registers.insert(form->call_registers.end(), c.arguments.begin(), c.arguments.end());
    form->call_registers.push_back(c.result);
  }
  for (std::size_t a = 0; a < calls.size(); ++a)
    for (std::size_t b = a + 1; b < calls.size(); ++b)
      if (calls[a].method == calls[b].method)
        form->same_method.emplace_back(static_cast<std::uint16_t>(a),
                                       static_cast<std::uint16_t>(b));
  form->steps = record.steps;
  form->native_calls = record.native_calls;
  return form;
}

// The same, with the natives' call counts as they were: the folding evaluator calls
// natives on constants, which the lazy walk the plan stands for counts in its record.
std::shared_ptr<const Form> make_form(const Program& program, const Instance& self,
                                      const EveryValue& all, const Record& record,
                                      std::unique_ptr<EveryValue> inputs,
                                      const std::vector<bool>& lazy) {
  struct PutBack {
    const Program& program;
    NativeCounts counts;
    ~PutBack() { restore_native_counts(program, counts); }
  } put_back{program, native_counts(program)};
  try {
    return checked_form(program, self, all, record, std::move(inputs), lazy);
  } catch (const std::exception&) {  // Unplannable, or an error while folding
    return nullptr;
  }
}

// Forces `self` (fresh) as force_all does, the inputs the plan will not compute first,
// the rest then recorded; makes the scenario's plan from the record when the run had no
// error.
void record_and_plan(Evaluator& ev, Instance& self, const EveryValue& all) {
  std::vector<bool> lazy(self.inputs.size());
  for (std::size_t i = 0; i < lazy.size(); ++i) lazy[i] = !computes_default(self, i);
  std::unique_ptr<EveryValue> inputs = inputs_of(all, lazy);
  if (!inputs) {
    all.form_state.store(none, std::memory_order_release);
    ev.force_all(self);
    return;
  }
  ev.force_all(self, *inputs);
  bool clean = fresh(self);
  for (std::size_t i = 0; i < lazy.size(); ++i)
    clean = clean && self.inputs[i].state == (lazy[i] ? ThunkState::done : ThunkState::pending);
  const Program& program = ev.program();
  const NativeCounts before = native_counts(program);
  const std::uint64_t steps = ev.steps_taken();
  ev.force_all(self);
  if (!clean) return;  // an error: a later fresh case is recorded instead
  Record record;
  record.steps = ev.steps_taken() - steps;
  const NativeCounts after = native_counts(program);
  std::size_t i = 0;
  if (program.library && program.library->natives)
    program.library->natives->each([&](const NativeFunction& f) {
      if (after[i] != before[i]) record.native_calls.emplace_back(&f, after[i] - before[i]);
      ++i;
    });
  for (const Thunk& t : self.inputs) {
    clean = clean && t.state == ThunkState::done;
    if (clean) record.inputs.push_back(t.value());
  }
  for (std::uint32_t p : all.properties) {
    clean = clean && self.properties[p].state == ThunkState::done;
    if (clean) record.properties.push_back(self.properties[p].value());
  }
  self.methods.each([&](const MethodCall& c) {
    clean = clean && c.result.state == ThunkState::done;
    const Value* arguments = c.arguments.data();
    if (clean)
      record.memo.push_back(MemoEntry{c.method,
                                      std::vector<Value>(arguments, arguments + c.arguments.size()),
                                      c.result.value()});
  });
  if (!clean) return;
  std::shared_ptr<const Form> form = make_form(program, self, all, record, std::move(inputs), lazy);
  if (!form) {
    all.form_state.store(none, std::memory_order_release);
    return;
  }
  all.form = form;
  all.form_state.store(ready, std::memory_order_release);
}

// Forces input `i` of `self` at once (Evaluator::force_input_at_once: what the walk's
// `input` operation does, with the same step): whether it could.
bool input_forced_at_once(Evaluator& ev, Instance& self, std::size_t i) {
  try {
    return ev.force_input_at_once(self, i);
  } catch (const UserError&) {  // the stack, measured deeper than force_input_at_once did
    return false;
  }
}

// Makes `self`'s inputs what the plan needs, as force_all would: those the walk forces
// before the plan (lazy) done, each at once where its binding needs no code, else by
// the walk (form.inputs, which forces it and the pending ones after it; what forcing them
// at once saves is its loop, which counts no step: an EveryValue code has none of its
// own); those the plan computes pending, left to their defaults as the recorded case left
// them (their types are the scenario's: computes_default held for them when the plan was
// made). False when an input is not so: the walk then forces the case.
bool inputs_ready(Evaluator& ev, Instance& self, const Form& form) {
  const bool walk = form.inputs->code.steps != 0;
  bool walked = false;
  for (std::size_t i = 0; i < self.inputs.size(); ++i) {
    const Thunk& t = self.inputs[i];
    if (const Expr* d = form.computed_defaults[i]) {
      if (t.state != ThunkState::pending || self.input_exprs[i] != d) return false;
      continue;
    }
    if (t.state == ThunkState::pending && !walked && (walk || !input_forced_at_once(ev, self, i))) {
      ev.force_all(self, *form.inputs);
      walked = true;
    }
    if (t.state != ThunkState::done) return false;
  }
  return true;
}

// Runs `form` for `self`, whose inputs are ready (inputs_ready) and nothing else is
// forced: false, with nothing of `self` written and nothing counted, when the lazy walk
// must decide.
bool run_form(Evaluator& ev, Instance& self, const Form& form) {
  const Plan& plan = form.plan;
  // The walk's nesting is the plan's (a stack entry per property or method call inside
  // another); a margin keeps any miscount of it far from E0505's limit.
  if (ev.depth() + plan.nesting() + max_inlined_nesting >= Evaluator::max_depth) return false;
  for (const auto& [i, v] : form.fixed)
    if (!same_bits(self.inputs[i].value(), v)) return false;
  // This thread's registers keep the constants of its last run of the same plan (no
  // instruction writes one) and, unless a case's own values were filled in, the varied
  // inputs' samples: only then, or for another plan, are they copied again.
  struct Registers {
    std::vector<double> r;
    std::uint64_t plan = 0;  // the Plan::id of the constants in r (0: none)
    bool filled = false;     // a varied register may hold another value than its sample
  };
  static thread_local Registers file;
  if (file.plan != plan.id() || file.filled) {
    file.r.assign(plan.constants().begin(), plan.constants().end());
    file.plan = plan.id();
    file.filled = false;
  }
  double* r = file.r.data();
  for (std::size_t k = 0; k < form.varied.size(); ++k) {
    const Value& v = self.inputs[form.varied[k]].value();
    // The record's own value (a number, or the same record: a registry's entry) is in the
    // registers already: a plan's varied registers start with its sample.
    if (same_bits(v, form.samples[k])) continue;
    file.filled = true;
    if (!same_form(v, form.samples[k]) || !plan.fill(k, v, r)) return false;
  }
  if (!plan.run(r)) return false;
  for (const auto& [a, b] : form.same_method) {
    const Call& x = form.calls[a];
    const Call& y = form.calls[b];
    bool same = true;
    for (std::uint8_t i = 0; i < x.count && same; ++i)
      same = same_bits(r[x.arguments[i]], r[y.arguments[i]]);
    if (same) return false;
  }
  if (!ev.count_steps(form.steps)) return false;

  // The thunks are pending (fresh): they hold nothing, and each is settled in place.
  Thunk* const thunks = self.thunks();
  for (const Store& s : form.stores) {
    Thunk& t = thunks[s.thunk];
    t.settle_like(s.shape, r[s.reg]);
  }
  // Every non-method property is a store (make_form), of a number (in_register).
  self.plain_properties = true;
  // The memo was empty (fresh): its entries are added when it is first read, from the
  // numbers kept in it, or at once when they are too many to keep.
  const std::vector<std::uint16_t>& registers_read = form.call_registers;
  auto gather = [&](double* into) {
    for (std::size_t k = 0; k < registers_read.size(); ++k) into[k] = r[registers_read[k]];
  };
  if (double* kept = self.methods.defer(form, registers_read.size())) {
    gather(kept);
  } else if (!registers_read.empty()) {
    static thread_local std::vector<double> gathered;
    gathered.resize(registers_read.size());
    gather(gathered.data());
    form.add_to(self.methods, gathered.data());
  }
  for (const auto& [f, n] : form.native_calls) count_call(*f, n);
  return true;
}

}  // namespace

void force_all_planned(Evaluator& ev, Instance& self) {
  const EveryValue& all = *self.scenario->every_value;
  std::uint8_t state = all.form_state.load(std::memory_order_acquire);
  if (!ev.compiled() || state == none) {
    ev.force_all(self);
    return;
  }
  if (state < recording) {  // counted (a count lost to another thread costs a case)
    if (!fresh(self)) {
      ev.force_all(self);
      return;
    }
    all.form_state.compare_exchange_strong(state, static_cast<std::uint8_t>(state + 1),
                                           std::memory_order_acq_rel);
    ev.force_all(self);
    return;
  }
  if (state == ready) {
    // Whether the case is fresh is asked once its inputs are forced (an instance that was
    // not fresh before is not after): one pass over its thunks.
    const Form& form = *static_cast<const Form*>(all.form.get());
    if (!inputs_ready(ev, self, form) || !fresh(self) || !run_form(ev, self, form))
      ev.force_all(self);
    return;
  }
  // Recording: one thread records; a case on another meanwhile runs lazily.
  std::unique_lock<std::mutex> lock(all.form_mutex, std::try_to_lock);
  if (lock && all.form_state.load(std::memory_order_acquire) == recording)
    record_and_plan(ev, self, all);
  else
    ev.force_all(self);
}

bool has_settled_plan(const ScenarioDecl& s) {
  return s.every_value && s.every_value->form_state.load(std::memory_order_acquire) == ready;
}

}  // namespace reckon::sweep
