#!/usr/bin/env bash
# `reckon exercises` on the bundled exercises (scenarios/exercises/training.rk): the same
# seed builds the same sheets, every format builds, answers.csv grades to its golden
# table (grade.expected) and JSON (grade.json), and mistakes in exercise files are
# located errors. Regenerate the goldens with
#   reckon exercises grade scenarios/exercises/training.rk --variants 3 --seed 42 \
#     --answers tests/exercises/answers.csv [--json] > tests/exercises/grade.{expected,json}
# and review the diff.
# Usage: test_exercises.sh PATH/TO/reckon   (from the repository root)
set -u
reckon="$1"
file=scenarios/exercises/training.rk
fail() { echo "FAIL $*"; failures=$((failures + 1)); }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

source "$(dirname "$0")/../expect.sh"

# --- build ------------------------------------------------------------------------------
"$reckon" exercises build "$file" --variants 4 --seed 7 >"$tmp/a.md" || fail "build exited $?"
"$reckon" exercises build "$file" --variants 4 --seed 7 >"$tmp/b.md" || fail "build exited $?"
cmp -s "$tmp/a.md" "$tmp/b.md" || fail "the same seed built different sheets"
"$reckon" exercises build "$file" --variants 4 --seed 8 >"$tmp/c.md" || fail "build exited $?"
cmp -s "$tmp/a.md" "$tmp/c.md" && fail "another seed built the same sheets"
[[ $(grep -c '^### ' "$tmp/a.md") -eq $((2 * 4 * 11)) ]] ||
  fail "expected 11 exercises x 4 variants in questions and answers"
grep -q '^<!-- ===== questions.md ===== -->$' "$tmp/a.md" || fail "no questions marker"
grep -q '^<!-- ===== answers.md ===== -->$' "$tmp/a.md" || fail "no answers marker"
questions=$(sed '/===== answers.md/,$d' "$tmp/a.md")
# The students' sheet names no seed (with it, the file rebuilds the key); the key does.
grep -qi 'seed' <<<"$questions" && fail "the questions name the seed"
sed -n '/===== answers.md/,$p' "$tmp/a.md" | grep -q '^Answer key for .*, seed 7, 4 variants\.' ||
  fail "the answer key does not name the seed"
# Prompts read as sentences: counts in the plural, no padded digits.
grep -q 'sequence length 1024 tokens,' <<<"$questions" || fail "a count in a prompt is not plural"
grep -q 'token,' <<<"$questions" && fail "a count in a prompt is singular"
grep -q 'Worked solution' <<<"$questions" && fail "the questions hold worked solutions"
grep -q '{' <<<"$questions" && fail "a prompt was left uninterpolated"
answers=$(sed -n '/===== answers.md/,$p' "$tmp/a.md")
[[ $(grep -c '^Worked solution:$' <<<"$answers") -eq 44 ]] || fail "not every answer is worked"
grep -q '^- `per_token_activations` = `activations(selective)` = ' <<<"$answers" ||
  fail "the worked solution is not explain's derivation"

# Numbers in prompts: a short exact text rather than padded digits (0.9, not 0.9000), the
# evaluator's digits when the exact text is longer (1/3 is 0.3333), counts in the plural
# but for one, and an explicit format as written.
cat >"$tmp/prompt.rk" <<'RK'
scenario Prompt {
  input share: number = 0.9
  input third: number = 1 / 3
  input one: token = 1 token
  input many: token = 512 token
  input gpus: device = 8 device
  answer: token = many * share
}
case P = Prompt()
exercise Sentence {
  about P
  prompt "Use {share} of the memory, {third} of the time, {one} at first, {many} then, on"
         "{gpus}; {share:.2f} as asked."
  answer answer
}
RK
"$reckon" exercises build "$tmp/prompt.rk" >"$tmp/prompt.md" || fail "prompt build exited $?"
grep -q 'Use 0.9 of the memory, 0.3333 of the time, 1 token at first, 512 tokens then, on 8 devices; 0.90 as asked.' \
  "$tmp/prompt.md" || fail "prompt numbers do not read as a sentence: $(grep '^Use' "$tmp/prompt.md")"

"$reckon" exercises build "$file" --variants 2 --seed 7 -o "$tmp/out" >/dev/null || fail "-o exited $?"
[[ -f $tmp/out/questions.md && -f $tmp/out/answers.md && -f $tmp/out/sheet.json ]] ||
  fail "-o did not write the questions, the answers and the sheet record"
