#!/usr/bin/env bash
# `reckon sweep` over values that are not plain numbers: an optional input's `none`,
# workloads, members, bools and texts, in every output (categorical chart axes, E0812
# for a shown value a chart cannot draw); a shard without a feasible point; the count
# of a range over the limit (E0805 before E0801).
# Usage: test_values_and_charts.sh PATH/TO/reckon   (from the repository root)
set -u
reckon="$1"
source "$(dirname "$0")/../expect.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
training=scenarios/training.rk
# The output of a command as one line, its lines joined by `|` (grep -E reads a newline
# in a pattern as "or"), with the command's exit code.
joined() {
  "$@" 2>&1 | paste -sd'|' -
  return "${PIPESTATUS[0]}"
}
acts=("$reckon" sweep "$training" Gpt3ActivationsMicrobatch4 --no-progress)
budget=("$reckon" sweep "$training" Gpt3On1024A100 --no-progress)

# --- none: shown as none (never 0), the column's unit from its first other value -----
# GPT-3's context length is 2048 tokens (seq_len none falls back to it).
expect "none in CSV is an empty cell" 0 "\|4096,4096\|,2048$" -- joined \
  "${acts[@]}" --vary seq_len=4096,none --show sequence --format csv
expect "none first: the CSV column keeps its unit" 0 "^seq_len \(token\),sequence \(token\)\|,2048\|4096,4096$" -- joined \
  "${acts[@]}" --vary seq_len=none,4096 --show sequence --format csv
expect "none in JSON lines is null; 4096 keeps its unit" 0 \
  '^\{"seq_len":null,"sequence":\{"value":2048(\.0)?,"unit":"token"\}\}\|\{"seq_len":\{"value":4096(\.0)?,"unit":"token"\},' -- joined \
  "${acts[@]}" --vary seq_len=none,4096 --show sequence --format jsonl
expect "none in a table" 0 "\| +4096 +4096\| +none +2048$" -- joined \
  "${acts[@]}" --vary seq_len=4096,none --show sequence
"${acts[@]}" --vary seq_len=4096,none --show sequence --format svg -o "$tmp/none.svg"
expect "none on a chart: a category labelled none" 0 'class="tick-x"[^>]*>none<' -- cat "$tmp/none.svg"
expect "none on a chart: 4096 labelled too" 0 'class="tick-x"[^>]*>4096<' -- cat "$tmp/none.svg"
cat >"$tmp/repl.txt" <<RK
:load $training
sweep NoneToo { about Gpt3ActivationsMicrobatch4 vary seq_len in [4096 token, none] show sequence }
:sweep NoneToo
RK
expect "none in the REPL's :sweep" 0 "\| +4096 +4096\| +none +2048" -- joined \
  bash -c '"$0" repl <"$1"' "$reckon" "$tmp/repl.txt"

# --- categorical x axes and heat maps --------------------------------------------------
x_ticks() { grep -o 'class="tick-x"[^>]*>[^<]*<' "$1" | sed 's/.*>\(.*\)</\1/' | tr '\n' ' '; }
cxs() { grep -o '<circle[^>]*cx="[^"]*"' "$1" | grep -o 'cx="[^"]*"' | sort -u | wc -l; }
"${acts[@]}" --vary workload=GPT3_175B,LLAMA3_70B --show per_token_activations --format svg \
  -o "$tmp/rec.svg"
# A record is labelled by its `name` field, as in the table.
expect "workloads: a tick per record, by name" 0 "^GPT-3 175B Llama 3 70B $" -- x_ticks "$tmp/rec.svg"
expect "workloads: two points at two places" 0 "^2$" -- cxs "$tmp/rec.svg"
"${budget[@]}" --vary strategy=none,selective,full --show total_memory --format svg -o "$tmp/enum.svg"
expect "members: ticks by name, in the order varied" 0 "^none selective full $" -- x_ticks "$tmp/enum.svg"
expect "members: three points at three places" 0 "^3$" -- cxs "$tmp/enum.svg"
"${budget[@]}" --vary workload=GPT3_175B,LLAMA3_70B --vary strategy=selective,full \
  --show total_memory --format svg -o "$tmp/heat.svg"
expect "heat map: columns by member name" 0 "class=\"tick-x\"[^>]*>selective<" -- cat "$tmp/heat.svg"
expect "heat map: rows by workload name" 0 "class=\"tick-y\"[^>]*>Llama 3 70B<" -- cat "$tmp/heat.svg"
expect "heat map: no tick labelled 0" 1 "^0$" -- grep -cE "class=\"tick-[xy]\"[^>]*>0<" "$tmp/heat.svg"
"${budget[@]}" --vary sequence_parallel=false,true --show total_memory --format svg -o "$tmp/bool.svg"
expect "bools: ticks false and true" 0 "^false true $" -- x_ticks "$tmp/bool.svg"
# A shown bool or member has no y axis: refused, located at it, before anything is written.
expect "a shown bool on a chart is E0812" 1 \
  "^--show:1:1: error\[E0812\]: an SVG chart draws numbers, but \`fits\` is of type bool" -- \
  "${budget[@]}" --vary strategy=none,selective,full --show fits --format svg -o "$tmp/fits.svg"
