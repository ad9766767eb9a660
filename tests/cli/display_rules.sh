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

# --- rules 1, 4, 5: a declared ladder step lets the ladder choose; others as declared ---
# big: 1e6 token * 2e6 B/token = 2e12 B = 2 TB (declared GB); bw 5e10 B/s = 50 GB/s;
# lat 0.005 s = 5 ms; hours stays in h (a calendar unit); price 3 USD / 1e6 token =
# 3 USD/Mtoken as declared; cost_per_token(2 USD/GPU/h, 8 GPU, 1000 token/s) =
# 16 USD/h / 3.6e6 token/h = 4.444e-6 USD/token = 4.444 USD/Mtoken (its declared unit).
cat > "$dir/rules.rk" <<'RK'
import "hardware"
record Step {
  name: text
  time: ms
}
record Cap {
  memory: B/GPU
}
scenario S {
  input tokens: token = 1000000 token
  input bw: B/s = 50000000000 B/s
  input lat: s = 0.005 s
  input mem: B = 80 GiB
  input hours: h = 58993.44 h
  price: USD/Mtoken = 3 USD / tokens
  big: GB = tokens * 2000000 B/token
  steps: [Step] = [Step(name: "a", time: 42.19 ms), Step(name: "b", time: 0.00008 ms),
      Step(name: "c", time: 3 ms)]
}
case C = S()
sweep W {
  about C
  vary tokens in [1000000 token, 2000000 token]
  show big
}
RK
run=$("$reckon" run "$dir/rules.rk")
expect "rule 4 bandwidth" "$run" 'bw      50 GB/s'
expect "rule 4 time" "$run" 'lat     5 ms'
expect "rule 2 input" "$run" 'mem     80 GiB'
expect "calendar unit" "$run" 'hours   58990 h'
expect "rule 1 property" "$run" 'big     2 TB'
expect "rule 5 property" "$run" 'price   3 USD/Mtoken'
expect "rule 1 eval" "$("$reckon" eval "$dir/rules.rk" 'C.big')" '2 TB'
expect "rule 1 text" "$("$reckon" eval "$dir/rules.rk" '"{C.big}"')" '"2 TB"'
expect "rule 5 native" "$("$reckon" eval 'cost_per_token(2 USD/GPU/h, 8 GPU, 1000 token/s)')" \
  '4.444 USD/Mtoken'
# Rule 8: the sweep's column is in the unit eval shows the first point in (2 TB).
sweep=$("$reckon" sweep "$dir/rules.rk" W --format csv)
expect "rule 8 sweep column" "$sweep" 'big (TB)'
expect "rule 8 sweep value" "$sweep" $'\n1000000,2\n'

# --- rule 2: binary stays binary -----------------------------------------------------
# The registry's H100 memory is written 80 GiB/device (85899345920 B): 80 on the binary
# ladder, 85.89934592 on the decimal one; the Nano's SRAM 256 KiB (262144 B).
expect "rule 2 registry" "$("$reckon" eval 'H100.memory')" '80 GiB/device'
expect "rule 2 sram" "$("$reckon" eval 'NANO_33_BLE.sram')" '256 KiB/device'
expect "rule 2 record" "$("$reckon" eval 'H100')" 'memory: 80 GiB/device'
# `reckon list hardware` shows each field as eval does inside the record (it showed
# `memory: 85.90 GB/GPU`, fields in no unit of their own).
listed=$("$reckon" list hardware)
expect "rule 2 list" "$(grep -A1 '^H100$' <<<"$listed")" 'memory: 80 GiB/device;'
expect "rule 2 list sram" "$(grep -A1 '^NANO_33_BLE$' <<<"$listed")" 'sram: 256 KiB/device;'
# 141 GB written in GB: 141 on the decimal ladder, 131.3... GiB on the binary one;
# 1536 MiB = 1.5 GiB (1610612736 B = 1.610612736 GB: more digits).
expect "rule 2 decimal stays" "$("$reckon" eval "$dir/rules.rk" 'Cap(memory: 141 GB/GPU).memory')" '141 GB/GPU'
expect "rule 2 binary field" "$("$reckon" eval "$dir/rules.rk" 'Cap(memory: 1536 MiB/GPU).memory')" '1.500 GiB/GPU'
# The device count has two names (#30): a field declared `B/GPU` (rules.rk's `Cap`) shows
# in GPU, one declared `B/device` (the registry's) in device, whichever name the value was
# written in; an integer rate declared `op/s/device` shows in OP/s, the ladder choosing the
# prefix: 624e12 op/s = 624 TOP/s, 0.256e9 op/s = 256 MOP/s.
expect "names: GPU declared" "$("$reckon" eval "$dir/rules.rk" 'Cap(memory: 80 GiB/device).memory')" '80 GiB/GPU'
expect "names: device declared" "$("$reckon" eval 'Accelerator(name: "x", tier: edge, release_year: 2020, peak: 1 TFLOP/s/GPU, peak_format: fp16, memory: 8 GiB/GPU, memory_bandwidth: 1 TB/s/GPU).memory')" '8 GiB/device'
expect "names: TOP/s" "$("$reckon" eval 'A100.peak_int8')" '624 TOP/s/device'
expect "names: MOP/s" "$("$reckon" eval 'NANO_33_BLE.peak_int8')" '256 MOP/s/device'
expect "names: undeclared" "$("$reckon" eval '8 GPU * 2 W/GPU + 1 W/device * 4 device')" '20 W'
expect "names: undeclared count" "$("$reckon" eval '(1 GiB/GPU) / (1 s)')" '1.074 GB/s/device'

