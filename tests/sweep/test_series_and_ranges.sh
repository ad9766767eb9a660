#!/usr/bin/env bash
# `reckon sweep`: a line chart keeps every series (one y axis per dimension, each series
# converted to its axis's unit, a legend whenever there are two series or more; E0810
# for a third dimension), and a float range gives the decimals a person wrote, in every
# output and to the evaluation itself.
# Usage: test_series_and_ranges.sh PATH/TO/reckon   (from the repository root)
set -u
reckon="$1"
source "$(dirname "$0")/../expect.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

cat >"$tmp/run.rk" <<'RK'
scenario Run {
  input days: day = 1 day
  input price: USD/h = 100 USD/h
  input share: number = 0.5
  hours: h = days
  length: day = days
  cost: USD = price * days
  memory: GB = 1 GB
  tenfold: number = share * 10
  is_three_tenths: bool = share == 0.3
}
case R = Run()
RK
sweep=("$reckon" sweep "$tmp/run.rk" R --vary 'days=1 day..3 day+1 day')
# The y pixel of every point of series number $2 (1-based) of chart $1.
points() {
  awk -v n="$2" '/<g class="series"/{s++} s==n && /<circle/{match($0, /cy="[^"]*"/); print substr($0, RSTART, RLENGTH)}' "$1" |
    tr '\n' ' '
}

# --- one dimension in two units: one axis, in the first series's unit -----------------
"${sweep[@]}" --show length,hours --format svg -o "$tmp/time.svg"
expect "h beside day: both series are drawn" 0 "^2$" -- grep -c '<g class="series"' "$tmp/time.svg"
# 24 h is 1 day: drawn in days, the hours series lies on the days series, point by point.
expect "h beside day: the same points, in days" 0 "^cy=\"[0-9.]+\" cy=\"[0-9.]+\" cy=\"[0-9.]+\" $" -- \
  points "$tmp/time.svg" 2
expect "h beside day: hours drawn where the days are" 0 "^same$" -- \
  bash -c "[[ '$(points "$tmp/time.svg" 1)' == '$(points "$tmp/time.svg" 2)' ]] && echo same"
expect "h beside day: one axis in days, naming both" 0 ">length, hours \(day\)<" -- cat "$tmp/time.svg"
expect "two series have a legend" 0 'class="legend-entry"[^>]*>hours<' -- cat "$tmp/time.svg"

# --- two dimensions: a second y axis on the right ---------------------------------------
"${sweep[@]}" --show length,cost --format svg -o "$tmp/two.svg"
expect "cost beside days: both series are drawn" 0 "^2$" -- grep -c '<g class="series"' "$tmp/two.svg"
expect "cost gets the right axis" 0 'class="axis-label-right"[^>]*>cost \(USD\)<' -- cat "$tmp/two.svg"
# 100 USD/h * 24 h = 2400 USD a day: 2400 to 7200 USD over 1 to 3 days.
expect "the right axis is in USD" 0 'class="tick-y2"[^>]*>7000<' -- cat "$tmp/two.svg"
expect "the legend says which axis" 0 '>cost \(right axis\)<' -- cat "$tmp/two.svg"
bash "$(dirname "$0")/render_svg.sh" "$tmp/two.svg" "$tmp/two.png"
code=$?
if [[ $code -eq 77 ]]; then
  echo "skip: no browser to render two.svg"
else
  expect "the two-axis chart renders" 0 "^0$" -- echo "$code"
fi

# --- three dimensions: E0810, at the series that has no axis ----------------------------
expect "a third dimension is E0810" 1 \
  "^--show:1:13: error\[E0810\]: a line chart has two y axes, but what is shown has 3 dimensions: .length. \(time\), .cost. \(money\), .memory. \(information\)" -- \
  "${sweep[@]}" --show length,cost,memory --format svg
expect "E0810 is found before -o is opened" 1 "error\[E0810\]" -- \
  "${sweep[@]}" --show length,cost,memory --format svg -o "$tmp/three.svg"
