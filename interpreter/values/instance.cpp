#include "interpreter/values/instance.hpp"

#include <algorithm>
#include <bit>
#include <cstring>
#include <functional>
#include <new>
#include <optional>
#include <string_view>
#include <utility>
#include <vector>

#include "syntax/ast.hpp"

namespace reckon {

// --- records ---------------------------------------------------------------------------

RecordValue* RecordValue::make(const RecordDecl* type, std::size_t count) {
  static_assert(sizeof(RecordValue) % alignof(Value) == 0);
  void* memory = ::operator new(sizeof(RecordValue) + count * sizeof(Value));
  auto* r = new (memory) RecordValue();
  auto* fields = reinterpret_cast<Value*>(r + 1);
  for (std::size_t i = 0; i < count; ++i) new (fields + i) Value();
  r->type = type;
  r->fields = {fields, count};
  return r;
}

RecordValue::~RecordValue() {
  for (Value& f : fields) f.~Value();
}

std::uint32_t RecordValue::spellings_with(std::uint32_t replaced,
                                          const CompactVector<int>& binding) const {
  if (spellings == 0) return replaced;
  // A `with` in a sweep's property runs once per point on every thread: the last merge
  // of each thread is kept, so that the interning's lock and keys are paid once per
  // distinct merge, not per point. Keyed by the binding's contents, not its address: a
  // REPL input's tree may be allocated where the previous input's was.
  struct Merge {
    std::vector<int> binding;
    std::uint32_t base = 0, replaced = 0, merged = 0;
    bool holds(std::uint32_t b, std::uint32_t r, const CompactVector<int>& with) const {
      if (base != b || replaced != r || binding.size() != with.size()) return false;
      for (std::size_t i = 0; i < binding.size(); ++i)
        if (binding[i] != with[i]) return false;
      return true;
    }
  };
  thread_local Merge last;
  if (last.holds(spellings, replaced, binding)) return last.merged;
  DisplayUnit mine, theirs;
  mine.tuple = spellings;
  theirs.tuple = replaced;
  std::vector<std::optional<DisplayUnit>> merged(fields.size());
  bool any = false;
  for (std::size_t i = 0; i < merged.size(); ++i) {
    const bool from_replaced = i < binding.size() && binding[i] >= 0;
    if (const DisplayUnit* u = (from_replaced ? theirs : mine).element(i)) {
      merged[i] = *u;
      any = true;
    }
  }
  const std::uint32_t result = any ? DisplayUnit::of_tuple(std::move(merged)).tuple : 0;
  last.binding.assign(binding.begin(), binding.end());
  last.base = spellings;
  last.replaced = replaced;
  last.merged = result;
  return result;
}

// --- instances -------------------------------------------------------------------------

Instance* Instance::make(std::string_view name, const ScenarioDecl& scenario,
                         std::span<const Expr* const> bindings) {
  static_assert(sizeof(Instance) % alignof(Thunk) == 0);
  static_assert(sizeof(Thunk) % alignof(const Expr*) == 0);
  const std::size_t inputs = scenario.inputs.size();
  const std::size_t thunks = inputs + scenario.properties.size();
  void* memory =
      ::operator new(sizeof(Instance) + thunks * sizeof(Thunk) + inputs * sizeof(const Expr*));
  auto* inst = new (memory) Instance;  // not Instance(): that would zero the memo first
  // The thunks are trivial (implicit-lifetime): made by the allocation, pending once
  // their states are written.
  auto* thunk = std::launder(reinterpret_cast<Thunk*>(inst + 1));
#pragma GCC unroll 8
  for (std::size_t i = 0; i < thunks; ++i) thunk[i].state = ThunkState::pending;
  auto* exprs = reinterpret_cast<const Expr**>(thunk + thunks);
  const std::size_t bound = std::min(inputs, bindings.size());
  if (bound) std::memcpy(exprs, bindings.data(), bound * sizeof(const Expr*));
  for (std::size_t i = bound; i < inputs; ++i) exprs[i] = nullptr;
  inst->name = name;
  inst->scenario = &scenario;
  inst->inputs = {thunk, inputs};
  inst->properties = {thunk + inputs, thunks - inputs};
  inst->input_exprs = {exprs, inputs};
  return inst;
}

bool Instance::input_in_instance(std::size_t i) const {
  const Expr* e = input_exprs[i];
  return e && e == scenario->inputs[i].default_value.get();
}

Instance::~Instance() {
  auto destroy = [](std::span<Thunk> thunks) {
#pragma GCC unroll 4
    for (Thunk& t : thunks) t.end();
  };
  destroy(inputs);
  if (!plain_properties) destroy(properties);
}

// --- method memo -----------------------------------------------------------------------

namespace {

// Past the first chunk, calls are found by hash. MurmurHash3's 64-bit finalizer: every input bit
// reaches the low bits, which pick the table slot (a double's low bits are often all zero).
std::uint64_t scramble(std::uint64_t x) {
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdULL;
  x ^= x >> 33;
  x *= 0xc4ceb9fe1a85ec53ULL;
  return x ^ (x >> 33);
}

std::uint64_t mix(std::uint64_t h, std::uint64_t x) {
  return scramble(h ^ (x + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2)));
}

std::uint64_t hash_call(std::uint32_t method, std::span<const Value> args) {
  std::uint64_t h = mix(method, args.size());
  for (const Value& v : args) {
    std::uint64_t words[sizeof(Value) / 8];
    std::memcpy(words, &v, sizeof(Value));
    for (std::uint64_t w : words) h = mix(h, w);
  }
  return h;
}

}  // namespace