# Variants do not depend on how many are built (a note that other variants share the
# answer names the variants built, so it may).
diff -q <(sed -n '/^## Variant 1$/,/^## Variant 2$/p' "$tmp/out/answers.md" | sed '/^Note: variants/,+1d') \
  <(sed -n '/^## Variant 1$/,/^## Variant 2$/p' <<<"$answers" | sed '/^Note: variants/,+1d') >/dev/null ||
  fail "variant 1 changed with --variants"

"$reckon" exercises build "$file" --format qmd >"$tmp/q.qmd" || fail "qmd exited $?"
grep -q '^title: "Exercises: answer key"$' "$tmp/q.qmd" || fail "qmd has no front matter"
"$reckon" exercises build "$file" --format latex -o "$tmp/tex" >/dev/null || fail "latex exited $?"
[[ -f $tmp/tex/questions.tex && -f $tmp/tex/answers.tex ]] || fail "latex did not write .tex files"
grep -q '\\begin{align\*}' "$tmp/tex/answers.tex" || fail "latex answers have no derivation"
grep -q 'checkpoint\\_segments' "$tmp/tex/answers.tex" || fail "latex text is not escaped"
grep -q '\\subsubsection\*{1. SelectiveFootprint}' "$tmp/tex/questions.tex" || fail "latex headings"

# --- grade ------------------------------------------------------------------------------
grade=("$reckon" exercises grade "$file" --variants 3 --seed 42 --answers tests/exercises/answers.csv)
diff -u tests/exercises/grade.expected <("${grade[@]}") || fail "grade differs from grade.expected"
diff -u tests/exercises/grade.json <("${grade[@]}" --json) || fail "grade --json differs from grade.json"
"${grade[@]}" --json | python3 -c 'import json, sys; json.load(sys.stdin)' 2>/dev/null ||
  fail "grade --json is not JSON"

# Every family and magnitude of information unit, bits, counting parts and the answer
# scope, on keys made for it (slips.rk explains each expected status).
diff -u tests/exercises/slips.expected \
  <("$reckon" exercises grade tests/exercises/slips.rk --variants 1 --seed 1 \
    --answers tests/exercises/slips.csv) || fail "grade differs from slips.expected"

# Slips in the model: factors left out or doubled, counts taken as one, a total for a
# per-GPU value, a default for the variant's value, ambiguous matches named together
# (model_slips.rk works out each expected line).
diff -u tests/exercises/model_slips.expected \
  <("$reckon" exercises grade tests/exercises/model_slips.rk --variants 1 --seed 1 \
    --answers tests/exercises/model_slips.csv) || fail "grade differs from model_slips.expected"
"$reckon" exercises grade tests/exercises/model_slips.rk --variants 1 --seed 1 --json \
  --answers tests/exercises/model_slips.csv | grep -q '"credit": 0.5' ||
  fail "a declared slip's credit is missing from --json"

# --- the seed and variants to grade with ------------------------------------------------
# build -o writes the sheet record; grade --sheet uses it, from the directory or the file.
"$reckon" exercises build "$file" --variants 3 --seed 42 -o "$tmp/sheets" >"$tmp/wrote" ||
  fail "build -o exited $?"
grep -q "^wrote $tmp/sheets/sheet.json$" "$tmp/wrote" || fail "build -o did not say it wrote sheet.json"
python3 - "$tmp/sheets/sheet.json" <<'PY' || fail "sheet.json does not record the seed, variants and exercises"
import json, sys
r = json.load(open(sys.argv[1]))
assert r["reckon_sheet"] == 1 and r["seed"] == 42 and r["variants"] == 3, r
assert r["file"] == "scenarios/exercises/training.rk", r
names = [x["name"] for x in r["exercises"]]
assert names[0] == "SelectiveFootprint" and len(names) == 11, names
assert all(len(x["answers"]) == 16 for x in r["exercises"]), r
PY
for sheet in "$tmp/sheets" "$tmp/sheets/sheet.json"; do
  diff -u tests/exercises/grade.expected \
    <("$reckon" exercises grade "$file" --sheet "$sheet" --answers tests/exercises/answers.csv) ||
    fail "grade --sheet $sheet differs from grade.expected"
