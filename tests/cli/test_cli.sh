#!/usr/bin/env bash
# End-to-end tests of the `reckon` binary: exit codes, --json, --set, --case.
# Usage: test_cli.sh PATH/TO/reckon   (run from the repository root)
set -u
reckon="$1"
training=scenarios/training.rk
source "$(dirname "$0")/../expect.sh"

expect "no subcommand is usage" 2 "subcommand" -- "$reckon"
expect "unknown subcommand is usage" 2 "" -- "$reckon" frobnicate
expect "missing argument is usage" 2 "eval needs an expression: write .reckon eval \[FILE\] EXPR." -- "$reckon" eval
expect "eval without a file uses the stdlib" 0 "^85.90 GB$" -- "$reckon" eval "80 GiB -> GB"
expect "explain shows the work" 0 \
  "^checkpointed_activations = segment_inputs \+ live_segment = 2.013 GB \+ 30.80 GB = 32.82 GB$" \
  -- "$reckon" explain "$training" checkpointed_activations --depth 0
expect "repl without a terminal reads a script" 0 "^85.90 GB$" -- \
  bash -c "echo '80 GiB -> GB' | \"\$0\" repl" "$reckon"
expect "bad --digits is usage" 2 "digits" -- "$reckon" --digits 0 run "$training"
expect "missing file is a user error" 1 "error\[E0201\]: cannot open .nope.rk." -- "$reckon" run nope.rk
expect "no subcommand on a pipe" 2 "error\[E0605\]: a subcommand is required" -- \
  bash -c '"$0" </dev/null' "$reckon"
# A chain of 6,000 properties typed through each other (p0 needs p1, which needs p2, ...)
# needs more native stack than a 2 MiB stack has: the guard adapts to the limit and
# reports E0507 instead of crashing.
deep=$(mktemp --suffix=.rk)
{
  echo "scenario Deep {"
  echo "  input x: number = 1"
  for ((i = 0; i < 5999; i++)); do echo "  p$i = p$((i + 1)) + 1"; done
  echo "  p5999 = x"
  echo "}"
} >"$deep"
expect "deep definitions under a small stack" 1 "error\[E0507\]" -- \
  bash -c 'ulimit -s 2048 && exec "$0" check "$1"' "$reckon" "$deep"
rm -f "$deep"
expect "list of an unknown category" 2 "error\[E0604\]: list what\?" -- "$reckon" list foo
expect "doc without a file" 2 "error\[E0606\]: doc needs a FILE" -- "$reckon" doc
expect "--set without INPUT=VALUE" 2 "error\[E0603\]: --set takes INPUT=VALUE" -- \
  "$reckon" eval "$training" micro_batch --set micro_batch
expect "--set without a case" 2 "error\[E0602\]: --set needs a case" -- \
  "$reckon" eval "1 + 1" --set n=1
expect "--case that does not exist" 1 "error\[E0601\]: no case named .Nope." -- \
  "$reckon" eval "$training" micro_batch --case Nope
big=$(mktemp)
head -c $((16 * 1024 * 1024 + 1)) /dev/zero | tr '\0' ' ' >"$big"
expect "a file over the size limit" 1 "error\[E0206\]: .* is too large: 16777217 bytes \(the limit is 16 MiB" -- \
  "$reckon" run "$big"
rm -f "$big"
expect "check passes" 0 "ok \(2 scenarios, 5 cases, 18 checks\)" -- "$reckon" check "$training"
expect "run passes" 0 "all 18 checks hold" -- "$reckon" run "$training"

# 34 * 2048 * 4 * 12288 * 96 B = 328,564,998,144 B (Korthikanti et al. 2022, Table 2).
expect "eval in the first case" 0 "^328.6 GB$" -- "$reckon" eval "$training" per_token_activations
expect "eval converts" 0 "^306 GiB$" -- "$reckon" eval "$training" "activations(selective) -> GiB"
expect "eval --digits" 0 "^328.565 GB$" -- "$reckon" --digits 6 eval "$training" per_token_activations
# More digits than a double holds: the shortest text of the double, no invented digits.
expect "eval --digits 17 adds no digits" 0 "^12.5$" -- "$reckon" --digits 17 eval "12.5"
# 0.12 USD/kWh is 0.11999999999999998 USD/kWh after the round trip through USD/J.
expect "eval --digits 17 shows no round-trip digits" 0 "^0.12 USD/kWh$" -- \
  "$reckon" --digits 17 eval "0.12 USD/kWh"
