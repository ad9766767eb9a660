#!/usr/bin/env bash
# Collections everywhere they show (docs/language.md, "Lists" and "Maps"): a list of
# records as a table with one unit per column in `run`, `eval` and `--json`, elided on a
# terminal only; a variant made in a comprehension named by its values; `explain` never
# repeating a side, and short over a million elements on a terminal (whole into a pipe);
# `doc`'s list and map types in their written units; a sweep's objective shown once.
# Expected values, by hand from tests/cli/tables.rk:
# - links: bandwidths 900, 64, 50 GB/s (declared B/s, a ladder step: the ladder picks GB/s
#   for the largest, 900e9 B/s); latencies 1, 2, 5 us (declared s: us for 5e-6 s).
# - transfer: 1 GB / 900 GB/s + 1 us = 1.111 ms + 0.001 ms = 1.112 ms; 1/64 s = 15.625 ms
#   + 0.002 = 15.63 ms (4 digits); 1/50 s = 20 ms + 0.005 = 20.01 ms (20.005 rounds half
#   to even in binary: 20.004999... -> 20.00; shown as 20.00 or 20.01, see the check).
# - total: sum of 2x for x in 1 .. 1,000,000 = 2 * 1e6 * (1e6 + 1) / 2 = 1000001000000.
# Usage: tables.sh PATH/TO/reckon   (run from the repository root)
set -u
reckon="$1"
file=tests/cli/tables.rk
source "$(dirname "$0")/../expect.sh"

run=$("$reckon" run "$file" 2>&1)
expect "run: a list of records is a table under its row" 1 '^    links        3 Link records$' -- \
  "$reckon" run "$file"
expect "run: one unit per column, in the heading" 1 \
  '^      name        bandwidth \(GB/s\)  latency \(us\)$' -- "$reckon" run "$file"
expect "run: numbers right-aligned in their column's unit" 1 \
  '^      PCIe 5 x16                64             2$' -- "$reckon" run "$file"
expect "run: a map's table, its values in the declared unit" 1 '^      eu-north   30$' -- \
  "$reckon" run "$file"
expect "eval: a list of records prints the table itself" 0 '^NDR IB +50 +5$' -- \
  "$reckon" eval "$file" C.links
expect "eval: a filtered list of records" 0 '^NVLink 4 +900 +1$' -- "$reckon" eval "$file" C.fast

# A map of records: its keys, then a column per field in one unit each (bandwidths 900
# and 50 GB/s: GB/s; latencies 1 and 5 us: us).
expect "eval: a map of records is a table with a key column" 0 \
  '^scale-out  NDR IB                  50             5$' -- "$reckon" eval "$file" by_role
expect "eval: a map of records' headings" 0 '^key        name      bandwidth \(GB/s\)  latency \(us\)$' \
  -- "$reckon" eval "$file" by_role

