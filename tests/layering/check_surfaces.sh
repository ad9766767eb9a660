#!/usr/bin/env bash
# No surface prepares a case or decides how a value reads itself (docs/architecture.md,
# "The library API"): the command line, the REPL, the language server, the exercise
# engine and the Python package call the library API (interpreter/api/) for both, and
# never the internals below it, so that a display rule or a case's preparation is
# written once and every surface follows it.
#   tests/layering/check_surfaces.sh [ROOT]     (ROOT: the repository, default .)
# Prints each call as `file:line: calls NAME (...)` and exits 1 if there is one. Comments
# (`// ...`) are not code and are skipped; so are string literals.
set -euo pipefail
root="${1:-.}"

surfaces=(interpreter/cli interpreter/repl interpreter/lsp interpreter/exercise python/src)

# name | what a surface calls instead. A name matches as a whole word before `(`, called
# alone, qualified (`Evaluator::declared_unit(`) or as a member (`ev.instance_of(`), but
# not as the API's own (`api::display(`); `show` only as a member call (`ev.show(`), the
# evaluator's.
forbidden=(
  # How a value reads: api::display (and ShownValue's `display`).
  "show|api::display"
  "format_value|api::display"
  "format_inline|api::display"
  "format_quantity|api::display"
  "format_table|api::display with Layout::tables"
  "format_map|api::display"
  "format_map_table|api::display with Layout::tables"
  "short_record|api::display with Layout::named_records"
  "shown_as_table|api::shows_as_table"
  "table_summary|api::table_heading"
  # The unit a value is shown in: api::expression_unit, input_unit, property_unit,
  # let_unit, answer_unit, readable_unit.
  "declared_unit|api::expression_unit"
  "written_unit|api::expression_unit"
  "shown_unit|api::expression_unit"
  "fitting_unit|api::display, which fits the unit"
  "fitting_display_unit|api::display, which fits the unit"
  "default_display_unit|api::readable_unit"
  "ladder_display_unit|api::display"
  "field_display_unit|api::shown_value"
  "list_display_unit|api::shown_value"
  "map_display_unit|api::shown_value"
  "record_column_units|api::shown_value"
  "record_column_options|api::shown_value"
  "collection_options|api::shown_value"
  "number_in_unit|api::shown_value's value"
  # A case made, bound and required feasible: api::choose_case, prepare, case_showing,
  # case_instance, first_broken, variant_instance, holds_constraints.
  "instance_of|api::case_instance"
  "new_instance|api::variant_instance"
  "bind_input|api::prepare (overrides) or api::variant_instance"
  "bind_input_value|api::variant_instance"
  "check_and_compile_binding|api::parse_override"
  "require_feasible|api::prepare"
  "feasible|api::holds_constraints"
  "first_broken_constraint|api::first_broken"
  "broken_constraint|api::first_broken"
  "constraint_message|api::first_broken"
)

cd "$root"
files=()
for dir in "${surfaces[@]}"; do
  [[ -d $dir ]] || continue
  while IFS= read -r file; do files+=("$file"); done < <(find "$dir" \( -name "*.cpp" -o -name "*.hpp" \) -type f | sort)
done
((${#files[@]})) || exit 0
# One awk over every file: string literals and `//` comments blanked, then the API's own
# names (`api::display`) taken out, then each forbidden name looked for.
printf '%s\n' "${forbidden[@]}" | awk -v files="$(printf '%s\n' "${files[@]}")" '
  { name[++n] = substr($0, 1, index($0, "|") - 1); instead[n] = substr($0, index($0, "|") + 1) }
  END {
    count = split(files, list, "\n")
    status = 0
    for (f = 1; f <= count; ++f) {
      if (list[f] == "") continue
      line = 0
      while ((getline text < list[f]) > 0) {
        ++line
        gsub(/"([^"\\]|\\.)*"/, "\"\"", text)
        sub(/\/\/.*$/, "", text)
        gsub(/api::[A-Za-z_]+/, "", text)
        for (i = 1; i <= n; ++i) {
          if (name[i] == "show") pattern = "(\\.|->)[ \t]*show[ \t]*\\("
          else pattern = "(^|[^A-Za-z0-9_])" name[i] "[ \t]*\\("
          if (text ~ pattern) {
            print list[f] ":" line ": calls " name[i] " (a surface calls " instead[i] ")"
            status = 1
          }
        }
      }
      close(list[f])
    }
    exit status
  }'