expect "so no file is left" 0 "^absent$" -- bash -c "[[ -e '$tmp/three.svg' ]] || echo absent"

# --- a heat map colours one value: a second is E0811, not left out -----------------------
expect "a heat map of two values is E0811" 1 \
  "^--show:1:8: error\[E0811\]: a heat map colours one shown value, and this sweep shows 2" -- \
  "$reckon" sweep "$tmp/run.rk" R --vary 'days=1 day,2 day' --vary 'price=1 USD/h,2 USD/h' \
  --show length,cost --format svg -o "$tmp/heat.svg"
expect "a heat map of one value is drawn" 0 'class="title"' -- bash -c \
  "'$reckon' sweep '$tmp/run.rk' R --vary 'days=1 day,2 day' --vary 'price=1 USD/h,2 USD/h' --show cost --format svg"

# --- a float range is the decimals written ----------------------------------------------
# 0.1 + 2 * 0.1 is 0.30000000000000004 in binary; the range's third value is 0.3, which
# the evaluation receives too: share == 0.3 holds there, and 0.7 * 10 is 7.
range=("$reckon" sweep "$tmp/run.rk" R --show share,tenfold,is_three_tenths)
csv=$("${range[@]}" --vary 'share=0.1..1+0.1' --format csv)
expect "CSV: the ten values as written" 0 "^0.1 0.2 0.3 0.4 0.5 0.6 0.7 0.8 0.9 1 $" -- \
  bash -c "tail -n +2 <<<'$csv' | cut -d, -f1 | tr '\n' ' '"
expect "CSV: the shown value is the varied one" 0 "^0.6,0.6,6,false$" -- echo "$csv"
expect "CSV: tenfold 0.7 is 7" 0 "^0.7,0.7,7,false$" -- echo "$csv"
expect "the evaluation gets 0.3 itself" 0 "^0.3,0.3,3,true$" -- echo "$csv"
expect "JSON lines: 0.6 as written" 0 '^\{"share":0.6,"tenfold":6(\.0)?,"is_three_tenths":false\}$' -- \
  "${range[@]}" --vary 'share=0.1..1+0.1' --format jsonl
# A geometric range too: 0.1 * 3 is 0.30000000000000004 in binary, 0.3 in decimal.
expect "a geometric range: 0.1, 0.3, 0.9, 2.7, 8.1" 0 "^0.1 0.3 0.9 2.7 8.1 $" -- \
  bash -c "'$reckon' sweep '$tmp/run.rk' R --show share --vary 'share=0.1..10*3' --format csv | tail -n +2 | cut -d, -f1 | tr '\n' ' '"
cat >>"$tmp/run.rk" <<'RK'
sweep Shares { about R vary share in 0.1 .. 1 step 0.1 show share, is_three_tenths }
sweep Small { about R vary share in 0.000001 .. 0.00001 step 0.000001 show share }
RK
expect "a declared range too" 0 "^0.3,0.3,true$" -- "$reckon" sweep "$tmp/run.rk" Shares --format csv
expect "small steps: 7e-06, not 7.000000000000001e-06" 0 "^7e-06,7e-06$" -- \
  "$reckon" sweep "$tmp/run.rk" Small --format csv

# --- money in full in a sweep table, as everywhere ------------------------------------------
# 100.3 USD/h * 24 h * 61.3 = 147561.36 USD: 147600 USD at 4 digits, not 1.476e5.
expect "a sweep table writes money in full" 0 "^ +61.30 +147600$" -- \
  "$reckon" sweep "$tmp/run.rk" R --set 'price=100.3 USD/h' --vary 'days=61.3 day' --show cost
# 2400 USD * 61.4937 = 147584.88 USD: 147600 USD in explain's derivation too.
expect "explain writes money in full" 0 "= 147600 USD$" -- \
  "$reckon" explain "$tmp/run.rk" 'cost * 61.4937' --case R

echo "$passes passed, $failures failed"
[[ $failures -eq 0 ]]
