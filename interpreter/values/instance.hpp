// A bound scenario (a case): every input and property is a thunk, evaluated when
// first asked for and never again.
//
// An instance is one allocation: the object (with the first chunk of its method memo),
// its thunks and its bindings side by side (Instance::make). Method calls are memoized
// per instance, so a call's result dies with the instance it was computed for.
#pragma once

#include <array>
#include <cstdint>
#include <cstring>
#include <exception>
#include <memory>
#include <new>
#include <span>
#include <string_view>
#include <utility>
#include <vector>

#include "interpreter/values/value.hpp"

namespace reckon {

struct ScenarioDecl;
struct Expr;

enum class ThunkState : unsigned char { pending, evaluating, done, failed };

// A value computed at most once. Pending or evaluating, it holds nothing; done, its
// Value; failed, the error it raised (asked again, the same error is raised again), in
// the same bytes. Trivial to make and to end (an implicit-lifetime type): a Thunk{} is
// pending, an instance's thunks are made by writing their states (Instance::make), and
// whoever holds a thunk ends what it holds with clear().
struct Thunk {
 private:
  // First: a done thunk's value is at its address (no offset added where it is read).
  alignas(Value) unsigned char held_[sizeof(Value)];

 public:
  ThunkState state;

  Thunk() = default;  // pending when value-initialized (Thunk{}); else its state is unset
  Thunk(const Thunk&) = delete;  // a copy of the bytes would not count the value's holders
  Thunk& operator=(const Thunk&) = delete;

  // Done: what it holds.
  Value& value() { return *std::launder(reinterpret_cast<Value*>(held_)); }
  const Value& value() const { return *std::launder(reinterpret_cast<const Value*>(held_)); }
  // Failed: what it raised.
  const std::exception_ptr& error() const {
    return *std::launder(reinterpret_cast<const std::exception_ptr*>(held_));
  }

  // A thunk that holds nothing (pending or evaluating) made done, holding the Value
  // `make()` returns, made in place (none moved).
  template <typename Make>
  Value& settle_with(Make make) {
    Value* made = ::new (held_) Value(make());
    state = ThunkState::done;
    return *made;
  }
  // The same with `v`, a copy of `v`, none, a number of a plain kind (Value::plain), or
  // the number `x` in `shape`'s form (`shape` holds no shared object).
  Value& settle(Value&& v) {
    return settle_with([&] { return std::move(v); });
  }
  Value& settle(const Value& v) {
    return settle_with([&] { return v; });
  }
  void settle_none() {
    settle_with([] { return Value(); });
  }
  Value& settle_plain(double x, ValueKind k, const Dimension& d) {
    return settle_with([&] { return Value(x, k, d); });
  }
  void settle_like(const Value& shape, double x) {
    settle_with([&] { return Value(x, shape); });
  }
  // A thunk that holds nothing (pending or evaluating) made failed, holding `e`.
  void fail(std::exception_ptr e) {
    ::new (held_) std::exception_ptr(std::move(e));
    state = ThunkState::failed;
  }
  // What it holds ended (its state left as it was: the holder ends the thunk too).
  void end() {
    if (state == ThunkState::done)
      value().~Value();
    else if (state == ThunkState::failed) [[unlikely]]
      std::launder(reinterpret_cast<std::exception_ptr*>(held_))->~exception_ptr();
  }
  // Pending again: what it held ended.
  void clear() {
    end();
    state = ThunkState::pending;
  }
};
static_assert(sizeof(std::exception_ptr) <= sizeof(Value) &&
              alignof(std::exception_ptr) <= alignof(Value));

// Thunks on their own (an evaluator's lets), made pending; each ends what it holds.
class ThunkArray {
 public:
  ThunkArray() = default;
  explicit ThunkArray(std::size_t n) : thunks_(std::make_unique<Thunk[]>(n)), size_(n) {}
  ThunkArray(const ThunkArray&) = delete;
  ThunkArray& operator=(const ThunkArray&) = delete;
  ThunkArray& operator=(ThunkArray&& o) noexcept {
    std::swap(thunks_, o.thunks_);
    std::swap(size_, o.size_);
    return *this;
  }
  ~ThunkArray() {
    for (std::size_t i = 0; i < size_; ++i) thunks_[i].end();
  }
  explicit operator bool() const { return thunks_ != nullptr; }
  Thunk& operator[](std::size_t i) { return thunks_[i]; }
  const Thunk& operator[](std::size_t i) const { return thunks_[i]; }

