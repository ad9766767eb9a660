#!/usr/bin/env bash
# Each `check` has its own step budget (docs/language.md, "Limits"): 3,000 checks that
# each take about 4,000 evaluation steps (a comprehension over 2,000 numbers and its sum)
# all hold, where one budget of 5,000,000 steps shared by the whole file stopped every
# check from about the 1,250th on (5,000,000 / 4,000). One check that loops for ever
# still stops at its own budget with E0506.
# Usage: check_budget.sh PATH/TO/reckon
set -euo pipefail
reckon=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
# sum(2x for x in 1..2000) = 2 * 2000 * 2001 / 2 = 4,002,000, so check i asserts
# 4,002,000 + i: each check computes its own sum (i makes every condition distinct).
{
  for i in $(seq 1 3000); do
    echo "check sum([x * 2 for x in 1 .. 2000]) + $i == $((4002000 + i))"
  done
} >"$dir/many.rk"
out=$("$reckon" run "$dir/many.rk" 2>&1 | tail -n 1 || true)
if [[ "$out" != "all 3000 checks hold" ]]; then
  echo "FAIL many checks: expected 'all 3000 checks hold', got: $out"
  exit 1
fi
# A runaway check after 10 good ones still reaches the limit, and only it fails.
{
  for i in $(seq 1 10); do echo "check $i == $i"; done
  # 3,000 inner sums of 3,000 elements: about 9,000,000 steps, over one check's budget.
  echo 'check sum([sum([x for x in 1 .. 3000]) for y in 1 .. 3000]) == 13504500000'
} >"$dir/runaway.rk"
set +e
err=$("$reckon" run "$dir/runaway.rk" 2>&1)
code=$?
set -e
if [[ $code != 1 || "$err" != *"error[E0506]"* || "$err" != *"1 of 11 checks did not hold"* ]]; then
  echo "FAIL runaway check: exit $code, output: ${err:0:600}"
  exit 1
fi
echo "check budget: ok"
