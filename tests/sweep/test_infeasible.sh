#!/usr/bin/env bash
# Sweeps skip the points that break a constraint of the scenario (`require`), list them
# with --infeasible list and stop at the first with --infeasible error (E0536); the
# planned engine and the lazy one (a sweep that cannot be planned) agree.
# Usage: test_infeasible.sh PATH/TO/reckon   (from the repository root)
set -u
reckon="$1"
file=tests/sweep/infeasible.rk
source "$(dirname "$0")/../expect.sh"

# By hand: tp must be at most gpus and divide it. Feasible: gpus 4 with tp 1, 2; gpus 8
# with 1, 2, 8; gpus 12 with 1, 2, 3: 8 of the 12 points. dp = gpus // tp.
rows=$("$reckon" sweep "$file" --format csv 2>/dev/null | tail -n +2)
expect "8 feasible points of 12" 0 "^8$" -- bash -c "printf '%s\n' '$rows' | wc -l"
expect "the feasible points, in order" 0 "^4,1,4 4,2,2 8,1,8 8,2,4 8,8,1 12,1,12 12,2,6 12,3,4 $" \
  -- bash -c "printf '%s\n' '$rows' | tr '\n' ' '"
expect "skipped points are counted" 0 \
  "note: 4 points broke a constraint and were left out \(--infeasible list names them\)" \
  -- "$reckon" sweep "$file"
# The first broken constraint's message, interpolated, per point.
listed=$("$reckon" sweep "$file" --infeasible list 2>&1 >/dev/null)
expect "--infeasible list names each point" 0 "^4$" -- bash -c "grep -c '^infeasible: ' <<<'$listed'"
expect "--infeasible list gives the message" 0 \
  "^infeasible: gpus = 4, tp = 3: tp 3 does not divide 4 GPUs$" -- echo "$listed"
expect "--infeasible list: the first constraint broken" 0 \
  "^infeasible: gpus = 4, tp = 8: tp 8 exceeds 4 GPUs$" -- echo "$listed"
expect "--infeasible list: gpus 12, tp 8" 0 \
  "^infeasible: gpus = 12, tp = 8: tp 8 does not divide 12 GPUs$" -- echo "$listed"
expect "--infeasible error stops at the first (E0536)" 1 \
  "infeasible.rk:6:3: error\[E0536\]: the point breaks a constraint of \`Parallel\`: tp 3 does not divide 4 GPUs" \
  -- "$reckon" sweep "$file" --infeasible error
expect "--infeasible error names the point" 1 "note: at the point gpus = 4, tp = 3" \
  -- "$reckon" sweep "$file" --infeasible error
expect "a bad --infeasible is a usage error" 2 "error\[E0611\]: --infeasible: never not in" \
  -- "$reckon" sweep "$file" --infeasible never
# With an objective: the best feasible point (dp is least at gpus 8, tp 8).
expect "--minimize skips infeasible points" 0 "^ +8 +8 +1$" \
  -- "$reckon" sweep "$file" --minimize dp
expect "--minimize with --infeasible list" 0 "infeasible: gpus = 12, tp = 8" \
  -- "$reckon" sweep "$file" --minimize dp --infeasible list
# A show that names the swept case inside its scenario cannot be planned (sweeps.md):
# the lazy engine must give the same points.
planned=$("$reckon" sweep "$file" --format csv --infeasible list 2>&1)
lazy=$("$reckon" sweep "$file" --format csv --infeasible list --show 'dp, C.gpus - C.gpus' 2>&1 |
  sed 's/,0$//; s/,C.gpus - C.gpus$//')
expect "the lazy engine was used" 0 "evaluating every point lazily" \
  -- "$reckon" sweep "$file" --show 'dp, C.gpus - C.gpus' --verbose
expect "planned and lazy sweeps agree" 0 "^same$" \
  -- bash -c "[[ '$planned' == '$lazy' ]] && echo same || { echo '$planned'; echo ---; echo '$lazy'; }"

# The other commands on a constraint (docs/language.md, "Constraints with require"):
# `eval --case`, `explain` and `doc` of the same file.
expect "eval --case of an infeasible case is E0535" 1 \
  "infeasible.rk:5:3: error\[E0535\]: .C. breaks a constraint of .Parallel.: tp 8 exceeds 4 GPUs" \
  -- "$reckon" eval "$file" --case C --set gpus=4 --set tp=8 dp
expect "explain of an infeasible case is E0535" 1 "note: case .C. is defined here" \
  -- "$reckon" explain "$file" --case C --set tp=3 dp
expect "explain lists the constraints met, with values" 0 "^require gpus % tp == 0 = 8 % 2 == 0 = true$" \
  -- "$reckon" explain "$file" --case C --set tp=2 dp
expect "eval of an expression that does not read the case" 0 "^2$" \
  -- "$reckon" eval "$file" --set tp=3 '1 + 1'
expect "feasible() asks without failing" 0 "^false$" -- "$reckon" eval "$file" 'feasible(C with tp: 3)'
expect "doc lists the constraints" 0 \
  '^- `gpus % tp == 0`: "tp \{tp\} does not divide \{gpus\} GPUs"$' -- "$reckon" doc "$file"

echo "$passes passed, $failures failed"
[[ $failures -eq 0 ]]
