#!/usr/bin/env bash
# The Pandoc filter (filters/reckon.lua) on sample documents: every inline expression and
# block becomes the value `reckon` itself gives, and a document whose expression no longer
# checks fails the render with Reckon's located error, exit 1 and no output file.
# Usage: test_filter.sh RECKON_BINARY (run from the repository root)
set -u
reckon="$1"
export RECKON="$reckon"
source "$(dirname "$0")/../expect.sh"
filter=filters/reckon.lua
doc=tests/documents/activation_memory.md
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

if ! command -v pandoc >/dev/null; then
  echo "FAIL: pandoc is not installed (scripts/install-packages test)"
  exit 1
fi

rendered="$work/page.md"
expect "the sample page renders" 0 '' -- pandoc --lua-filter "$filter" -t markdown "$doc" -o "$rendered"

# The values are Reckon's own, and agree with an independent calculation: selective
# recomputation keeps 34 s b h bytes per layer (Korthikanti et al. 2022, Table 2, t = 1):
# 34 x 2048 x 4 x 12288 x 96 layers = 328,564,998,144 B = 328.6 GB = 306.0 GiB; micro-batch
# 8 doubles it, 657.1 GB; with no recomputation, s b h (34 + 5 a s / h) per layer with
# a = 96, h = 12288: 34 + 80 = 114, so 114/34 x 328.56 GB = 1.102 TB.
expect "inline value in GB" 0 'keeps 328\.6 GB' -- cat "$rendered"
expect "inline value in GiB (Quarto's form)" 0 '\(306 GiB\)' -- cat "$rendered"
expect "inline count with its unit" 0 'sequence 2048 token' -- cat "$rendered"
expect "value table row" 0 'Gpt3ActivationsMicrobatch8.per_token_activations`[[:space:]]+657\.1 GB' -- cat "$rendered"
expect "value table row with a conversion" 0 'activations\(none\) -> TB`[[:space:]]+1\.102 TB' -- cat "$rendered"
expect "explanation" 0 'activation_memory\(96, 2048 token, 4, 12288, 96, 2 B, selective\)' -- cat "$rendered"
# The sweep table holds the rows of `reckon sweep --format csv`, each number to 4
# significant digits (Python's `%.4g` of the CSV's double; 82.141249536 GB is 82.14).
while IFS=, read -r batch memory; do
  [[ $batch == micro_batch ]] && continue
  shown=$(python3 -c "print('%.4g' % $memory)")
  expect "sweep row $batch" 0 "^ +$batch +${shown//./\\.}\$" -- cat "$rendered"
done < <("$reckon" sweep scenarios/training.rk Gpt3ActivationsMicrobatch4 --vary micro_batch=1,2,4 \
  --show per_token_activations --format csv --no-progress)
expect "no code block is left" 1 '' -- grep -q 'reckon' "$rendered"

# A misspelled name: the render fails with Reckon's located error and a caret.
sed 's/Microbatch4.per_token_activations`{.reckon}/Microbatch4.per_token_activation`{.reckon}/' \
  "$doc" > tests/documents/.broken.md
expect "a stale name fails the render" 1 \
  '<expr>:1:28: error\[E0320\]: `ActivationMemory` has no input or property `per_token_activation`; did you mean `per_token_activations`\?' \
  -- pandoc --lua-filter "$filter" -t html tests/documents/.broken.md -o "$work/broken.html"
expect "the caret is under the name" 0 '^ {29}\^$' -- bash -c \
  "pandoc --lua-filter $filter -t html tests/documents/.broken.md 2>&1 >/dev/null; true"
expect "no output file is written" 1 '' -- test -e "$work/broken.html"
rm -f tests/documents/.broken.md

# A scenario file that no longer checks: its own location.
cat > "$work/bad.rk" <<'RK'
scenario S {
  input x: GB = 1 GB
  y: s = x
}
case c = S()
RK
printf -- '---\nreckon:\n  files: [bad.rk]\n---\n\n`c.y`{.reckon}\n' > "$work/bad.md"
expect "a scenario that does not check fails the render" 1 'bad\.rk:3:10: error\[E0402\]: `y` must be s' \
  -- pandoc --lua-filter "$filter" -t html "$work/bad.md"
printf -- '---\nreckon:\n  files: [missing.rk]\n---\n\n`1 + 1`{.reckon}\n' > "$work/missing.md"
expect "a missing scenario file" 1 "error\[E0201\]: cannot open .*missing\.rk" \
  -- pandoc --lua-filter "$filter" -t html "$work/missing.md"

# A text is shown as its text, without Reckon's quotes.
printf '`"{2 GB} per request"`{.reckon}\n' > "$work/text.md"
expect "a text without quotes" 0 '^2 GB per request$' -- pandoc --lua-filter "$filter" -t plain "$work/text.md"

# Without front matter: expressions against the stdlib alone; a sweep needs a file.
printf '`80 GiB -> GB`{.reckon}\n' > "$work/plain.md"
expect "an expression against the stdlib" 0 '85\.90 GB' -- pandoc --lua-filter "$filter" -t plain "$work/plain.md"
printf '```{.reckon .sweep vary="x=1,2"}\n```\n' > "$work/sweep.md"
expect "a sweep without a file" 1 'a sweep needs a scenario file' \
  -- pandoc --lua-filter "$filter" -t plain "$work/sweep.md"

# Two files: names of both are in scope.
printf -- '---\nreckon:\n  files: [%s/scenarios/training.rk, %s/scenarios/regional_carbon.rk]\n---\n\n`Gpt3OnOneA100.workload.layers`{.reckon} and `east.it_energy`{.reckon}\n' \
  "$PWD" "$PWD" > "$work/two.md"
expect "two scenario files" 0 '96 and 516\.1 MWh' -- pandoc --lua-filter "$filter" -t plain "$work/two.md"

# A sweep chart: an SVG written next to the output and an image in the page.
printf -- '---\nreckon:\n  files: [%s/scenarios/training.rk]\n---\n\n```{.reckon .sweep case=Gpt3ActivationsMicrobatch4 vary="micro_batch=1,2,4" show=per_token_activations chart=%s/chart.svg}\n```\n' \
  "$PWD" "$work" > "$work/chart.md"
expect "a sweep chart" 0 "<img src=\"$work/chart.svg\"" -- pandoc --lua-filter "$filter" -t html "$work/chart.md"
expect "the chart is an SVG" 0 '<svg' -- head -c 400 "$work/chart.svg"

echo "$passes passed, $failures failed"
[[ $failures -eq 0 ]]
