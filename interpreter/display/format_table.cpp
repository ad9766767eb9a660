#include "interpreter/display/format_table.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <span>

#include "interpreter/display/format_map.hpp"
#include "interpreter/values/units.hpp"
#include "syntax/ast.hpp"

namespace reckon {

namespace {

const RecordDecl* common_record_type(std::span<const Value> items) {
  if (items.empty() || items.front().kind != ValueKind::record) return nullptr;
  const RecordDecl* type = items.front().record()->type;
  for (const Value& x : items)
    if (x.kind != ValueKind::record || x.record()->type != type) return nullptr;
  return type;
}

// A list's records are of one type when it holds rows (ListValue::make_rows), or when
// its elements all are.
const RecordDecl* common_record_type(const ListValue& list) {
  if (const RecordDecl* type = list.row_type()) return list.empty() ? nullptr : type;
  if (list.packed()) return nullptr;  // quantities (and their Values not made to know it)
  return common_record_type(list.items());
}

// The records a table shows, read field by field: a list of rows' numbers without
// making its records, or records as Values (a list's elements, a map's values).
class Records {
 public:
  explicit Records(std::span<const Value> values) : values_(values) {}
  explicit Records(const ListValue& list) : rows_(list.row_type() ? &list : nullptr) {
    if (!rows_) values_ = list.items();
  }
  std::size_t size() const { return rows_ ? rows_->size() : values_.size(); }
  Value field(std::size_t r, std::size_t k) const {
    return rows_ ? rows_->row_field(r, k) : values_[r].record()->fields[k];
  }
  // The declared unit of column `k` of `type`, in the names every row's value was written
  // in when they agree (format.hpp, record_field_unit: a column of INT8 accelerators'
  // `peak` in TOP/s), else as declared.
  std::optional<DisplayUnit> declared_unit(const RecordDecl& type, std::size_t k) const {
    if (rows_) return spelled_field_unit(type, rows_->row_spellings(), k);  // one for all
    if (values_.empty()) return type.fields[k].display;
    std::optional<DisplayUnit> common = record_field_unit(*values_[0].record(), k);
    for (const Value& v : values_.subspan(1)) {
      const std::optional<DisplayUnit> u = record_field_unit(*v.record(), k);
      if (!common || !u || u->symbol != common->symbol) return type.fields[k].display;
    }
    return common;
  }

