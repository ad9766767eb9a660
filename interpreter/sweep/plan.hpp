// The planned form of a checked scenario, for sweeps: the expressions a sweep asks
// for, compiled once into straight-line code over a file of double registers. Names
// are resolved to registers, units to the scale factors already in the literals, and
// everything that does not depend on a varied input is folded to a constant by the
// lazy evaluator itself, so a plan computes the very same floating-point operations
// as the evaluator, in the same order, and its results are equal to the last bit.
//
// A plan runs eagerly: both branches of an `if`, both sides of `and`, every property
// a target needs. Anything that would be an error in the evaluator (overflow, a
// division by zero, a fractional count, a native's domain error, a folded constant
// that failed) makes the point "unsure" instead, and the caller evaluates that point
// again with the lazy evaluator, which decides whether the error really happens (an
// untaken branch's error does not) and reports it with its location.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "interpreter/evaluate/evaluator.hpp"

// x86-64 compilers that take a function's instruction set as an attribute compile the
// batch loop for AVX2 too (plan_run.cpp); elsewhere (AArch64, WebAssembly) it is compiled
// once.
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__)) && !defined(__EMSCRIPTEN__)
#define RECKON_PLAN_AVX2 1
#else
#define RECKON_PLAN_AVX2 0
#endif

namespace reckon::sweep {

// An instruction: dst = op(a, b). 8 bytes, so that the seed's plan fits in a cache line
// or two.
enum class Code : std::uint8_t {
  add,
  sub,
  mul,
  div,
  floordiv,  // dst = r[x] // r[y] with the scales r[sx], r[sy]: x, y, sx, sy in the args
  mod,       // pool from a (operations.hpp)
  pow,
  neg,
  logical_not,
  logical_and,
  logical_or,
  lt,
  le,
  gt,
  ge,
  eq_close,  // quantities: equal within the evaluator's tolerance
  ne_close,
  eq_exact,  // bools and enumeration members
  ne_exact,
  select,  // dst = r[a] != 0 ? r[b] : r[aux register in args pool]
  sqrt,
  abs,
  round,  // dst = round(r[a]) in the unit of scale r[b]
  floor,
  ceil,
  log2,
  log10,
  ln,
  exp,
  min,  // over aux registers listed in the args pool from a
  max,
  native,  // dst = natives[b](args pool [a, a + aux))
  whole,   // unsure unless r[a] is a whole number (dst unused)
  fail,    // always unsure: a folded constant that was an error
  end,     // the last of every plan's code, no operation: run()'s dispatch has no bounds check
};

struct Instr {
  Code code;
  std::uint8_t aux = 0;  // argument count (native, min, max)
  std::uint16_t dst = 0, a = 0, b = 0;
};

// Thrown at compile time for what a plan cannot express (text or none that varies, an
// instance built from varied inputs, recursion through varied arguments); the sweep
// then evaluates every point lazily.
// A list or a map is refused where it is written, so that `--verbose` can point at it.
struct Unplannable : std::runtime_error {
  using std::runtime_error::runtime_error;
  Unplannable(const std::string& why, SourceRange where) : std::runtime_error(why), at(where) {}
  std::optional<SourceRange> at;
};

// How a varied input's value is spread over registers: a number, bool or enumeration
// member takes one; a record one per numeric field, recursively. The shape comes from
// a sample value; other fields (text, none) get no register and may not be read.
struct Shape {
  int reg = -1;  // a leaf's register; -1: a leaf without one
  bool record = false;
  std::vector<Shape> fields;
};

// Whether a plan holds `v` in a register: a quantity, a boolean (0 or 1) or an enumeration
// member (its index), as Value::number holds each.
inline bool in_register(const Value& v) {
  return v.kind == ValueKind::quantity || v.kind == ValueKind::boolean ||
         v.kind == ValueKind::enumeration;
}

// A method call a settled plan inlines or folds (Plan::compile_settled): the method, by
// its property index, and the registers of its arguments and its result (a constant's
// register where one is constant), so that the call can be written into the instance's
// memo as the lazy walk would leave it.
struct PlannedCall {
  std::uint32_t method = 0;
  std::vector<std::uint16_t> arguments;
  std::uint16_t result = 0;
};

class Plan {
 public:
  // Compiles `targets` (checked in the scope of the instance's scenario) for `self`,
  // whose inputs listed in `varied` change per point; `sample` holds one value of each
  // varied input, which gives records their shape. `ev` folds constants and must have
  // bound everything else of `self` already. `whole_inputs[i]` promises that every
  // value of varied input i is a whole number (the plan then checks none).
  static Plan compile(Evaluator& ev, Instance& self, std::span<const std::size_t> varied,
                      std::span<const Value> sample, std::span<const Expr* const> targets,
                      const std::vector<bool>& whole_inputs = {});