# 0.1 + 0.2 is the double 0.30000000000000004, in no unit: shown as it is.
expect "eval --digits 17 shows a plain double" 0 "^0.30000000000000004$" -- \
  "$reckon" --digits 17 eval "0.1 + 0.2"
expect "eval --digits 17 keeps a non-whole value" 0 "^500000000000.4$" -- \
  "$reckon" --digits 17 eval "5e11 + 0.4"
# 999.97 GB is 1000 GB to 4 digits: shown in the next step. In --json the unit agrees.
expect "eval rounds before the prefix" 0 "^1.000 TB$" -- "$reckon" eval "999.97 GB"
expect "eval --json rounds before the prefix" 0 '"unit":"TB"' -- "$reckon" eval --json "999.97 GB"
expect "eval --case" 0 "^657.1 GB$" -- \
  "$reckon" eval "$training" per_token_activations --case Gpt3ActivationsMicrobatch8
# Doubling the micro-batch doubles the selective footprint: 657.13 GB.
expect "eval --set" 0 "^657.1 GB$" -- \
  "$reckon" eval "$training" per_token_activations --set micro_batch=8
# seq_len 4096 doubles the linear term at micro-batch 4: 657.13 GB.
expect "eval --set with a unit" 0 "^657.1 GB$" -- \
  "$reckon" eval "$training" per_token_activations --set "seq_len=4096 token"
# Twice micro-batch and sequence: 4 * 328.564998144 GB = 1314.26 GB, declared GB, a
# step of the ladder, which chooses TB (display rule 1).
expect "eval --set twice" 0 "^1.314 TB$" -- \
  "$reckon" eval "$training" per_token_activations --set micro_batch=8 --set "seq_len=4096 token"
expect "eval --json value" 0 \
  '"base_unit":"B","base_value":328564998144(\.0)?,"dimension":"information","display":"328.6 GB","expression":"per_token_activations","unit":"GB","value":328.564998144' \
  -- "$reckon" eval --json "$training" per_token_activations
expect "eval --json error" 1 \
  '^\{"error":\{"code":"E0401","column":10,"file":"<expr>","line":1,"message":"cannot add token \(token count\) and s \(time\)"\}\}$' \
  -- "$reckon" eval --json "$training" "sequence + 1 s"
# Maps (docs/language.md, "Maps"): eval prints a two-column table, the unit in the
# values' heading; --json an object of the keys, each with its value and unit, the map's
# unit beside it. 30 gCO2e/kWh is 30 g / 3.6e6 J = 8.333e-9 kgCO2e/J in base units.
carbon=scenarios/regional_carbon.rk
# (grep reads a pattern's lines as alternatives: a table is compared whole.)
same_output() {
  local name="$1" want="$2"
  shift 3
  local got
  got=$("$@" 2>&1)
  if [[ "$got" == "$want" ]]; then
    passes=$((passes + 1))
  else
    echo "FAIL $name: output:"
    echo "$got" | sed 's/^/    /'
    failures=$((failures + 1))
  fi
}
same_output "eval shows a map as a table" \
  $'key       value (gCO2e/kWh)\nus-east   380\neu-north   30\nap-south  700' \
  -- "$reckon" eval "$carbon" grid
expect "eval --json of a map" 0 \
  '"eu-north":\{"base_unit":"[^"]*","base_value":8\.33333333333333[0-9]*e-09,"dimension":"carbon intensity","display":"30 gCO2e/kWh","unit":"gCO2e/kWh","value":30(\.0)?\}.*"unit":"gCO2e/kWh"' \
  -- "$reckon" eval --json "$carbon" grid
expect "eval --json of an enumeration-keyed map" 0 \
  '"value":\{"amd":\{[^}]*"display":"192 GB"[^}]*\},"nvidia":\{[^}]*"display":"80 GB"' \
  -- "$reckon" eval --json tests/lang/eval-ok-maps-enum-keys.rk hbm
same_output "run shows a map property as a table under its row" \
  "$(printf '    intensities  3 entries\n      key       value (gCO2e/kWh)\n      us-east   380\n      eu-north   30\n      ap-south  700')" \
  -- bash -c '"$0" run "$1" | sed -n "/^east/,/^$/p" | grep -A4 intensities' "$reckon" tests/lang/eval-ok-maps-carbon.rk
