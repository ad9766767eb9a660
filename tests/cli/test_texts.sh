#!/usr/bin/env bash
# Built texts everywhere a value shows: run, eval, eval --json, explain, doc, a sweep
# whose filter and column compare a built text (the planned engine leaves a text built
# of a varied value to the lazy evaluator, and says so with --verbose).
# Expected texts: kv = 1536 MiB = 1.5 GiB ("1.5" at :.1f); in the sweep, kv of 1, 2, 3 GB
# is 0.93, 1.86, 2.79 GiB (x / 1.073741824), so only 2 GB shows as "1.9 GiB" at :.1f,
# and "{kv:.0f}" is "3 GB" only for 3 GB, which the filter leaves out.
# Usage: test_texts.sh PATH/TO/reckon   (run from the repository root)
set -u
reckon="$1"
file=tests/cli/texts.rk
source "$(dirname "$0")/../expect.sh"

expect "run shows a built text quoted" 0 '^    label   "1.5 GiB per request for llama"$' -- \
  "$reckon" run "$file"
expect "run shows a record's built name with its quotes escaped" 0 '^    box     Box "box \\"llama\\""$' -- \
  "$reckon" run "$file"
expect "eval joins texts" 0 '^"llama \(1.5 GiB per request for llama\)"$' -- \
  "$reckon" eval "$file" Llama.titled
expect "eval --json gives the characters as value" 0 \
  '"value":"1.5 GiB per request for llama"' -- "$reckon" eval --json "$file" Llama.label
expect "eval --json of a record escapes the built text" 0 \
  '"display":"Box\(name: \\"box \\\\\\"llama\\\\\\"\\", size: 1.611 GB\)"' -- \
  "$reckon" eval --json "$file" Llama.box
expect "explain writes the texts in and explains the interpolation below" 0 \
  '^  label = "\{kv -> GiB:.1f\} per request for \{model\}" = "1.5 GiB per request for llama"$' -- \
  "$reckon" explain "$file" Llama.titled
expect "doc shows an interpolation as written" 0 \
  'Equation: `"\{kv -> GiB:.1f\} per request for \{model\}"`' -- "$reckon" doc "$file"
expect "a sweep filters and shows on built texts" 0 '^         2           2  +true$' -- \
  "$reckon" sweep "$file"
expect "the planned engine leaves a text of a varied value to the lazy evaluator" 0 \
  '^note: evaluating every point lazily: a text is built of a varying value$' -- \
  "$reckon" sweep "$file" --verbose
rows=$("$reckon" sweep "$file" --format csv | wc -l)
if [[ $rows -ne 3 ]]; then
  echo "FAIL the sweep has $rows lines, not a header and 2 rows (3 GB filtered out)"
  failures=$((failures + 1))
fi

echo "text tests: $passes passed, $failures failed"
[[ $failures -eq 0 ]]
