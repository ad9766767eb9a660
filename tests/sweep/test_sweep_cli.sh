#!/usr/bin/env bash
# End-to-end tests of `reckon sweep`: the formats, filters and objectives, sharding and
# threads (outputs must not change), Ctrl-C, the progress bar, the size limit and every
# usage error. Usage: test_sweep_cli.sh PATH/TO/reckon   (from the repository root)
set -u
reckon="$1"
training=scenarios/training.rk
case=Gpt3ActivationsMicrobatch4
source "$(dirname "$0")/../expect.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# --- the issue's example and the bundled sweeps ---------------------------------------
# 34 s b h L bytes with selective recomputation (Korthikanti et al. 2022, Table 2):
# 34 * 2048 * 1 * 12288 * 96 B = 82.14 GB at micro-batch 1, 2048 tokens; checkpointed:
# 10 segment inputs of s b h * 2 B = 50.3 MB each (0.5033 GB) plus 9/96 of 82.14 GB
# (7.701 GB) = 8.204 GB.
expect "the issue's example, as a table" 0 \
  "^ +1 +2048 +8.204 +82.14$" -- "$reckon" sweep "$training" "$case" --vary micro_batch=1,2,4,8 \
  --vary seq_len=2048..32768*2 --show checkpointed_activations,per_token_activations
expect "units head their columns" 0 "^ +token +GB +GB$" -- "$reckon" sweep "$training" "$case" \
  --vary micro_batch=1,2 --vary seq_len=2048..4096*2 --show checkpointed_activations,per_token_activations
rows=$("$reckon" sweep "$training" "$case" --vary micro_batch=1,2,4,8 --vary seq_len=2048..32768*2 \
  --show checkpointed_activations --format csv | tail -n +2 | wc -l)
expect "4 x 5 points" 0 "^20$" -- echo "$rows"
# 80 GiB = 85.90 GB: checkpointed activations grow with b * s, and 8.204 GB * 8 = 65.63 GB
# fits while 8.204 GB * 16 = 131.3 GB does not: 10 of the 20 points remain.
kept=$("$reckon" sweep "$training" "$case" --vary micro_batch=1,2,4,8 --vary seq_len=2048..32768*2 \
  --show checkpointed_activations --where 'checkpointed_activations < 80 GiB' --format csv | tail -n +2 | wc -l)
expect "--where keeps the points that fit" 0 "^10$" -- echo "$kept"
expect "the bundled sweep" 0 "^ +8 +2048 +65.63 +657.1$" -- "$reckon" sweep "$training" Gpt3ActivationFit
expect "the first sweep by default" 0 "^ +8 +2048 +65.63 +657.1$" -- "$reckon" sweep "$training"
expect "--minimize prints the best point" 0 "^ +1 +2048 +8.204$" -- "$reckon" sweep "$training" "$case" \
  --vary micro_batch=1,2,4,8 --vary seq_len=2048..32768*2 --minimize checkpointed_activations \
  --show checkpointed_activations
# Most tokens that fit: b * s = 20480 (micro-batch 5 at 4096 tokens: 5 * 8.204 GB * 2 = 82.04 GB,
# under 85.90 GB; 24576 tokens would need 98.45 GB).
expect "--maximize with a filter" 0 "^ +5 +4096 +82.04 +20480$" -- "$reckon" sweep "$training" \
  Gpt3MostTokens
expect "command-line items replace the declaration's" 0 "^ +16 +1024 +65.63 +16384$" -- \
  "$reckon" sweep "$training" Gpt3MostTokens --vary micro_batch=1..16 --vary seq_len=1024..1024*2 \
  --where 'checkpointed_activations < 70 GB'
expect "--set binds an input that is not varied" 0 "^ +1 +16.41$" -- "$reckon" sweep "$training" \
  "$case" --vary micro_batch=1 --set 'precision_bytes=4 B' --show checkpointed_activations
expect "an arithmetic range on the command line" 0 "^ +7 +" -- "$reckon" sweep "$training" "$case" \
  --vary micro_batch=1..7+3 --show sequence
