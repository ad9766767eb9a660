#!/usr/bin/env bash
# `reckon exercises export`: Moodle XML checked by check_moodle.py (structure and keys),
# PrairieLearn directories written whole and the same on every export, and the errors of
# bad input (located, exit 1; usage, exit 2). PrairieLearn's generate and grade are run by
# tests/python/test_exercise_export.py.
# Usage: test_export.sh PATH/TO/reckon   (from the repository root)
set -u
reckon="$1"
source "$(dirname "$0")/../expect.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
file=tests/exercises/export.rk

# --- Moodle -----------------------------------------------------------------------------
expect "moodle: writes the quiz" 0 "^wrote $tmp/quiz.xml$" -- \
  "$reckon" exercises export "$file" --format moodle --variants 2 --seed 3 -o "$tmp/quiz.xml"
expect "moodle: the structure and keys" 0 "^0 failed$" -- \
  python3 tests/exercises/check_moodle.py "$tmp/quiz.xml"
cp "$tmp/quiz.xml" "$tmp/first.xml"
"$reckon" exercises export "$file" --format moodle --variants 2 --seed 3 -o "$tmp/quiz.xml" >/dev/null
expect "moodle: the same seed writes the same quiz" 0 "" -- cmp "$tmp/first.xml" "$tmp/quiz.xml"
# Slips found in the model are Moodle answers at fraction 0 with the grader's naming.
# model_slips.rk's NativeCache: kv_cache_bytes(32 layers, 8 KV heads, head 128, 2048
# tokens, batch 4, 2 B) = 2 x 32 x 8 x 128 x 2048 x 4 x 2 B = 2^30 B = 1 GiB; without the
# 2 for K and V it is 0.5 GiB, for one layer 1/32 GiB = 0.03125 GiB.
"$reckon" exercises export tests/exercises/model_slips.rk --format moodle --variants 1 \
  --seed 1 -o "$tmp/model.xml" >/dev/null
model_answers() {  # "fraction value feedback" of NativeCache's answers, one per line
  python3 -c "
import xml.etree.ElementTree as ET
for q in ET.parse('$tmp/model.xml').getroot().findall('question'):
    if q.get('type') == 'numerical' and q.find('name/text').text.startswith('NativeCache'):
        for a in q.findall('answer'):
            print(a.get('fraction'), a.find('text').text, a.find('feedback/text').text or '')"
}
expect "moodle: the K/V factor left out, from the native's formula" 0 \
  '^0 0\.5 off by a factor of 0\.5: you left out the factor 2 \(K and V\) in `kv_cache_bytes`$' \
  -- model_answers
expect "moodle: one layer's cache, from the native's formula" 0 \
  '^0 0\.03125 off by a factor of 0\.03125: this is for one layer: multiply by 32 layers$' \
  -- model_answers
# The bundled exercises export (yes/no, counts, plain numbers and quantities among them).
expect "moodle: the bundled exercises" 0 "wrote" -- \
  "$reckon" exercises export scenarios/exercises/training.rk --format moodle --variants 3 \
  -o "$tmp/training.xml"
expect "moodle: 11 categories, 33 questions" 0 "^11 33$" -- python3 -c "
import xml.etree.ElementTree as ET
qs = ET.parse('$tmp/training.xml').getroot().findall('question')
print(sum(q.get('type') == 'category' for q in qs), sum(q.get('type') != 'category' for q in qs))"

# --- PrairieLearn -----------------------------------------------------------------------
expect "prairielearn: a directory per exercise" 0 "wrote $tmp/pl/Fits/server.py" -- \
  "$reckon" exercises export "$file" --format prairielearn --variants 2 -o "$tmp/pl"
expect "prairielearn: info.json, question.html and server.py each" 0 "^12$" -- \
  bash -c "ls $tmp/pl/*/info.json $tmp/pl/*/question.html $tmp/pl/*/server.py | wc -l"
expect "prairielearn: nothing left beside them (no temporaries)" 0 "^12$" -- \
  bash -c "find $tmp/pl -type f | wc -l"
cp -r "$tmp/pl" "$tmp/pl-first"
"$reckon" exercises export "$file" --format prairielearn --variants 2 -o "$tmp/pl" >/dev/null
expect "prairielearn: exporting again writes the same files (the same uuids)" 0 "" -- \
  diff -r "$tmp/pl-first" "$tmp/pl"