 private:
  const ListValue* rows_ = nullptr;
  std::span<const Value> values_;
};

// The unit of each field of records of one type, one per column (record_column_units).
std::vector<std::optional<DisplayUnit>> column_units(const Records& items, const RecordDecl& type,
                                                     int digits) {
  std::vector<std::optional<DisplayUnit>> units(type.fields.size());
  for (std::size_t k = 0; k < type.fields.size(); ++k) {
    Value largest;
    for (std::size_t r = 0; r < items.size(); ++r) {
      Value v = items.field(r, k);
      if (v.kind == ValueKind::quantity &&
          (largest.is_none() || std::fabs(v.number) > std::fabs(largest.number)))
        largest = std::move(v);
    }
    const std::optional<DisplayUnit> declared = items.declared_unit(type, k);
    if (declared && declared->is_tuple()) {  // a tuple's elements each in its declared unit
      units[k] = declared;
      continue;
    }
    if (largest.is_none()) continue;
    // The column's largest value chooses, as it would alone in its field (a column of
    // zeros stays in the declared unit).
    units[k] = field_display_unit(declared, largest, digits);
    if (!units[k]) units[k] = default_display_unit(largest, digits);
  }
  return units;
}

// "1,000,000": a count of elided rows reads at a glance (as a list's `... 999,990 more`).
std::string grouped(std::size_t n) {
  std::string s = std::to_string(n);
  for (auto at = static_cast<std::ptrdiff_t>(s.size()) - 3; at > 0; at -= 3)
    s.insert(static_cast<std::size_t>(at), ",");
  return s;
}

// A cell: a quantity's number without its unit (the heading has it), a text as it reads
// (the column says what it is; control characters escaped so a row stays one line), a
// record with a `name` field as its type and name, anything else as it shows inline.
std::string cell(const Value& v, const DisplayOptions& options,
                 const std::optional<DisplayUnit>& unit) {
  if (v.kind == ValueKind::quantity && unit) {
    DisplayUnit bare = *unit;
    bare.symbol.clear();
    bare.ladder = false;
    return format_value(v, options, &bare);
  }
  if (v.kind == ValueKind::text) {
    std::string out;
    for (char c : v.text())
      out += c == '\n' ? std::string("\\n") : c == '\t' ? std::string("\\t") : std::string(1, c);
    return out;
  }
  if (v.kind == ValueKind::record)
    if (int i = v.record()->type->field_index("name"); i >= 0) {
      const Value& name = v.record()->fields[static_cast<std::size_t>(i)];
      if (name.kind == ValueKind::text) return v.record()->type->name + " " + name.text();
    }
  return format_value(v, options, unit && unit->is_tuple() ? &*unit : nullptr);
}

// Columns of cells under their headings, each as wide as its widest cell, two spaces
// apart; numbers right-aligned so that their digits line up, other values left-aligned.
struct Column {
  std::string heading;
  std::vector<std::string> cells;
  bool numbers = true;
};

std::string lay_out(const std::vector<Column>& columns, std::size_t rows, const std::string& elided,
                    std::string_view indent) {
  std::vector<std::size_t> widths;
  for (const Column& c : columns) {
    std::size_t w = c.heading.size();
    for (const std::string& s : c.cells) w = std::max(w, s.size());
    widths.push_back(w);
  }
  auto line = [&](auto text_of) {
    std::string out(indent);
    for (std::size_t k = 0; k < columns.size(); ++k) {
      const std::string& text = text_of(columns[k]);
      const bool last = k + 1 == columns.size();
      if (columns[k].numbers)
        out += fmt::format("{:>{}}", text, widths[k]);
      else
        out += last ? text : fmt::format("{:<{}}", text, widths[k]);
      if (!last) out += "  ";
    }
    return out + "\n";
  };
  std::string out = line([](const Column& c) -> const std::string& { return c.heading; });
  for (std::size_t r = 0; r < rows; ++r)
    out += line([r](const Column& c) -> const std::string& { return c.cells[r]; });
  if (!elided.empty()) out += std::string(indent) + elided + "\n";
  return out;
}

// The options of column `k`'s numbers: one digits rule for the column, as for a list
// (CollectionNumbers), and plain decimals: a column keeps its declared unit and its
// cells read `42.19` and `0.00008000`; a cell that cannot be written in plain digits
// (past 1e15, below plain_decimals_from, or with made-up zeros) is scientific alone,
// never the whole column for it (display rule 3, docs/language.md).
DisplayOptions column_options(const Records& items, std::size_t k,
                              const std::optional<DisplayUnit>& unit,
                              const DisplayOptions& options) {
  if (!unit || unit->is_tuple()) return options;
  CollectionNumbers numbers(*unit, options);
  for (std::size_t r = 0; r < items.size(); ++r) numbers.add(items.field(r, k));
  DisplayOptions each = numbers.options();
  each.all_scientific = false;
  each.plain_decimals = true;
  return each;
}

// Records of one type, a row each, after a column of their keys when `keys` is given (a
// map's, as format_map_table writes them).
std::string record_table(const Records& items, const RecordDecl& type,
                         const std::vector<Value>* keys, const DisplayOptions& options,
                         std::string_view indent) {
  const std::vector<std::optional<DisplayUnit>> units = column_units(items, type, options.digits);
  const std::size_t rows = std::min(items.size(), options.list_elements);
  std::vector<Column> columns;
  if (keys) {
    Column& c = columns.emplace_back();
    c.heading = "key";
    c.numbers = false;
    for (std::size_t r = 0; r < rows; ++r) {
      const Value& k = (*keys)[r];
      c.cells.push_back(k.kind == ValueKind::text ? k.text() : key_text(k));
    }
  }
  for (std::size_t k = 0; k < type.fields.size(); ++k) {
    Column& c = columns.emplace_back();
    c.heading = type.fields[k].name;
    if (units[k] && !units[k]->symbol.empty() && !units[k]->is_tuple())
      c.heading += " (" + units[k]->symbol + ")";
    // One rule for the digits and notation of a column, as of a list (CollectionNumbers).
    const DisplayOptions each = column_options(items, k, units[k], options);
    for (std::size_t r = 0; r < rows; ++r) {
      const Value v = items.field(r, k);
      // `none` (an optional field left out) lines up with the numbers around it.
      c.numbers = c.numbers && (v.kind == ValueKind::quantity || v.kind == ValueKind::none);
      c.cells.push_back(cell(v, each, units[k]));
    }
  }
  const std::size_t more = items.size() - rows;
  return lay_out(columns, rows, more ? "... " + grouped(more) + " more" : "", indent);
}

}  // namespace

bool shown_as_table(const Value& v) {
  if (v.kind == ValueKind::map) return true;
  return v.kind == ValueKind::list && common_record_type(*v.list());
}

namespace {

std::vector<DisplayOptions> all_column_options(const Records& items, const RecordDecl& type,
                                               const DisplayOptions& options) {
  const std::vector<std::optional<DisplayUnit>> units = column_units(items, type, options.digits);
  std::vector<DisplayOptions> columns;
  for (std::size_t k = 0; k < type.fields.size(); ++k)
    columns.push_back(column_options(items, k, units[k], options));
  return columns;
}

}  // namespace

std::vector<std::optional<DisplayUnit>> record_column_units(const ListValue& list, int digits) {
  const RecordDecl* type = common_record_type(list);
  if (!type) return {};
  return column_units(Records(list), *type, digits);
}

std::vector<std::optional<DisplayUnit>> record_column_units(std::span<const Value> records,
                                                            int digits) {
  const RecordDecl* type = common_record_type(records);
  if (!type) return {};
  return column_units(Records(records), *type, digits);
}

std::vector<DisplayOptions> record_column_options(const ListValue& list,
                                                  const DisplayOptions& options) {
  const RecordDecl* type = common_record_type(list);
  if (!type) return {};
  return all_column_options(Records(list), *type, options);
}

std::vector<DisplayOptions> record_column_options(std::span<const Value> records,
                                                  const DisplayOptions& options) {
  const RecordDecl* type = common_record_type(records);
  if (!type) return {};
  return all_column_options(Records(records), *type, options);
}

std::string format_table(const Value& v, const DisplayOptions& options, const DisplayUnit* unit,
                         std::string_view indent) {
  if (v.kind == ValueKind::map) {
    // A map of records: its keys, then a column per field (a registry keyed by name).
    const MapValue& m = *v.map();
    if (const RecordDecl* type = common_record_type(m.values))
      return record_table(Records(m.values), *type, &m.keys, options, indent);
    return format_map_table(m, options, unit, indent);
  }
  const ListValue& list = *v.list();
  return record_table(Records(list), *common_record_type(list), nullptr, options, indent);
}

std::string table_summary(const Value& v) {
  if (v.kind == ValueKind::map) {
    const std::size_t n = v.map()->keys.size();
    return fmt::format("{} entr{}", grouped(n), n == 1 ? "y" : "ies");
  }
  const ListValue& list = *v.list();
  const std::size_t n = list.size();
  return fmt::format("{} {} record{}", grouped(n), common_record_type(list)->name,
                     n == 1 ? "" : "s");
}

}  // namespace reckon
