#!/usr/bin/env bash
# Files Reckon reads and writes (docs/architecture.md): every output written whole or not
# at all and never over an input, every write error an exit 1, every input read with a
# bound, FIFOs and devices refused, SIGTERM during a sweep ending on a whole row.
# Usage: test_io.sh PATH/TO/reckon   (run from the repository root)
set -u
# As root, in a private mount namespace when one can be made: the small tmpfs mounted
# below then vanishes with this script, however it ends, and no other process sees it.
if [[ -z ${RECKON_IO_NAMESPACE:-} && $(id -u) -eq 0 ]] && unshare -m true 2>/dev/null; then
  RECKON_IO_NAMESPACE=1 exec unshare -m --propagation private bash "$0" "$@"
fi
reckon="$1"
source "$(dirname "$0")/../expect.sh"
tmp=$(mktemp -d)
small="$tmp/small"
cleanup() {
  mountpoint -q "$small" 2>/dev/null && umount "$small"
  rm -rf "$tmp"
}
trap cleanup EXIT
fail() {
  echo "FAIL $1"
  failures=$((failures + 1))
}
# No temporary file (.NAME.reckon-XXXXXX) is left in directory $1.
no_temporaries() {
  if ls -A "$1" | grep -q 'reckon-'; then fail "$2: a temporary file was left in $1"; fi
}
cp scenarios/training.rk "$tmp/t.rk"
training="$tmp/t.rk"
case=Gpt3ActivationsMicrobatch4

# --- write errors: /dev/full --------------------------------------------------------------------
expect "run to a full standard output" 1 "error\[E0715\]: cannot write standard output" -- \
  bash -c '"$0" run "$1" >/dev/full' "$reckon" "$training"
expect "eval to a full standard output" 1 "error\[E0715\]" -- \
  bash -c '"$0" eval "1 + 1" >/dev/full' "$reckon"
expect "a sweep to a full standard output" 1 "error\[E0715\]" -- \
  bash -c '"$0" sweep "$1" "$2" --vary micro_batch=1..50 --format csv >/dev/full' \
  "$reckon" "$training" "$case"
expect "sweep -o /dev/full" 1 "error\[E0704\]: cannot write ./dev/full.: No space left on device" -- \
  "$reckon" sweep "$training" "$case" --vary micro_batch=1,2 --format csv -o /dev/full
expect "doc to a full standard output" 1 "error\[E0715\]" -- \
  bash -c '"$0" doc "$1" >/dev/full' "$reckon" "$training"

# --- never over an input ------------------------------------------------------------------------
# On a copy, so that a regression does not spoil the other checks' input.
victim="$tmp/victim.rk"
cp scenarios/training.rk "$victim"
expect "sweep -o the input file" 1 "error\[E0713\]: will not write .*victim.rk.: it is the input" -- \
  "$reckon" sweep "$victim" "$case" --vary micro_batch=1,2 --format csv -o "$victim"
cp scenarios/training.rk "$victim"
expect "sweep -o the input by another path" 1 "error\[E0713\]" -- \
  "$reckon" sweep "$victim" "$case" --vary micro_batch=1,2 --format csv -o "$tmp/./victim.rk"
cmp -s "$victim" scenarios/training.rk || fail "sweep -o over its input changed the input"
mkdir -p "$tmp/imp"
cp scenarios/training.rk "$tmp/imp/base.rk"
printf 'import "./base.rk"\ncase Mine = Gpt3ActivationsMicrobatch4 with micro_batch: 2\n' \
  >"$tmp/imp/main.rk"
expect "sweep -o an imported file" 1 "error\[E0713\]: will not write .*base.rk." -- \
  "$reckon" sweep "$tmp/imp/main.rk" Mine --vary micro_batch=1,2 -o "$tmp/imp/base.rk"
cmp -s "$tmp/imp/base.rk" scenarios/training.rk || fail "sweep -o over an import changed it"

# --- things in the way --------------------------------------------------------------------------
mkdir -p "$tmp/pages/ActivationMemory.md"
expect "doc -o DIR where a page is a directory" 1 \
  "error\[E0714\]: cannot write .*ActivationMemory.md.: it is a directory" -- \
  "$reckon" doc "$training" -o "$tmp/pages"
