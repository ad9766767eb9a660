// Showing a collection as a table (docs/language.md, "Lists" and "Maps"): a list of records
// with a column per field, a map with a column of keys and one of values (a map of records:
// its keys, then a column per field). Each column shows its
// quantities in one unit, written once in its heading. `reckon run`, `reckon eval` and the
// REPL print a list of records or a map so; messages and explanations show them inline
// (format_value).
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "interpreter/display/format.hpp"

namespace reckon {

// Whether `v` is shown as a table: a map, or a list whose elements are all records of one
// type (an empty list is not: it has no columns to show).
bool shown_as_table(const Value& v);

// The unit of each field of a list of records, one per column: the field's declared unit
// when it is not a step of its dimension's ladder, else the step readable for the
// column's largest quantity; nullopt for a column without quantities.
std::vector<std::optional<DisplayUnit>> record_column_units(const ListValue& list, int digits);
// The same for a map's values (a map of records is a table too).
std::vector<std::optional<DisplayUnit>> record_column_units(std::span<const Value> records,
                                                            int digits);

// The options each column of a list of records shows its numbers with (one digits rule
// and notation a column, CollectionNumbers), in record_column_units' units; empty when
// the list is not of records of one type.
std::vector<DisplayOptions> record_column_options(const ListValue& list,
                                                  const DisplayOptions& options);
std::vector<DisplayOptions> record_column_options(std::span<const Value> records,
                                                  const DisplayOptions& options);

// `v` (shown_as_table) as a table; each line begins with `indent` and ends with a newline.
// Rows past options.list_elements are elided as `... 12 more`. `unit` is the map's
// declared or written unit (none for a list of records: each field has its own).
std::string format_table(const Value& v, const DisplayOptions& options, const DisplayUnit* unit,
                         std::string_view indent);

// What a table stands for on one line (`reckon run` prints it in the row, the table
// under it): "3 entries", "12 Accelerator records".
std::string table_summary(const Value& v);

}  // namespace reckon