# explain shows a lookup as the value found, not the whole map: 516.096 MWh x 1.2 =
# 619.3 MWh, at 380 gCO2e/kWh = 235.3 tCO2e. A key missing at run time is E0540 there too.
expect "explain shows a map lookup as its value" 0 \
  '^emissions = facility_energy \* grid\[region\] -> tCO2e = 619.3 MWh \* 380 gCO2e/kWh -> tCO2e = 235.3 tCO2e$' \
  -- "$reckon" explain "$carbon" emissions
expect "explain of a missing key is a located error" 1 \
  'eval-ok-maps-nested.rk:18:16: error\[E0540\]: no key "zz" in this map: its keys are "x", "y"' \
  -- "$reckon" explain tests/lang/eval-ok-maps-nested.rk --set 'key="zz"' value
# A value infinite in base units is an error, in --json too: 1e300 EB is 1e318 B.
expect "eval --json infinite literal" 1 \
  '^\{"error":\{"code":"E0420","column":1,"file":"<expr>","line":1,"message":"`1e300 EB` is too large' \
  -- "$reckon" eval --json "1e300 EB"
# A unit that would show an infinite number gives way to a readable one: 1e300 s is
# 1e312 ps, shown as 3.169e292 years (1e300 / 31,557,600 s).
expect "eval never shows inf" 0 "^3.169e292 year$" -- "$reckon" eval "1e300 s -> ps"
# Derived units show as written (not 3.333e-8 s^2*USD/(kg*m^2), 0.0006944 USD/s, ...).
expect "eval shows USD/kWh as written" 0 "^0.1200 USD/kWh$" -- "$reckon" eval "0.12 USD/kWh"
expect "eval shows gCO2e/kWh as written" 0 "^400 gCO2e/kWh$" -- "$reckon" eval "400 gCO2e/kWh"
expect "eval shows USD/h as written" 0 "^2.500 USD/h$" -- "$reckon" eval "2.5 USD/h"
expect "eval shows TFLOP/s/W as written" 0 "^1 TFLOP/s/W$" -- "$reckon" eval "1 TFLOP/s/W"
expect "eval shows GHz as written" 0 "^1 GHz$" -- "$reckon" eval "1 GHz"
# A conversion's --json value is in its unit: 0.12 USD/kWh is 0.12 / 3.6e6 USD/J.
expect "eval --json in the written unit" 0 '"display":"0.1200 USD/kWh".*"unit":"USD/kWh","value":0.12' \
  -- "$reckon" eval --json "0.12 USD/kWh"
expect "eval located error" 1 "^<expr>:1:13: error\[E0318\]: unknown Recompute .selectiv.; did you mean .selective.\?" \
  -- "$reckon" eval "$training" "activations(selectiv)"
expect "--set without =" 2 "INPUT=VALUE" -- "$reckon" eval "$training" sequence --set micro_batch
expect "--set unknown input" 1 "has no input .micro_batc.; did you mean .micro_batch.\?" \
  -- "$reckon" eval "$training" sequence --set micro_batc=8
# A name too far in spelling, but a word of one input (`precision` of `precision_bytes`),
# or one input's words followed by more (`micro_batch_size`), is suggested in `with`,
# --set and --vary alike.
expect "--set a word of an input" 1 "has no input .precision.; did you mean .precision_bytes.\?" \
  -- "$reckon" eval "$training" sequence --set precision=4
expect "with a word of an input" 1 "^<expr>:1:33: error\[E0309\]: .ActivationMemory. has no input .precision.; did you mean .precision_bytes.\?" \
  -- "$reckon" eval "$training" "Gpt3ActivationsMicrobatch4 with precision: 4 B"
expect "--vary an input's words and more" 1 "has no input .micro_batch_size.; did you mean .micro_batch.\?" \
  -- "$reckon" sweep "$training" Gpt3ActivationsMicrobatch4 --vary micro_batch_size=1,2
expect "two inputs holding the word: no guess" 1 "has no input .parallel.\$" \
  -- "$reckon" eval scenarios/distributed.rk step_time --set parallel=2
# A --set that breaks a `require` names the override: GPT-3 175B's 96 attention heads
# (Brown et al. 2020, Table 2.1) do not split over 5 tensor ranks (96 = 5 * 19 + 1).
expect "--set breaking a require names it" 1 "^--set tensor_parallel:1:1: note: the case's input is overridden here \(.--set tensor_parallel=5.\)$" \
  -- "$reckon" eval scenarios/distributed.rk step_time --set tensor_parallel=5
