// How every surface turns a value into text and chooses the unit it is shown in
// (docs/architecture.md, "The library API"): `reckon run`, `eval`, `doc` and `list`, the
// REPL, the language server's hovers and hints, the exercises' prompts and keys, and
// ShownValue's `display` (`--json`, the Python package) all call `display`, and ask the
// unit of an expression, an input, a property, a let or an answer here. It decides
// nothing itself: the rules are format.hpp's, format_table.hpp's and written_unit.hpp's
// (docs/language.md, "Display"); this is the one door to them, so that a surface cannot
// keep a copy of its own (tests/layering/check_surfaces.sh).
#pragma once

#include <optional>
#include <string>

#include "interpreter/evaluate/evaluator.hpp"
#include "syntax/ast.hpp"
#include "syntax/display_unit.hpp"

namespace reckon::api {

// Where a value is shown: the few ways the surfaces lay a value out.
struct Layout {
  // A map or a list of records as a table, a row per entry, each row after `indent`
  // (what `eval`, `run` and the REPL print); otherwise inline, on one line.
  bool tables = false;
  std::string indent;
  // A record named short (format.hpp, short_record: `Transformer "GPT-3 175B"`, else its
  // type and first field), as a row of `reckon run` among many names it.
  bool short_records = false;
  // Significant digits instead of the evaluator's (0: the evaluator's). Above
  // max_meaningful_digits, the shortest text that reads back exactly (an answer key).
  int digits = 0;
};

// `v` as text, in `unit` where it fits (a declared or written unit; nullopt: a readable
// one), to the evaluator's digits, lists elided as the evaluator elides them.
std::string display(const Evaluator& ev, const Value& v, const std::optional<DisplayUnit>& unit,
                    const Layout& layout = {});

// Whether `display` with `Layout::tables` lays `v` out as a table (a map, a list of
// records), and the one line that stands for such a table in a row (`[3 Gpu]`).
bool shows_as_table(const Value& v);
std::string table_heading(const Value& v);

// The unit `e`'s value is shown in: its written or declared unit (`-> U`, a literal's,
// the declared unit of what it names, ...), `scenario` the one its bare names are
// members of; nullopt: a readable one.
std::optional<DisplayUnit> expression_unit(const Expr& e, const ScenarioDecl* scenario = nullptr);
// The unit a case's input, a scenario's property and a `let` show in.
std::optional<DisplayUnit> input_unit(const Input& in);
std::optional<DisplayUnit> property_unit(const Property& prop, const ScenarioDecl& scenario);
std::optional<DisplayUnit> let_unit(const LetDecl& let);
// The unit an exercise's answer is asked and keyed in: the answer's written or declared
// unit, held fixed (no display ladder choosing a step per value), so that every variant's
// key reads in the unit its prompt asks for (`0.7500 GiB`, not `768 MiB`); nullopt: a
// readable one.
std::optional<DisplayUnit> answer_unit(const Expr& answer, const ScenarioDecl* scenario);

// The unit a quantity of `dim` equal to `base` (in base units) is shown in when none is
// declared or written, chosen at `digits` significant digits: what a value made outside a
// program (the Python package's arithmetic) is shown in.
DisplayUnit readable_unit(double base, const Dimension& dim, int digits);

// The unit field `k` of `record` shows in wherever the record shows (format.hpp,
// field_display_unit): `reckon list`'s fields as `eval` shows them.
std::optional<DisplayUnit> field_unit(const RecordValue& record, std::size_t k, int digits);

// A base-unit number in a unit of scale `scale`: the number every surface hands on
// (`--json`'s `value`, Python's `.value`, sweep columns), format.hpp's number_in_unit.
double number_in(double base, double scale);

}  // namespace reckon::api