# A unit at the range's end stops before `*` and a digit: `32768 token*2` is 32768 tokens
# times 2, not a unit `token*2` (E0106): 1024, 2048, ..., 32768 tokens, 6 values.
expect "a range ending in a unit, times 2" 0 "^1024,2048,4096,8192,16384,32768,$" -- bash -c \
  '"$0" sweep "$1" "$2" --vary "seq_len=1024 token..32768 token*2" --show sequence --format csv |
   tail -n +2 | cut -d, -f1 | tr "\n" ,' "$reckon" "$training" "$case"
expect "a range ending in a unit, times (2)" 0 "^ +8192 +8192$" -- "$reckon" sweep "$training" \
  "$case" --vary "seq_len=2048 token..8192 token*(2)" --show sequence
expect "a record-valued input varies too" 0 "Llama 2 70B" -- "$reckon" sweep "$training" "$case" \
  --vary workload=GPT3_175B,LLAMA2_70B --show per_token_activations
# Its column is as wide as its longest name (`Llama 2 70B`, 11 characters, wider than the
# heading and than a number's 10) and left-aligned; the numbers after it line up: every
# line of the table but the units' is as long as the first.
table=$("$reckon" sweep "$training" "$case" --vary workload=GPT3_175B,LLAMA2_70B \
  --vary micro_batch=1,16 --show per_token_activations)
expect "a record column, left-aligned" 0 "^GPT-3 175B  +1 +82.14$" -- echo "$table"
expect "a record column's heading, left-aligned" 0 "^workload +micro_batch +per_token_activations$" \
  -- echo "$table"
expect "a record column as wide as its longest name" 0 "^Llama 2 70B  +16 " -- echo "$table"
expect "a record column's rows line up" 0 "^1$" -- bash -c \
  'sed 2d <<<"$0" | awk "{ print length(\$0) }" | sort -u | wc -l' "$table"
expect "every plain property by default" 0 "forward_equivalents" -- "$reckon" sweep "$training" "$case" \
  --vary micro_batch=1

# --- formats ---------------------------------------------------------------------------
expect "CSV has units in the header and exact numbers" 0 \
  "^micro_batch,seq_len \(token\),checkpointed_activations \(GB\)$" -- "$reckon" sweep "$training" \
  "$case" --vary micro_batch=1 --vary seq_len=2048 --show checkpointed_activations --format csv
expect "CSV numbers are exact" 0 "^1,2048,8.204058624$" -- "$reckon" sweep "$training" "$case" \
  --vary micro_batch=1 --vary seq_len=2048 --show checkpointed_activations --format csv
expect "JSON lines carry value and unit" 0 \
  '^\{"micro_batch":1(\.0)?,"seq_len":\{"value":2048(\.0)?,"unit":"token"\},"checkpointed_activations":\{"value":8.204058624,"unit":"GB"\}\}$' \
  -- "$reckon" sweep "$training" "$case" --vary micro_batch=1 --vary seq_len=2048 \
  --show checkpointed_activations --format jsonl
expect "-o writes a file" 0 "" -- "$reckon" sweep "$training" "$case" --vary micro_batch=1,2 \
  --format csv -o "$tmp/out.csv"
expect "the file has the rows" 0 "^3$" -- bash -c "wc -l < '$tmp/out.csv'"
expect "an unwritable -o is a user error" 1 "error\[E0704\]: cannot write" -- "$reckon" sweep \
  "$training" "$case" --vary micro_batch=1 -o "$tmp/no/such/dir/x.csv"

# --- SVG, rendered by a browser ------------------------------------------------------------
"$reckon" sweep "$training" "$case" --vary seq_len=1024..65536*2 \
  --show checkpointed_activations,per_token_activations --format svg -o "$tmp/line.svg"
expect "a line chart is SVG with labelled axes" 0 "seq_len \(token\)" -- cat "$tmp/line.svg"
"$reckon" sweep "$training" "$case" --vary micro_batch=1..8 --vary seq_len=1024..32768*2 \
  --show checkpointed_activations --format svg -o "$tmp/heat.svg"
expect "a heat map names the coloured quantity" 0 "checkpointed_activations \(GB\)" -- cat "$tmp/heat.svg"
for chart in line heat; do
  bash "$(dirname "$0")/render_svg.sh" "$tmp/$chart.svg" "$tmp/$chart.png"
  code=$?
  if [[ $code -eq 77 ]]; then
    echo "skip: no browser to render $chart.svg"
  else
    expect "the $chart chart renders in a browser" 0 "" -- test "$code" -eq 0
  fi
