#!/usr/bin/env bash
# The cells of `reckon sweep`'s table: plain decimals in a column with one tiny value
# (display rule 3, docs/language.md), the same cells tab-separated (`--format tsv`, what
# the Pandoc filter shows), and columns as wide as their widest cell or heading.
# Usage: test_table_cells.sh PATH/TO/reckon   (from the repository root)
set -u
reckon="$1"
source "$(dirname "$0")/../expect.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
joined() {
  "$@" 2>&1 | paste -sd'|' -
  return "${PIPESTATUS[0]}"
}

# t = 42.19 ms / n and cost = 0.00008 USD/Mtoken * n: at n = 1, 42.19 and 0.00008000 (4
# significant digits), at n = 100000, 0.0004219 and 8 (0.00008 x 100000 is 8 exactly; the
# cell's number is the nearest double of that, display rule 7, and whole: `8`).
cat >"$tmp/tiny.rk" <<'RK'
scenario S {
  input n: count = 1
  input label: text = "a"
  t: ms = 42.19 ms / n
  cost: USD/Mtoken = 0.00008 USD/Mtoken * n
}
case c = S()
RK
tiny=("$reckon" sweep "$tmp/tiny.rk" c --vary n=1,10,1000,100000 --show t,cost --no-progress)
expect "a tiny value in plain decimals" 0 '^         1       42\.19  0\.00008000$' -- "${tiny[@]}"
expect "no cell of the column turns scientific" 1 '' -- bash -c '"$@" | grep -q e-' _ "${tiny[@]}"
expect "the last row" 0 '^    100000   0\.0004219           8$' -- "${tiny[@]}"
# TSV: the same cells, a tab between them, CSV's header.
expect "tsv: the header and the tiny value" 0 \
  $'^n\t(t \\(ms\\))\tcost \\(USD/Mtoken\\)\\|1\t42\\.19\t0\\.00008000\\|' -- joined "${tiny[@]}" --format tsv
table_cells=$("${tiny[@]}" | tail -n +3 | tr -s ' ' | sed 's/^ //')
tsv_cells=$("${tiny[@]}" --format tsv | tail -n +2 | tr '\t' ' ')
expect "tsv cells are the table's cells" 0 '' -- test "$table_cells" = "$tsv_cells"
# A text cell with a tab: escaped, so that a row stays one line of cells.
expect "tsv: a tab in a text is escaped" 0 $'^label\tn\tt \\(ms\\)\\|a\\\\tb\t1\t42\\.19$' -- joined \
  "$reckon" sweep "$tmp/tiny.rk" c --vary 'label="a\tb"' --vary n=1 --show t --format tsv --no-progress

# A cell wider than its heading widens its column: 1000 x 123456789 USD is written in
# full (money up to 1e12: 123456789000, 12 characters) and 0.000001234 in plain decimals
# (11), both wider than the 10 a number at 4 digits is given. Every line has the same
# width, and the heading ends where the cells end.
cat >"$tmp/wide.rk" <<'RK'
scenario S {
  input n: count = 1
  cost: USD = n * 123456789 USD
  x = 0.000001234 / n
}
case c = S()
RK
wide=("$reckon" sweep "$tmp/wide.rk" c --vary n=1,1000 --no-progress)
expect "a wide cell widens its column" 0 \
  '^         n          cost            x\|                     USD\|         1     123456789  0\.000001234\|      1000  123456789000     1\.234e-9$' \
  -- joined "${wide[@]}"
expect "every line as wide as the others" 0 '^1$' -- bash -c '"$@" | awk "NR != 2 { print length }" | sort -u | wc -l' _ "${wide[@]}"
# The best point alone: as wide as its cells too.
expect "an objective's row lines up" 0 '^         n          cost\|                     USD\|      1000  123456789000$' \
  -- joined "${wide[@]}" --show cost --maximize cost

echo "$passes passed, $failures failed"
[[ $failures -eq 0 ]]
