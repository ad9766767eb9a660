#!/usr/bin/env bash
# How values and checks are shown (docs/language.md, "Display" and "Tuples"): tuple
# elements in their declared or `->` units everywhere a value prints, --json numbers as
# written and map keys in order, a check's `within` on its line, explain on one line,
# and "did you mean" across letter case.
# Usage: display.sh PATH/TO/reckon
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

# --- tuples: declared and converted units per element ---------------------------------
cat > "$dir/t.rk" <<'RK'
record Timed {
  name: text
  at: (text, us)
}
scenario S {
  input span: (text, us) = ("a", 1280 us)
  converted = (2000 MB -> MB, 1)
  trace: [(text, us)] = [("a", 1280 us), ("b", 3 us)]
  timed: [Timed] = [Timed(name: "one", at: ("a", 1280 us))]
  long =
      span[1]
      # the element, in its tuple's unit
      + 0 us
}
case C = S()
RK
# 1280 us alone is 1.280 ms (a ladder step chooses); declared `us` in the tuple, a step of
# the ladder too, the ladder chooses as well (display rule 1): 1.280 ms everywhere.
expect "eval declared" "$("$reckon" eval "$dir/t.rk" 'C.span')" '("a", 1.280 ms)'
expect "eval converted" "$("$reckon" eval '(2000 MB -> MB, 1)')" '(2000 MB, 1)'
expect "eval element" "$("$reckon" eval "$dir/t.rk" 'C.span[1]')" '1.280 ms'
expect "eval list element" "$("$reckon" eval "$dir/t.rk" 'C.trace[0]')" '("a", 1.280 ms)'
run=$("$reckon" run "$dir/t.rk")
expect "run list" "$run" '[("a", 1.280 ms), ("b", 3 us)]'
expect "run table" "$run" '("a", 1.280 ms)'
json=$("$reckon" eval --json "$dir/t.rk" 'C.span')
got=$(python3 -c 'import json, sys
j = json.loads(sys.argv[1])
print([(x["value"], x["unit"]) for x in j["value"]])' "$json")
expect "json tuple" "$got" "[('a', ''), (1.28, 'ms')]"
expect "explain tuple" "$("$reckon" explain "$dir/t.rk" 'C.span')" '1.280 ms'

# --- --json numbers: the value as written, not the division's error -------------------
# 1280 us is 0.00128 s; in ms the division gives 1.2799999999999998, shown as 1.28.
json=$("$reckon" eval --json '1280 us')
got=$(python3 -c 'import json, sys
j = json.loads(sys.argv[1]); print(repr(j["value"]), j["unit"])' "$json")
expect "json number" "$got" "1.28 ms"
# 0.12 USD/kWh is 3.333...e-8 USD/J: back in USD/kWh, 0.12.
json=$("$reckon" eval --json '0.12 USD/kWh')
got=$(python3 -c 'import json, sys
j = json.loads(sys.argv[1]); print(repr(j["value"]), j["unit"])' "$json")
expect "json price" "$got" "0.12 USD/kWh"
# A map's keys in written order, beside the object.
json=$("$reckon" eval --json '{"zeta": 1 GB, "alpha": 2 GB, "mid": 3 GB}')
got=$(python3 -c 'import json, sys
j = json.loads(sys.argv[1]); print(j["keys"], sorted(j["value"]))' "$json")
expect "json map keys" "$got" "['zeta', 'alpha', 'mid'] ['alpha', 'mid', 'zeta']"

# --- --json: each element's display is its text in its collection ---------------------
# `[1, 2.5]` shows as `[1.000, 2.500]` (2.5 is not whole, so every number has 4
# significant digits); the first element's own display is that `1.000`, not the `1` it
# would be alone. The same for a map's values (0 among 2.5 is 0.000, as in the map's
# text) and a table's column (a record list's `share` column holds 0 and 2.5; its `size`
# column holds 1 TB = 1e12 B and 2000 EB = 2e21 B, which is scientific in B, so 1e12 is
# too).
json=$("$reckon" eval --json '[1, 2.5]')
got=$(python3 -c 'import json, sys
j = json.loads(sys.argv[1]); print(j["display"], [x["display"] for x in j["value"]])' "$json")
expect "json list element displays" "$got" "[1.000, 2.500] ['1.000', '2.500']"
json=$("$reckon" eval --json '[1 TB, 2000 EB]')
got=$(python3 -c 'import json, sys
j = json.loads(sys.argv[1]); print(j["display"], [x["display"] for x in j["value"]])' "$json")
expect "json list notation" "$got" "[1.000e12, 2.000e21] B ['1.000e12 B', '2.000e21 B']"
json=$("$reckon" eval --json '{"a": 0 GB, "b": 2.5 GB}')
got=$(python3 -c 'import json, sys
j = json.loads(sys.argv[1]); print(j["display"], [j["value"][k]["display"] for k in j["keys"]])' "$json")
expect "json map value displays" "$got" "{\"a\": 0.000, \"b\": 2.500} GB ['0.000 GB', '2.500 GB']"
cat > "$dir/jobs.rk" <<'RK'
record Job {
  name: text
  size: B
  share: number
}
let jobs = [Job(name: "a", size: 1 TB, share: 0), Job(name: "b", size: 2000 EB, share: 2.5)]
RK
json=$("$reckon" eval --json "$dir/jobs.rk" 'jobs')
got=$(python3 -c 'import json, sys
j = json.loads(sys.argv[1])
print([(r["value"]["size"]["display"], r["value"]["share"]["display"]) for r in j["value"]])' "$json")
# A table's column in plain digits where a cell can be (display rule 3): 1e12 B whole,
# 2e21 B past 1e15 alone scientific.
expect "json column displays" "$got" "[('1000000000000 B', '0.000'), ('2.000e21 B', '2.500')]"
# A map of records is a table too (a column of keys, then a column per field): each
# field in its column's unit and rule, 1 TB as 1e12 B (value 1e12, unit B), not 1 TB.
cat >> "$dir/jobs.rk" <<'RK'
let by_key = {"x": jobs[0], "y": jobs[1]}
RK
json=$("$reckon" eval --json "$dir/jobs.rk" 'by_key')
got=$(python3 -c 'import json, sys
j = json.loads(sys.argv[1])
print([(j["value"][k]["value"]["size"]["display"], j["value"][k]["value"]["size"]["value"],
        j["value"][k]["value"]["share"]["display"]) for k in j["keys"]])' "$json")
expect "json map of records" "$got" "[('1000000000000 B', 1000000000000.0, '0.000'), ('2.000e21 B', 2e+21, '2.500')]"

# --- a check's tolerance on its line --------------------------------------------------
cat > "$dir/c.rk" <<'RK'
check 1 GiB == 1 GB within 0.1
check 1 GiB == 1 GB within 1e-3
RK
set +e
out=$("$reckon" run "$dir/c.rk" 2>/dev/null)
set -e
expect "within ok" "$out" "ok     $dir/c.rk:1:1  1 GiB == 1 GB within 0.1"
expect "within fail" "$out" "FAIL   $dir/c.rk:2:1  1 GiB == 1 GB within 1e-3"

# --- explain: a multi-line expression on one line, its comment dropped -----------------
why=$("$reckon" explain "$dir/t.rk" 'C.long')
expect "explain one line" "$why" "long = span[1] + 0 us"
absent "explain comment" "$why" "# the element"

# --- did you mean, across letter case -------------------------------------------------
# `a100` and `h100` are both one letter from `H100`; the one that differs only in case wins.
cat > "$dir/d.rk" <<'RK'
let a100 = 1
let h100 = 2
let x = H100 + 1
RK
set +e
err=$("$reckon" check "$dir/d.rk" 2>&1)
set -e
expect "did you mean case" "$err" "unknown name \`H100\`; did you mean \`h100\`?"
exit $fail
