#!/usr/bin/env bash
# Lists at a million elements (issue #15): `reckon eval` making 1 .. 1,000,000, a
# comprehension over it and its sum, against bench/lists_baseline.cpp (the same loops in plain C++
# over doubles). Reckon's figures are whole runs of the binary, so start-up
# (`reckon eval '1 + 1'`) is timed too and the comprehension's and the sum's own costs
# are differences of two commands (each against `len(1 .. 1000000)`). Builds only the baseline (with c++ -O2).
#
# Usage: bench/lists.sh PATH/TO/reckon [RUNS]    (from the repository root; RUNS=10)
set -euo pipefail
reckon=$(realpath "${1:?usage: bench/lists.sh PATH/TO/reckon [RUNS]}")
runs=${2:-10}
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
c++ -O2 -std=c++20 -o "$tmp/baseline" bench/lists_baseline.cpp

echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
echo "load: $(cut -d' ' -f1-3 /proc/loadavg)"
# best NAME EXPR: the least CPU time (user + system) of $runs runs of `reckon eval EXPR`,
# in ms. CPU time, not wall time: on a loaded machine a process waits for a core, and the
# wall time measures the others' work (the baseline measures its loops in-process, where
# a wait shows the same way, so its best of 20 is taken).
best() {
  local min="" t i
  for ((i = 0; i < runs; i++)); do
    t=$( { TIMEFORMAT='%3U %3S'; time "$reckon" eval "$2" >/dev/null; } 2>&1 |
      awk '{ printf "%d", ($1 + $2) * 1000000 }')
    if [[ -z $min || $t -lt $min ]]; then min=$t; fi
  done
  awk -v n="$1" -v m="$min" 'BEGIN { printf "%-50s %8.1f ms CPU\n", n, m / 1000 }'
}
best "reckon eval '1 + 1'" '1 + 1'
best "reckon eval 'len(1 .. 1000000)'" 'len(1 .. 1000000)'
best "reckon eval 'len([x * 2 for x in 1 .. 1000000])'" 'len([x * 2 for x in 1 .. 1000000])'
best "reckon eval 'sum(1 .. 1000000)'" 'sum(1 .. 1000000)'
"$tmp/baseline"
# Peak resident memory (/usr/bin/time -f %M): a packed list of a million quantities takes
# 8 MB where a list of Values takes 32 MB.
for expr in '1 + 1' 'len(1 .. 1000000)' 'len([x * 2 for x in 1 .. 1000000])'; do
  kb=$(/usr/bin/time -f %M "$reckon" eval "$expr" 2>&1 >/dev/null)
  awk -v n="reckon eval '$expr'" -v k="$kb" 'BEGIN { printf "%-50s %8.1f MB peak RSS\n", n, k / 1024 }'
done