done
expect "SVG plots one or two inputs" 2 "error\[E0803\]" -- "$reckon" sweep "$training" "$case" \
  --vary micro_batch=1,2 --vary seq_len=2048 --vary 'precision_bytes=1 B,2 B' --format svg
expect "SVG is drawn from the whole sweep" 2 "error\[E0803\].*--shard" -- "$reckon" sweep "$training" \
  "$case" --vary micro_batch=1,2 --format svg --shard 1/2

# --- threads and shards change nothing ------------------------------------------------------
# Under the sanitizers (about 10 times slower) the sweeps below are cut to what their checks
# still need: more than one block of 65,536 points where blocks matter, and a sweep that
# outlasts the progress bar's delay (1 s). The Release suite runs them at full size. The
# terminal sweep must outlast that delay on a fast machine: since issue #28's third pass a
# point costs about 14 ns on one core, so 5e7 points (1..5000) finished in 0.97 s and drew
# no bar; 2e8 points take about 3 s.
if [[ -n ${RECKON_SANITIZED:-} ]]; then
  big_batches=1..80 fit_lens=1..20 tty_batches=1..2000 quiet_batches=1..20
else
  big_batches=1..300 fit_lens=1..100 tty_batches=1..20000 quiet_batches=1..2000
fi
big=(sweep "$training" "$case" --vary micro_batch=$big_batches --vary seq_len=1024..2048+1
  --show checkpointed_activations,score_share --where 'checkpointed_activations < 60 GB' --format csv)
"$reckon" "${big[@]}" --jobs 1 >"$tmp/one.csv"
"$reckon" "${big[@]}" --jobs 2 >"$tmp/two.csv"
expect "--jobs 2 writes what --jobs 1 writes" 0 "" -- cmp "$tmp/one.csv" "$tmp/two.csv"
for i in 1 2 3; do "$reckon" "${big[@]}" --shard "$i/3" >"$tmp/shard$i.csv"; done
cat "$tmp"/shard{1,2,3}.csv >"$tmp/shards.csv"
expect "three shards concatenate to the whole" 0 "" -- cmp "$tmp/one.csv" "$tmp/shards.csv"
expect "the sweep is big enough to matter" 0 "^[0-9]{4,}$" -- bash -c "wc -l < '$tmp/one.csv'"
# An objective is folded by the threads that ran the points; the best must be what a walk
# over every kept row finds (awk below), the earliest of equals: here micro_batch 4000 fits
# at every seq_len from 1 token up, so the tied points lie in different blocks (65,536
# points) and threads, and the answer is the first, seq_len 1 (20 x 4000 = 80,000 points
# under the sanitizers: still two blocks).
fits=(sweep "$training" "$case" --vary seq_len=$fit_lens --vary micro_batch=1..4000
  --show checkpointed_activations --where 'checkpointed_activations < 80 GiB' --format csv)
"$reckon" "${fits[@]}" >"$tmp/fits.csv"
walk_max=$(awk -F, 'NR > 1 && (best == "" || $2 > best) { best = $2; row = $0 } END { print row }' "$tmp/fits.csv")
walk_min=$(awk -F, 'NR > 1 && (best == "" || $3 < best) { best = $3; row = $0 } END { print row }' "$tmp/fits.csv")
# The column is in the unit eval shows the first point in (display rule 8): seq_len 1,
# micro-batch 1 is 4.006 MB, so MB: 16.023552 GB is 16023.552 MB.
expect "the tie is the first point" 0 "^1,4000,16023.552$" -- echo "$walk_max"
for j in 1 2; do
  # The objective is the varied micro_batch: its column is the axis's, not a second one.
  expect "--maximize with ties, --jobs $j" 0 "^$walk_max$" -- "$reckon" "${fits[@]}" \
    --maximize micro_batch --jobs "$j"
  expect "--minimize, --jobs $j" 0 "^$walk_min$" -- "$reckon" "${fits[@]}" \
    --minimize checkpointed_activations --jobs "$j"
