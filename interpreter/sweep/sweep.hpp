// A sweep made concrete: the case it varies, the values of each varied input (its
// axes), and what each point computes. Points are numbered in the order of nested
// loops over the axes, the last axis innermost; shards are contiguous ranges of them.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "interpreter/evaluate/evaluator.hpp"
#include "interpreter/sweep/plan.hpp"
#include "interpreter/sweep/workers.hpp"
#include "syntax/diagnostics.hpp"

namespace reckon::sweep {

// The most points one sweep (before sharding) may have.
inline constexpr std::uint64_t max_points = 1'000'000'000;
// The most values one varied input (an axis) may take. The values are held in memory,
// about 53 bytes each (the Value and the plan's registers): a single range of 1e9
// values asked for 50 GB. This bounds an axis at about 530 MB; sweeps of more points
// combine axes (1e7 x 100 is the 1e9 of max_points).
inline constexpr std::uint64_t max_axis_values = 10'000'000;

struct Axis {
  std::string name;       // the varied input
  std::size_t input = 0;  // its index in the scenario
  SourceRange at;         // where it is varied, for errors
  std::vector<Value> values;
};

struct Space {
  const CaseDecl* case_decl = nullptr;
  std::vector<std::pair<std::size_t, const Expr*>> sets;  // inputs bound at file scope
  std::vector<Axis> axes;
  // What each point computes, in this order: shown values, filters, the conditions of
  // the scenario's constraints (`require`), the objective.
  std::vector<const Expr*> show, where, require;
  const Expr* objective = nullptr;
  bool maximize = false;

  std::uint64_t size() const;
  // The index of each axis's value at `point`.
  std::vector<std::size_t> coordinates(std::uint64_t point) const;
  std::vector<const Expr*> targets() const;
};

// The values of a checked `vary`, evaluated by `ev` at file scope: a list, an
// arithmetic range (`step`) or a geometric one (`times`). Errors (an empty range, a
// step that is not positive, a fractional count, more than max_axis_values (E0805)) are
// located, and raised before allocating.
std::vector<Value> expand(Evaluator& ev, const Vary& vary, const Input& input);

// The reference semantics of a point: a fresh lazy evaluator, the case with the
// point's values bound, the constraints' conditions evaluated, then (if all hold) the
// other targets in order. Throws the point's UserError. At an infeasible point the
// targets but the conditions are none.
std::vector<Value> evaluate_lazily(const Program& program, const Space& space, std::uint64_t point);

// The first constraint broken at `point` and its message, evaluated lazily; nullopt if
// every constraint holds there.
std::optional<std::pair<const Requirement*, std::string>> broken_constraint_at(
    const Program& program, const Space& space, std::uint64_t point);

// A block of points with an objective, summed up by the threads that ran it, every
// failed point left out (as --skip-errors does). (Not nested in Block: Clang cannot
// default-construct a nested class with member initializers inside the enclosing one.)
struct Summary {
  std::uint64_t kept = 0, filtered = 0, failed = 0, infeasible = 0;
  // The kept point whose objective is least (or greatest, with maximize); the earliest
  // of equals.
  std::optional<std::uint64_t> best;
  double best_value = 0;
};

// The results of a block of consecutive points. Per point: every target as a number
// (Value::number) and a status. A point that breaks a constraint of the scenario is
// infeasible, whatever the filters say.
enum class Status : std::uint8_t { kept, filtered, failed, infeasible };
struct Block {
  std::uint64_t begin = 0;
  std::size_t count = 0;
  std::size_t width = 0;  // targets per point
  // A target at a time (column-major): target t of point begin + i at
  // values[t * count + i], so that a batch's lanes of one target are one contiguous
  // copy out of the plan's registers (Runner::run_part).
  std::vector<double> values;
  std::vector<Status> status;
  // Target t of point begin + i.
  double value(std::size_t i, std::size_t t) const { return values[t * count + i]; }
  // The targets of point begin + i, in order, into out[0, width).
  void row(std::size_t i, double* out) const {
    for (std::size_t t = 0; t < width; ++t) out[t] = values[t * count + i];
  }
  // The first point of the block whose evaluation failed, and its error.
  std::optional<std::pair<std::uint64_t, Diagnostic>> first_error;
  // With an objective, the block summed up by the threads that ran it.
  std::optional<Summary> summary;
};

// Runs points on the plan of the sweep, falling back to the lazy evaluator for a
// point the plan is unsure of, and for every point if the sweep cannot be planned.
class Runner {
 public:
  Runner(const Program& program, const Space& space);

  bool planned() const { return plan_.has_value(); }
  const std::string& why_unplanned() const { return why_unplanned_; }
  // Where the plan met what it cannot express, when it is a list or a map.
  const std::optional<SourceRange>& unplanned_at() const { return unplanned_at_; }
  const Plan* plan() const { return plan_ ? &*plan_ : nullptr; }
  std::size_t target_count() const { return targets_.size(); }
  // Whether objective value `v` beats `best` (strictly: the earlier point wins a tie).
  bool better(double v, double best) const { return space_.maximize ? v > best : v < best; }

  // Evaluates points [begin, begin + count) on `jobs` threads into `out`. The threads
  // are kept for the next call, so one runner serves one caller at a time.
  void run(std::uint64_t begin, std::size_t count, unsigned jobs, Block& out) const;

 private:
  void run_part(std::uint64_t begin, std::size_t count, Block& out,
                std::optional<std::pair<std::uint64_t, Diagnostic>>& error) const;
  Summary summarize(const Block& block, std::uint64_t begin, std::size_t count) const;
  // A point's targets are at values[t * stride] (a block's column-major layout).
  void lazily(std::uint64_t point, double* values, std::size_t stride, Status& status,
              std::optional<std::pair<std::uint64_t, Diagnostic>>& error) const;
  Status judge(const double* values, std::size_t stride) const;
  // The registers of the varied inputs at `point`, in a plan's register file; and at
  // `lanes` consecutive points from `point`, in a batch register file.
  void set_point(std::uint64_t point, double* registers) const;
  void set_lanes(std::uint64_t point, std::size_t lanes, double* batch) const;

  const Program& program_;
  const Space& space_;
  std::vector<const Expr*> targets_;
  std::optional<Plan> plan_;
  std::string why_unplanned_;
  std::optional<SourceRange> unplanned_at_;
  // Per axis: the registers its values set, and what each value puts in them.
  struct AxisRegisters {
    std::vector<std::uint16_t> registers;
    std::vector<double> contents;  // value i's at [i * registers.size() + r]
    std::uint64_t stride = 1;      // points between turns of the axis (the last turns fastest)
    std::size_t size = 0;          // its values
  };
  std::vector<AxisRegisters> axes_;
  std::vector<std::uint16_t> target_registers_;  // the plan's, per target
  // Targets whose register an instruction writes (the first target of each such
  // register): the batch writes them straight into the block. The others are copied
  // from their register (a varied input's, a register shown twice) or, for a constant,
  // filled with it.
  std::vector<std::size_t> written_targets_, copied_targets_;
  std::vector<std::pair<std::size_t, double>> constant_targets_;
  mutable std::unique_ptr<Workers> workers_;
};

}  // namespace reckon::sweep
