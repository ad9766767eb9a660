#!/usr/bin/env bash
# Tuples on the command line (docs/language.md, "Tuples"): `eval` shows a unit per
# element, `eval --json` gives an array of the elements' own JSON objects, `explain`
# writes a tuple as its elements, and `doc` writes a tuple type as declared.
# Usage: tuples.sh PATH/TO/reckon
set -euo pipefail
reckon=$1
fail=0
expect() {  # NAME ACTUAL EXPECTED-SUBSTRING
  if [[ "$2" != *"$3"* ]]; then
    echo "FAIL $1: expected ...$3... in: ${2:0:400}"
    fail=1
  fi
}

expect "shown" "$("$reckon" eval '(1 GB, 2 s, "x")')" '(1 GB, 2 s, "x")'
# (1 GB, 2.5 s): each element in a unit of its own; 2.5 s is 2.5 in base units.
json=$("$reckon" eval --json '(1 GB, 2.5 s)')
got=$(python3 -c 'import json, sys
j = json.loads(sys.argv[1])
print([(x["value"], x["unit"], x["base_value"]) for x in j["value"]], j["display"])' "$json")
expect "json array" "$got" "[(1.0, 'GB', 1000000000.0), (2.5, 's', 2.5)] (1 GB, 2.500 s)"
# A list of tuples is an array of arrays.
json=$("$reckon" eval --json 'pairs([1, 2, 3])')
got=$(python3 -c 'import json, sys
print([[y["value"] for y in x["value"]] for x in json.loads(sys.argv[1])["value"]])' "$json")
expect "json list of tuples" "$got" "[[1.0, 2.0], [2.0, 3.0]]"

dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cat > "$dir/dense.rk" <<'RK'
## Layers as pairs of widths.
scenario Dense {
  ## The layers, each from n inputs to m outputs.
  input layers: [(count, count)] = [(784, 256), (256, 128)]
  first: (count, count) = (layers[0][0], layers[0][1])
  # 784 * 256 + 256 = 200,960
  params: count = first[0] * first[1] + first[1]
}
case D = Dense()
RK
expect "doc" "$("$reckon" doc "$dir/dense.rk")" "[(count, count)]"
expect "explain" "$("$reckon" explain "$dir/dense.rk" D.first)" "(784, 256)"
expect "run" "$("$reckon" run "$dir/dense.rk")" "200960"
exit $fail