# Text of the file is data whatever its bytes: an invalid UTF-8 byte and a control
# character XML forbids even as an entity come out as U+FFFD, and both exports still parse.
printf 'scenario S {\n  input n: GB = 1 GB\n}\ncase C = S()\nexercise Odd {\n  about C\n  prompt "a \xff byte and a \x01 control"\n  answer n\n}\n' >"$tmp/odd.rk"
expect "odd bytes: the quiz is written" 0 "wrote" -- \
  "$reckon" exercises export "$tmp/odd.rk" --format moodle -o "$tmp/odd.xml"
expect "odd bytes: the quiz parses, each odd byte U+FFFD" 0 "^2$" -- python3 -c "
import xml.etree.ElementTree as ET
q = [q for q in ET.parse('$tmp/odd.xml').getroot() if q.get('type') == 'numerical'][0]
print(q.find('questiontext/text').text.count(chr(0xFFFD)))"
"$reckon" exercises export "$tmp/odd.rk" --format prairielearn -o "$tmp/odd" >/dev/null
cat >"$tmp/odd_prompt.py" <<'PY'
# The prompt of server.py's first variant (its table is a JSON text in a string literal).
import ast, json, re, sys
text = open(sys.argv[1], encoding="utf-8").read()
literal = re.search(r"^VARIANTS = json.loads\((.*)\)$", text, re.M).group(1)
prompt = json.loads(ast.literal_eval(literal))[0]["prompt"]
print(prompt.count("\ufffd"), "\x01" in prompt)
PY
# JSON holds the control character (as \u0001); only the invalid byte is replaced.
expect "odd bytes: PrairieLearn's server.py reads, the invalid byte U+FFFD" 0 "^1 True$" -- \
  python3 "$tmp/odd_prompt.py" "$tmp/odd/Odd/server.py"

# --- bad input --------------------------------------------------------------------------
mkdir -p "$tmp/dir"
expect "moodle: -o a directory is E0714" 1 "error\[E0714\]: cannot write .*dir.: it is a directory" -- \
  "$reckon" exercises export "$file" --format moodle -o "$tmp/dir"
touch "$tmp/file"
expect "prairielearn: -o a file is E0714" 1 \
  "error\[E0714\]: cannot write the questions into .*file.: it is not a directory" -- \
  "$reckon" exercises export "$file" --format prairielearn -o "$tmp/file"
expect "prairielearn: the file is untouched" 0 "^0$" -- stat -c %s "$tmp/file"
expect "moodle: the quiz may not replace the exercise file (E0713)" 1 "error\[E0713\]" -- \
  "$reckon" exercises export "$file" --format moodle -o "$file"
expect "an unknown format is a usage error" 2 "--format: canvas not in \{moodle,prairielearn\}" -- \
  "$reckon" exercises export "$file" --format canvas -o "$tmp/x"
expect "a format is required" 2 "--format is required" -- \
  "$reckon" exercises export "$file" -o "$tmp/x"
expect "-o is required" 2 "--output is required" -- \
  "$reckon" exercises export "$file" --format moodle

# An exercise whose answer is text or a list, or that has none, cannot be a question: the
# checker's located errors, and nothing written.
sed 's/^  answer weights$/  answer "fourteen"/' "$file" >"$tmp/text.rk"
expect "a text answer: E0412, located" 1 "text.rk:[0-9]+:10: error\[E0412\]: an answer must be a number, a quantity or a bool, not text" -- \
  "$reckon" exercises export "$tmp/text.rk" --format moodle -o "$tmp/text.xml"
expect "nothing written for it" 1 "" -- test -e "$tmp/text.xml"
sed 's/^  answer weights$/  answer [weights, weights]/' "$file" >"$tmp/list.rk"
expect "a list answer: E0412, located" 1 "list.rk:[0-9]+:10: error\[E0412\]: an answer must be a number, a quantity or a bool, not \[" -- \
  "$reckon" exercises export "$tmp/list.rk" --format prairielearn -o "$tmp/list"
expect "no directory for it" 1 "" -- test -e "$tmp/list"
sed '/^  answer weights$/d' "$file" >"$tmp/none.rk"
expect "no answer: E0164, located" 1 "none.rk:[0-9]+:10: error\[E0164\]: exercise .WeightMemory. needs an .answer EXPR." -- \
  "$reckon" exercises export "$tmp/none.rk" --format moodle -o "$tmp/none.xml"

echo "$passes passed, $failures failed"
[[ $failures -eq 0 ]]