expect "--set breaking a require, --json" 1 '"notes":\["case .Gpt3StepOn1024A100. is defined here","the case.s input is overridden here \(.--set tensor_parallel=5.\)"\]' \
  -- "$reckon" eval --json scenarios/distributed.rk step_time --set tensor_parallel=5
expect "--set fractional count" 1 "--set micro_batch:1:1: error\[E0403\]: input .micro_batch. must be a whole number, not 2.5" \
  -- "$reckon" eval "$training" micro_batch --set micro_batch=2.5
# The counting rule at --set: a per-parameter size needs its count (serving.rk's
# weight_bytes is B/param), and a token count does not take parameters.
expect "--set without the count" 1 "--set weight_bytes:1:1: error\[E0417\]: input .weight_bytes. must be B/param \(information per param\), not B \(information\): the counting units differ" \
  -- "$reckon" eval scenarios/serving.rk weights --set "weight_bytes=2 B"
expect "--set with the count" 0 "^16.06 GB$" \
  -- "$reckon" eval scenarios/serving.rk weights --case Llama3_8bOnA100 --set "weight_bytes=2 B/param"
# E0418 at --set as in a file: a GB literal where GiB is declared (alone or in a list) is
# almost always a slip; converting on purpose is accepted: 80 GB is 74.51 GiB, less the
# 1 GiB tier is 73.51 GiB.
gib=$(mktemp --suffix=.rk)
cat >"$gib" <<'RK'
scenario Node {
  input hbm: GiB = 80 GiB
  input tiers: [GiB] = [1 GiB]
  input by_rack: {text: GiB} = {"r1": 1 GiB}
  input link: (GiB, count) = (1 GiB, 2)
  left: GiB = hbm - sum(tiers)
}
case H100 = Node()
RK
expect "--set GB for GiB" 1 "^--set hbm:1:1: error\[E0418\]: input .hbm. is declared in GiB but given 80 GB \(74.51 GiB\)" \
  -- "$reckon" eval "$gib" left --set "hbm=80 GB"
expect "--set GB for GiB in a list" 1 "^--set tiers:1:9: error\[E0418\]: element 1 of the list is declared in GiB but given 2 GB" \
  -- "$reckon" eval "$gib" left --set "tiers=[1 GiB, 2 GB]"
# ... in a list's range, a map's value and a tuple's element too.
expect "--set GB for GiB in a list's range" 1 "^--set tiers:1:10: error\[E0418\]: the end of the range is declared in GiB but given 4 GB \(3.725 GiB\)" \
  -- "$reckon" eval "$gib" left --set "tiers=1 GiB .. 4 GB step 1 GiB"
expect "--set GB for GiB in a map" 1 '^--set by_rack:1:8: error\[E0418\]: the value of "r1" is declared in GiB but given 8 GB' \
  -- "$reckon" eval "$gib" left --set 'by_rack={"r1": 8 GB}'
expect "--set GB for GiB in a tuple" 1 "^--set link:1:2: error\[E0418\]: element 0 of the tuple is declared in GiB but given 8 GB" \
  -- "$reckon" eval "$gib" left --set "link=(8 GB, 2)"
expect "--set GB converted to GiB on purpose" 0 "^73.51 GiB$" \
  -- "$reckon" eval "$gib" left --set "hbm=80 GB -> GiB"
rm -f "$gib"
expect "--set wrong unit" 1 "input .seq_len. must be token\? \(token count\)\?, not s \(time\)|input .seq_len. must be" \
  -- "$reckon" eval "$training" sequence --set "seq_len=3 s"
expect "unknown case" 1 "no case named .Gpt3. in" -- "$reckon" eval "$training" sequence --case Gpt3

# explain: one mechanism, three formats. The derivation's numbers: 10 segments of
# 4 * 2048 * 12288 * 2 B = 201.3 MB each (2.013 GB), and 328.6 GB / 96 * 9 = 30.80 GB.
expect "explain to depth 1" 0 "^  segment_inputs = checkpoint_segments \* segment_input = 10 \* 201.3 MB = 2.013 GB$" \
  -- "$reckon" explain "$training" checkpointed_activations
expect "explain markdown" 0 '^- `checkpointed_activations` = `segment_inputs \+ live_segment`' \
  -- "$reckon" explain --format md "$training" checkpointed_activations
