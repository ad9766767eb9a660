#!/usr/bin/env bash
# The instruction guard tests itself (issue #28): with a budget far below what `reckon eval
# '1 + 1'` executes it must fail and say so; with a budget above it, pass. Either way it
# measures for real (bench/guard under callgrind), so a guard that never fails, or always
# does, fails here.
# Usage: test_guard.sh PATH/TO/reckon   (run from the repository root; a Release build)
set -u
reckon="$1"
source "$(dirname "$0")/../expect.sh"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# 100,000 instructions: start-up alone executes about 0.9 M (bench/budgets.txt).
printf 'eval-1+1 100000 5000000\n' >"$work/too-low.txt"
expect "the guard fails a budget set too low" 1 "\| eval-1\+1 \| .* \| OVER BUDGET by" -- \
  bench/guard --budgets "$work/too-low.txt" "$reckon"
# 10,000 M: far above it.
printf 'eval-1+1 10000000000 5000000\n' >"$work/high.txt"
expect "the guard passes a budget above the count" 0 "\| eval-1\+1 \| .* \| ok" -- \
  bench/guard --budgets "$work/high.txt" "$reckon"
# A REPL input after the first, by the difference of two sessions: 1,000 instructions is
# far below what checking `H100.memory * 8` in the session's program takes.
printf 'repl-input 1000 1000000\n' >"$work/repl-too-low.txt"
expect "the guard fails a REPL input's budget set too low" 1 \
  "\| repl-input \| .* \| OVER BUDGET by" -- \
  bench/guard --budgets "$work/repl-too-low.txt" "$reckon"
# A name the guard does not measure is an error, not a silent pass.
printf 'eval-2+2 10000000000 5000000\n' >"$work/unknown.txt"
expect "the guard refuses an unknown measurement" 1 "unknown measurement .eval-2\+2." -- \
  bench/guard --budgets "$work/unknown.txt" "$reckon"
# The planned sweep point is counted on the benchmark program beside reckon
# (BUILD/bench/reckon_bench, built by `bench/run --smoke`, which CI runs before the guard
# with its real budgets). Beside a reckon without it the guard fails and says so, rather
# than passing a measurement it could not make.
mkdir "$work/bare"
ln -s "$(realpath "$reckon")" "$work/bare/reckon"
printf 'sweep-point 1000 217\n' >"$work/sweep.txt"
expect "the guard fails a sweep point without the benchmark program" 1 \
  "bench/reckon_bench is not built" -- \
  bench/guard --budgets "$work/sweep.txt" "$work/bare/reckon"
printf 'fresh-case 1000 3500\n' >"$work/fresh.txt"
expect "the guard fails a fresh case without the benchmark program" 1 \
  "bench/reckon_bench is not built" -- \
  bench/guard --budgets "$work/fresh.txt" "$work/bare/reckon"
# Where the benchmark program is built (a tree configured with RECKON_BENCH=ON), a fresh
# case is counted for real: 1,000 instructions is far below one (about 5,200).
if [[ -x "$(dirname "$reckon")/bench/reckon_bench" ]]; then
  expect "the guard fails a fresh case's budget set too low" 1 \
    "\| fresh-case \| .* \| OVER BUDGET by" -- \
    bench/guard --budgets "$work/fresh.txt" "$reckon"
fi
echo "guard: $passes passed, $failures failed"
[[ $failures -eq 0 ]]
