#!/usr/bin/env bash
# Exercise variants are distinct (no two students get the same numbers), an exercise
# asked for more variants than its values can make is an error (E0710), and `where`
# filters leave out infeasible variants (E0711 when none is left).
# Usage: test_variants.sh PATH/TO/reckon   (from the repository root)
set -u
reckon="$1"
source "$(dirname "$0")/../expect.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The answer key's `Inputs:` line of every exercise at every variant, as
# "EXERCISE<TAB>inputs", from `exercises build` on stdin.
inputs_by_exercise() {
  sed -n '/===== answers.md/,$p' | awk '/^### /{name=$3} /^Inputs:/{print name "\t" $0}'
}
# The exercises some inputs were drawn for twice, or "" when every variant is distinct.
repeats() { sort | uniq -d | cut -f1 | sort -u | tr '\n' ' '; }

# --- the bundled exercises: four variants, all distinct -------------------------------
# On main, seed 42 gave ScoreShare seq_len = 1024 token in variants 1 and 2 (the repeat
# the issue reported); each of the bundled exercises has at least 4 combinations of values.
for seed in 1 7 42; do
  "$reckon" exercises build scenarios/exercises/training.rk --variants 4 --seed "$seed" \
    >"$tmp/sheet.md" || echo "FAIL build exited $?"
  rows=$(inputs_by_exercise <"$tmp/sheet.md" | wc -l)
  expect "seed $seed: all 11 exercises have 4 variants" 0 "^44$" -- echo "$rows"
  expect "seed $seed: no exercise repeats a variant" 0 "^$" -- \
    bash -c "$(declare -f inputs_by_exercise repeats); inputs_by_exercise <'$tmp/sheet.md' | repeats"
done

cat >"$tmp/memory.rk" <<'RK'
scenario Memory {
  input device_memory: GB = 80 GB
  input weights: GB
  left: GB = device_memory - weights
}
case OneDevice = Memory(weights: 10 GB)

exercise MemoryLeft {
  about OneDevice
  vary weights in 10 GB .. 100 GB step 10 GB
  where left > 0 GB
  prompt "How much of {device_memory} is left beside {weights} of weights?"
  answer left
}
RK

# --- E0710: more variants than the values make ------------------------------------------
sed 's/where left > 0 GB//; s/10 GB .. 100 GB step 10 GB/[10 GB, 20 GB]/' "$tmp/memory.rk" >"$tmp/two.rk"
out=$("$reckon" exercises build "$tmp/two.rk" --variants 2 2>&1)
expect "two values make two variants" 0 "" -- echo "$out"
expect "the two variants differ" 0 "^2$" -- \
  bash -c "$(declare -f inputs_by_exercise); inputs_by_exercise <<<'$out' | sort -u | wc -l"
expect "a third variant of two values is E0710" 1 \
  "two.rk:8:10: error\[E0710\]: exercise .MemoryLeft. has 2 distinct variants .*fewer than the 3 asked for" -- \
  "$reckon" exercises build "$tmp/two.rk" --variants 3
expect "grading a variant beyond them is E0710 too" 1 "error\[E0710\]" -- \
  "$reckon" exercises grade "$tmp/two.rk" --variants 3 --seed 1 --answers <(printf 'variant,exercise,answer\n3,MemoryLeft,1 GB\n')

# --- where: infeasible variants are left out --------------------------------------------
# 80 GB - weights is positive for 10 GB .. 70 GB only: seven feasible variants, every
# answer from 10 GB (80 - 70) to 70 GB (80 - 10), each once.
out=$("$reckon" exercises build "$tmp/memory.rk" --variants 7 --seed 3 2>&1)
expect "seven feasible variants build" 0 "" -- echo "$out"
answers=$(sed -n '/===== answers.md/,$p' <<<"$out" | grep -oE '^Answer: \*\*[^*]+' | sed 's/^Answer: \*\*//' | sort -n | tr '\n' ' ')
expect "the seven answers are 10 GB to 70 GB, each once" 0 \
  "^10 GB 20 GB 30 GB 40 GB 50 GB 60 GB 70 GB $" -- echo "$answers"
expect "an eighth is E0711 at the filter" 1 \
  "memory.rk:11:9: error\[E0711\]: exercise .MemoryLeft. has no variant 8: in [0-9]+ draws, 3 distinct variants failed its .where. filters or its scenario's constraints and 7 were taken" -- \
  "$reckon" exercises build "$tmp/memory.rk" --variants 8 --seed 3
