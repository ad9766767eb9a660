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
#include <vector>

#include "interpreter/values/value.hpp"

namespace reckon {

struct ScenarioDecl;
struct Expr;

enum class ThunkState : unsigned char { pending, evaluating, done, failed };

struct Thunk {
  Value value;
  ThunkState state = ThunkState::pending;
  std::exception_ptr error;  // failed: asked again, the same error is raised again
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
  MethodCall(std::uint32_t m, std::span<const Value> args) : method(m), arguments(args) {}
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
