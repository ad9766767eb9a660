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
let d = Dev(name: "x", size: 3000 GiB, spare: 0 GiB, rate: 50000000000 B/s)
scenario S {
  input kv: GiB = 5 GiB
  require kv < 10 GiB else "kv {kv} too big"
  dev = d
  said = "{d}"
}
case C = S()
RK
whole='Dev(name: "x", size: 3000 GiB, spare: 0 GiB, rate: 50 GB/s)'
expect "eval record" "$("$reckon" eval "$dir/dev.rk" 'd')" "$whole"
expect "eval field" "$("$reckon" eval "$dir/dev.rk" 'd.size')" '3000 GiB'
expect "explain record" "$("$reckon" explain "$dir/dev.rk" 'C.dev')" "$whole"
expect "text record" "$("$reckon" eval "$dir/dev.rk" 'C.said')" 'size: 3000 GiB, spare: 0 GiB'
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


exit $fail