done
# Flags that agree with the record are allowed.
diff -q tests/exercises/grade.expected <("$reckon" exercises grade "$file" --sheet "$tmp/sheets" \
  --seed 42 --variants 3 --answers tests/exercises/answers.csv) >/dev/null ||
  fail "grade --sheet with agreeing flags differs from grade.expected"
answers=(--answers tests/exercises/answers.csv)
expect "grade without the seed and variants" 2 "error\\[E0706\\]: grading needs the seed and variant count" -- \
  "$reckon" exercises grade "$file" "${answers[@]}"
expect "grade with --variants alone" 2 "E0706.*(--seed is missing)" -- \
  "$reckon" exercises grade "$file" --variants 3 "${answers[@]}"
expect "grade with --seed alone" 2 "E0706.*(--variants is missing)" -- \
  "$reckon" exercises grade "$file" --seed 42 "${answers[@]}"
expect "a seed that contradicts the record" 2 "error\\[E0708\\]: --seed 7 contradicts the sheet record .*which says seed 42" -- \
  "$reckon" exercises grade "$file" --sheet "$tmp/sheets" --seed 7 "${answers[@]}"
expect "variants that contradict the record" 2 "error\\[E0708\\]: --variants 4 contradicts .*which says variants 3" -- \
  "$reckon" exercises grade "$file" --sheet "$tmp/sheets" --variants 4 "${answers[@]}"
mkdir "$tmp/no-record"
expect "no record in the directory" 1 "error\\[E0707\\]: cannot open the sheet record .*/no-record/sheet.json.: build the sheets with -o DIR" -- \
  "$reckon" exercises grade "$file" --sheet "$tmp/no-record" "${answers[@]}"
expect "no record at the path" 1 "error\\[E0707\\]: cannot open the sheet record .*/nowhere.json." -- \
  "$reckon" exercises grade "$file" --sheet "$tmp/nowhere.json" "${answers[@]}"
printf '{"reckon_sheet": 1,\n "seed": 42,\n "variants": x}\n' >"$tmp/bad.json"
expect "a record that is not JSON" 1 "bad.json:3:14: error\\[E0707\\]: not a sheet record: it is not JSON" -- \
  "$reckon" exercises grade "$file" --sheet "$tmp/bad.json" "${answers[@]}"
printf '[1]\n' >"$tmp/list.json"
expect "a record that is not an object" 1 "list.json:1:1: error\\[E0707\\]: not a sheet record: expected an object" -- \
  "$reckon" exercises grade "$file" --sheet "$tmp/list.json" "${answers[@]}"
printf '{"reckon_sheet": 1, "file": "a.rk", "seed": -1, "variants": 3, "exercises": []}\n' >"$tmp/neg.json"
expect "a record with a negative seed" 1 "E0707\\]: not a sheet record: .seed. must be a whole number" -- \
  "$reckon" exercises grade "$file" --sheet "$tmp/neg.json" "${answers[@]}"
printf '{"reckon_sheet": 1, "file": "a.rk", "seed": 1, "exercises": []}\n' >"$tmp/novariants.json"
expect "a record without variants" 1 "E0707\\]: not a sheet record: it has no .variants." -- \
  "$reckon" exercises grade "$file" --sheet "$tmp/novariants.json" "${answers[@]}"
printf '{"reckon_sheet": 1, "file": "a.rk", "seed": 1, "variants": 0, "exercises": []}\n' >"$tmp/zero.json"
expect "a record with no variants" 1 "E0707\\]: not a sheet record: .variants. must be a whole number from 1 to 10000" -- \
  "$reckon" exercises grade "$file" --sheet "$tmp/zero.json" "${answers[@]}"
printf '{"reckon_sheet": 1, "file": "a.rk", "seed": 1, "variants": 1, "exercises": ["A"]}\n' >"$tmp/names.json"
expect "a record whose exercises are not objects" 1 "E0707\\]: not a sheet record: .exercises. must be a list" -- \
  "$reckon" exercises grade "$file" --sheet "$tmp/names.json" "${answers[@]}"
# A file edited since the sheets were built: another exercise name, other answers.
mkdir -p "$tmp/edited/exercises"
cp scenarios/training.rk "$tmp/edited/"
sed 's/^exercise ScoreShare /exercise ScoreShares /' "$file" >"$tmp/edited/exercises/renamed.rk"
expect "a record of an exercise the file lacks" 1 "error\\[E0709\\]: .*renamed.rk. has no exercise .ScoreShare. \\(the sheet record .* was made from .scenarios/exercises/training.rk.\\)" -- \
  "$reckon" exercises grade "$tmp/edited/exercises/renamed.rk" --sheet "$tmp/sheets" "${answers[@]}"
