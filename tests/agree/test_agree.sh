#!/usr/bin/env bash
# The commands agree on the same value: `eval`, `eval --json`, `run`, `explain` and
# `sweep` (planned, falling back to the lazy evaluator per point) report
# the same error code, or, for a sweep point, the documented marking.
# Usage: test_agree.sh PATH/TO/reckon   (run from the repository root)
set -u
reckon="$1"
dir=tests/agree
source "$(dirname "$0")/../expect.sh"

# A count-typed property that is not whole: E0503 from every command.
f=$dir/count_property.rk
for what in half twice; do
  expect "eval $what: E0503" 1 "error\[E0503\]: .half. must be a whole number" -- "$reckon" eval "$f" "$what"
  expect "eval --json $what: E0503" 1 '"code":"E0503"' -- "$reckon" eval --json "$f" "$what"
  expect "explain $what: E0503 as eval" 1 "error\[E0503\]: .half. must be a whole number" -- \
    "$reckon" explain "$f" "$what"
  expect "explain --depth 0 $what: E0503 as eval" 1 "error\[E0503\]" -- \
    "$reckon" explain --depth 0 "$f" "$what"
done
expect "run: E0503" 1 "half +error: .half. must be a whole number" -- "$reckon" run "$f"
# Two errors in one property: every command reports the one eval meets first.
f=$dir/first_error.rk
expect "eval: the first error" 1 "7:14: error\[E0501\]" -- "$reckon" eval "$f" p2
expect "explain: the first error, as eval" 1 "7:14: error\[E0501\]" -- "$reckon" explain "$f" p2
expect "run: the first error, as eval" 1 "p2 +error: integer division by zero" -- "$reckon" run "$f"
# A constant count argument that is not whole (5 / 2 layers): eval and the planned
# sweep both report E0503 at the argument (tests/lang/sweep-fail-constant-count-argument.rk).
g=tests/lang/sweep-fail-constant-count-argument.rk
expect "eval: constant count argument" 1 "7:28: error\[E0503\]: argument .layers." -- \
  "$reckon" eval "$g" m
expect "sweep: constant count argument" 1 "7:28: error\[E0503\]: argument .layers." -- \
  "$reckon" sweep "$g"
expect "sweep --skip-errors: every point fails" 0 "note: 3 points failed and were left out" -- \
  "$reckon" sweep --skip-errors "$g"

# A value beyond its declared unit: shown in a readable unit by eval, run, explain, and
# never as inf or null anywhere.
f=$dir/beyond_unit.rk
expect "eval shows years" 0 "^3.169e292 year$" -- "$reckon" eval "$f" a
expect "eval --json shows years" 0 '"unit":"year","value":3.16880878140289' -- "$reckon" eval --json "$f" a
expect "explain shows years" 0 "= 3.169e292 year$" -- "$reckon" explain "$f" a
expect "run shows years" 0 "a  3.169e292 year" -- "$reckon" run "$f"
for format in table csv jsonl; do
  expect "sweep --format $format: E0513 at the point" 1 \
    "error\[E0513\]: .a. is 3.169e292 year here, beyond the largest number in ps" -- \
    "$reckon" sweep --format "$format" "$f"
  out=$("$reckon" sweep --skip-errors --format "$format" "$f" 2>&1)
  if grep -Eqi "inf|null|nan" <<<"$out"; then
    echo "FAIL sweep --skip-errors --format $format shows inf or null:"
    echo "$out" | sed 's/^/    /'
    failures=$((failures + 1))
  else
    passes=$((passes + 1))
  fi
  expect "sweep --skip-errors --format $format: the fitting point only" 0 \
    "note: 2 points failed and were left out" -- "$reckon" sweep --skip-errors --format "$format" "$f"
done
# With an objective, the best point is checked too.
expect "sweep --maximize: the best point beyond its unit is E0513" 1 "error\[E0513\]" -- \
  "$reckon" sweep --maximize a "$f"

echo "$passes passed, $failures failed"
((failures == 0))
