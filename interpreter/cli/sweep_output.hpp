// How `reckon sweep` writes its points: an aligned table, its cells tab-separated, CSV,
// JSON lines or an SVG
// chart, of the columns of interpreter/api/sweep_columns.hpp.
#pragma once

#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "interpreter/api/sweep_columns.hpp"

namespace reckon::cli {

// The columns and their cells are the library API's (interpreter/api/sweep_columns.hpp).
using api::beyond_column_unit;
using api::Column;
using api::sweep_columns;

struct OutputOptions {
  std::string format = "table";  // table, tsv, csv, jsonl or svg
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