sed 's/vary seq_len in \[1024 token, 2048 token\]/vary seq_len in [1000 token, 2000 token]/' "$file" >"$tmp/edited/exercises/changed.rk"
cmp -s "$file" "$tmp/edited/exercises/changed.rk" && fail "the edit of the exercise file changed nothing"
expect "a record whose answers changed" 1 "error\\[E0709\\]: .*changed.rk. gives other answers to .FullRecomputeFootprint. than when the sheets were built" -- \
  "$reckon" exercises grade "$tmp/edited/exercises/changed.rk" --sheet "$tmp/sheets" "${answers[@]}"

# The grading example of docs/exercises.md: its answers.csv, graded with the sheets above,
# prints the table the page shows.
example=$(sed -n '/^### Statuses/,$p' docs/exercises.md | sed -n '/^\$ cat answers.csv$/,/^```$/p')
sed -n '2,/^\$ reckon/p' <<<"$example" | sed '$d' >"$tmp/doc.csv"
sed -n '/^\$ reckon/,$p' <<<"$example" | sed '1d;$d' >"$tmp/doc.expected"
[[ $(wc -l <"$tmp/doc.csv") -ge 5 && $(wc -l <"$tmp/doc.expected") -ge 5 ]] ||
  fail "cannot find the grading example in docs/exercises.md"
diff -u "$tmp/doc.expected" <("$reckon" exercises grade "$file" --sheet "$tmp/sheets" \
  --answers "$tmp/doc.csv") || fail "the grading example of docs/exercises.md is out of date"

# --- exit codes and errors --------------------------------------------------------------
expect "missing answers file" 1 "cannot open .nope.csv." -- \
  "$reckon" exercises grade "$file" --variants 1 --seed 1 --answers nope.csv
printf 'student,answer\n1,2 GB\n' >"$tmp/header.csv"
expect "wrong header" 1 "header .variant,exercise,answer." -- \
  "$reckon" exercises grade "$file" --variants 1 --seed 1 --answers "$tmp/header.csv"
printf 'variant,exercise,answer\n' >"$tmp/empty.csv"
expect "no answers" 0 "0 of 0 answers correct" -- \
  "$reckon" exercises grade "$file" --variants 1 --seed 1 --answers "$tmp/empty.csv"
printf 'variant,exercise,answer\n1,SegmentLayers,"unterminated\n' >"$tmp/quote.csv"
expect "unterminated quote" 0 "malformed +unterminated quoted field" -- \
  "$reckon" exercises grade "$file" --variants 1 --seed 1 --answers "$tmp/quote.csv"
expect "one answer is one" 0 "^0 of 1 answer correct " -- \
  "$reckon" exercises grade "$file" --variants 1 --seed 1 --answers "$tmp/quote.csv"
expect "grade needs --answers" 2 "answers" -- "$reckon" exercises grade "$file" --variants 1 --seed 1
expect "unknown format" 2 "format" -- "$reckon" exercises build "$file" --format pdf
expect "exercises needs build or grade" 2 "" -- "$reckon" exercises
expect "no exercises" 1 "declares no exercise" -- "$reckon" exercises build scenarios/training.rk
expect "check counts" 0 "ok" -- "$reckon" check "$file"

cp scenarios/training.rk "$tmp/training.rk"
bad() {  # bad NAME PATTERN EXERCISE-TEXT: the checker's error for one exercise
  printf 'import "training.rk"\n%s\n' "$3" >"$tmp/bad.rk"
  expect "$1" 1 "$2" -- "$reckon" check "$tmp/bad.rk"
}
bad "about a scenario" "bad.rk:2:20: error\\[E0321\\]: .ActivationMemory. is a scenario" \
  'exercise X { about ActivationMemory prompt "a" answer 1 }'
bad "about a misspelt case" "did you mean .Gpt3ActivationsMicrobatch4.\?" \
  'exercise X { about Gpt3ActivationsMicrobatch44 prompt "a" answer 1 }'