expect "explain latex escapes" 0 '^\\text\{checkpointed\\_activations\} &= ' \
  -- "$reckon" explain --format latex "$training" checkpointed_activations --depth 2
expect "explain of an error" 1 "unknown name .nope." -- "$reckon" explain "$training" nope
# A sum of terms in different units of one dimension gets a conversion step, so that no
# line subtracts GB from GiB: 80 GiB = 80 x 2^30 B = 85.90 GB, and 85.90 - 14 = 71.90 GB.
conversion=$(mktemp)
cat >"$conversion" <<'RK'
scenario Room {
  input device: GiB = 80 GiB
  input weights: GB = 14 GB
  left: GB = device - weights
}
case R = Room()
RK
expect "explain converts before a sum of mixed units" 0 \
  "^R.left = device - weights = 80 GiB - 14 GB = 85.90 GB - 14 GB = 71.90 GB$" \
  -- "$reckon" explain "$conversion" R.left
expect "a sum in one unit has no conversion step" 0 "^14 GB \+ 2 GB = 16 GB$" \
  -- "$reckon" explain '14 GB + 2 GB'
rm -f "$conversion"
# A native call expands into its formula (@formula) with every argument written in:
# 2 x 32 layers x 8 KV heads x 128 x 2048 tokens x 1 sequence x 2 B = 268,435,456 B.
expect "explain expands a native into its formula" 0 \
  "^  kv_cache_bytes\(layers: 32, kv_heads: 8, head_dim: 128, seq_len: 2048 token, batch: 1, bytes_per_element: 2 B\) = 2 \* layers \* kv_heads \* head_dim \* seq_len / 1 token \* batch \* bytes_per_element = 2 \* 32 \* 8 \* 128 \* 2048 token / 1 token \* 1 \* 2 B = 268.4 MB$" \
  -- "$reckon" explain 'kv_cache_bytes(layers: 32, kv_heads: 8, head_dim: 128, seq_len: 2048 token)' --depth 0
# Under a property that is the call and nothing else, the formula's result is shown in
# the property's unit: 268,435,456 B is exactly 256 MiB (2^28 B), so both lines read
# 256 MiB, never 268.4 MB beneath 256 MiB.
native_unit=$(mktemp --suffix=.rk)
cat >"$native_unit" <<'RK'
scenario Cache {
  cache: MiB = kv_cache_bytes(layers: 32, kv_heads: 8, head_dim: 128, seq_len: 2048 token)
}
case C = Cache()
RK
expect "a native's formula ends in the unit of the property that is the call" 0 \
  "^  kv_cache_bytes\(.*\) = .* = 2 \* 32 \* 8 \* 128 \* 2048 token / 1 token \* 1 \* 2 B = 256 MiB$" \
  -- "$reckon" explain "$native_unit" C.cache
rm -f "$native_unit"
# A lambda is shown as written, on one line (the golden's is written over two), with the
# call's value: the worst latency is the third request's, 7 ms
# (tests/lang/eval-ok-aggregates-trace-replay.rk works it through).
expect "explain shows a lambda on one line" 0 \
  "= scan\(\[0, 1, 2, 10\] ms, .*\(previous, t\) => Served\(start: max\(previous.finish, t\), finish: max\(previous.finish, t\) \+ service, latency: max" \
  -- "$reckon" explain tests/lang/eval-ok-aggregates-trace-replay.rk Trace.worst

# LaTeX braces balance (escaped ones aside) and no bare _ % # survives.
latex=$("$reckon" explain --format latex "$training" line_items_per_layer --depth 3)
unbalanced=$(sed 's/\\[{}]//g' <<<"$latex" | awk '{ for (i = 1; i <= length($0); i++) {
  c = substr($0, i, 1); if (c == "{") d++; if (c == "}") d--; if (d < 0) bad = 1 } }
  END { print (d != 0 || bad) ? "yes" : "no" }')
bare=$(sed 's/\\[_%#]//g' <<<"$latex" | grep -c '[_%#]')
if [[ $unbalanced == no && $bare == 0 && $latex == *'\begin{align*}'* ]]; then
  passes=$((passes + 1))
else
  echo "FAIL latex: unbalanced=$unbalanced bare=$bare"
  failures=$((failures + 1))
fi

echo "cli: $passes passed, $failures failed"
[[ $failures -eq 0 ]]
