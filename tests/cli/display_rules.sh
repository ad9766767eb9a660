#!/usr/bin/env bash
# The display rules of issue #27 (docs/language.md, "Display"), each on the surfaces
# that show it: a record's fields in their declared units wherever the record shows
# (eval, explain, text interpolation, a `require` message, --json's `display`).
# Usage: display_rules.sh PATH/TO/reckon
set -euo pipefail
reckon=$1
fail=0
expect() {  # NAME ACTUAL EXPECTED-SUBSTRING
  if [[ "$2" != *"$3"* ]]; then
    echo "FAIL $1: expected ...$3... in: ${2:0:600}"
    fail=1
  fi
}
absent() {  # NAME ACTUAL UNEXPECTED-SUBSTRING
  if [[ "$2" == *"$3"* ]]; then
    echo "FAIL $1: did not expect ...$3... in: ${2:0:600}"
    fail=1
  fi
}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

# --- rule: a record's field shows in its declared unit, inline as alone ----------------
# `size: GiB` holding 3000 GiB is 3000 GiB alone, in the table and in --json; inside the
# record it was 3.221 TB (3000 * 2^30 B = 3.221e12 B) and a zero field was `0 B`.
cat > "$dir/dev.rk" <<'RK'
record Dev {
  name: text
  size: GiB
  spare: GiB
  rate: B/s
}
record Pool {
  size: GiB
  spare: GiB
}
record Rack {
  dev: Dev
  slack: GiB
}
let pool = Pool(size: 3000 GiB, spare: 0 GiB)
let d = Dev(name: "x", size: 3000 GiB, spare: 0 GiB, rate: 50000000000 B/s)
scenario S {
  input kv: GiB = 5 GiB
  require kv < 10 GiB else "kv {kv} too big"
  dev = d
  said = "{pool}"
}
case C = S()
RK
whole='Dev(name: "x", size: 3000 GiB, spare: 0 GiB, rate: 50 GB/s)'
expect "eval record" "$("$reckon" eval "$dir/dev.rk" 'd')" "$whole"
expect "eval field" "$("$reckon" eval "$dir/dev.rk" 'd.size')" '3000 GiB'
expect "explain record" "$("$reckon" explain "$dir/dev.rk" 'C.dev')" "$whole"
# In a text a record is named short (below), by its first field here, in its unit.
expect "text record" "$("$reckon" eval "$dir/dev.rk" 'C.said')" '"Pool(size: 3000 GiB, ...)"'
json=$("$reckon" eval --json "$dir/dev.rk" 'd')
got=$(python3 -c 'import json, sys
j = json.loads(sys.argv[1])
print(j["display"], "|", j["value"]["size"]["display"])' "$json")
expect "json record display" "$got" "$whole | 3000 GiB"
absent "no TB inline" "$("$reckon" eval "$dir/dev.rk" 'd')" 'TB'

# A `require` message interpolates `{kv}` in kv's declared unit: 57 GiB, not the
# 61.20 GB (57 * 2^30 = 6.120e10 B) it printed when the message was not settled.
out=$("$reckon" eval "$dir/dev.rk" 'S(kv: 57 GiB).dev' 2>&1 || true)
expect "require message" "$out" 'kv 57 GiB too big'
absent "require message decimal" "$out" 'GB too big'


# --- rule: a record inside another value or a message is named short -------------------
# Alone (eval, explain, --json's display) a record shows whole (above); inside a record,
# a list, map or tuple shown inline, a text, a `require` message or a variant's name, by
# its type and `name` (`Accelerator "H100 SXM"`), else its type and first field.
expect "record in record" "$("$reckon" eval "$dir/dev.rk" 'Rack(dev: d, slack: 0 GiB)')" \
  'Rack(dev: Dev "x", slack: 0 GiB)'
expect "record in tuple" "$("$reckon" eval "$dir/dev.rk" '(d, 1)')" '(Dev "x", 1)'
expect "record in text" "$("$reckon" eval "$dir/dev.rk" '"{d}"')" '"Dev \"x\""'
expect "records in text" "$("$reckon" eval "$dir/dev.rk" '"{[d, d]}"')" '[Dev \"x\", Dev \"x\"]'
expect "record in map" "$("$reckon" eval "$dir/dev.rk" '({"a": d}, 1)')" '({"a": Dev "x"}, 1)'
# A variant named by its values: the accelerator by its short name. It printed the
# whole H100 record with its source text: 830 characters.
variant=$("$reckon" eval scenarios/training.rk 'Gpt3On1024A100 with device: H100')
expect "variant name" "$variant" 'Gpt3On1024A100 with device: Accelerator "H100 SXM" (TrainingBudget)'
[[ ${#variant} -lt 100 ]] || { echo "FAIL variant name long: ${#variant} characters"; fail=1; }
cat > "$dir/req.rk" <<'RK'
import "hardware"
scenario T {
  input device: Accelerator = H100
  require device.memory > 100 GiB/GPU else "{device} has too little memory"
  x = 1
}
RK
out=$("$reckon" eval "$dir/req.rk" 'T().x' 2>&1 || true)
expect "E0535 record" "$out" \
  'breaks a constraint of `T`: Accelerator "H100 SXM" has too little memory'
first=$(head -1 <<<"$out")
[[ ${#first} -lt 160 ]] || { echo "FAIL E0535 line long: ${#first} characters"; fail=1; }
out=$("$reckon" eval "$dir/req.rk" 'violations(T())' 2>&1 || true)
expect "violations record" "$out" '["Accelerator \"H100 SXM\" has too little memory"]'

exit $fail