bad "vary an unknown input" "bad.rk:2:52: error\\[E0309\\]: .ActivationMemory. has no input .micro_bach.; did you mean .micro_batch.\?" \
  'exercise X { about Gpt3ActivationsMicrobatch4 vary micro_bach in [1] prompt "a" answer 1 }'
bad "vary a value of the wrong unit" "bad.rk:2:71: error\\[E0402\\]: a value of .micro_batch. must be count, not B \(information\)" \
  'exercise X { about Gpt3ActivationsMicrobatch4 vary micro_batch in [1, 2 GB] prompt "a" answer 1 }'
bad "range step of the wrong unit" "error\\[E0402\\]: the step of the range of .seq_len. must be token \(token count\), not s \(time\)" \
  'exercise X { about Gpt3ActivationsMicrobatch4 vary seq_len in 1 token .. 4 token step 1 s prompt "a" answer 1 }'
bad "prompt interpolation located in the string" "bad.rk:2:63: error\\[E0316\\]: unknown name .sequnce.; did you mean .sequence.\?" \
  'exercise X { about Gpt3ActivationsMicrobatch4 prompt "length {sequnce}" answer 1 }'
bad "prompt interpolation syntax" "bad.rk:2:61: error\\[E0111\\]: expected an operand after the operator" \
  'exercise X { about Gpt3ActivationsMicrobatch4 prompt "a {1 +} b" answer 1 }'
bad "answer not a quantity" "an answer must be a number, a quantity or a bool, not Transformer" \
  'exercise X { about Gpt3ActivationsMicrobatch4 prompt "a" answer workload }'
bad "tolerance with a unit" "the tolerance of an exercise is a relative number \(1e-2\), not B \(information\)" \
  'exercise X { about Gpt3ActivationsMicrobatch4 prompt "a" answer 1 within 1 GB }'
bad "missing answer" "exercise .X. needs an .answer EXPR." \
  'exercise X { about Gpt3ActivationsMicrobatch4 prompt "a" }'
bad "range without step" "expected .step. and the step of the range" \
  'exercise X { about Gpt3ActivationsMicrobatch4 vary micro_batch in 1 .. 4 prompt "a" answer 1 }'
printf 'import "training.rk"\nexercise X { about Gpt3ActivationsMicrobatch4 vary micro_batch in 1 .. 2 step 0.5 prompt "a" answer 1 }\n' >"$tmp/frac.rk"
expect "a fractional step is found by the checker" 1 "frac.rk:2:79: error\\[E0403\\]: the step of the range of .micro_batch. must be a whole number, not 0.5" -- \
  "$reckon" exercises build "$tmp/frac.rk" --variants 8
printf 'import "training.rk"\nexercise X { about Gpt3ActivationsMicrobatch4 vary micro_batch in 4 .. 1 step 1 prompt "a" answer 1 }\n' >"$tmp/empty.rk"
expect "an empty range" 1 "empty.rk:2:72: error\\[E0702\\]: the range is empty" -- \
  "$reckon" exercises build "$tmp/empty.rk"

printf 'import "training.rk"\nexercise X { about Gpt3ActivationsMicrobatch4 prompt "a" answer 1 within 0 - 0.5 }\n' >"$tmp/negtol.rk"
expect "a negative tolerance" 1 "negtol.rk:2:.*: error\\[E0701\\]: a tolerance cannot be negative" -- \
  "$reckon" exercises build "$tmp/negtol.rk"
printf 'import "training.rk"\nexercise X { about Gpt3ActivationsMicrobatch4 prompt "a" answer 1\n  slip 2 feedback "b" credit 3 / 2 }\n' >"$tmp/credit.rk"
printf 'variant,exercise,answer\n1,X,2\n' >"$tmp/credit.csv"
expect "a credit above 1" 1 "credit.rk:3:.*: error\\[E0720\\]: a slip's credit is from 0 to 1 .0.5: half the marks., not 1.5" -- \
  "$reckon" exercises grade "$tmp/credit.rk" --variants 1 --seed 1 --answers "$tmp/credit.csv"
expect "a file without exercises" 1 "error\\[E0703\\]: .* declares no exercise" -- \
  "$reckon" exercises build scenarios/training.rk
printf 'x' >"$tmp/notadir"
expect "an output directory that is a file" 1 "error\\[E0714\\]: cannot write the sheets into .*notadir.: it is not a directory" -- \
  "$reckon" exercises build scenarios/exercises/training.rk -o "$tmp/notadir"
