#!/usr/bin/env bash
# A sweep shows a list of quantities as its sum, headed `sum(xs)` (docs/sweeps.md); a
# list makes the planned engine fall back to the lazy evaluator, which `--verbose` says
# at the list; and the lazily evaluated points equal the planned ones to the last bit.
# Usage: test_list_show.sh PATH/TO/reckon   (from the repository root)
set -u
reckon="$1"
file=tests/sweep/list_show.rk
source "$(dirname "$0")/../expect.sh"

# The declared sweep: the list's sums beside the closed form, for depth 1..3 and w 16,
# 100, 333. By hand, depth 1, w 16: 784 * 16 + 16 + 16 * 10 + 10 = 12,544 + 16 + 170 =
# 12,730; depth 3, w 333: 261,072 + 333 + 2 * (110,889 + 333) + 3,340 = 487,189.
csv=$("$reckon" sweep "$file" --format csv)
expect "the list's column is headed sum(params), in its declared unit" 0 \
  "^depth,w,sum\(params\) \(param\),closed \(param\)$" -- echo "$csv"
expect "depth 1, w 16: 12,730 parameters" 0 "^1,16,12730,12730$" -- echo "$csv"
expect "depth 3, w 333: 487,189 parameters" 0 "^3,333,487189,487189$" -- echo "$csv"
expect "every point: the sum equals the closed form" 0 "^9 9$" -- \
  bash -c "tail -n +2 <<<'$csv' | awk -F, '\$3 == \$4 { same++ } END { print NR, same }'"
expect "the table heads the column sum(params)" 0 "sum\(params\)" -- "$reckon" sweep "$file"
# The same list named on the command line.
# 784 * 16 + 16 = 12,560 and 16 * 10 + 10 = 170 parameters, at 1/7 ms each: 1,794.29 +
# 24.29 = 1,818.57 ms, shown in s: the column is in the unit eval shows its first point
# in, and a declared `[ms]`, a step of the ladder, lets the ladder choose (1.819 s).
expect "--show of a list on the command line" 0 "^depth,w,sum\(per_layer_ms\) \(s\)$" -- \
  "$reckon" sweep "$file" --format csv --show per_layer_ms
expect "--show of a list: its sum at depth 1, w 16" 0 "^1,16,1.8185714285714[0-9]*$" -- \
  "$reckon" sweep "$file" --format csv --show per_layer_ms
# The planned engine refuses the list where it is written and falls back.
expect "--verbose points at the list" 0 \
  "^tests/sweep/list_show.rk:22:8: note: evaluating every point lazily: a list$" -- \
  "$reckon" sweep "$file" --verbose
expect "without a list the sweep is planned" 0 "note: planned:" -- \
  "$reckon" sweep "$file" --show closed_ms --verbose

# Planned == lazy to the last bit: the closed form's fractions, planned alone, and the
# same column in a sweep that a list sends to the lazy evaluator. CSV writes the
# shortest decimal that reads back as the same double, so equal text is equal bits.
planned=$("$reckon" sweep "$file" --format csv --show closed_ms)
lazy=$("$reckon" sweep "$file" --format csv --show 'closed_ms, per_layer_ms' | cut -d, -f1-3)
expect "planned and lazy sweeps agree to the last bit" 0 "^same$" -- \
  bash -c "[[ '$planned' == '$lazy' ]] && echo same || { echo '$planned'; echo ---; echo '$lazy'; }"
# The list's sum is the lazy evaluator's `sum`, as written by hand.
summed=$("$reckon" sweep "$file" --format csv --show 'per_layer_ms' | tail -n +2)
written=$("$reckon" sweep "$file" --format csv --show 'sum(per_layer_ms) -> s' | tail -n +2)
expect "a shown list is its written sum, bit for bit" 0 "^same$" -- \
  bash -c "[[ '$summed' == '$written' ]] && echo same || { echo '$summed'; echo ---; echo '$written'; }"
# ... and within rounding of the closed form (the sums add fractions in another order).
expect "the shown sum is within 1e-12 of the closed form" 0 "^9$" -- \
  bash -c "paste -d, <(tail -n +2 <<<'$planned') <(echo '$summed') | awk -F, '{ d = \$3 - \$6; if (d < 0) d = -d; if (d <= 1e-12 * \$3) n++ } END { print n }'"

# A list of anything else is still refused (E0414), with the aggregate to show instead.
expect "a list of texts is E0414" 1 \
  "error\[E0414\]: a sweep shows numbers, quantities, bools and enumeration members \(a list of numbers or quantities as its sum\), not \[text\]: show an aggregate of it" -- \
  "$reckon" sweep "$file" --show names

echo "$passes passed, $failures failed"
[[ $failures -eq 0 ]]
