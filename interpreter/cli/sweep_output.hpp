// How `reckon sweep` writes its points: an aligned table, CSV, JSON lines or an SVG
// chart. Columns are the varied inputs, then the shown expressions, each in one unit
// for the whole sweep (its declared unit, or one chosen from the first point), so
// that the outputs of shards line up and concatenate.
#pragma once

#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "interpreter/sweep/sweep.hpp"

namespace reckon::cli {

struct Column {
  std::string name;  // the input's name or the expression as written
  DisplayUnit unit;  // symbol "" for plain numbers
  Dimension dim;     // of a quantity
  ValueKind kind = ValueKind::quantity;
  const EnumDecl* enumeration = nullptr;
  bool in_full = false;  // money and time: written out in full (format.hpp)
  int axis = -1;         // the axis it shows, or -1 for a target
  std::size_t target = 0;
};

// The columns of a sweep: `first` is the first point's evaluation (null if it failed),
// which picks units for values that declare none.
std::vector<Column> sweep_columns(const Program& program, const sweep::Space& space,
                                  const std::vector<Value>* first);

// A sweep shows each column in one unit, so it cannot give way to a readable unit as
// `eval` does for a value that would be infinite in its declared one (1e300 s in ps):
// the point is an error (E0513), located at the shown expression or the `vary`, and
// --skip-errors leaves it out. Null when every cell of the point is finite.
std::optional<Diagnostic> beyond_column_unit(const std::vector<Column>& columns,
                                             const sweep::Space& space,
                                             const std::vector<std::size_t>& at,
                                             const double* values);

struct OutputOptions {
  std::string format = "table";  // table, csv, jsonl or svg
  int digits = 4;
  bool header = true;  // false for every shard but the first
};

class SweepWriter {
 public:
  virtual ~SweepWriter() = default;
  // One kept point: its coordinates on the axes and its targets' numbers.
  virtual void row(const std::vector<std::size_t>& at, const double* values) = 0;
  // Ends the output (an SVG chart is drawn only now).
  virtual void finish() {}
};

std::unique_ptr<SweepWriter> make_writer(const OutputOptions& options, const sweep::Space& space,
                                         std::vector<Column> columns, std::ostream& out);

// The y axes of a line chart of `space` with `columns`: per axis, the targets (indexes of
// the shown expressions) drawn against it, one axis per dimension in order of first
// appearance. Throws E0810 (at the first target of the third) when there are more than
// two. Units play no part, so the columns may be made without a first point.
std::vector<std::vector<std::size_t>> chart_axes(const sweep::Space& space,
                                                 const std::vector<Column>& columns);

// The most points an SVG chart is drawn from.
inline constexpr std::size_t max_chart_points = 1'000'000;

}  // namespace reckon::cli
