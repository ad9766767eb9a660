#!/usr/bin/env bash
# `reckon run` of a file with more fresh cases of one scenario than are forced lazily
# before its plan is made (sweep::lazy_cases_first, 64): the first 64 cases run by the
# lazy walk, the 65th is recorded, the rest by the scenario's plan. Each case's block
# must read exactly as it does when the case is alone in its file, where no plan is ever
# made. Case 90 divides by zero (a property the plan is unsure of: the walk reports it).
# Some cases leave `spare` to its default (the walk forces it before the plan, as the
# recorded case binds it), some bind `segments`, whose default the plan computes from
# micro_batch where the case leaves it (a case that binds it runs lazily).
# Usage: run_many_cases.sh PATH/TO/reckon   (from the repository root)
set -euo pipefail
reckon=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
scenario='import "models"

scenario Memory {
  input workload: Transformer
  input micro_batch: count
  input spare: number = 1
  input segments: count = round(sqrt(micro_batch * 4))
  positions: number = workload.context_length / token
  elements(width: count): number = micro_batch * positions * width
  activations(strategy: Recompute): B =
      activation_memory(workload.layers, workload.context_length, micro_batch,
          workload.hidden_dim, workload.heads, 2 B, strategy)
  selective_activations: GB = activations(selective)
  all_activations: GB = activations(none)
  hidden: MB = elements(workload.hidden_dim) * 2 B
  ffn: MB = elements(4 * workload.hidden_dim) * 2 B
  per_spare: GB = selective_activations / spare
  per_segment: GB = selective_activations / segments
}
'
case_line() {
  local i=$1 spare=$((1 + i % 3)) batch=$((1 + i % 8))
  [[ $i == 90 ]] && spare=0
  local args="workload: GPT3_175B, micro_batch: $batch"
  ((i % 4 != 1)) && args+=", spare: $spare"
  ((i % 5 == 1)) && args+=", segments: 3"
  echo "case C$i = Memory($args)"
}
{
  echo "$scenario"
  for i in $(seq 0 99); do case_line "$i"; done
} >"$dir/all.rk"
"$reckon" run "$dir/all.rk" >"$dir/all.out" 2>"$dir/all.err" || true
for i in $(seq 0 99); do
  { echo "$scenario"; case_line "$i"; } >"$dir/one.rk"
  "$reckon" run "$dir/one.rk" 2>/dev/null | sed -n "/^C$i = /,/^\$/p" >>"$dir/ones.out" || true
done
sed -n '/^C[0-9]* = /,/^$/p' "$dir/all.out" >"$dir/all_cases.out"
if ! diff -u "$dir/ones.out" "$dir/all_cases.out" | head -40; then
  :
fi
if ! cmp -s "$dir/ones.out" "$dir/all_cases.out"; then
  echo "FAIL: cases run together read differently from each case run alone" >&2
  exit 1
fi
blocks=$(grep -c '^C[0-9]* = ' "$dir/all_cases.out")
errors=$(grep -c 'error' "$dir/all_cases.out" || true)
if [[ $blocks != 100 || $errors != 1 ]]; then
  echo "FAIL: expected 100 case blocks and case 90's error, got $blocks blocks, $errors errors" >&2
  exit 1
fi
echo "ok: 100 cases of one scenario read as each alone, case 90's error among them"
