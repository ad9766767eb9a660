#!/usr/bin/env bash
# The command line as a user types it: options and positional arguments in any order,
# `--` before an expression that starts with `-`, an input given twice, usage errors as
# JSON under --json, `reckon doc`'s flags, and diagnostics that echo hostile bytes
# (NUL, escape sequences, right-to-left overrides, invalid UTF-8, a 1 MB line) safely.
# Usage: test_usage.sh PATH/TO/reckon   (run from the repository root)
set -u
# Columns are counted in characters (`${#line}`), as a terminal shows them.
export LC_ALL=C.UTF-8
reckon="$1"
training=scenarios/training.rk
source "$(dirname "$0")/../expect.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# --- options before positional arguments -------------------------------------------
# 34 * 2048 * 8 * 12288 * 96 B = 657,129,996,288 B (Korthikanti et al. 2022, Table 2, at
# micro-batch 8): the --set applies and the expression after it is still the expression.
expect "--set before the expression" 0 "^657.1 GB$" -- \
  "$reckon" eval "$training" --set micro_batch=8 per_token_activations
expect "--set before the file" 0 "^657.1 GB$" -- \
  "$reckon" eval --set micro_batch=8 "$training" per_token_activations
expect "--case and --set before the file" 0 "^657.1 GB$" -- \
  "$reckon" eval --case Gpt3ActivationsMicrobatch4 --set micro_batch=8 "$training" \
  per_token_activations
# The training case's sequence is 2048 tokens at every micro-batch.
expect "--vary before the file" 0 "^micro_batch,sequence \(token\)$" -- \
  "$reckon" sweep --vary micro_batch=1,2 "$training" Gpt3ActivationsMicrobatch4 \
  --show sequence --format csv
out=$("$reckon" sweep --vary micro_batch=1,2 --show sequence --where "micro_batch > 1" "$training" \
  Gpt3ActivationsMicrobatch4 --format csv 2>&1)
[[ $out == $'micro_batch,sequence (token)\n2,2048' ]] && passes=$((passes + 1)) || {
  echo "FAIL --vary, --show and --where before the file: $out"
  failures=$((failures + 1))
}

# --- `--` ends the options -----------------------------------------------------------
expect "-- before an expression with a leading minus" 0 "^-2048 token$" -- \
  "$reckon" eval "$training" -- -sequence
expect "-- before the file and the expression" 0 "^-2048 token$" -- \
  "$reckon" eval -- "$training" -sequence
expect "-- with options before it" 0 "^-657.1 GB$" -- \
  "$reckon" eval "$training" --set micro_batch=8 -- -per_token_activations
expect "after --, an option is an argument" 2 "error\[E0611\]: .*not expected: .*--depth" -- \
  "$reckon" explain "$training" -- -sequence --depth 0

# --- an input given twice --------------------------------------------------------------
expect "--set twice names both" 2 \
  "^error\[E0612\]: --set gives .micro_batch. twice \(.micro_batch=8. and .micro_batch=4.\)" -- \
  "$reckon" eval "$training" sequence --set micro_batch=8 --set micro_batch=4
expect "sweep --set twice" 2 "error\[E0612\]: --set gives .precision_bytes. twice" -- \
  "$reckon" sweep "$training" Gpt3ActivationsMicrobatch4 --vary micro_batch=1,2 \
  --set "precision_bytes=2 B" --set "precision_bytes=4 B"
# (Two --vary of one input were never silent: E0322 points at both.)
expect "--vary twice names both" 1 \
  "error\[E0322\]: .micro_batch. is varied twice" -- \
  "$reckon" sweep "$training" Gpt3ActivationsMicrobatch4 --vary micro_batch=1,2 \
  --vary micro_batch=4,8
expect "unknown option, as text" 2 "^error\[E0611\]: The following argument was not expected: --frobnicate" -- \
  "$reckon" eval "$training" sequence --frobnicate

# --- usage errors as JSON ------------------------------------------------------------
# Each case: stdout is exactly one JSON object {"error": {...}} with the code, stderr is
# empty, and the exit status is the one the text form has.
json_case() {
  local name="$1" want_exit="$2" want_code="$3"
  shift 3
  local stdout code
  stdout=$("$@" 2>"$tmp/stderr")
  code=$?
  if [[ $code -ne $want_exit || -s $tmp/stderr ]] ||
    ! python3 -c 'import json, sys
lines = sys.stdin.read().splitlines()
assert len(lines) == 1, lines
e = json.loads(lines[0])["error"]
assert e["code"] == sys.argv[1], e
assert e["message"], e' "$want_code" <<<"$stdout"; then
    echo "FAIL json: $name: exit $code (wanted $want_exit), stdout: $stdout, stderr: $(cat "$tmp/stderr")"
    failures=$((failures + 1))
  else
    passes=$((passes + 1))
  fi
}
json_case "unknown option" 2 E0611 "$reckon" eval --json "$training" sequence --frobnicate
json_case "--json after the unknown option" 2 E0611 "$reckon" eval --frobnicate "$training" sequence --json
json_case "missing expression" 2 E0611 "$reckon" eval --json
json_case "too many arguments" 2 E0611 "$reckon" eval --json "$training" sequence extra
json_case "bad --digits" 2 E0611 "$reckon" --digits 40 eval --json "1 + 1"
json_case "bad --set" 2 E0603 "$reckon" eval --json "$training" sequence --set micro_batch
json_case "--set twice" 2 E0612 "$reckon" eval --json "$training" sequence --set micro_batch=8 \
  --set micro_batch=4