# --json: each record an object of its fields, each in its column's unit.
json=$("$reckon" eval --json "$file" C.links)
got=$(python3 -c 'import json, sys
j = json.loads(sys.argv[1])
print([(r["value"]["name"]["value"], r["value"]["bandwidth"]["value"], r["value"]["bandwidth"]["unit"], r["value"]["latency"]["value"], r["value"]["latency"]["unit"]) for r in j["value"]])' "$json")
expect "json: records as objects, one unit per column" 0 \
  "^\[\('NVLink 4', 900.0, 'GB/s', 1.0, 'us'\), \('PCIe 5 x16', 64.0, 'GB/s', 2.0, 'us'\), \('NDR IB', 50.0, 'GB/s', 5.0, 'us'\)\]$" \
  -- echo "$got"

# A record alone: its fields as an object, each in the unit it shows in alone (900 GB/s).
json=$("$reckon" eval --json "$file" nvlink)
got=$(python3 -c 'import json, sys
j = json.loads(sys.argv[1])
print(j["type"], j["value"]["bandwidth"]["value"], j["value"]["bandwidth"]["unit"], j["value"]["name"]["value"])' "$json")
expect "json: a record alone" 0 '^Link 900.0 GB/s NVLink 4$' -- echo "$got"

# On a terminal a table shows 10 rows and counts the rest; into a pipe, every row.
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cat >"$dir/many.rk" <<'RK'
record P {
  i: count
  size: B
}
scenario S {
  input n: count = 25
  ps = [P(i: k, size: k * 1 kB) for k in 1 .. n]
}
case C = S()
RK
tty=$(script -qc "'$reckon' eval '$dir/many.rk' C.ps" /dev/null | tr -d '\r')
# 25 rows, 10 shown: 25 - 10 = 15 more; the largest size, 25 kB, picks kB for the column.
expect "terminal: 10 rows, then a count" 0 '^\.\.\. 15 more$' -- echo "$tty"
expect "terminal: the tenth row" 0 '^10 +10$' -- echo "$tty"
printf '%s\n' "$tty" >"$dir/tty.txt"
expect "terminal: no eleventh row" 1 '^$' -- grep -E '^11 ' "$dir/tty.txt"
expect "terminal: the column's unit" 0 '^ i  size \(kB\)$' -- echo "$tty"
expect "pipe: every row" 0 '^25 +25$' -- "$reckon" eval "$dir/many.rk" C.ps
tty=$(script -qc "'$reckon' eval --json '$dir/many.rk' C.ps" /dev/null | tr -d '\r')
expect "terminal --json: never elided (25 records)" 0 '^25$' -- \
  python3 -c 'import json, sys; print(len(json.loads(sys.argv[1])["value"]))' "$tty"

# An optional field left out (`none`) is right-aligned with the numbers of its column,
# whose heading "size (kB)" is 9 wide: "        2" and "     none".
cat >"$dir/optional.rk" <<'RK'
record Q {
  name: text
  size: B? = none
}
let a = Q(name: "a", size: 2 kB)
let b = Q(name: "b")
RK
expect "none lines up with numbers" 0 '^b          none$' -- "$reckon" eval "$dir/optional.rk" 'every(Q)'
expect "the number beside it" 0 '^a             2$' -- "$reckon" eval "$dir/optional.rk" 'every(Q)'

# Variants made in a comprehension are named by their values, not the source text.
expect "variant named by its values" 0 \
  '^\[C with micro_batch: 2 \(Fleet\), C with micro_batch: 4 \(Fleet\)\]$' -- \
  "$reckon" eval "$file" batches

# Names are kept for at most 100,000 distinct variants (memory stays bounded in a long
# sweep); past that, a variant is named by its source text: of 100,001 variants, the
# 100,000th is named by its value and the 100,001st as written.
expect "variant names are bounded" 0 \
  '^\[C with micro_batch: 100000 \(Fleet\), C with micro_batch: b \(Fleet\)\]$' -- \
  "$reckon" eval "$file" '[C with micro_batch: b for b in 1 .. 100001][99999:]'

# A name in a constraint's interpolation is the input, not the unit of the same name
# (`m`, metres): the message says 3, not 1 m. A property of the infeasible case is refused;
# its input is what it was given (3).
expect "interpolation reads the input m" 1 'error\[E0535\]: `N` breaks a constraint of `Named`: m is 3, above 1' \
  -- "$reckon" eval "$file" N.twice
expect "an infeasible case's input is readable" 0 '^3$' -- "$reckon" eval "$file" N.m

# explain never writes a side twice: a text property is its own equation and value.
expect "explain: a text property once" 0 '^C.label = "uneven"$' -- "$reckon" explain "$file" C.label
expect "explain: a bool property" 0 '^C.uneven = len\(bw\) % 2 == 0 = len\(\[3.350, 2.000\] TB/s\) % 2 == 0 = true$' -- \
  "$reckon" explain "$file" C.uneven
# An enumeration member written as the property's body: `C.balance = uneven`, once (it
# read `balance = uneven = uneven` in a review).
expect "explain: an enum member once" 0 '^C.balance = uneven$' -- "$reckon" explain "$file" C.balance
# Over a million elements, on a terminal: the first 5 and a count, and the aggregate.
why=$(script -qc "'$reckon' explain '$file' --case M --set n=1000000 total" /dev/null | tr -d '\r')
expect "explain: a million-element comprehension, elided" 0 \
  '^total = sum\(\[x \* 2 for x in steps\]\) = sum\(\[x \* 2 for x in \[1, 2, 3, 4, 5, \.\.\. 999,995 more\]\]\) = 1000001000000$' \
  -- echo "$why"
expect "explain: the list it goes through, elided" 0 \
  '^  steps = 1 \.\. n = 1 \.\. 1000000 = \[1, 2, 3, 4, 5, \.\.\. 999,995 more\]$' -- echo "$why"
expect "explain: two lines in all" 0 '^2$' -- echo "$(printf '%s\n' "$why" | wc -l)"
# fold: 1 + 2 + ... + 1,000,000 = 1e6 * (1e6 + 1) / 2 = 500000500000.
fold=$(script -qc "'$reckon' explain '$file' --case M --set n=1000000 'fold(steps, 0, (a, x) => a + x)'" \
  /dev/null | tr -d '\r')
expect "explain: a fold over a million elements" 0 \
  '^fold\(steps, 0, \(a, x\) => a \+ x\) = fold\(\[1, 2, 3, 4, 5, \.\.\. 999,995 more\], 0, \(a, x\) => a \+ x\) = 500000500000$' \
  -- echo "$fold"
# Into a pipe the million elements are all written (lists.sh checks a smaller list
# element by element): the list gone through ends in 999999, 1000000.
expect "explain: a pipe gets all million elements" 0 '999999, 1000000\]$' -- \
  "$reckon" explain "$file" --case M --set n=1000000 steps

# doc: list and map types in their written units.
expect "doc: an undeclared list property in its written unit" 0 '\| `\[1 GB / l.bandwidth \+ l.latency -> ms for l in every\(Link\)\]` \| \[ms\] \|' \
  -- "$reckon" doc "$file"
expect "doc: a declared map input" 0 '^Type: `\{text: gCO2e/kWh\}`\.$' -- "$reckon" doc "$file"

# C.steps[0:12] has 12 elements: 10 shown, 12 - 10 = 2 counted.
expect "doc: an example's long list is elided" 0 '^\[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, \.\.\. 2 more\]$' -- \
  "$reckon" doc "$file"

# A sweep's objective is one column: minimizing a varied input (gpus) adds no second
# `gpus` column beside the axis's own.
expect "sweep: --minimize of an axis shows it once" 0 '^ +gpus +tp +dp$' -- \
  "$reckon" sweep tests/sweep/infeasible.rk --minimize gpus

echo "tables: $passes passed, $failures failed"
[[ $failures == 0 ]]
