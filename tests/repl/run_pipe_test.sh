#!/usr/bin/env bash
# Runs one REPL script on a pipe and compares what it printed with the expected output.
# Usage: run_pipe_test.sh PATH/TO/reckon tests/repl/NAME.txt   (from the repository root)
#
# NAME.txt is fed to `reckon repl` on stdin. Its first line may be `#! ARGS...`: the
# arguments given to `reckon repl` (files to load); that line is not fed. NAME.out holds stdout and stderr,
# interleaved as printed, then a last line `exit: CODE`. With RECKON_BLESS=1 the
# output is written to NAME.out instead of compared.
set -u
reckon="$1"
script="$2"
expected="${script%.txt}.out"
args=()
skip=1
first=$(head -n 1 "$script")
if [[ $first == '#! '* ]]; then
  read -r -a args <<<"${first#\#! }"
  skip=2
fi
# A script must never hang the suite, and never see the user's terminal or history.
actual=$(NO_COLOR= HOME=/nonexistent XDG_STATE_HOME=/nonexistent \
  timeout 20 "$reckon" repl "${args[@]}" < <(tail -n "+$skip" "$script") 2>&1; echo "exit: $?")
if [[ ${RECKON_BLESS:-0} == 1 ]]; then
  printf '%s\n' "$actual" >"$expected"
  echo "wrote $expected"
  exit 0
fi
if ! diff -u "$expected" <(printf '%s\n' "$actual"); then
  echo "FAIL: $script (the diff is expected -> actual)"
  exit 1
fi
echo "ok: $script"
