#!/usr/bin/env bash
# Sets at a million texts (issue #29): two sets of 1,000,000 texts built with `set(xs)` and
# intersected with `&`, against bench/sets_baseline.cpp (the same with std::unordered_set).
# Reckon's figures are whole runs of the binary, so the sets' own cost is the difference of
# two commands: one that makes the two lists of texts and intersects their sets, one that
# only makes the lists. Builds only the baseline (with c++ -O2).
#
# Usage: bench/sets.sh PATH/TO/reckon [RUNS] [N]  (from the repository root; RUNS=5, N=1e6)
set -euo pipefail
reckon=$(realpath "${1:?usage: bench/sets.sh PATH/TO/reckon [RUNS] [N]}")
runs=${2:-5}
n=${3:-1000000}
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
c++ -O2 -std=c++20 -o "$tmp/baseline" bench/sets_baseline.cpp

cat >"$tmp/sets.rk" <<RK
let a = ["t{i}" for i in 0 .. $((n - 1))]
let b = ["t{i}" for i in $((n / 2)) .. $((n / 2 + n - 1))]
RK
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
echo "load: $(cut -d' ' -f1-3 /proc/loadavg)"
# best EXPR: the least CPU time (user + system) of $runs runs, in ms.
best() {
  local min="" t i
  for ((i = 0; i < runs; i++)); do
    t=$( { TIMEFORMAT='%3U %3S'; time "$reckon" eval "$tmp/sets.rk" "$1" >/dev/null; } 2>&1 |
      awk '{ printf "%d", ($1 + $2) * 1000000 }')
    if [[ -z $min || $t -lt $min ]]; then min=$t; fi
  done
  echo "$min"
}
common=$("$reckon" eval "$tmp/sets.rk" 'len(set(a) & set(b))')
[[ $common == "$((n / 2))" ]] || { echo "bench/sets.sh: len(set(a) & set(b)) is $common" >&2; exit 1; }
lists=$(best 'len(a) + len(b)')
sets=$(best 'len(set(a) & set(b))')
awk -v n="$n" -v l="$lists" -v s="$sets" 'BEGIN {
  printf "reckon: the two lists of %d texts made: %.1f ms CPU\n", n, l / 1000
  printf "reckon: and their sets built and intersected: %.1f ms CPU, of which the sets %.1f ms\n", s / 1000, (s - l) / 1000 }'
"$tmp/baseline" "$n"
