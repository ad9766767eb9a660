// The columns of a sweep's table and what each cell holds, for every surface that shows
// or hands on a sweep (`reckon sweep`'s table, CSV, JSON lines and charts; the Python
// package's DataFrames). Columns are the varied inputs, then the shown expressions,
// each in one unit for the whole sweep (its declared unit, or one chosen from the first
// point), so that the outputs of shards line up and concatenate.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "interpreter/display/format.hpp"
#include "interpreter/sweep/sweep.hpp"

namespace reckon::api {

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

// How the cells of a kept point read. `exact` gives numbers to the last bit (CSV, JSON,
// Python), otherwise to the chosen significant digits.
class SweepCells {
 public:
  SweepCells(const sweep::Space& space, std::vector<Column> columns, int digits)
      : space_(space), columns_(std::move(columns)), digits_(digits) {}

  const std::vector<Column>& columns() const { return columns_; }

  // The cell's number in base units (an axis's value, or a target's).
  double number(const Column& c, const std::vector<std::size_t>& at, const double* values) const;
  // A quantity cell's number in its column's unit: what CSV, JSON lines and Python hold.
  double number_in_column_unit(const Column& c, const std::vector<std::size_t>& at,
                               const double* values) const {
    return in_column_unit(c, number(c, at, values));
  }
  // A number in base units (a chart's point) in column `c`'s unit, as the cells hold it.
  static double in_column_unit(const Column& c, double base) {
    return number_in_unit(base, c.unit.scale);
  }
  // Whether the cell is an optional input's `none` (written `none`, an empty CSV cell,
  // JSON null, NaN or None in Python).
  bool is_none(const Column& c, const std::vector<std::size_t>& at) const {
    return c.axis >= 0 && value_at(c, at).is_none();
  }
  std::string text(const Column& c, const std::vector<std::size_t>& at, const double* values,
                   bool exact) const;
  const Value& value_at(const Column& c, const std::vector<std::size_t>& at) const {
    auto k = static_cast<std::size_t>(c.axis);
    return space_.axes[k].values[at[k]];
  }
  // A varied record (its `name`) or text (unquoted) as its cell writes it.
  std::string label(const Column& c, const Value& v) const;
  // The values a varied record or text column takes, known before any point runs.
  const std::vector<Value>* axis_values(const Column& c) const;

 private:
  const sweep::Space& space_;
  std::vector<Column> columns_;
  int digits_;
};

}  // namespace reckon::api