# A record that cannot be replaced: nothing is replaced, and no temporary file is left.
"$reckon" exercises build "$file" --seed 3 -o "$tmp/stuck" >/dev/null || fail "build -o exited $?"
cp "$tmp/stuck/questions.md" "$tmp/stuck-questions.md"
rm "$tmp/stuck/sheet.json" && mkdir -p "$tmp/stuck/sheet.json/inside"
expect "a record that cannot be replaced" 1 "error\\[E0714\\]: cannot write .*stuck/sheet.json.: it is a directory" -- \
  "$reckon" exercises build "$file" --seed 4 -o "$tmp/stuck"
cmp -s "$tmp/stuck/questions.md" "$tmp/stuck-questions.md" || fail "a failed build replaced the questions"
ls -A "$tmp/stuck" | grep -q reckon- && fail "a failed build left temporary files"
printf 'name,answer\n' >"$tmp/badheader.csv"
expect "an answers file without its header" 1 "error\\[E0705\\]: .*the first line must be the header" -- \
  "$reckon" exercises grade scenarios/exercises/training.rk --variants 1 --seed 1 --answers "$tmp/badheader.csv"
expect "an answers file that cannot be opened" 1 "error\\[E0201\\]: cannot open" -- \
  "$reckon" exercises grade scenarios/exercises/training.rk --variants 1 --seed 1 --answers "$tmp/none.csv"

# The most variants the option allows. The variants share one evaluator, whose 5,000,000
# steps ran out before 8,000 of them (E0506 at an innocent line); each has its own now.
# Variants are distinct, so the exercise varies two inputs over 100 values each: 100 x 100
# = 10,000 combinations, exactly enough.
cat >"$tmp/many.rk" <<'RK'
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
expect "the most variants allowed" 0 "^## Variant 10000$" -- \
  bash -c 'set -o pipefail; "$0" exercises build "$1" --variants 10000 | grep -x "## Variant 10000"' \
  "$reckon" "$tmp/many.rk"

# A key is in the unit its answer is written in, in every variant: the largest of a
# `[GiB]` list, under a prompt that shows the list in GiB, was keyed as 512 MiB or 768 MiB
# for the variants below 1 GiB (the binary ladder moved the key), as 3 GiB for the others.
# max([0.25, 0.5]) = 0.5 and max([0.5, 0.75]) = 0.75 GiB, at 4 digits 0.5000 and 0.7500;
# the worked solution ends in the same text.
cat >"$tmp/shards.rk" <<'RK'
scenario Shards {
  input shards: [GiB]
  biggest = max(shards)
}
case Two = Shards(shards: [1 GiB, 2 GiB])
exercise Biggest {
  about Two
  vary shards in [[0.25 GiB, 0.5 GiB], [0.5 GiB, 0.75 GiB]]
  prompt "The shards hold {shards}. How large is the largest, in GiB?"
  answer biggest
}
RK
"$reckon" exercises build "$tmp/shards.rk" --variants 2 >"$tmp/shards.md" ||
  fail "shards build exited $?"
keys=$(grep -o '^Answer: \*\*[^*]*\*\*' "$tmp/shards.md" | sort | tr '\n' ' ')
[[ $keys == 'Answer: **0.5000 GiB** Answer: **0.7500 GiB** ' ]] ||
  fail "the keys over a [GiB] list are not in GiB: $keys"
solved=$(grep -o '^- `biggest` = .*= `[^`]*`$' "$tmp/shards.md" | grep -o '`[^`]*`$' | sort |
  tr '\n' ' ')
[[ $solved == '`0.5000 GiB` `0.7500 GiB` ' ]] ||
  fail "the worked solutions over a [GiB] list do not end in GiB: $solved"
grep -q "MiB" "$tmp/shards.md" && fail "a sheet over a [GiB] list shows MiB"
# Each key, given back as the answer of its variant, is correct, and the grader expects
# it as the key wrote it.
sed -n '/===== answers.md/,$p' "$tmp/shards.md" | grep -o '^Answer: \*\*[^*]*\*\*' |
  sed 's/^Answer: \*\*//; s/\*\*$//' |
  awk 'BEGIN { print "variant,exercise,answer" } { print NR ",Biggest," $0 }' >"$tmp/shards.csv"
