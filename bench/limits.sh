#!/usr/bin/env bash
# The limits benchmark of issue #14: inputs at the sizes Reckon allows must take seconds,
# not hours. Generates each input, runs it once under /usr/bin/time and prints a Markdown
# table of wall time and peak resident memory (docs/performance.md, "Limits").
#
#   * a file of just under 16 MiB (E0206's limit; bench/gen_limits.py): a chain of
#     100,000 properties, ~490,000 lets, and 1,000 misspelt names (E0316, exit 1), then
#     the same file without the misspellings (exit 0);
#   * 120,000 unknown names (each error once computed a "did you mean" over every name);
#   * 40,000 REPL continuation lines inside a parenthesis, and 40,000 `##` lines;
#   * `exercises build --variants 10000` (the most allowed);
#   * a sweep of 9,000,000 values of one input (E0805 allows 10,000,000).
#
# Usage: bench/limits.sh [PATH/TO/reckon]   (default build/reckon; from the repository root)
set -euo pipefail
cd "$(dirname "$0")/.."
reckon=$(realpath "${1:-build/reckon}")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

python3 bench/gen_limits.py 100000 1000 >"$work/large-misspelt.rk"
python3 bench/gen_limits.py 100000 0 >"$work/large.rk"
awk 'BEGIN { for (i = 0; i < 120000; i++) printf "let a%d = b%d\n", i, i }' >"$work/names.rk"
{ echo "(1"; for ((i = 0; i < 40000; i++)); do echo "  # inside"; done; echo "+ 1)"; } >"$work/paren.txt"
{ for ((i = 0; i < 40000; i++)); do echo "## doc"; done; echo "let z = 1"; } >"$work/docs.txt"
printf 'scenario S {\n  input n: number = 1\n  twice: number = 2 * n\n}\ncase C = S()\n' >"$work/s.rk"

# Variants are distinct (E0710), so 10,000 of them need 10,000 combinations: 100 x 100.
cat >"$work/many.rk" <<'RK'
scenario Sum {
  input a: number
  input b: number
  total: number = a + b
}
case One = Sum(a: 1, b: 1)
exercise Add {
  about One
  vary a in 1 .. 100 step 1
  vary b in 1 .. 100 step 1
  prompt "What is {a} + {b}?"
  answer total
}
RK

measure() {  # NAME COMMAND...: one run, `| name | exit | seconds | peak MB |`
  local name="$1"
  shift
  /usr/bin/time -o "$work/time" -f "%x %e %M" "$@" >/dev/null 2>&1 || true
  read -r code seconds kb < <(tail -n 1 "$work/time")
  printf '| %s | %s | %s | %d |\n' "$name" "$code" "$seconds" $((kb / 1024))
}

echo "| input | exit | seconds | peak MB |"
echo "|---|---|---|---|"
measure "check: 16 MiB file, 1,000 misspelt names ($(stat -c %s "$work/large-misspelt.rk") B)" \
  "$reckon" check "$work/large-misspelt.rk"
measure "check: 16 MiB file ($(stat -c %s "$work/large.rk") B)" "$reckon" check "$work/large.rk"
measure "check: 120,000 unknown names" "$reckon" check "$work/names.rk"
measure "repl: 40,000 lines in a parenthesis" bash -c '"$0" repl <"$1"' "$reckon" "$work/paren.txt"
measure "repl: 40,000 \`##\` lines" bash -c '"$0" repl <"$1"' "$reckon" "$work/docs.txt"
measure "exercises build --variants 10000" \
  "$reckon" exercises build "$work/many.rk" --variants 10000
measure "sweep: 9,000,000 values of one input, csv" \
  "$reckon" sweep "$work/s.rk" C --vary n=1..9000000 --show twice --format csv --no-progress
