#!/usr/bin/env bash
# Exercises vary list-typed inputs over candidate lists and ask for an element or an
# aggregate (docs/exercises.md, "Lists"): on the bundled scenarios/exercises/networks.rk,
# every variant's answer key is what an independent calculation from the widths it
# shows gives, the lists show as written, and students' answers grade against them.
# Usage: test_list_variants.sh PATH/TO/reckon   (from the repository root)
set -u
reckon="$1"
file=scenarios/exercises/networks.rk
source "$(dirname "$0")/../expect.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

"$reckon" exercises build "$file" --variants 4 --seed 3 >"$tmp/sheet.md"
expect "the sheet builds" 0 "" -- test -s "$tmp/sheet.md"
# Each answer of the key as "EXERCISE<TAB>widths<TAB>batch<TAB>answer", in order.
sed -n '/===== answers.md/,$p' "$tmp/sheet.md" | awk '
  /^### / { name = $3 }
  /^Inputs:/ { line = $0; w = line; sub(/.*`widths` = /, "", w); sub(/\].*/, "]", w)
               b = "-"; if (line ~ /`batch` = /) { b = line; sub(/.*`batch` = /, "", b); sub(/[, ].*/, "", b) } }
  /^Answer: \*\*/ { a = $0; sub(/^Answer: \*\*/, "", a); sub(/\*\*.*/, "", a); print name "\t" w "\t" b "\t" a }
' >"$tmp/keys.tsv"
expect "12 answers: 3 exercises x 4 variants" 0 "^12$" -- bash -c "wc -l <'$tmp/keys.tsv'"
expect "a prompt shows the widths as a list" 0 "has the layer widths \[[0-9]+(, [0-9]+)+\], from" -- \
  cat "$tmp/sheet.md"

# The independent calculation, in Python: a layer from n to m has n m + m parameters;
# the busiest inference layer holds n + m values, at 4 B each for the batch.
python3 - "$tmp/keys.tsv" >"$tmp/check.txt" <<'PY'
import ast, sys
bad = 0
for row in open(sys.argv[1]):
    name, widths, batch, answer = row.rstrip("\n").split("\t")
    w = ast.literal_eval(widths)
    layers = list(zip(w, w[1:]))
    if name == "DenseParameters":
        want = f"{sum(n * m + m for n, m in layers)} param"
    elif name == "FirstLayerParameters":
        want = f"{w[0] * w[1] + w[1]} param"
    else:
        want = max(n + m for n, m in layers) * int(batch) * 4
    if name == "InferenceActivations":
        value, unit = answer.split(" ")
        scale = {"B": 1, "kB": 1e3, "MB": 1e6, "GB": 1e9}[unit]
        ok = abs(float(value) * scale - want) <= 5e-4 * want
    else:
        ok = answer.replace(",", "") == want
    if not ok:
        bad += 1
        print(f"{name} {widths} batch {batch}: key {answer}, expected {want}")
print(f"{bad} wrong")
PY
expect "every key is the independent calculation" 0 "^0 wrong$" -- cat "$tmp/check.txt"

# Grading: variant 1's keys, given back, are correct; off by one parameter, wrong.
first=$(awk -F'\t' '$1 == "DenseParameters" { print $4; exit }' "$tmp/keys.tsv")
printf 'variant,exercise,answer\n1,DenseParameters,%s\n' "$first" >"$tmp/answers.csv"
expect "the key grades correct" 0 "DenseParameters +.*correct" -- \
  "$reckon" exercises grade "$file" --variants 4 --seed 3 --answers "$tmp/answers.csv"
number=${first% param}
printf 'variant,exercise,answer\n1,DenseParameters,%s param\n' "$((number + 1))" >"$tmp/off.csv"
expect "one parameter off is wrong (within 0)" 0 "DenseParameters +.*wrong-value" -- \
  "$reckon" exercises grade "$file" --variants 4 --seed 3 --answers "$tmp/off.csv"

# One candidate list: every variant asks about it, so a second variant is E0710.
cat >"$tmp/one.rk" <<RK
import "$PWD/scenarios/dense_network.rk"
exercise DenseParameters {
  about Mnist
  vary widths in [[784, 512, 10]]
  prompt "How many parameters has the network of widths {widths}?"
  answer total_params
  within 0
}
RK
# [784, 512, 10]: 784 * 512 + 512 = 401,920; 512 * 10 + 10 = 5,130; 407,050 in all.
expect "a single candidate: 407,050 parameters" 0 "Answer: \*\*407,?050 param\*\*" -- \
  "$reckon" exercises build "$tmp/one.rk" --variants 1
expect "a single candidate has one variant (E0710 for a second)" 1 "error\[E0710\]: exercise .DenseParameters. has 1 distinct variant" -- \
  "$reckon" exercises build "$tmp/one.rk" --variants 2

# A list-typed input varied over a range is a located error (E0413): a range gives numbers.
cat >"$tmp/range.rk" <<'RK'
scenario Net {
  input widths: [count] = [4, 2]
  total: count = sum(widths)
}
case N = Net()
exercise Total {
  about N
  vary widths in 1 .. 4 step 1
  prompt "What is the sum of {widths}?"
  answer total
}
RK
expect "a range for a list input is E0413" 1 "range.rk:8:8: error\[E0413\]: .widths. is \[count\]: a range needs a number or a quantity" -- \
  "$reckon" exercises build "$tmp/range.rk"

echo "$passes passed, $failures failed"
[[ $failures -eq 0 ]]