done
# checkpoint_segments = 0 divides by zero (the first 20,000 points, over several blocks).
expect "an objective with --skip-errors counts the failures" 0 \
  "note: 20000 points failed and were left out" -- "$reckon" sweep "$training" "$case" \
  --vary checkpoint_segments=0..3 --vary micro_batch=1..20000 --minimize checkpointed_activations \
  --show checkpointed_activations --skip-errors --jobs 2
expect "an objective stops at the first failing point" 1 \
  "note: at the point checkpoint_segments = 0, micro_batch = 1" -- "$reckon" sweep "$training" \
  "$case" --vary checkpoint_segments=0..3 --vary micro_batch=1..20000 \
  --minimize checkpointed_activations --jobs 2
for i in 1 2; do "$reckon" "${big[@]/csv/table}" --shard "$i/2" >"$tmp/t$i.txt"; done
"$reckon" "${big[@]/csv/table}" >"$tmp/t.txt"
cat "$tmp"/t{1,2}.txt >"$tmp/tshards.txt"
expect "table shards concatenate too" 0 "" -- cmp "$tmp/t.txt" "$tmp/tshards.txt"

# --- Ctrl-C and the progress bar --------------------------------------------------------------
# 2e8 points take seconds; an interrupt after half a second stops the sweep cleanly: exit 130,
# a message, and a CSV whose rows are a prefix of the full sweep's.
"$reckon" sweep "$training" "$case" --vary micro_batch=1..20000 --vary seq_len=1..10000 \
  --show sequence --where 'sequence < 3 token' --format csv --jobs 2 >"$tmp/int.csv" 2>"$tmp/int.err" &
pid=$!
sleep 0.5
kill -INT "$pid"
wait "$pid"
code=$?
expect "Ctrl-C exits 130" 0 "^130$" -- echo "$code"
expect "Ctrl-C says how far it got" 0 "^interrupted: [0-9]+ of 200000000 points" -- cat "$tmp/int.err"
expect "the points so far are written" 0 "^1,2,2$" -- cat "$tmp/int.csv"
if command -v script >/dev/null; then
  script -qec "'$reckon' sweep '$training' '$case' --vary micro_batch=$tty_batches --vary seq_len=1..10000 \
    --minimize checkpointed_activations --jobs 1" /dev/null >"$tmp/tty.txt" 2>&1
  expect "a progress bar on a terminal" 0 "\[#+\.*\] +[0-9.]+%" -- cat "$tmp/tty.txt"
fi
expect "no progress bar off a terminal" 0 "^$" -- bash -c "'$reckon' sweep '$training' '$case' \
  --vary micro_batch=$quiet_batches --vary seq_len=1..10000 --minimize checkpointed_activations 2>&1 >/dev/null"

# --- errors ------------------------------------------------------------------------------------
# E0418 at --vary as in a file: a GB literal where GiB is declared, in a list of values,
# a range's start, end or step, or a list input's lists.
gib="$tmp/gib.rk"
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
expect "--vary GB for GiB" 1 "^--vary hbm:1:8: error\[E0418\]: a value of .hbm. is declared in GiB but given 80 GB" \
  -- "$reckon" sweep "$gib" H100 --vary "hbm=40 GiB,80 GB" --show left
expect "--vary GB for GiB at a range's start" 1 "^--vary hbm:1:1: error\[E0418\]: the start of the range of .hbm. is declared in GiB but given 40 GB" \
  -- "$reckon" sweep "$gib" H100 --vary "hbm=40 GB..80 GiB+8 GiB" --show left
expect "--vary GB for GiB at a range's step" 1 "^--vary hbm:1:16: error\[E0418\]: the step of the range of .hbm. is declared in GiB but given 8 GB" \
  -- "$reckon" sweep "$gib" H100 --vary "hbm=40 GiB..80 GiB+8 GB" --show left
expect "--vary GB for GiB in a list input's range" 1 "^--vary tiers:1:19: error\[E0418\]: the end of the range is declared in GiB but given 4 GB" \
  -- "$reckon" sweep "$gib" H100 --vary "tiers=[1 GiB],(1 GiB .. 4 GB step 1 GiB)" --show left