json_case "--set without a case" 2 E0602 "$reckon" eval --json "1 + 1" --set n=1
json_case "no such case" 1 E0601 "$reckon" eval --json "$training" sequence --case Nope
json_case "missing file" 1 E0201 "$reckon" eval --json nope.rk sequence
# Bytes that are not UTF-8 in a message stay valid JSON (replaced, not a crash).
json_case "invalid UTF-8 in a quoted --set" 2 E0603 "$reckon" eval --json "$training" sequence \
  --set $'\xff\xfe'
# A file name that is not UTF-8 was an internal error (exit 3) in the JSON encoder.
json_case "a file name that is not UTF-8" 1 E0201 "$reckon" eval --json $'nope\xff.rk' sequence
json_case "grade without a sheet" 2 E0706 "$reckon" exercises grade --json \
  scenarios/exercises/training.rk --answers tests/exercises/answers.csv
printf 'name,answer\n' >"$tmp/badheader.csv"
json_case "grade, answers without their header" 1 E0705 "$reckon" exercises grade --json \
  scenarios/exercises/training.rk --variants 1 --seed 1 --answers "$tmp/badheader.csv"
# Located at the answers file's first line, not a location written into the message.
expect "answers without their header, located" 1 \
  "^$tmp/badheader.csv:1:1: error\[E0705\]: the first line must be the header" -- \
  "$reckon" exercises grade scenarios/exercises/training.rk --variants 1 --seed 1 \
  --answers "$tmp/badheader.csv"
json_case "grade, unknown option" 2 E0611 "$reckon" exercises grade --json --frobnicate

# --- reckon doc --------------------------------------------------------------------------
expect "doc of a FILE and --stdlib" 2 "error\[E0614\]: doc takes a FILE or --stdlib, not both" -- \
  "$reckon" doc "$training" --stdlib
"$reckon" doc --stdlib --format html -o "$tmp/stdlib" >"$tmp/out" 2>&1
code=$?
if [[ $code -eq 0 && -f $tmp/stdlib/stdlib.html ]] && grep -q '^<!DOCTYPE html>' "$tmp/stdlib/stdlib.html" &&
  grep -q '<h1>Standard library reference</h1>' "$tmp/stdlib/stdlib.html" && grep -qx "wrote $tmp/stdlib/stdlib.html" "$tmp/out"; then
  passes=$((passes + 1))
else
  echo "FAIL doc --stdlib --format html -o DIR: exit $code, $(cat "$tmp/out")"
  failures=$((failures + 1))
fi
qmd=$("$reckon" doc --stdlib --format qmd)
[[ $(head -1 <<<"$qmd") == "---" ]] && grep -qx 'title: "Standard library reference"' <<<"$qmd" &&
  passes=$((passes + 1)) || {
  echo "FAIL doc --stdlib --format qmd has no front matter"
  failures=$((failures + 1))
}
expect "doc of a file of exercises only" 1 \
  "^error\[E0615\]: .scenarios/exercises/training.rk. declares no scenario.*reckon exercises build" -- \
  "$reckon" doc scenarios/exercises/training.rk
[[ -z $("$reckon" doc scenarios/exercises/training.rk 2>/dev/null) ]] && passes=$((passes + 1)) || {
  echo "FAIL doc of exercises only printed a page"
  failures=$((failures + 1))
}
# A scenario without methods (or without inputs) has no empty table or section for them.
cat >"$tmp/plain.rk" <<'EOF'
## Only properties.
scenario Plain {
  ## Two.
  two = 1 + 1
}
EOF
md=$("$reckon" doc "$tmp/plain.rk")
html=$("$reckon" doc --format html "$tmp/plain.rk")
if grep -q "## Methods\|## Inputs" <<<"$md" || grep -q "<h2>Methods</h2>\|<h2>Inputs</h2>" <<<"$html" ||
  [[ $(grep -c "<table>" <<<"$html") -ne 1 ]] || ! grep -q "## Attributes" <<<"$md"; then
  echo "FAIL doc shows empty sections:"
  echo "$md" | sed 's/^/    /'
  failures=$((failures + 1))
