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
# The sweep table holds the rows `reckon sweep` shows in its own table, cell for cell
# (the filter formats no number itself).
while read -r batch memory; do
  expect "sweep row $batch" 0 "^ +$batch +${memory//./\\.}\$" -- cat "$rendered"
done < <("$reckon" sweep scenarios/training.rk Gpt3ActivationsMicrobatch4 --vary micro_batch=1,2,4 \
  --show per_token_activations --no-progress | tail -n +3)
expect "no code block is left" 1 '' -- grep -q 'reckon' "$rendered"

# A misspelled name: the render fails with Reckon's located error and a caret.
sed 's/Microbatch4.per_token_activations`{.reckon}/Microbatch4.per_token_activation`{.reckon}/' \
  "$doc" > tests/documents/.broken.md
expect "a stale name fails the render" 1 \
  '<expr>:1:28: error\[E0320\]: `ActivationMemory` has no input or property `per_token_activation`; did you mean `per_token_activations`\?' \
  -- pandoc --lua-filter "$filter" -t html tests/documents/.broken.md -o "$work/broken.html"
# ... naming the page's line that holds it (line 10 of the sample page).
expect "the failure names the page's line" 1 \
  '^reckon: tests/documents/\.broken\.md:10: cannot evaluate `Gpt3ActivationsMicrobatch4\.per_token_activation`$' \
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

# A column with one tiny value reads as `reckon sweep`'s table reads it: plain decimals,
# not a column turned scientific by one cell (display rule 3, docs/language.md). At n = 1
# the cost is 0.00008 USD/Mtoken (4 significant digits: 0.00008000), at 100000 it is
# 8 USD/Mtoken exactly (whole: 8, display rule 7); t = 42.19 ms / n: 42.19 and 0.0004219.
cat >"$work/tiny.rk" <<'RK'
scenario S {
  input n: count = 1
  t: ms = 42.19 ms / n
  cost: USD/Mtoken = 0.00008 USD/Mtoken * n
}
case c = S()
RK
printf -- '---\nreckon:\n  files: [%s/tiny.rk]\n---\n\n```{.reckon .sweep case=c vary="n=1,10,1000,100000"}\n```\n' \
  "$work" >"$work/tiny.md"
pandoc --lua-filter "$filter" -t plain "$work/tiny.md" -o "$work/tiny.txt"
expect "the tiny value in plain decimals" 0 '^ +1 +42\.19 +0\.00008000$' -- cat "$work/tiny.txt"
expect "the large value at 4 digits" 0 '^ +100000 +0\.0004219 +8$' -- cat "$work/tiny.txt"
expect "no cell in scientific notation" 1 '' -- grep -q 'e-' "$work/tiny.txt"
expect "the units in the heading" 0 'cost \(USD/Mtoken\)' -- cat "$work/tiny.txt"
rows=0
while read -r n t cost; do
  rows=$((rows + 1))
  expect "tiny row $n as reckon sweep shows it" 0 "^ +$n +${t//./\\.} +${cost//./\\.}\$" -- cat "$work/tiny.txt"
done < <("$reckon" sweep "$work/tiny.rk" c --vary n=1,10,1000,100000 --no-progress | tail -n +3)
expect "every row of reckon sweep's table" 0 '^4$' -- echo "$rows"
# digits= is reckon's --digits.
printf -- '---\nreckon:\n  files: [%s/tiny.rk]\n---\n\n```{.reckon .sweep case=c vary="n=1" digits=2}\n```\n' \
  "$work" >"$work/tiny2.md"
expect "digits=2" 0 '^ +1 +42 +0\.000080$' -- pandoc --lua-filter "$filter" -t plain "$work/tiny2.md"

# Two files: names of both are in scope.
printf -- '---\nreckon:\n  files: [%s/scenarios/training.rk, %s/scenarios/regional_carbon.rk]\n---\n\n`Gpt3OnOneA100.workload.layers`{.reckon} and `east.it_energy`{.reckon}\n' \
  "$PWD" "$PWD" > "$work/two.md"
expect "two scenario files" 0 '96 and 516\.1 MWh' -- pandoc --lua-filter "$filter" -t plain "$work/two.md"

# A sweep chart: an SVG written next to the output and an image in the page.
printf -- '---\nreckon:\n  files: [%s/scenarios/training.rk]\n---\n\n```{.reckon .sweep case=Gpt3ActivationsMicrobatch4 vary="micro_batch=1,2,4" show=per_token_activations chart=%s/chart.svg}\n```\n' \
  "$PWD" "$work" > "$work/chart.md"
expect "a sweep chart" 0 "<img src=\"$work/chart.svg\"" -- pandoc --lua-filter "$filter" -t html "$work/chart.md"
expect "the chart is an SVG" 0 '<svg' -- head -c 400 "$work/chart.svg"