  // The plan of every non-method property of `self` (by index, `properties`) for a fresh
  // case (sweep/force_planned.hpp): every input in `varied` has registers, and the plan
  // refuses (Unplannable) what would make the lazy walk's steps, native calls or method
  // memo depend on the values or on what the evaluator did before: a condition, `and` or
  // `or` on a varied value, a let that is not a program constant, another case or
  // instance, a method of another instance or with an argument or result that is not a
  // number, a record or a text made (the walk counts their bytes, E0514). It lists the
  // method calls it makes (calls()) and how deep properties and methods nest in it
  // (nesting()). The inputs in `defaulted`, pending in `self` with their defaults, are
  // computed too: their registers are targets after the properties'.
  static Plan compile_settled(Evaluator& ev, Instance& self, std::span<const std::size_t> varied,
                              std::span<const Value> sample,
                              std::span<const std::uint32_t> properties,
                              std::span<const std::size_t> defaulted = {});
  const std::vector<PlannedCall>& calls() const { return calls_; }
  std::size_t nesting() const { return nesting_; }
  // The registers of a varied input's value (as flatten), written into `r`; false, with
  // `r` partly written, for a value of another shape. Allocates nothing.
  bool fill(std::size_t varied_index, const Value& v, double* r) const;

  // A value of a varied input (in the order of `varied` given to compile) as pairs of
  // register and content; throws Unplannable for a value whose shape the plan cannot
  // hold (none where the sample had a number, say).
  std::vector<std::pair<std::uint16_t, double>> flatten(std::size_t varied_index,
                                                        const Value& v) const;

  // Points a batch holds: each instruction runs over a batch at once, so the cost of
  // dispatching it is shared and its loop vectorizes.
  static constexpr std::size_t batch = 64;

  // The register file with every constant in place; one per thread.
  std::vector<double> registers() const { return constants_; }
  // This plan's, different from every other plan's made by this process (a copy's is
  // the original's): what a register file kept from one run to the next is for.
  std::uint64_t id() const { return id_; }
  const std::vector<double>& constants() const { return constants_; }
  // The same for batches: register i of lane j is at [i * batch + j].
  std::vector<double> batch_registers() const;
  // The registers of a batch register file as columns: register i's lanes at [i].
  static std::vector<double*> columns_of(std::vector<double>& batch_registers);
  // Runs the plan on `r`, whose input registers are filled. False: the point is unsure.
  bool run(double* r) const;
  // Runs the plan on the first `lanes` lanes of a batch register file, register i's
  // lanes at columns[i] (columns_of, or elsewhere: a caller may point a register an
  // instruction writes at its own memory, and have the results written there). False:
  // at least one lane is unsure (run() tells which).
  bool run_batch(double* const* columns, std::size_t lanes) const;
  // Whether run_batch runs the loop compiled for AVX2: true when the CPU has it (x86-64
  // only). A test may set it to false, before any sweep runs, to run the baseline loop.
  static bool& wide_loop();
  // Whether an instruction writes register i (else it holds a constant or an input).
  bool written(std::uint16_t i) const;
  std::uint16_t target_register(std::size_t i) const { return targets_[i]; }
  std::size_t instruction_count() const { return instructions().size(); }
  // The instructions, one per line (`r12 = mul r3 r7`), for --verbose and the docs.
  std::string listing() const;

 private:
  friend class Compiler;
  // run_batch with the lane count a constant (Lanes, a full batch) or not (0: `lanes`).
  template <std::size_t Lanes>
  bool run_lanes(double* const* columns, std::size_t lanes) const;
#if RECKON_PLAN_AVX2
  // The same, compiled for AVX2.
  bool run_batch_avx2(double* const* columns, std::size_t lanes) const;
#endif
  // The instructions, without the `end` that code_ always ends with (none in a plan
  // moved from, whose code_ is empty).
  std::span<const Instr> instructions() const {
    return {code_.data(), code_.empty() ? 0 : code_.size() - 1};
  }
  std::vector<Instr> code_{Instr{Code::end}};
  std::vector<std::uint16_t> pool_;  // argument registers of native, min, max, select
  std::vector<const NativeFunction*> natives_;
  std::vector<double> constants_;
  std::vector<std::uint16_t> targets_;
  std::vector<Shape> shapes_;       // per varied input
  std::vector<PlannedCall> calls_;  // compile_settled's only
  std::size_t nesting_ = 0;
  std::uint64_t id_ = next_id();
  static std::uint64_t next_id();
};

}  // namespace reckon::sweep