 private:
  std::unique_ptr<Thunk[]> thunks_;
  std::size_t size_ = 0;
};

// A method call's arguments, in one array: up to two in place, more on the heap. Made
// once, never changed (their addresses are a method frame's arguments).
class ArgumentList {
 public:
  explicit ArgumentList(std::span<const Value> args) : size_(args.size()) {
    data_ = size_ <= in_place ? reinterpret_cast<Value*>(place_)
                              : static_cast<Value*>(::operator new(size_ * sizeof(Value)));
    for (std::size_t i = 0; i < size_; ++i) new (data_ + i) Value(args[i]);
  }
  ArgumentList(const ArgumentList&) = delete;
  ArgumentList& operator=(const ArgumentList&) = delete;
  ~ArgumentList() {
    for (std::size_t i = 0; i < size_; ++i) data_[i].~Value();
    if (size_ > in_place) ::operator delete(data_);
  }
  std::size_t size() const { return size_; }
  const Value* data() const { return data_; }
  const Value& operator[](std::size_t i) const { return data_[i]; }

 private:
  static constexpr std::size_t in_place = 2;
  std::size_t size_;
  Value* data_;
  alignas(Value) unsigned char place_[in_place * sizeof(Value)];
};

// One call of a method with particular arguments, memoized like a property.
struct MethodCall {
  MethodCall(std::uint32_t m, std::span<const Value> args) : method(m), arguments(args) {
    result.state = ThunkState::pending;
  }
  MethodCall(const MethodCall&) = delete;
  MethodCall& operator=(const MethodCall&) = delete;
  ~MethodCall() { result.end(); }
  std::uint32_t method;    // the property index of the method
  std::uint64_t hash = 0;  // of the method and the arguments, once the memo is indexed
  ArgumentList arguments;
  Thunk result;
};

class MethodMemo;

// Calls already made for an instance whose entries its memo adds only when it is first
// read (MethodMemo::defer): a fresh case forced by its scenario's plan (sweep/
// force_planned.hpp) makes every call, and writing them out was a seventh of its cost,
// while most cases never read the memo again.
class DeferredCalls {
 public:
  // Adds the calls to `memo`, which is empty, their arguments' and results' numbers read
  // from `numbers` (those the memo's defer was given).
  virtual void add_to(MethodMemo& memo, const double* numbers) const = 0;

 protected:
  ~DeferredCalls() = default;
};

// A method's calls so far, for one instance. Calls keep their addresses while nested
// calls add more (a result is forced in place). A handful of calls, the usual case,
// are found by a scan of one inline chunk; past that, a hash index is built, so a
// method recursing over many argument values is not quadratic. Quantities match bit
// for bit here; two arguments equal only within `==`'s tolerance are two entries.
class MethodMemo {
 public:
  // The call of `method` with `arguments`, added (pending) if it is new.
  MethodCall& find_or_add(std::uint32_t method, std::span<const Value> arguments) {
    // Deferred calls are added by add(): the memo holds none of them until then, so
    // nothing is found before it (a check here cost the tree walk's loop a register).
    if (!table_.empty()) return find_indexed(method, arguments);
    for (std::size_t i = 0; i < count_; ++i) {
      MethodCall& c = first_.calls[i];
      if (c.method == method && same_arguments(c, arguments)) return c;
    }
    return add(method, arguments);
  }
  // The call of `method` with `arguments`, which the caller knows the memo does not hold
  // (a plan's calls of one method with arguments it compared), added pending.
  MethodCall& add_absent(std::uint32_t method, std::span<const Value> arguments) {
    return add(method, arguments);
  }
  // Leaves the entries of `calls` to be added when the memo is first read, from the
  // `count` numbers written into the storage returned; null (nothing deferred) when
  // `count` is 0 or past max_deferred. The memo must be empty, and `calls` must outlive it.
  double* defer(const DeferredCalls& calls, std::size_t count) {
    if (count == 0 || count > max_deferred || count_ != 0 || deferred_) return nullptr;
    deferred_ = &calls;
    deferred_count_ = static_cast<std::uint32_t>(count);
    return first_.numbers;
  }
  std::size_t size() const {
    settle();
    return count_;
  }
  // Whether the memo holds no call, deferred or made (without adding the deferred).
  bool empty() const { return count_ == 0 && !deferred_; }
  // Calls `each` with every call so far, in the order they were added.
  template <typename Each>
  void each(Each each) const {
    settle();
    std::size_t left = count_;
    for (const Chunk* c = &first_; c && left > 0; c = c->next.get())
      for (std::size_t i = 0; i < chunk_size && left > 0; ++i, --left) each(c->calls[i]);
  }