# Two filters: `weights > 10 GB` rules out 10 GB, `left > 0 GB` (tried second) 80, 90
# and 100 GB; six variants are left, and E0711 points at the filter that ruled out most.
sed 's/  where left > 0 GB/  where weights > 10 GB\n&/' "$tmp/memory.rk" >"$tmp/two_filters.rk"
expect "the filter that rules out most variants is named" 1 \
  "two_filters.rk:12:9: error\[E0711\]: .* 4 distinct variants failed .* and 6 were taken by earlier ones; the .where. filter .left > 0 GB. ruled out 3 of them" -- \
  "$reckon" exercises build "$tmp/two_filters.rk" --variants 7 --seed 3
sed 's/left > 0 GB/left > 100 GB/' "$tmp/memory.rk" >"$tmp/never.rk"
expect "a filter that nothing passes is E0711" 1 "never.rk:11:9: error\[E0711\]: .* has no variant 1:" -- \
  "$reckon" exercises build "$tmp/never.rk"
sed 's/left > 0 GB/left/' "$tmp/memory.rk" >"$tmp/notbool.rk"
expect "a filter must be a bool" 1 "notbool.rk:11:9: error\[E0415\]: a filter must be a bool" -- \
  "$reckon" check "$tmp/notbool.rk"
# The key and grading agree on the filtered variants: the answer of variant 7 is correct.
key7=$(sed -n '/===== answers.md/,$p' <<<"$out" | sed -n '/^## Variant 7$/,$p' | grep -oE '^Answer: \*\*[^*]+' | sed 's/^Answer: \*\*//')
expect "grading uses the same variants" 0 "^7 +MemoryLeft +$key7 +correct" -- \
  "$reckon" exercises grade "$tmp/memory.rk" --variants 7 --seed 3 \
  --answers <(printf 'variant,exercise,answer\n7,MemoryLeft,%s\n' "$key7")

# --- require: a variant that breaks a constraint of the scenario is never drawn --------
# The same exercise with the filter as a constraint of the scenario: the same seven
# variants (weights 10 GB .. 70 GB, under the 80 GB of the device), and no eighth.
sed 's/  where left > 0 GB//; s/  left: GB = device_memory - weights/  require weights < device_memory else "{weights} of weights do not fit"\n&/' \
  "$tmp/memory.rk" >"$tmp/required.rk"
expect "the constraint is in the scenario" 0 "require weights < device_memory" -- cat "$tmp/required.rk"
out=$("$reckon" exercises build "$tmp/required.rk" --variants 7 --seed 3 2>&1)
answers=$(sed -n '/===== answers.md/,$p' <<<"$out" | grep -oE '^Answer: \*\*[^*]+' | sed 's/^Answer: \*\*//' | sort -n | tr '\n' ' ')
expect "no infeasible variant is drawn: 10 GB to 70 GB left, each once" 0 \
  "^10 GB 20 GB 30 GB 40 GB 50 GB 60 GB 70 GB $" -- echo "$answers"
expect "an eighth is E0711" 1 \
  "error\[E0711\]: exercise .MemoryLeft. has no variant 8: in [0-9]+ draws, 3 distinct variants failed.*; the constraint .require weights < device_memory. of scenario .Memory. ruled out 3 of them" -- \
  "$reckon" exercises build "$tmp/required.rk" --variants 8 --seed 3

# --- variants that share an answer --------------------------------------------------------
# width x height over {1 m, 2 m}^2: the four variants' areas are 1, 2, 2 and 4 m^2, so
# the two variants of 2 m^2 (1 m x 2 m, 2 m x 1 m) share an answer; the build says so on
# stderr and in the key, and still builds.
cat >"$tmp/area.rk" <<'RK'
scenario Area {
  input width: m = 1 m
  input height: m = 1 m
  area: m^2 = width * height
}
case Room = Area()
exercise RoomArea {
  about Room
  vary width in [1 m, 2 m]
  vary height in [1 m, 2 m]
  prompt "A room is {width} by {height}. What is its area?"
  answer area
}
RK
"$reckon" exercises build "$tmp/area.rk" --variants 4 --seed 1 >"$tmp/area.md" 2>"$tmp/area.err"
expect "the build warns of the shared answer" 0 \
  "^warning: exercise .RoomArea.: variants [1-4] and [1-4] have the same answer though their inputs differ$" -- \
  cat "$tmp/area.err"
expect "the key notes it beside both 2 m^2 answers" 0 "^2$" -- \
  bash -c "grep -A2 '^Answer: \*\*2 m^2\*\*' '$tmp/area.md' | grep -c '^Note: variants [1-4] and [1-4] have the same answer, though their inputs differ.$'"
expect "no other answer is noted" 0 "^2$" -- grep -c '^Note: ' "$tmp/area.md"

echo "$passes passed, $failures failed"
[[ $failures -eq 0 ]]