else
  passes=$((passes + 1))
fi

# A file that only imports (#30): the scenarios of what it imports are its pages, with the
# file's own checks as examples; a file whose imports declare no scenario (registries) is
# E0615, naming the imports and where their records are read.
mkdir -p "$tmp/course"
cat >"$tmp/course/model.rk" <<'EOF'
## Twice a size.
scenario Doubling {
  ## The size.
  input size: GB
  ## Twice the size.
  twice: GB = 2 * size
}
EOF
cat >"$tmp/course/lesson.rk" <<'EOF'
import "model.rk"
case Small = Doubling(size: 3 GB)
check Small.twice == 6 GB
EOF
md=$("$reckon" doc "$tmp/course/lesson.rk" 2>&1)
code=$?
if [[ $code -eq 0 ]] && grep -qx "# Doubling" <<<"$md" && grep -qx '> Small.twice' <<<"$md" &&
  grep -qx '6 GB' <<<"$md" && grep -q "^Scenario in .*model.rk" <<<"$md"; then
  passes=$((passes + 1))
else
  echo "FAIL doc of a file that only imports a scenario: exit $code"
  echo "$md" | sed 's/^/    /'
  failures=$((failures + 1))
fi
printf 'import "solvers_node"\n' >"$tmp/course/solvers.rk"
md=$("$reckon" doc "$tmp/course/solvers.rk" 2>&1)
code=$?
if [[ $code -eq 0 ]] && grep -qx "# SingleNodeRoofline" <<<"$md" &&
  grep -qx "# TrainingMemoryBudget" <<<"$md"; then
  passes=$((passes + 1))
else
  echo "FAIL doc of a file that imports a stdlib module of scenarios: exit $code"
  echo "$md" | head -5 | sed 's/^/    /'
  failures=$((failures + 1))
fi
printf 'import "hardware"\nimport "models"\n' >"$tmp/course/registry.rk"
expect "doc of a file that only imports registries" 1 \
  "^error\[E0615\]: .*registry.rk. declares no scenario.*nor does what it imports \(.hardware., .models.\): .reckon list hardware." -- \
  "$reckon" doc "$tmp/course/registry.rk"

