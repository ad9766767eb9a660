#!/usr/bin/env bash
# `reckon doc` on the bundled training scenario: the page matches its golden copy
# (tests/doc/training.md; regenerate with `reckon doc scenarios/training.rk >
# tests/doc/training.md` and review the diff), it names everything the seed page names
# (../shared/seed/activation-memory-scenario.txt), and the HTML and Quarto forms are
# whole documents.
# Usage: test_doc.sh PATH/TO/reckon   (from the repository root)
set -u
reckon="$1"
failures=0
fail() { echo "FAIL $*"; failures=$((failures + 1)); }

diff -u tests/doc/training.md <("$reckon" doc scenarios/training.rk) ||
  fail "page differs from tests/doc/training.md"
page=$(<tests/doc/training.md)

# Every attribute, method and section of the seed page.
for name in workload micro_batch seq_len precision_bytes normalization_per_layer ffn_multiple \
    checkpoint_segments sequence per_token_bytes_coefficient score_bytes_coefficient score_share \
    per_sequence_activations segment_layers segment_input segment_inputs live_segment \
    checkpointed_activations per_token_activations score_activations \
    projection_activations_per_layer ffn_activations_per_layer score_activations_per_layer \
    line_items_per_layer line_items_total forward_equivalents recompute_forward_equivalents \
    recompute_overhead activations checkpoint_memory_units Gpt3ActivationsMicrobatch4; do
  grep -q "### $name\$\|\`$name\`" <<<"$page" || fail "page lacks a section for $name"
done
for heading in "## Notes" "Equation: composes" "Assumptions:" "Excludes:" "## References" \
    "## Examples" "## Attributes" "## Methods"; do
  grep -qF "$heading" <<<"$page" || fail "page lacks '$heading'"
done
# The seed's example, evaluated live.
grep -qx "2048 token" <<<"$page" || fail "the example Gpt3ActivationsMicrobatch4.sequence is not 2048 token"

html=$("$reckon" doc --format html scenarios/training.rk) || fail "html exited $?"
grep -q "^<!DOCTYPE html>" <<<"$html" || fail "html has no doctype"
[[ $(grep -c "<table>" <<<"$html") -ge 2 ]] || fail "html has no attribute and method tables"
grep -q "</html>" <<<"$html" || fail "html is not closed"

qmd=$("$reckon" doc --format qmd scenarios/training.rk) || fail "qmd exited $?"
[[ $(head -1 <<<"$qmd") == "---" ]] || fail "qmd has no front matter"
grep -q '^title: "ActivationMemory"$' <<<"$qmd" || fail "qmd has no title"

dir=$(mktemp -d)
"$reckon" doc scenarios/training.rk -o "$dir" >/dev/null || fail "-o exited $?"
[[ -f $dir/ActivationMemory.md && -f $dir/TrainingBudget.md ]] || fail "-o did not write a page per scenario"
rm -rf "$dir"

"$reckon" doc --stdlib | diff -q - docs/stdlib.md >/dev/null || fail "doc --stdlib differs from docs/stdlib.md"
out=$("$reckon" doc nope.rk 2>&1); [[ $? -eq 1 ]] || fail "missing file is not exit 1: $out"

echo "doc tests: $failures failed"
[[ $failures -eq 0 ]]