MethodCall& MethodMemo::find_indexed(std::uint32_t method, std::span<const Value> arguments) {
  const std::uint64_t hash = hash_call(method, arguments);
  const std::size_t mask = table_.size() - 1;
  for (std::size_t i = hash & mask; table_[i]; i = (i + 1) & mask) {
    MethodCall& c = *table_[i];
    if (c.hash == hash && c.method == method && same_arguments(c, arguments)) return c;
  }
  return add(method, arguments);
}

MethodCall& MethodMemo::add(std::uint32_t method, std::span<const Value> arguments) {
  if (deferred_) [[unlikely]] {  // added first, one of them may be the call sought
    add_deferred();
    return find_or_add(method, arguments);
  }
  if (count_ < chunk_size) [[likely]] {  // in the first chunk, found by a scan
    MethodCall& call = *new (&first_.calls[count_]) MethodCall(method, arguments);
    ++count_;
    return call;
  }
  // Past the first chunk, out of line: its registers and calls would otherwise be saved
  // and restored by every call of the common path above.
  return [&]() __attribute__((noinline))->MethodCall& {
    const std::size_t slot = count_ % chunk_size;
    if (slot == 0) {
      last_->next = std::make_unique<Chunk>();
      last_ = last_->next.get();
    }
    MethodCall& call = *new (&last_->calls[slot]) MethodCall(method, arguments);
    ++count_;
    call.hash = hash_call(method, arguments);
    if (table_.empty()) {
      for (MethodCall& c : first_.calls)  // all made: the first chunk is full
        c.hash = hash_call(c.method, {c.arguments.data(), c.arguments.size()});
    } else if (2 * count_ <= table_.size()) {
      index(call);
      return call;
    }
    // (Re)build the index at four times the calls, from every chunk.
    table_.assign(std::bit_ceil(4 * count_), nullptr);
    for (Chunk* c = &first_; c; c = c->next.get())
      for (std::size_t i = 0; i < chunk_size && (c != last_ || i <= slot); ++i) index(c->calls[i]);
    return call;
  }
  ();
}

void MethodMemo::add_deferred() {
  // The numbers are where the calls will be made: copied out first.
  double numbers[max_deferred];
  std::memcpy(numbers, first_.numbers, deferred_count_ * sizeof(double));
  const DeferredCalls& calls = *std::exchange(deferred_, nullptr);
  calls.add_to(*this, numbers);
}

MethodMemo::~MethodMemo() {
  std::size_t left = count_;
  for (Chunk* c = &first_; c && left > 0; c = c->next.get())
    for (std::size_t i = 0; i < chunk_size && left > 0; ++i, --left) c->calls[i].~MethodCall();
}

void MethodMemo::index(MethodCall& call) {
  const std::size_t mask = table_.size() - 1;
  std::size_t i = call.hash & mask;
  while (table_[i]) i = (i + 1) & mask;
  table_[i] = &call;
}

}  // namespace reckon