# --- hostile bytes in diagnostics ------------------------------------------------------
# NUL, ESC (a terminal escape sequence), U+202E RIGHT-TO-LEFT OVERRIDE and a stray byte
# 0xFF in a string before an unknown name: the echoed line shows them escaped, the
# caret stays under `zz`, and no raw control or bidi byte reaches the terminal.
printf 'let a = "x\0y\033[31m\xe2\x80\xaez\xff" + zz\n' >"$tmp/hostile.rk"
"$reckon" check "$tmp/hostile.rk" >"$tmp/out" 2>&1
code=$?
want='  let a = "x\x00y\x1B[31m<U+202E>z\xFF" + zz'
line=$(sed -n 2p "$tmp/out")
caret=$(sed -n 3p "$tmp/out")
prefix=${line%%zz*}
column=${#prefix}
if [[ $code -ne 1 || $line != "$want" || $caret != "$(printf '%*s^~' "$column" '')" ]] ||
  LC_ALL=C grep -qP '[\x00-\x08\x0b-\x1f\x7f]|\xe2\x80\xae|\xff' "$tmp/out"; then
  echo "FAIL hostile bytes echoed: exit $code"
  od -c "$tmp/out" | head -20 | sed 's/^/    /'
  failures=$((failures + 1))
else
  passes=$((passes + 1))
fi
# A character of several bytes takes one column: the caret is under `zz`, not a column
# further right for each extra byte.
printf 'let a = "h\xc3\xa9llo \xe2\x82\xac" + zz\n' >"$tmp/utf8.rk"
"$reckon" check "$tmp/utf8.rk" >"$tmp/out" 2>&1
line=$(sed -n 2p "$tmp/out")
caret=$(sed -n 3p "$tmp/out")
prefix=${line%%zz*}
if [[ $line != '  let a = "héllo €" + zz' || $caret != "$(printf '%*s^~' "${#prefix}" '')" ]]; then
  echo "FAIL caret after multi-byte characters:"
  sed 's/^/    /' "$tmp/out"
  failures=$((failures + 1))
else
  passes=$((passes + 1))
fi
# A message that quotes the user's text escapes it too (here an escape sequence).
expect "an escape sequence in a quoted --set" 2 'not `\\x1B\[2J`' -- \
  "$reckon" eval "$training" sequence --set $'\e[2J'
# A 1 MB line: the echo is a window of at most 200 columns around the caret, marked
# with "..." on both sides, and the caret is under the error.
{
  printf 'let a = 1 + '
  head -c 1000000 /dev/zero | tr '\0' ' '
  printf 'zz + 1'
  head -c 1000000 /dev/zero | tr '\0' ' '
  printf '\n'
} >"$tmp/long.rk"
"$reckon" check "$tmp/long.rk" >"$tmp/out" 2>&1
code=$?
line=$(sed -n 2p "$tmp/out")
caret=$(sed -n 3p "$tmp/out")
prefix=${line%%zz*}
at=${#prefix}
if [[ $code -ne 1 || ${#line} -gt 210 || $line != "  ..."*"..." || $caret != "$(printf '%*s^~' "$at" '')" ]] ||
  ! grep -q "^$tmp/long.rk:1:1000013: error\[E0316\]" "$tmp/out"; then
  echo "FAIL 1 MB line: exit $code, lines of ${#line} and ${#caret} characters"
  cut -c1-300 "$tmp/out" | sed 's/^/    /'
  failures=$((failures + 1))
else
  passes=$((passes + 1))
fi

# 20,000 unknown names on one 250 KB line: each error echoes a window, not the line (the
# whole line each time was 5 GB of output). 20,000 errors of 3 lines, each line at most
# 210 bytes (200 columns, "..." on both sides, the indent): at most 12.6 MB.
printf 'let a = max(%s)\n' "$(seq -s ', ' -f 'zz%.0f' 1 20000)" >"$tmp/many.rk"
bytes=$("$reckon" check "$tmp/many.rk" 2>&1 | wc -c)
((bytes < 20000 * 3 * 210)) && passes=$((passes + 1)) || {
  echo "FAIL 20,000 errors on one long line: $bytes bytes of output"
  failures=$((failures + 1))
}

# --- a missing expression says what to write (issue #14, review) -------------------------
# CLI11 takes `-(2^63)` for an option: the error says that such an expression goes after --.
expect "an expression with a leading minus, without --" 2 \
  "^note: an expression that starts with .-. goes after .--.: write .reckon eval \[FILE\] -- EXPR.$" -- \
  "$reckon" eval '-(2^63)'
expect "--json and no expression" 2 \
  '"message":"eval needs an expression: write `reckon eval \[FILE\] EXPR`' -- \
  "$reckon" eval --json
expect "no expression names no internal placeholder" 2 "^error\[E0611\]: eval needs an expression" -- \
  "$reckon" eval
expect "explain without an expression" 2 "^error\[E0611\]: explain needs an expression" -- \
  "$reckon" explain
# Only a scenario file: not `unknown name 'training'`.
expect "a file and no expression" 2 \
  "^error\[E0611\]: eval needs an expression after the file .scenarios/training.rk.: write" -- \
  "$reckon" eval "$training"
# E0601 names where the case was looked for, as E0602 does.
expect "--case without a file" 1 "^error\[E0601\]: no case named .C. in the standard library$" -- \
  "$reckon" eval --case C '1+1'
# Spaces around the name of a --set or a --vary are not part of it (657.1 GB as above).
expect "--set with spaces around =" 0 "^657.1 GB$" -- \
  "$reckon" eval "$training" --set 'micro_batch = 8' per_token_activations
out=$("$reckon" sweep "$training" Gpt3ActivationsMicrobatch4 --vary 'micro_batch = 1,2' \
  --show sequence --format csv 2>&1)
[[ $out == $'micro_batch,sequence (token)\n1,2048\n2,2048' ]] && passes=$((passes + 1)) || {
  echo "FAIL --vary with spaces around =: $out"
  failures=$((failures + 1))
}

# --- doc: one HTML document per scenario -----------------------------------------------
# training.rk has 2 scenarios: to stdout they would be two <html> documents back to back.
expect "several HTML pages to stdout" 2 "^error\[E0616\]: .scenarios/training.rk. declares 2 scenarios" -- \
  "$reckon" doc "$training" --format html

# --- the REPL's :load of what is not a regular file ----------------------------------
# The error has no location: the `import "./fifo"` line it came from was never typed.
mkfifo "$tmp/fifo"
out=$(printf ':load %s\n' "$tmp/fifo" | "$reckon" repl 2>&1)
[[ $out == *"error[E0207]: "* && $out != *"<input>"* && $out != *"import "* ]] &&
  passes=$((passes + 1)) || {
  echo "FAIL :load of a FIFO shows an invented location: $out"
  failures=$((failures + 1))
}
# A singular for one: training.rk has 2 scenarios, economics.rk 1.
expect ":load counts one scenario as one" 0 "^loaded scenarios/economics.rk \(1 scenario, 2 cases\)$" -- \
  bash -c "printf ':load scenarios/economics.rk\n' | '$reckon' repl"

echo "usage tests: $passes passed, $failures failed"
[[ $failures -eq 0 ]]
