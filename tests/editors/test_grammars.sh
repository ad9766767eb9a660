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

# TextMate, line by line as an editor scans (at each position the rule that matches
# first, the earlier in the list on a tie): a declared name that is also a unit's symbol
# is a variable where it is declared and where it names an override or an argument, and
# a unit after a number or a colon is still a unit. (Lines without strings: the string
# rule's begin/end is not emulated.)
python3 - <<'PY' || fail "TextMate scopes of names that are units"
import json, re
tm = json.load(open("editors/textmate/reckon.tmLanguage.json"))
def rules(items):
    for item in items:
        if "begin" in item:
            continue
        if "include" in item:
            yield from rules(tm["repository"][item["include"][1:]].get("patterns",
                             [tm["repository"][item["include"][1:]]]))
        elif "patterns" in item and "match" not in item:
            yield from rules(item["patterns"])
        elif "match" in item:
            yield item
flat = list(rules(tm["patterns"]))
def scopes(line):
    out, pos = {}, 0
    while pos < len(line):
        best = None
        for r in flat:
            m = re.compile(r["match"]).search(line, pos)
            if m and (best is None or m.start() < best[1].start()):
                best = (r, m)
        if best is None:
            break
        r, m = best
        if "name" in r:
            out.setdefault(m.start(), (m.group(0), r["name"]))
        for group, c in r.get("captures", {}).items():
            if m.group(int(group)) is not None:
                out[m.start(int(group))] = (m.group(int(group)), c["name"])
        pos = m.end() if m.end() > pos else pos + 1
    return out
def scope_at(line, word, nth=0):
    at = [i for i in range(len(line)) if re.match(r"\b%s\b" % re.escape(word), line[i:])
          and (i == 0 or not (line[i - 1].isalnum() or line[i - 1] == "_"))][nth]
    got = scopes(line).get(at)
    return got[1] if got and got[0] == word else None
declared, unit = "variable.other.declaration.reckon", "support.constant.unit.reckon"
cases = [
    ("  input s: count = 3", "s", 0, declared),
    ("  input h: number", "h", 0, declared),
    ("let h = 2", "h", 0, declared),
    ("  s: GB", "s", 0, declared),
    ("  s = 2 * h", "s", 0, declared),
    ("  s: s = 1 s", "s", 0, declared),
    ("  s: s = 1 s", "s", 1, unit),
    ("  s: s = 1 s", "s", 2, unit),
    ("case c = S with s: 2, h: 3", "s", 0, "variable.other.reckon"),
    ("case c = S with s: 2, h: 3", "h", 0, "variable.other.reckon"),
    ("  y = f(h: 1 h)", "h", 0, "variable.other.reckon"),
    ("  y = f(h: 1 h)", "h", 1, unit),
    ("  input rate: GB/s = 5 GB/s", "rate", 0, declared),
    ("  total = 3 h", "h", 0, unit),
    ("  ok = total == 3 h", "ok", 0, declared),
    ("  check s == 1", "check", 0, "storage.type.reckon"),
]
bad = 0
for line, word, nth, want in cases:
    got = scope_at(line, word, nth)
    if got != want:
        print("TextMate: %r: %s #%d is %s, wanted %s" % (line, word, nth + 1, got, want))
        bad = 1
print(len(cases), "lines scanned")
raise SystemExit(bad)
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

# Vim and Neovim, headless: a declared name that is also a unit's symbol is a name
# (reckonDeclaredName) where it is declared, and one before `:` (an override, a named
# argument) too (reckonName); a unit after a number or a colon stays a unit; the
# keywords before the names keep their groups. The same lines as TextMate's above.
cat >"$tmp/names.rk" <<'RK'
scenario S {
  input s: count = 3
  input h: number
  s: GB
  s = 2 * h
  s: s = 1 s
  total = 3 h
  y = f(h: 1 h, s: 2)
  check s == 1
}
let h = 2
case c = S with s: 2, h: 3
RK
cat >"$tmp/names.vim" <<'VIM'
set runtimepath^=editors/vim
filetype on
syntax on
execute 'edit ' . $NAMES_RK
let s:out = []
" [line, word, which occurrence of it as a whole word (1 = first)]
for [s:line, s:word, s:nth] in [[2, 'input', 1], [2, 's', 1], [2, 'count', 1], [3, 'h', 1],
      \ [4, 's', 1], [4, 'GB', 1], [5, 's', 1], [6, 's', 1], [6, 's', 2], [6, 's', 3],
      \ [7, 'total', 1], [7, 'h', 1], [8, 'h', 1], [8, 'h', 2], [8, 's', 1],
      \ [11, 'let', 1], [11, 'h', 1], [12, 'with', 1], [12, 's', 1], [12, 'h', 1]]
  let s:col = 0
  for s:k in range(s:nth)
    let s:col = match(getline(s:line), '\<' . s:word . '\>', s:col == 0 ? 0 : s:col) + 1
  endfor
  call add(s:out, s:line . ' ' . s:word . ' ' . s:nth . ' ' . synIDattr(synID(s:line, s:col, 1), 'name'))
endfor
call writefile(s:out, $PROBE_OUT)
qall!
VIM
names_want='2 input 1 reckonKeyword
2 s 1 reckonDeclaredName
2 count 1 reckonType
3 h 1 reckonDeclaredName
4 s 1 reckonDeclaredName
4 GB 1 reckonUnit
5 s 1 reckonDeclaredName
6 s 1 reckonDeclaredName
6 s 2 reckonUnit
6 s 3 reckonUnit
7 total 1 reckonDeclaredName
7 h 1 reckonUnit
8 h 1 reckonName
8 h 2 reckonUnit
8 s 1 reckonName
11 let 1 reckonDeclaration
11 h 1 reckonDeclaredName
12 with 1 reckonKeyword
12 s 1 reckonName
12 h 1 reckonName'
for editor in vim nvim; do
  if ! command -v "$editor" >/dev/null; then
    echo "$editor is not installed: its highlighting of names is not checked"
    continue
  fi
  rm -f "$tmp/names.out"
  if [[ $editor == vim ]]; then
    NAMES_RK="$tmp/names.rk" PROBE_OUT="$tmp/names.out" vim -u NONE -N -es -S "$tmp/names.vim" </dev/null >/dev/null 2>&1
  else
    NAMES_RK="$tmp/names.rk" PROBE_OUT="$tmp/names.out" timeout 60 nvim --headless -u NONE -n \
      -c "source $tmp/names.vim" </dev/null >/dev/null 2>&1
  fi
  got=$(cat "$tmp/names.out" 2>/dev/null)
  [[ $got == "$names_want" ]] || { fail "$editor's groups for names that are units"; diff <(echo "$names_want") <(echo "$got"); }
done

echo "$passes passed, $failures failed"
exit $((failures > 0))
