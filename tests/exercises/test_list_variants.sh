#!/usr/bin/env bash
# Exercises vary list-typed inputs over candidate lists and ask for an element or an
# aggregate (docs/exercises.md, "Lists"): on the bundled scenarios/exercises/networks.rk,
# every variant's answer key is what an independent calculation from the lists it shows
# gives, the lists show as written, and students' answers grade against them.
# Usage: test_list_variants.sh PATH/TO/reckon   (from the repository root)
set -u
reckon="$1"
file=scenarios/exercises/networks.rk
source "$(dirname "$0")/../expect.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

"$reckon" exercises build "$file" --variants 4 --seed 3 >"$tmp/sheet.md"
expect "the sheet builds" 0 "" -- test -s "$tmp/sheet.md"
# Each answer of the key as "EXERCISE<TAB>inputs line<TAB>answer", in order.
sed -n '/===== answers.md/,$p' "$tmp/sheet.md" | awk '
  /^### / { name = $3 }
  /^Inputs:/ { inputs = $0 }
  /^Answer: \*\*/ { a = $0; sub(/^Answer: \*\*/, "", a); sub(/\*\*.*/, "", a); print name "\t" inputs "\t" a }
' >"$tmp/keys.tsv"
expect "16 answers: 4 exercises x 4 variants" 0 "^16$" -- bash -c "wc -l <'$tmp/keys.tsv'"
expect "the key shows the chosen list as written" 0 "^Inputs: .arrivals. = \[0 ms, [0-9]+ ms" -- \
  cat "$tmp/sheet.md"
expect "a prompt shows the widths as a list" 0 "has the layer widths \[[0-9]+(, [0-9]+)+\], from" -- \
  cat "$tmp/sheet.md"
expect "a prompt shows a list of times in one unit" 0 "Requests arrive at \[0, [0-9, ]+\] ms at one server" -- \
  cat "$tmp/sheet.md"

# The independent calculation, in Python: a layer from n to m has n m + m parameters;
# the busiest inference layer holds n + m values, at 4 B each for the batch; a FIFO
# server starts each request at max(arrival, previous finish), and the 99th percentile
# is Hyndman and Fan's type 7 (numpy's default), interpolated by hand here.
python3 - "$tmp/keys.tsv" >"$tmp/check.txt" <<'PY'
import math, re, sys
scale = {"B": 1, "kB": 1e3, "MB": 1e6, "GB": 1e9, "s": 1, "ms": 1e-3, "us": 1e-6}
def number(text):  # "3 ms" -> 0.003, "16" -> 16
    value, *unit = text.split()
    return float(value) * (scale[unit[0]] if unit else 1)
bad = 0
for row in open(sys.argv[1]):
    name, inputs, answer = row.rstrip("\n").split("\t")
    given = {k: v for k, v in re.findall(r"`(\w+)` = (\[[^\]]*\]|[^,]+)", inputs)}
    as_list = lambda k: [number(x) for x in given[k].strip("[]").split(",")]
    if name in ("DenseParameters", "FirstLayerParameters", "InferenceActivations"):
        w = [int(x) for x in as_list("widths")]
        layers = list(zip(w, w[1:]))
    if name == "DenseParameters":
        want = sum(n * m + m for n, m in layers)
    elif name == "FirstLayerParameters":
        want = w[0] * w[1] + w[1]
    elif name == "InferenceActivations":
        want = max(n + m for n, m in layers) * int(given["batch"]) * 4
    else:
        service, free, latencies = number(given["service"]), 0.0, []
        for t in as_list("arrivals"):
            free = max(free, t) + service
            latencies.append(free - t)
        xs = sorted(latencies)
        h = (len(xs) - 1) * 0.99
        low = math.floor(h)
        want = xs[low] + (h - low) * (xs[min(low + 1, len(xs) - 1)] - xs[low])
    got = number(answer.replace(" param", ""))
    if abs(got - want) > 5e-4 * abs(want):
        bad += 1
        print(f"{name} {inputs}: key {answer}, expected {want}")
print(f"{bad} wrong")
PY
expect "every key is the independent calculation" 0 "^0 wrong$" -- cat "$tmp/check.txt"
# The exact answers (within 0) are keyed in full.
expect "parameter counts are keyed exactly" 0 "^0$" -- \
  bash -c "awk -F'\t' '\$1 ~ /Parameters\$/ && \$3 !~ /^[0-9]+ param\$/' '$tmp/keys.tsv' | wc -l"

# Grading: variant 1's keys, given back, are correct; off by one parameter, wrong.
first=$(awk -F'\t' '$1 == "DenseParameters" { print $3; exit }' "$tmp/keys.tsv")
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

# Candidate lists are checked against the input's type: a fraction in a [count] (E0403),
# a list of another dimension (E0402), each at the element.
sed 's/^  vary widths in 1 .. 4 step 1$/  vary widths in [[1.5, 2]]/' "$tmp/range.rk" >"$tmp/fraction.rk"
expect "a fraction in a candidate [count] is E0403" 1 "fraction.rk:8:20: error\[E0403\]: element 0 of the list must be a whole number, not 1.5" -- \
  "$reckon" exercises build "$tmp/fraction.rk"
sed 's/^  vary widths in 1 .. 4 step 1$/  vary widths in [[1 GB]]/' "$tmp/range.rk" >"$tmp/unit.rk"
expect "a candidate list of another dimension is E0402" 1 "unit.rk:8:20: error\[E0402\]: element 0 of the list must be count, not B" -- \
  "$reckon" exercises build "$tmp/unit.rk"

echo "$passes passed, $failures failed"
[[ $failures -eq 0 ]]