[[ -e "$tmp/pages/TrainingBudget.md" ]] && fail "doc wrote a page although another failed"
no_temporaries "$tmp/pages" "doc with a page in the way"
touch "$tmp/a-file"
expect "doc -o an existing file" 1 "error\[E0714\]: cannot write pages into .*a-file.: it is not a directory" -- \
  "$reckon" doc "$training" -o "$tmp/a-file"
expect "sweep -o a directory" 1 "error\[E0714\]: cannot write .*pages.: it is a directory" -- \
  "$reckon" sweep "$training" "$case" --vary micro_batch=1,2 -o "$tmp/pages"
expect "doc -o DIR writes every page" 0 "wrote .*TrainingBudget.md" -- \
  "$reckon" doc "$training" -o "$tmp/docs"
no_temporaries "$tmp/docs" "doc -o DIR"
# A sweep that stops at a failing point (checkpoint_segments = 0 divides by zero) has
# no complete output: it writes no file.
expect "a sweep stopped by an error" 1 "note: at the point checkpoint_segments = 0" -- \
  "$reckon" sweep "$training" "$case" --vary checkpoint_segments=3,0 --format csv -o "$tmp/failed.csv"
[[ -e "$tmp/failed.csv" ]] && fail "a sweep stopped by an error left its -o file"
# A new file gets the permissions the umask allows, as a file made by `>` would.
(umask 022 && "$reckon" sweep "$training" "$case" --vary micro_batch=1,2 -o "$tmp/mode.txt")
[[ $(stat -c %a "$tmp/mode.txt") == 644 ]] || fail "a new output file has mode $(stat -c %a "$tmp/mode.txt"), not 644"

# --- inputs: FIFOs, devices, read errors, bounds -------------------------------------------------
mkfifo "$tmp/pipe.rk"
# `timeout` so that a regression (an open waiting for a writer) fails instead of hanging.
expect "a FIFO as the file" 1 "error\[E0207\]: .*pipe.rk. is a FIFO" -- \
  timeout $((10 * HANG_GUARD_SCALE)) "$reckon" run "$tmp/pipe.rk"
printf 'import "./pipe.rk"\n' >"$tmp/imports-pipe.rk"
expect "a FIFO as an import is located" 1 "imports-pipe.rk:1:1: error\[E0207\]" -- \
  timeout $((10 * HANG_GUARD_SCALE)) "$reckon" check "$tmp/imports-pipe.rk"
expect "a read error is an error, not an empty file" 1 \
  "error\[E0208\]: cannot read ./proc/self/mem.: Input/output error" -- \
  timeout $((10 * HANG_GUARD_SCALE)) "$reckon" check /proc/self/mem
# Under a 2 GB address-space limit, so that a regression fails fast instead of filling memory.
expect "answers from /dev/zero" 1 "error\[E0207\]: ./dev/zero. is a character device" -- \
  bash -c '$MEMORY_CAP; exec timeout $((10 * HANG_GUARD_SCALE)) "$0" exercises grade "$1" --answers /dev/zero \
    --variants 1 --seed 1' "$reckon" scenarios/exercises/training.rk
printf 'variant,exercise,answer\n' >"$tmp/answers.csv"
expect "a FIFO as the sheet record" 1 "error\[E0207\]" -- timeout $((10 * HANG_GUARD_SCALE)) "$reckon" exercises grade \
  scenarios/exercises/training.rk --answers "$tmp/answers.csv" --sheet "$tmp/pipe.rk"
expect "standard input as a file" 0 "ok \(2 scenarios, 5 cases, 18 checks\)" -- \
  bash -c '"$0" check /dev/stdin <"$1"' "$reckon" "$training"
expect "standard input from a pipe" 0 "ok \(2 scenarios, 5 cases, 18 checks\)" -- \
  bash -c 'cat "$1" | timeout $((10 * HANG_GUARD_SCALE)) "$0" check /dev/stdin' "$reckon" "$training"
expect "standard input is bounded too" 1 "error\[E0206\]: ./dev/stdin. is too large: more than 16777216 bytes" -- \
  bash -c '$MEMORY_CAP; timeout $((20 * HANG_GUARD_SCALE)) "$0" check /dev/stdin </dev/zero' "$reckon"
# An unnamed pipe has a writer, so it ends: process substitution is read like a file, bounded.
expect "a program's output as the file" 0 "ok \(2 scenarios, 5 cases, 18 checks\)" -- \
  bash -c 'timeout $((10 * HANG_GUARD_SCALE)) "$0" check <(cat "$1")' "$reckon" "$training"