"$reckon" exercises grade "$tmp/shards.rk" --answers "$tmp/shards.csv" --variants 2 --seed 1 \
  >"$tmp/shards.grade" 2>&1 || fail "grading the [GiB] keys exited $?"
[[ $(grep -cE "correct +[0-9.]+ GiB$" "$tmp/shards.grade") == 2 ]] ||
  fail "the keys over a [GiB] list do not grade as correct in GiB: $(cat "$tmp/shards.grade")"

# An exact exercise (`within 0`): the key shows every digit it takes to read the answer
# back, and that answer grades as correct. The key showed 1/3 as 0.3333, which the
# grader, asked for the exact value, marked wrong: the grader rejected its own key (caught
# by tests/fuzz/surfaces_fuzzer.cpp's check that the key grades as correct). The shortest decimal that reads back as the double
# nearest 1/3 has 16 threes (0.3333333333333333, Python's repr(1/3)); 1 GB / 3 is keyed in
# GB, the unit the answer is written in (api::answer_unit: no ladder moves a key to MB),
# as 1e9 / 3 / 1e9 = 0.3333333333333333 (repr(1e9 / 3 / 1e9)). 0.3333 stays wrong.
cat >"$tmp/exact.rk" <<'RK'
scenario Share {
  input parts: number
  third: number = 1 / parts
  size = 1 GB / parts
}
case Three = Share(parts: 3)
exercise Third { about Three prompt "A third?" answer third within 0 }
exercise ThirdOfGB { about Three prompt "A third of a GB?" answer size within 0 }
exercise Close { about Three prompt "A third, closely?" answer third within 1e-4 }
RK
"$reckon" exercises build "$tmp/exact.rk" >"$tmp/exact.md" || fail "exact build exited $?"
grep -qx 'Answer: \*\*0.3333333333333333\*\*, a plain number, exactly.' "$tmp/exact.md" ||
  fail "the key of an exact exercise is rounded"
grep -qx 'Answer: \*\*0.3333333333333333 GB\*\*, information (a memory size), exactly.' \
  "$tmp/exact.md" || fail "the key of an exact exercise in a unit is rounded"
# 4 digits round by up to 5e-4 (0.3333 is 1e-4 off 1/3): a tolerance of 1e-4 gets the
# key in full too.
grep -qx 'Answer: \*\*0.3333333333333333\*\*, a plain number, accepted within 0.01%.' \
  "$tmp/exact.md" || fail "the key of an exercise with a narrow tolerance is rounded"
printf 'variant,exercise,answer\n1,Third,0.3333333333333333\n1,ThirdOfGB,333.3333333333333 MB\n1,Third,0.3333\n1,Close,0.3333333333333333\n' >"$tmp/exact.csv"
expect "the key's own exact answers grade as correct" 0 "3 of 4 answers correct \(0 wrong dimension, 1 wrong value" -- \
  "$reckon" exercises grade "$tmp/exact.rk" --variants 1 --seed 1 --answers "$tmp/exact.csv"

# Prompts and hints read `{...}` as any text does (one reader), digits formats included,
# but keep yes or no for a bool. 80 GB = 80e9 / 2^30 GiB = 74.51 GiB (74.5 at .1f); 40 GB
# is 37.25 GiB; half of 80 GB is 40 GB = 37.25 GiB (.2f); "{memory:.3g}" of a whole
# 80 GB prints exactly, "80 GB".
cat >"$tmp/digits.rk" <<'RK'
scenario Card {
  input memory: GB = 80 GB
  input label: text = "H100"
  fits: bool = memory > 40 GB
  half: GB = memory / 2
}
case H100 = Card()
exercise Half {
  about H100
  vary memory in [80 GB]
  prompt "A {label} has {memory -> GiB:.1f} ({memory:.3g}); fits: {fits}. Half of it?"
  hint "Half of {memory -> GiB:.2f} is {half -> GiB:.2f}."
  answer half
}
RK
expect "a prompt's digits formats" 0 '^A H100 has 74.5 GiB \(80 GB\); fits: yes. Half of it\?$' -- \
  "$reckon" exercises build "$tmp/digits.rk" --variants 1
expect "a hint's digits formats" 0 'Half of 74.51 GiB is 37.25 GiB.' -- \
  "$reckon" exercises build "$tmp/digits.rk" --variants 1

echo "exercise tests: $failures failed"
[[ $failures -eq 0 ]]
