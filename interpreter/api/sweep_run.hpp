// Sweeps through the library API: a sweep assembled from a `sweep` declaration and a
// caller's additions (`--vary`, `--show`, `--where`, an objective, `--set`), checked in
// its case's scope, and run in blocks on a Runner, each kept point handed to a sink.
// `reckon sweep` writes the points as a table, CSV, JSON lines or a chart; the Python
// package collects them into typed columns; both assemble and run through here.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "interpreter/api/sweep_columns.hpp"
#include "interpreter/sweep/sweep.hpp"

namespace reckon::api {

struct SweepSpec {
  std::string file;  // how messages name the program
  std::string name;  // a sweep the file declares or a case to vary ("": the first sweep)
  std::vector<std::string> vary;   // INPUT=VALUES
  std::vector<std::string> show;   // expressions, comma-separated
  std::vector<std::string> where;  // bool expressions, all must hold
  std::optional<std::string> minimize, maximize;
  std::vector<std::string> sets;  // INPUT=VALUE
  std::string shard = "1/1";      // I/N
  bool skip_errors = false;
  // Points that break a constraint of the scenario: "skip" leaves them out, "list" also
  // gathers them (SweepOutcome::infeasible_points), "error" stops at the first (E0536).
  std::string infeasible = "skip";
};

// The sweep a spec asks for, checked in its case's scope: the declaration's items with
// the spec's on top. It points into the program, which must outlive it.
struct PreparedSweep {
  SweepDecl extra;             // the spec's vary, show, where and objective
  std::vector<ExprPtr> owned;  // the overrides' values and the shown properties
  sweep::Space space;
  std::uint64_t shard = 1, shards = 1;  // this part of the sweep, I of N
  std::uint64_t begin = 0, end = 0;     // the points of the shard
};

// What can be refused before the program is loaded: a malformed shard (E0603) and an
// override given twice (E0612), both UsageErrors.
void check_sweep_spec(const SweepSpec& spec);

// Assembles `spec` in `p` (loaded and checked) into `out`. Throws the user's errors:
// no sweep to run (E0802), an unknown case or sweep (E0601), an unknown input in a
// `vary` or override (with a did-you-mean), a varied input also overridden (E0322), too
// many points (E0801), ...
void prepare_sweep(Program& p, const SweepSpec& spec, PreparedSweep& out);

// Receives the kept points of a running sweep, in order (the best one alone, with an
// objective).
class SweepSink {
 public:
  virtual ~SweepSink() = default;
  virtual void row(const std::vector<std::size_t>& at, const double* values) = 0;
  // Whether to stop after the current block (a signal, a caller's limit).
  virtual bool stopped() { return false; }
  // Points of the shard evaluated so far.
  virtual void progress(std::uint64_t /*done*/) {}
};

struct SweepOutcome {
  std::uint64_t done = 0, kept = 0, failed = 0, infeasible = 0;
  std::vector<std::uint64_t> infeasible_points;  // infeasible "list"
  bool best = false;                             // an objective found its best point
  bool stopped = false;                          // the sink stopped the sweep
  // The error that stopped the sweep, with a note naming the point's values.
  std::optional<Diagnostic> error;
};

// Runs the prepared sweep on `runner` (built on its space) with `jobs` threads (0: one
// per core), each kept point's cells in `columns`. A point that fails is the outcome's
// error unless `skip_errors`; with an objective, only the best point reaches the sink.
SweepOutcome run_sweep(const Program& p, const SweepSpec& spec, const PreparedSweep& prepared,
                       const std::vector<Column>& columns, const sweep::Runner& runner,
                       unsigned jobs, SweepSink& sink, int digits);

// E0804 when a whole sweep (one shard of one) with an objective ran to its end and kept
// no point: there is no best point. A shard without one is no error (another shard may
// hold it).
void require_best(const PreparedSweep& prepared, const SweepOutcome& outcome);

// `name = value, ...` of the varied inputs at `point`, as messages name a point.
std::string point_text(const sweep::Space& space, std::uint64_t point, int digits);

}  // namespace reckon::api