# --- names: a record's field in the names its value was written in -----------------
# The Coral Edge TPU's record writes `peak: 4 TOP/s/device` into `peak: flop/s/device`
# (coral.ai: 4 TOPS INT8); before, every surface read `4 TFLOP/s/device`.
spelled='peak: 4 TOP/s/device'
expect "names: record" "$("$reckon" eval 'CORAL_EDGE_TPU')" "$spelled"
expect "names: field of a let" "$("$reckon" eval 'CORAL_EDGE_TPU.peak')" '4 TOP/s/device'
expect "names: with keeps" "$("$reckon" eval 'CORAL_EDGE_TPU with tdp: 3 W/device')" "$spelled"
expect "names: with replaces" "$("$reckon" eval 'CORAL_EDGE_TPU with peak: 5 TFLOP/s/device')" \
  'peak: 5 TFLOP/s/device'
expect "names: explain" "$("$reckon" explain 'CORAL_EDGE_TPU')" "$spelled"
expect "names: list" "$("$reckon" list hardware)" "$spelled"
absent "names: list not flop" "$("$reckon" list hardware | grep -A1 '^CORAL_EDGE_TPU$')" \
  '4 TFLOP/s'
# Two `with`s in one REPL session, each its own merge of the record's names.
session=$(printf '%s\n' 'CORAL_EDGE_TPU with tdp: 3 W/device' \
  'CORAL_EDGE_TPU with peak: 5 TFLOP/s/device' | "$reckon" repl 2>&1)
expect "names: repl with keeps" "$session" "$spelled"
expect "names: repl with replaces" "$session" 'peak: 5 TFLOP/s/device'
json=$("$reckon" eval --json 'CORAL_EDGE_TPU')
got=$(python3 -c 'import json, sys
j = json.loads(sys.argv[1])
print(j["display"], "|", j["value"]["peak"]["display"])' "$json")
expect "names: json" "$got" "$spelled"
expect "names: json field" "$got" '| 4 TOP/s/device'
# A datacenter record written in FLOP/s keeps them; a record written in GPU reads GPU.
expect "names: declared names" "$("$reckon" eval 'H100.peak')" '989 TFLOP/s/device'
cat > "$dir/chip.rk" <<'RK'
record Chip {
  name: text
  memory: B/device
}
let C = Chip(name: "c", memory: 80 GiB/GPU)
RK
expect "names: GPU" "$("$reckon" eval "$dir/chip.rk" 'C')" 'memory: 80 GiB/GPU'
expect "names: in a text" "$("$reckon" eval "$dir/chip.rk" '"{C.memory}"')" '80 GiB/GPU'

# --- rule 3: a table column in plain decimals ----------------------------------------
# 42.19 ms, 0.00008 ms and 3 ms in one column of ms: one cell below 1e-4 made every cell
# scientific (`4.219e1`).
table=$("$reckon" eval "$dir/rules.rk" 'C.steps')
expect "rule 3 heading" "$table" 'time (ms)'
expect "rule 3 cell" "$table" '42.19'
expect "rule 3 small cell" "$table" '0.00008000'
absent "rule 3 no scientific" "$table" 'e1'

# --- rule 7: the number handed on is the nearest double of the exact conversion ------
# 1024 h = 3686400 s = 42 2/3 day; the nearest double of 128/3 is 42.666666666666664
# (Python: repr(128/3)); 1280 us is exactly 1.28 ms.
num=$("$reckon" eval --json '1024 h -> day' | python3 -c 'import json,sys; print(repr(json.load(sys.stdin)["value"]))')
expect "rule 7 repeating" "$num" '42.666666666666664'
num=$("$reckon" eval --json '1280 us -> ms' | python3 -c 'import json,sys; print(repr(json.load(sys.stdin)["value"]))')
expect "rule 7 decimal" "$num" '1.28'

exit $fail
