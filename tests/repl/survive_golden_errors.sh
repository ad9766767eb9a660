#!/usr/bin/env bash
# The REPL survives a scripted stream of every golden error input (tests/lang/*-fail-*.rk),
# each both loaded with :load and pasted as typed input, and still evaluates a correct
# expression afterwards: the last line printed is its value, and the process ends on its
# own with exit code 1 (errors on a pipe), never a crash.
# Usage: survive_golden_errors.sh PATH/TO/reckon   (from the repository root)
set -u
reckon="$1"
script=$(mktemp)
trap 'rm -f "$script"' EXIT
# Under the sanitizers (ASan and UBSan) every fourth input: each costs a check of the whole
# session there, seconds on a CI machine, and the Release suite sends them all.
sanitized=0
if grep -qa __asan_init "$reckon" 2>/dev/null; then sanitized=1; fi
count=0 seen=0
for f in tests/lang/*-fail-*.rk; do
  seen=$((seen + 1))
  if [[ $sanitized -eq 1 && $((seen % 4)) -ne 1 ]]; then continue; fi
  echo ":load $f" >>"$script"
  # Pasted: the file's text as typed input, closed with a blank line so an unclosed
  # bracket or string cannot swallow what follows.
  cat "$f" >>"$script"
  printf '\n)\n}\n"\n\n' >>"$script"
  count=$((count + 1))
done
echo "6 * 7" >>"$script"
# A guard against a hang, not a speed test. Each input is checked with the whole session
# and the prelude and registries the REPL imports, so over a thousand inputs take about
# 10 s in a Release build and several minutes in the clang sanitizer build (ASan and
# UBSan), which a loaded CI machine stretches further: the guard is scaled for it.
limit=170
if [[ $sanitized -eq 1 ]]; then limit=840; fi
out=$(timeout "$limit" "$reckon" repl <"$script" 2>/dev/null)
code=$?
last=$(tail -n 1 <<<"$out")
if [[ $code -eq 1 && $last == "42" && $count -ge 40 ]]; then
  echo "repl survived $count golden error inputs: ok"
else
  echo "FAIL: exit $code (wanted 1), last line '$last' (wanted 42), $count inputs"
  exit 1
fi
