#!/usr/bin/env bash
# The editor grammars (editors/, docs/editors.md) agree with the language: regenerated
# from grammar/grammar.hpp's keyword table and `reckon list units`, they are what is
# committed; every keyword and unit is in each (read from the plain `reckon list units`
# too, not only the Markdown the generator reads); the JSON files parse and the
# TextMate regexes compile; and Vim, given tests/editors/sample.rk, colours its words
# with the groups the syntax file defines.
# Usage: test_grammars.sh PATH/TO/reckon   (run from the repository root)
set -u
reckon="$1"
source "$(dirname "$0")/../expect.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() {
  echo "FAIL $1"
  failures=$((failures + 1))
}

python3 scripts/gen-editor-grammars "$reckon" "$tmp" || fail "the generator failed"
for f in editors/textmate/reckon.tmLanguage.json editors/vscode/syntaxes/reckon.tmLanguage.json \
  editors/vim/syntax/reckon.vim; do
  diff -u "$f" "$tmp/$f" >/dev/null ||
    fail "$f is not what scripts/gen-editor-grammars writes now: run it"
done

keywords=$(grep -oE '^RK_KEY\(\w+, "\w+"\)' grammar/grammar.hpp | grep -oE '"\w+"' | tr -d '"')
# `reckon list units`: each dimension's name, then its units on an indented line.
units=$("$reckon" list units | grep '^ ' | tr -s ' ' '\n' | grep -v '^$' | sort -u)
[[ $(wc -w <<<"$keywords") -ge 30 ]] || fail "too few keywords read: $keywords"
[[ $(wc -w <<<"$units") -ge 100 ]] || fail "too few units read from reckon list units"
python3 - "$keywords" "$units" <<'PY' || fail "the grammars and the language disagree"
import json, re, sys
keywords, units = sys.argv[1].split(), sys.argv[2].split()
tm = json.load(open("editors/textmate/reckon.tmLanguage.json"))
json.load(open("editors/vscode/package.json"))
json.load(open("editors/vscode/language-configuration.json"))
regexes = []
def walk(x):
    if isinstance(x, dict):
        for k, v in x.items():
            if k in ("match", "begin", "end"):
                regexes.append(re.compile(v))
            walk(v)
    elif isinstance(x, list):
        for v in x:
            walk(v)
walk(tm)
expression = tm["repository"]["expression"]["patterns"]
def scope_of(word):
    for p in expression:
        if "match" in p and re.fullmatch(p["match"], word):
            return p["name"]
vim_words = set(re.findall(r"[\w^/*]+", open("editors/vim/syntax/reckon.vim").read()))
bad = 0
for k in keywords:
    if scope_of(k) is None or not scope_of(k).startswith(("keyword", "storage", "constant.language")):
        print("TextMate: keyword", k, "is", scope_of(k)); bad = 1
    if k not in vim_words:
        print("Vim: keyword", k, "missing"); bad = 1
for u in units:
    if scope_of(u) != "support.constant.unit.reckon":
        print("TextMate: unit", u, "is", scope_of(u)); bad = 1
    if u not in vim_words:
        print("Vim: unit", u, "missing"); bad = 1
print(len(regexes), "regexes,", len(keywords), "keywords,", len(units), "units")
sys.exit(bad)
PY

# Vim: the syntax group under the first word of chosen lines of the sample.
cat >"$tmp/probe.vim" <<'VIM'
set runtimepath^=editors/vim
filetype on
syntax on
edit tests/editors/sample.rk
let s:out = []
for [s:pattern, s:word] in [['^import', 'import'], ['^import', '"hardware'], ['^## The', '##'],
      \ ['^@source', '@source'], ['^scenario', 'scenario'], ['input memory', 'input'],
      \ ['input memory', '80'], ['input memory', 'GB ='], ['rate:', 'GB/s'],
      \ ['label:', 'text'], ['label:', 'GiB'], ['label:', '{{'], ['fits:', 'and'],
      \ ['fits:', 'none'], ['^# A file', '#']]
  let s:line = search(s:pattern, 'w')
  let s:col = stridx(getline(s:line), s:word) + 1
  call add(s:out, s:word . ' ' . synIDattr(synID(s:line, s:col, 1), 'name'))
endfor
call writefile(s:out, $PROBE_OUT)
qall!
VIM
if command -v vim >/dev/null; then
  PROBE_OUT="$tmp/probe.out" vim -u NONE -N -es -S "$tmp/probe.vim" </dev/null >/dev/null 2>&1
  want='import reckonDeclaration
"hardware reckonString
## reckonDoc
@source reckonMetadata
scenario reckonDeclaration
input reckonKeyword
80 reckonNumber
GB = reckonUnit
GB/s reckonUnit
text reckonType
GiB reckonUnit
{{ reckonEscape
and reckonOperatorWord
none reckonConstant
# reckonComment'
  got=$(cat "$tmp/probe.out" 2>/dev/null)
  [[ $got == "$want" ]] || { fail "Vim's groups for the sample"; diff <(echo "$want") <(echo "$got"); }
else
  echo "vim is not installed: its highlighting is not checked"
fi

echo "$passes passed, $failures failed"
exit $((failures > 0))