expect "--vary GB for GiB in a map input" 1 '^--vary by_rack:1:22: error\[E0418\]: the value of "r1" is declared in GiB but given 8 GB' \
  -- "$reckon" sweep "$gib" H100 --vary 'by_rack={"r1": 8 GiB},{"r1": 8 GB}' --show left
expect "--vary GB for GiB in a tuple input" 1 "^--vary link:1:2: error\[E0418\]: element 0 of the tuple is declared in GiB but given 8 GB" \
  -- "$reckon" sweep "$gib" H100 --vary "link=(8 GB, 2)" --show left
expect "--vary GB for GiB in a list input" 1 "^--vary tiers:1:10: error\[E0418\]: element 0 of the list is declared in GiB but given 2 GB" \
  -- "$reckon" sweep "$gib" H100 --vary "tiers=[1 GiB],[2 GB]" --show left
expect "no --vary and no sweep" 2 "error\[E0802\]: a sweep needs at least one --vary" -- \
  "$reckon" sweep "$training" "$case"
expect "a file without sweeps needs a name" 2 "error\[E0802\]: .* declares no sweep" -- \
  "$reckon" sweep scenarios/serving.rk
expect "an unknown name" 1 "error\[E0601\]: no case or sweep named .Gpt3Activation." -- \
  "$reckon" sweep "$training" Gpt3Activation --vary micro_batch=1
expect "--vary without =" 2 "error\[E0603\]: --vary takes INPUT=VALUES" -- "$reckon" sweep \
  "$training" "$case" --vary micro_batch
expect "--vary of an unknown input" 1 "error\[E0309\]: .ActivationMemory. has no input .micro_bach." -- \
  "$reckon" sweep "$training" "$case" --vary micro_bach=1
expect "a malformed range is located" 1 "^--vary micro_batch:1:4: error\[E0130\]" -- "$reckon" sweep \
  "$training" "$case" --vary micro_batch=1..
expect "neither a list nor a range" 1 "^--vary micro_batch:1:1: error\[E0140\]" -- "$reckon" sweep \
  "$training" "$case" --vary 'micro_batch=,'
expect "a range's factor is missing" 1 "error\[E0140\]: expected the range's step" -- "$reckon" sweep \
  "$training" "$case" --vary 'micro_batch=1..8*'
expect "a wrong unit is located" 1 "^--vary seq_len:1:1: error\[E0402\]" -- "$reckon" sweep \
  "$training" "$case" --vary 'seq_len=2 GB'
expect "--shard out of range" 2 "error\[E0603\]: --shard takes I/N" -- "$reckon" sweep "$training" \
  "$case" --vary micro_batch=1 --shard 3/2
expect "--shard malformed" 2 "error\[E0603\]: --shard takes I/N" -- "$reckon" sweep "$training" \
  "$case" --vary micro_batch=1 --shard x
expect "--where that is not a bool" 1 "^--where:1:1: error\[E0415\]" -- "$reckon" sweep "$training" \
  "$case" --vary micro_batch=1 --where checkpointed_activations
expect "varied and --set" 1 "error\[E0322\]: .micro_batch. is varied, so it cannot also be --set" -- \
  "$reckon" sweep "$training" "$case" --vary micro_batch=1 --set micro_batch=2
expect "more points than the limit" 1 "error\[E0801\]: the sweep has more than 1000000000 points" -- \
  "$reckon" sweep "$training" "$case" --vary micro_batch=1..100000 --vary seq_len=1..100000
expect "a failing point stops the sweep" 1 "note: at the point checkpoint_segments = 0" -- \
  "$reckon" sweep "$training" "$case" --vary checkpoint_segments=2,1,0,4 --show segment_layers
expect "--skip-errors leaves it out" 0 "note: 1 point failed and was left out" -- \
  "$reckon" sweep "$training" "$case" --vary checkpoint_segments=2,1,0,4 --show segment_layers --skip-errors
expect "--minimize and --maximize exclude each other" 2 "excludes" -- "$reckon" sweep "$training" \
  "$case" --vary micro_batch=1 --minimize sequence --maximize sequence

echo "$passes passed, $failures failed"
[[ $failures -eq 0 ]]