expect "an unnamed pipe is bounded too" 1 "error\[E0206\]: .*is too large: more than 16777216 bytes" -- \
  bash -c '$MEMORY_CAP; timeout $((20 * HANG_GUARD_SCALE)) "$0" check <(cat /dev/zero)' "$reckon"
# The REPL's piped input is bounded too: /dev/zero is one endless line.
expect "an endless line on the REPL's input" 1 "error\[E0209\]: an input is longer than 16777216 bytes" -- \
  bash -c '$MEMORY_CAP; timeout $((20 * HANG_GUARD_SCALE)) "$0" repl </dev/zero' "$reckon"
expect "a FIFO given to :load" 1 "error\[E0207\]" -- \
  bash -c 'echo ":load $1" | timeout $((10 * HANG_GUARD_SCALE)) "$0" repl' "$reckon" "$tmp/pipe.rk"

# --- SIGTERM during a CSV sweep: whole rows, exit 143 -------------------------------------------
long=(sweep "$training" "$case" --vary micro_batch=1..20000 --vary seq_len=1..10000
  --show sequence --format csv --jobs 2)
"$reckon" "${long[@]}" >"$tmp/term.csv" 2>"$tmp/term.err" &
pid=$!
sleep 1
kill -TERM "$pid"
wait "$pid"
expect "SIGTERM exits 143" 0 "^143$" -- echo $?
expect "SIGTERM says how far it got" 0 "^interrupted by SIGTERM: [0-9]+ of 200000000 points" -- \
  cat "$tmp/term.err"
[[ $(tail -c 1 "$tmp/term.csv" | od -An -c | tr -d ' ') == '\n' ]] ||
  fail "SIGTERM left a partial row on standard output"
"$reckon" "${long[@]}" -o "$tmp/term-o.csv" 2>"$tmp/term-o.err" &
pid=$!
sleep 1
kill -TERM "$pid"
wait "$pid"
expect "SIGTERM with -o exits 143" 0 "^143$" -- echo $?
if [[ -e "$tmp/term-o.csv" ]]; then
  [[ $(tail -c 1 "$tmp/term-o.csv" | od -An -c | tr -d ' ') == '\n' ]] ||
    fail "SIGTERM left a partial row in the -o file"
fi
no_temporaries "$tmp" "SIGTERM with -o"

# --- a full disk: a 64 KiB tmpfs (needs root and mount) -----------------------------------------
mkdir -p "$small"
if [[ $(id -u) -ne 0 ]]; then
  echo "skipping the full-disk checks: mounting a tmpfs needs root"
elif ! mount -t tmpfs -o size=64k tmpfs "$small" 2>/dev/null; then
  echo "skipping the full-disk checks: mount -t tmpfs failed"
else
  printf 'old\n' >"$small/out.csv"
  expect "sweep -o on a full disk" 1 "error\[E0704\]: cannot write .*out.csv.: No space left on device" -- \
    "$reckon" sweep "$training" "$case" --vary micro_batch=1..2000 --format csv -o "$small/out.csv"
  [[ $(cat "$small/out.csv") == old ]] || fail "a failed sweep -o replaced the old file"
  expect "sweep -o a new file on a full disk" 1 "error\[E0704\]" -- \
    "$reckon" sweep "$training" "$case" --vary micro_batch=1..2000 --format csv -o "$small/new.csv"
  [[ -e "$small/new.csv" ]] && fail "a failed sweep -o left a file"
  no_temporaries "$small" "sweep -o on a full disk"
  # Fill all but a few KiB, so that pages and sheets (4 to 17 KB each) do not fit.
  head -c 57344 /dev/zero >"$small/filler" 2>/dev/null
  expect "doc -o on a full disk" 1 "error\[E0704\]: cannot write .*: No space left on device" -- \
    "$reckon" doc "$training" -o "$small/docs"
  [[ -n $(ls -A "$small/docs" 2>/dev/null) ]] && fail "doc on a full disk left files"
  expect "exercises build on a full disk" 1 "error\[E0704\]: cannot write .*: No space left on device" -- \
    "$reckon" exercises build scenarios/exercises/training.rk --variants 3 -o "$small/sheets"
  [[ -e "$small/sheets/questions.md" ]] && fail "exercises build on a full disk left questions.md"
  [[ -n $(ls -A "$small/sheets" 2>/dev/null) ]] && fail "exercises build on a full disk left files"
  umount "$small"
fi

echo "$passes passed, $failures failed"
((failures == 0))
