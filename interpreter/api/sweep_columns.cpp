#include "interpreter/api/sweep_columns.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "interpreter/check/shown_list.hpp"
#include "interpreter/display/format.hpp"
#include "interpreter/values/units.hpp"

namespace reckon::api {

namespace {

std::string_view source_text(const Program& p, SourceRange r) {
  return std::string_view(p.sources.file(r.file).text()).substr(r.begin, r.end - r.begin);
}

// The unit a column shows its quantities in: the unit `eval` shows the first point's
// value in (its declared or written unit, or where that is a step of a ladder, or there
// is none, the step the ladder chooses for it: format.hpp, fitting_display_unit), else
// the declared unit, else the base unit.
DisplayUnit column_unit(const std::optional<DisplayUnit>& declared, const Value* sample,
                        const Dimension& dim) {
  if (declared && !declared->ladder) return *declared;
  if (sample && sample->kind == ValueKind::quantity) {
    if (auto fits = fitting_display_unit(*sample, declared)) return *fits;
    return default_display_unit(*sample);
  }
  if (declared) return *declared;
  return DisplayUnit{base_unit_string(dim), 1};
}

// Records (a varied workload) show as their `name` field when they have one.
std::string record_label(const Value& v, const DisplayOptions& options) {
  int index = v.record()->type->field_index("name");
  if (index >= 0) {
    const Value& name = v.record()->fields[static_cast<std::size_t>(index)];
    if (name.kind == ValueKind::text) return name.text();
  }
  return format_value(v, options);
}

}  // namespace

std::vector<Column> sweep_columns(const Program& program, const sweep::Space& space,
                                  const std::vector<Value>* first) {
  std::vector<Column> columns;
  const ScenarioDecl& s = *space.case_decl->scenario;
  for (std::size_t k = 0; k < space.axes.size(); ++k) {
    const sweep::Axis& axis = space.axes[k];
    const Input& in = s.inputs[axis.input];
    Column c;
    c.name = axis.name;
    c.axis = static_cast<int>(k);
    // An optional input's column takes its kind and unit from its first value that is
    // not `none` (`--vary seq_len=none,4096` is in tokens).
    auto some = std::find_if(axis.values.begin(), axis.values.end(),
                             [](const Value& x) { return !x.is_none(); });
    const Value& v = some != axis.values.end() ? *some : axis.values.front();
    c.kind = v.kind;
    c.enumeration = v.enumeration();
    if (v.kind == ValueKind::quantity) c.unit = column_unit(in.display, &v, v.dim);
    c.dim = v.dim;
    c.in_full = written_in_full(v.dim);
    columns.push_back(std::move(c));
  }
  for (std::size_t t = 0; t < space.show.size(); ++t) {
    const Expr& e = *space.show[t];
    // A list shown as its sum is headed so, and in the list's declared unit.
    const Expr* summed = summed_for_show(e);
    Column c;
    c.name = std::string(source_text(program, e.range));
    if (summed) c.name = "sum(" + c.name + ")";
    c.target = t;
    c.kind = e.type.kind == TypeKind::boolean       ? ValueKind::boolean
             : e.type.kind == TypeKind::enumeration ? ValueKind::enumeration
                                                    : ValueKind::quantity;
    c.enumeration = e.type.enumeration;
    if (c.kind == ValueKind::quantity)
      c.unit = column_unit(Evaluator::declared_unit(summed ? *summed : e, &s),
                           first ? &(*first)[t] : nullptr, e.type.dim);
    c.dim = e.type.dim;
    c.in_full = written_in_full(e.type.dim);
    columns.push_back(std::move(c));
  }
  return columns;
}

std::optional<Diagnostic> beyond_column_unit(const std::vector<Column>& columns,
                                             const sweep::Space& space,
                                             const std::vector<std::size_t>& at,
                                             const double* values) {
  for (const Column& c : columns) {
    if (c.kind != ValueKind::quantity) continue;
    const auto k = static_cast<std::size_t>(c.axis);
    const Value* axis_value = c.axis >= 0 ? &space.axes[k].values[at[k]] : nullptr;
    if (axis_value && axis_value->kind != ValueKind::quantity) continue;
    const double x = axis_value ? axis_value->number : values[c.target];
    if (!std::isfinite(x) || std::isfinite(x / c.unit.scale)) continue;
    const Expr* shown = axis_value ? nullptr : space.show.at(c.target);
    const SourceRange where = shown ? shown->range : space.axes[k].at;
    const Value v = axis_value ? *axis_value : Value::quantity(x, shown->type.dim);
    return Diagnostic{where,
                      fmt::format("`{}` is {} here, beyond the largest number in {} (the unit of "
                                  "its column); show it in a larger unit",
                                  c.name, format_value(v, DisplayOptions{}), c.unit.symbol),
                      {},
                      "E0513"};
  }
  return std::nullopt;
}

double SweepCells::number(const Column& c, const std::vector<std::size_t>& at,
                          const double* values) const {
  if (c.axis >= 0) return value_at(c, at).number;
  return values[c.target];
}

std::string SweepCells::label(const Column& c, const Value& v) const {
  if (v.is_none()) return "none";
  if (c.kind == ValueKind::record) return record_label(v, DisplayOptions{digits_});
  return v.text();  // unquoted
}

const std::vector<Value>* SweepCells::axis_values(const Column& c) const {
  if (c.axis < 0 || (c.kind != ValueKind::record && c.kind != ValueKind::text)) return nullptr;
  return &space_.axes[static_cast<std::size_t>(c.axis)].values;
}

std::string SweepCells::text(const Column& c, const std::vector<std::size_t>& at,
                             const double* values, bool exact) const {
  if (is_none(c, at)) return "none";
  if (c.axis >= 0 && (c.kind == ValueKind::record || c.kind == ValueKind::text))
    return label(c, value_at(c, at));
  double x = number(c, at, values);
  switch (c.kind) {
    case ValueKind::boolean:
      return x != 0 ? "true" : "false";
    case ValueKind::enumeration:
      return c.enumeration->members.at(static_cast<std::size_t>(x));
    case ValueKind::quantity: {
      // The nearest double of the exact conversion (display rule 7): 0.7 s is 700 ms in
      // every format, not 699.9999999999999. A column of a table: plain decimals, a cell
      // scientific alone only where it cannot be written in plain digits (display rule 3,
      // docs/language.md).
      const double shown = number_in_unit(x, c.unit.scale);
      return exact ? fmt::format("{}", shown)
                   : format_number(shown, digits_, c.in_full, false, false, true);
    }
    default:
      return format_value(value_at(c, at), DisplayOptions{digits_});
  }
}

}  // namespace reckon::api
