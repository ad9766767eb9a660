#!/usr/bin/env bash
# `.reckon-live` blocks of the Pandoc filter (filters/reckon.lua, docs/documents.md): the
# values as a `.reckon` table, and the playground embedded on the page's scenario file and
# the block's first expression (an <iframe> in HTML, a link elsewhere); a page without the
# playground's address fails, and the address is escaped in the attribute.
# Usage: test_live_blocks.sh RECKON_BINARY (run from the repository root)
set -u
reckon="$1"
export RECKON="$reckon"
source "$(dirname "$0")/../expect.sh"
filter=filters/reckon.lua
page=tests/web/live_page.md
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

html="$work/page.html"
expect "the live page renders to HTML" 0 '' -- pandoc --lua-filter "$filter" -t html "$page" -o "$html"
# 306 GiB: README's figure (34 s b h bytes a layer, Korthikanti et al. 2022, Table 2:
# 34 x 2048 x 4 x 12288 x 96 = 328,564,998,144 B = 306.0 GiB); 657.1 GB at micro-batch 8.
expect "the static value, in GiB" 0 '>306 GiB<' -- cat "$html"
expect "the static value at micro-batch 8" 0 '>657\.1 GB<' -- cat "$html"
expect "the playground is embedded" 0 \
  '<iframe class="reckon-live" src="\.\./\.\./build-web/site/index\.html#code=[A-Za-z0-9_-]+&amp;eval=Gpt3ActivationsMicrobatch4\.per_token_activations%20-%3E%20GiB"' \
  -- cat "$html"
# The embedded program is the scenario file, byte for byte.
code=$(grep -o 'code=[A-Za-z0-9_-]*' "$html" | head -1 | cut -d= -f2)
expect "the embedded code is scenarios/training.rk" 0 '^same$' -- python3 -c '
import base64, sys
code = sys.argv[1]
text = base64.urlsafe_b64decode(code + "=" * (-len(code) % 4))
print("same" if text == open("scenarios/training.rk", "rb").read() else "differs")' "$code"

expect "elsewhere, a link to the playground" 0 '\[Open in the playground\]\(\.\./\.\./build-web/site/index\.html#code=' \
  -- pandoc --lua-filter "$filter" -t markdown "$page"

sed '/playground:/d' "$page" >"$work/no_playground.md"
expect "a live block without the playground's address fails" 1 \
  "reckon: .*a \.reckon-live block needs the playground's address" \
  -- pandoc --lua-filter "$filter" -t html "$work/no_playground.md" -o "$work/out.html"
expect "and writes nothing" 1 '' -- test -e "$work/out.html"

# Front matter is Markdown: the entities are the characters `"`, `<` and `>` once read.
sed 's|playground: .*|playground: "x\&quot;\&gt;\&lt;script\&gt;alert(1)\&lt;/script\&gt;"|' "$page" >"$work/hostile.md"
# The page's own scenario path is relative to its folder.
sed -i 's|\.\./\.\./scenarios|'"$PWD"'/scenarios|' "$work/hostile.md"
expect "a hostile address renders" 0 '' -- pandoc --lua-filter "$filter" -t html "$work/hostile.md" -o "$work/hostile.html"
expect "its markup is escaped in the attribute" 0 'src="x&quot;&gt;&lt;script&gt;alert\(1\)&lt;/script&gt;#code=' -- grep -o 'src="[^ ]*#code=' "$work/hostile.html"
expect "no script element" 1 '' -- grep -q '<script>' "$work/hostile.html"

echo "$passes passed, $failures failed"
((failures == 0))