# One `reckon` process evaluates every inline value and value table of a page: the sample
# page has 3 inline values and a table of 2, and an explanation and a sweep, which are
# commands of their own (so 3 processes in all, 1 of them `eval`).
cat >"$work/counting-reckon" <<SH
#!/usr/bin/env bash
echo "\$1" >>"$work/calls"
exec "$reckon" "\$@"
SH
chmod +x "$work/counting-reckon"
RECKON="$work/counting-reckon" pandoc --lua-filter "$filter" -t markdown "$doc" -o "$work/counted.md"
expect "one eval process for the page's values" 0 '^1$' -- bash -c "grep -c '^eval$' '$work/calls'"
expect "three processes in all" 0 '^3$' -- bash -c "wc -l <'$work/calls'"
expect "the same page either way" 0 '' -- cmp "$work/counted.md" "$rendered"
# A failing expression among others: the first failing one in page order is named.
printf -- '---\nreckon:\n  files: [%s/scenarios/training.rk]\n---\n\nfine `1 + 1`{.reckon}\n\n```{reckon}\n2 + 2\nnope_one\n```\n\nthen `nope_two`{.reckon}\n' \
  "$PWD" >"$work/first.md"
expect "the first failure in page order" 1 "^reckon: $work/first\.md:10: cannot evaluate .nope_one.\$" \
  -- pandoc --lua-filter "$filter" -t html "$work/first.md"

# Captions: a value table's and a sweep table's as the table's caption, a chart's as its
# figure's.
printf -- '---\nreckon:\n  files: [%s/scenarios/training.rk]\n---\n\n```{.reckon caption="Activations per micro-batch"}\nGpt3ActivationsMicrobatch8.per_token_activations\n```\n\n```{.reckon .sweep case=Gpt3ActivationsMicrobatch4 vary="micro_batch=1,2" show=per_token_activations caption="The sweep"}\n```\n\n```{.reckon .sweep case=Gpt3ActivationsMicrobatch4 vary="micro_batch=1,2" show=per_token_activations chart=%s/captioned.svg caption="The chart"}\n```\n' \
  "$PWD" "$work" >"$work/captions.md"
pandoc --lua-filter "$filter" -t html "$work/captions.md" -o "$work/captions.html"
expect "a value table's caption" 0 '<caption>Activations per micro-batch</caption>' -- cat "$work/captions.html"
expect "a sweep table's caption" 0 '<caption>The sweep</caption>' -- cat "$work/captions.html"
expect "a chart's caption" 0 '<figcaption[^>]*>The chart</figcaption>' -- cat "$work/captions.html"

# The user's text is text in HTML: a value, an expression, a caption and an explanation
# holding markup are escaped, never written as markup.
printf -- '`"<script>alert(1)</script>"`{.reckon}\n\n```{.reckon caption="<img src=x onerror=alert(2)>"}\n"<img src=y onerror=alert(3)>"\n```\n\n```{.reckon .explain}\n"<b onmouseover=alert(4)>x</b>"\n```\n' >"$work/hostile.md"
expect "a hostile page renders" 0 '' -- pandoc --lua-filter "$filter" -t html "$work/hostile.md" -o "$work/hostile.html"
expect "no script element" 1 '' -- grep -qi '<script' "$work/hostile.html"
expect "no element with an onerror attribute" 1 '' -- grep -qiE '<[a-z]+[^>]* on(error|mouseover)=' "$work/hostile.html"
expect "the value is shown as text" 0 '&lt;script&gt;alert\(1\)&lt;/script&gt;' -- cat "$work/hostile.html"
expect "the caption is shown as text" 0 '&lt;img src=x onerror=alert\(2\)&gt;' -- cat "$work/hostile.html"
expect "the table's value is shown as text" 0 '&lt;img src=y onerror=alert\(3\)&gt;' -- cat "$work/hostile.html"
expect "the explanation is shown as text" 0 '&lt;b onmouseover=alert\(4\)&gt;' -- cat "$work/hostile.html"

# A sweep's text cell too: a varied text holding markup is a cell's text.
cat >"$work/hostile.rk" <<'RK'
scenario S {
  input label: text = "a"
  n = 1
}
case c = S()
RK
printf -- '---\nreckon:\n  files: [%s/hostile.rk]\n---\n\n```{.reckon .sweep case=c show=n}\nvary: label="<img src=z onerror=alert(5)>"\n```\n' \
  "$work" >"$work/hostile-sweep.md"
expect "a hostile sweep renders" 0 '' -- pandoc --lua-filter "$filter" -t html "$work/hostile-sweep.md" -o "$work/hostile-sweep.html"
expect "no element with an onerror attribute in the sweep" 1 '' -- grep -qiE '<[a-z]+[^>]* onerror=' "$work/hostile-sweep.html"
expect "the sweep's text cell is shown as text" 0 '&lt;img src=z onerror=alert\(5\)&gt;' -- cat "$work/hostile-sweep.html"

echo "$passes passed, $failures failed"
[[ $failures -eq 0 ]]
