#!/usr/bin/env bash
# Start-up time of `reckon`: `reckon eval '1 + 1'` (the stdlib alone) and a REPL with
# every bundled scenario loaded that exits at once (`reckon repl scenarios/*.rk
# </dev/null`). Builds nothing: give it a Release binary.
#
# Usage: bench/startup.sh PATH/TO/reckon [RUNS]    (from the repository root; RUNS=50)
# Uses hyperfine when it is installed, else a bash loop timed with date +%s%N.
set -euo pipefail
reckon=$(realpath "${1:?usage: bench/startup.sh PATH/TO/reckon [RUNS]}")
runs=${2:-50}
cd "$(dirname "$0")/.."
scenarios=(scenarios/*.rk)

echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
echo "date: $(date -u +%Y-%m-%d)"
echo "binary: $reckon"
echo "runs: $runs"

if command -v hyperfine >/dev/null; then
  # --shell=none is not used: the REPL needs `< /dev/null`; hyperfine subtracts the
  # shell's own start-up.
  hyperfine --warmup 5 --runs "$runs" --style basic -i \
    --command-name "reckon eval '1 + 1'" "'$reckon' eval '1 + 1'" \
    --command-name "reckon repl scenarios/*.rk < /dev/null" \
    "'$reckon' repl ${scenarios[*]} < /dev/null > /dev/null 2>&1"
  exit 0
fi

# measure NAME COMMAND...: mean and min wall time in ms over $runs runs.
measure() {
  local name="$1"
  shift
  local total=0 min="" t0 t1 us i
  for ((i = 0; i < 5; i++)); do "$@" >/dev/null 2>&1 </dev/null || true; done
  for ((i = 0; i < runs; i++)); do
    t0=$(date +%s%N)
    "$@" >/dev/null 2>&1 </dev/null || true
    t1=$(date +%s%N)
    us=$(((t1 - t0) / 1000))
    total=$((total + us))
    if [[ -z $min || $us -lt $min ]]; then min=$us; fi
  done
  awk -v n="$name" -v t="$total" -v r="$runs" -v m="$min" \
    'BEGIN { printf "%-42s mean %6.1f ms   min %6.1f ms\n", n, t / r / 1000, m / 1000 }'
}
measure "reckon eval '1 + 1'" "$reckon" eval '1 + 1'
measure "reckon repl scenarios/*.rk < /dev/null" "$reckon" repl "${scenarios[@]}"