expect "E0812 writes no file" 1 "" -- test -e "$tmp/fits.svg"
expect "a shown member on a heat map is E0812" 1 "error\[E0812\].*\`strategy\` is of type Recompute" -- \
  "${budget[@]}" --vary micro_batch=1,2 --vary tensor_parallel=1,8 --show strategy --format svg

# --- one dimension in two units: the first series's unit, either way round -------------
cat >"$tmp/run.rk" <<'RK'
scenario Run {
  input days: day = 1 day
  hours: h = days
  length: day = days
}
case R = Run()
RK
"$reckon" sweep "$tmp/run.rk" R --vary 'days=1 day..3 day+1 day' --show hours,length --format svg \
  -o "$tmp/hours.svg"
expect "h then day: one axis in hours" 0 ">hours, length \(h\)<" -- cat "$tmp/hours.svg"

# --- shards with an objective -----------------------------------------------------------
# The best point (micro_batch * sequence largest under 80 GiB) is in one shard; the others
# have none that fits and print nothing, with success.
"$reckon" sweep "$training" Gpt3MostTokens --format csv --no-progress >"$tmp/whole.csv"
for i in 1 2 3; do
  expect "shard $i/3 succeeds" 0 "" -- "$reckon" sweep "$training" Gpt3MostTokens --shard $i/3 \
    --format csv --no-progress
  "$reckon" sweep "$training" Gpt3MostTokens --shard $i/3 --format csv --no-progress \
    >>"$tmp/shards.csv" 2>/dev/null
done
expect "a shard without a feasible point says so" 0 "^note: no point of shard 2/3 satisfies" -- \
  "$reckon" sweep "$training" Gpt3MostTokens --shard 2/3 --format csv --no-progress
expect "the unsharded best is among the shards' bests" 0 "^found$" -- \
  bash -c 'grep -qxF "$(tail -1 "$0")" "$1" && echo found' "$tmp/whole.csv" "$tmp/shards.csv"
expect "unsharded, no feasible point is still E0804" 1 "error\[E0804\]" -- \
  "$reckon" sweep tests/lang/sweep-fail-no-best.rk --no-progress

# --- ranges over the limits ---------------------------------------------------------------
cat >"$tmp/twice.rk" <<'RK'
scenario S {
  input a: number = 1
  input label: text = "a"
  twice: number = 2 * a
}
case C = S()
RK
# 1 .. 1e20 step 1 is 1e20 values: over both limits, reported as the axis's (E0805).
expect "a range over both limits is E0805" 1 \
  "error\[E0805\]: the range has 100000000000000000000 values: one varied input may take at most 10000000" -- \
  "$reckon" sweep "$tmp/twice.rk" C --vary a=1..1e20 --show twice --no-progress

# A range of quantities without a stride asks for one (E0137) rather than stepping by one
# byte (1 GB .. 4 GB is 3,000,000,001 values: E0805 before); one of plain numbers steps by 1.
cat >"$tmp/bytes.rk" <<'RK'
scenario S {
  input b: B = 1 GB
  twice = 2 * b
}
case C = S()
RK
expect "a quantity range without a stride is E0137" 1 \
  "^--vary b:1:1: error\[E0137\]: the range of .b. is of GB \\(information\\) and needs a step or a factor" -- \
  "$reckon" sweep "$tmp/bytes.rk" C --vary 'b=1 GB..4 GB' --show twice --no-progress
# 1 GB .. 4 GB step 1 GB is 1, 2, 3, 4 GB: twice is 2, 4, 6, 8 GB. `b: B`, a step of the
# ladder, has its column in the unit eval shows the first point in: GB.
expect "a quantity range with its step" 0 "^b \\(GB\\),twice -> GB \\(GB\\)\|1,2\|2,4\|3,6\|4,8$" -- joined \
  "$reckon" sweep "$tmp/bytes.rk" C --vary 'b=1 GB..4 GB+1 GB' --show 'twice -> GB' --format csv --no-progress

# --- texts --------------------------------------------------------------------------------
expect "a text in CSV is its characters" 0 "^label,twice\|x,2\|y,2$" -- joined \
  "$reckon" sweep "$tmp/twice.rk" C --vary 'label="x","y"' --show twice --format csv --no-progress
expect "a text in JSON lines is its characters" 0 '^\{"label":"x","twice":2(\.0)?\}' -- \
  "$reckon" sweep "$tmp/twice.rk" C --vary 'label="x","y"' --show twice --format jsonl --no-progress

echo "values and charts: $passes passed, $failures failed"
[[ $failures -eq 0 ]]
