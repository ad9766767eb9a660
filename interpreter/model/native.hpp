// The interface between the interpreter and functions implemented in C++. The
// stdlib registers NativeFunctions (see stdlib/binding.hpp, which derives each
// signature from a Boost.Units-typed C++ function); Reckon code declares them with
// `native`, and the checker matches each declaration to its implementation.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "interpreter/values/value.hpp"
#include "syntax/dimension.hpp"

namespace reckon {

struct NativeType {
  enum class Kind { number, integer, boolean, enumeration };
  Kind kind = Kind::number;
  Dimension dim;                               // number and integer
  std::string_view enum_name;                  // enumeration
  std::vector<std::string_view> enum_members;  // enumeration, in C++ order
};

struct NativeFunction {
  std::string name;
  bool is_constant = false;
  std::vector<NativeType> parameters;
  NativeType result;
  // Arguments arrive checked against `parameters`; may throw std::domain_error,
  // which the evaluator reports at the call.
  std::function<Value(std::span<const Value>)> call;
  // The same function on plain doubles, for planned sweeps (interpreter/sweep/): every
  // argument and the result as Value::number holds it (a quantity in base units, a
  // bool as 0 or 1, an enumeration member as its index). `raw(args)` returns exactly
  // what `call` would put in Value::number; `raw_batch(columns, out, n)` does so for n
  // points, argument k of point i at columns[k][i]; `raw_at(registers, index)` takes
  // argument k from registers[index[k]] (a plan's one point: no copy into an array).
  // Null when not available.
  double (*raw)(const double* args) = nullptr;
  double (*raw_at)(const double* registers, const std::uint16_t* index) = nullptr;
  void (*raw_batch)(const double* const* columns, double* out, std::size_t n) = nullptr;
  // How often the native ran (count_call): lets tests prove that evaluation is lazy and
  // memoized.
  mutable std::uint64_t calls = 0;
  // The native's formula for worked solutions and the model-slip search
  // (native_formula.hpp), where its declaration has no `@formula`: a Reckon expression
  // over its parameters. Empty: none.
  std::string formula;
  // What a plain number of the formula stands for, by its text (`{"2", "K and V"}`), so
  // that a slip in it is named in the student's words.
  std::vector<std::pair<std::string, std::string>> formula_terms;
};

// Counts a call of `f`. Sweeps evaluate points with one evaluator per thread, and the
// natives they share count their calls through atomic loads and stores, which cannot
// race. Not a read-modify-write: that would cost a locked instruction per call, and
// the count is for tests, which count on one thread (on several, increments may be lost).
// (`n` calls at once: those a fresh case's plan stands for, sweep/force_planned.hpp.)
inline void count_call(const NativeFunction& f, std::uint64_t n = 1) {
  std::atomic_ref<std::uint64_t> calls(f.calls);
  calls.store(calls.load(std::memory_order_relaxed) + n, std::memory_order_relaxed);
}

// The natives by name. The standard library's registry is filled when it is first read
// (`find`, `reset_counts`), not when the library is made: most one-line programs
// (`reckon eval '1 + 1'`, a conversion) declare no native, and building its entries was
// about 20 page faults and 0.26 M instructions of every start-up (docs/performance.md,
// "Start-up at half of GNU units'").
class NativeRegistry {
 public:
  using Fill = void (*)(NativeRegistry&);
  NativeRegistry() = default;
  // A registry that `fill` fills (by `add`) when it is first read, once, on whichever
  // thread reads it first.
  explicit NativeRegistry(Fill fill) : fill_(fill) {}

  void add(NativeFunction f) {
    std::string key = f.name;
    functions_.insert_or_assign(std::move(key), std::move(f));
  }
  const NativeFunction* find(std::string_view name) const {
    const auto& functions = filled();
    auto it = functions.find(std::string(name));
    return it == functions.end() ? nullptr : &it->second;
  }
  void reset_counts() const {
    for (auto& [name, f] : filled()) f.calls = 0;
  }
  // Calls `each` with every native, in the same order each time.
  template <typename Each>
  void each(Each each) const {
    for (const auto& [name, f] : filled()) each(f);
  }

 private:
  const std::map<std::string, NativeFunction>& filled() const {
    if (fill_)
      std::call_once(filling_, [this] {
        NativeRegistry made;
        fill_(made);
        functions_ = std::move(made.functions_);
      });
    return functions_;
  }

  Fill fill_ = nullptr;
  mutable std::once_flag filling_;
  mutable std::map<std::string, NativeFunction> functions_;
};

}  // namespace reckon