  // Arguments match when their bytes do (Value has no indeterminate padding): a number
  // bit for bit, a record, instance or text by identity (a literal text is its string
  // in the AST, a built one its TextValue, which the memo's copy keeps alive: two equal
  // built texts are two entries, computed alike).
  static bool same_arguments(const MethodCall& c, std::span<const Value> args) {
    if (c.arguments.size() != args.size()) return false;
    for (std::size_t i = 0; i < args.size(); ++i)
      if (std::memcmp(&c.arguments[i], &args[i], sizeof(Value)) != 0) return false;
    return true;
  }

 private:
  static constexpr std::size_t chunk_size = 8;
  // Calls are made in place as they are added (a union leaves the rest unmade), and
  // the memo destroys the ones it made. Before the first chunk holds a call, it may
  // hold the numbers of deferred calls instead.
  struct Chunk {
    Chunk() {}
    ~Chunk() {}
    union {
      MethodCall calls[chunk_size];
      double numbers[chunk_size * sizeof(MethodCall) / sizeof(double)];
    };
    std::unique_ptr<Chunk> next;
  };

 public:
  static constexpr std::size_t max_deferred = chunk_size * sizeof(MethodCall) / sizeof(double);

 private:
  // Adds the deferred calls, if any, before the memo is read or written. The memo is
  // part of an instance, never made const, so the const readers may add them.
  void settle() const {
    if (deferred_) [[unlikely]]
      const_cast<MethodMemo*>(this)->add_deferred();
  }
  void add_deferred();
  MethodCall& add(std::uint32_t method, std::span<const Value> arguments);
  MethodCall& find_indexed(std::uint32_t method, std::span<const Value> arguments);
  void index(MethodCall& call);

 public:
  MethodMemo() = default;
  MethodMemo(const MethodMemo&) = delete;
  MethodMemo& operator=(const MethodMemo&) = delete;
  ~MethodMemo();

 private:
  Chunk first_;
  Chunk* last_ = &first_;
  std::size_t count_ = 0;
  std::vector<MethodCall*> table_;           // open addressing; empty while first_ has room
  const DeferredCalls* deferred_ = nullptr;  // calls still to add (defer)
  std::uint32_t deferred_count_ = 0;         // and how many numbers they read
};

// Whether an instance's constraints were found to hold (constraints.hpp).
enum class ConstraintState : unsigned char { unchecked, checking, met };

struct Instance final : Shared {
  std::string_view name;  // the case's name, or the scenario's for an unnamed instance
  const ScenarioDecl* scenario = nullptr;
  ConstraintState constraints = ConstraintState::unchecked;
  // Whether every property thunk holds a number or none, and no error, for good: as a
  // fresh case's plan leaves them (sweep/force_planned.cpp: each non-method property done
  // with a number, the methods' thunks pending, which nothing enters, and nothing writes
  // a done thunk again). The destructor then passes over them.
  bool plain_properties = false;
  // Per input: the expression that binds it (null: none).
  std::span<const Expr*> input_exprs;
  std::span<Thunk> inputs;
  std::span<Thunk> properties;
  MethodMemo methods;

  // Every thunk: the inputs' and then the properties', side by side (make).
  Thunk* thunks() { return inputs.data(); }
  // Whether input `i`'s binding is evaluated inside this instance: it is the input's own
  // default (which may read the other inputs), not a case's or a caller's argument,
  // which is evaluated where it was written.
  bool input_in_instance(std::size_t i) const;

  // An instance of `scenario` with every thunk pending, holding one reference
  // (Value::adopt takes it). Input i is bound to the expression bindings[i] (a case's:
  // CaseDecl::bindings), evaluated in the instance when it is the input's default; no
  // binding (null, or past the end) leaves it unbound.
  static Instance* make(std::string_view name, const ScenarioDecl& scenario,
                        std::span<const Expr* const> bindings = {});
  ~Instance() override;
  static void operator delete(void* p) { ::operator delete(p); }

 private:
  Instance() = default;
};

inline Value Value::adopt(Instance* i) {
  Value x;
  x.kind = ValueKind::instance;
  x.object_ = static_cast<const Shared*>(i);
  return x;
}

inline Value Value::of(Instance& i) {
  retain(&i);
  return adopt(&i);
}

inline Instance* Value::instance() const {
  if (kind != ValueKind::instance) return nullptr;
  return const_cast<Instance*>(static_cast<const Instance*>(shared_object()));
}

}  // namespace reckon
