#!/usr/bin/env bash
# `reckon fmt` (docs/formatting.md) end to end:
#  - every bundled scenario, exercise, stdlib module and golden test is formatted (a copy):
#    each that parses is formatted (fmt itself refuses, E0901, a text that would parse to
#    another tree), only its whitespace changes, every comment is still there in order,
#    formatting it again changes nothing, and `reckon run` says the same of it; each that
#    does not parse is refused, located, and left as it was;
#  - --check's exit codes and list, standard input, a file that does not parse among
#    others, files written whole with their permissions kept.
# Usage: test_fmt.sh PATH/TO/reckon   (run from the repository root)
set -u
reckon="$1"
source "$(dirname "$0")/../expect.sh"
here=$(pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() {
  echo "FAIL $1"
  failures=$((failures + 1))
}

# --- every bundled file -----------------------------------------------------------------
for tree in orig fmt; do
  mkdir -p "$tmp/$tree/stdlib" "$tmp/$tree/tests"
  cp -r scenarios "$tmp/$tree/"
  cp -r stdlib/modules "$tmp/$tree/stdlib/"
  cp -r tests/lang "$tmp/$tree/tests/"
done
formatted=0 refused=0 same_runs=0
cd "$tmp/fmt"
goldens=0
for f in scenarios/*.rk scenarios/exercises/*.rk stdlib/modules/*.rk tests/lang/*.rk; do
  # Under the sanitizers (several times slower) every third golden test; the Release
  # suite formats them all, and every scenario and stdlib module in both.
  if [[ $f == tests/lang/* ]]; then
    goldens=$((goldens + 1))
    if [[ -n ${RECKON_SANITIZED:-} && $((goldens % 3)) -ne 1 ]]; then continue; fi
  fi
  out=$("$reckon" fmt "$f" 2>&1)
  code=$?
  if [[ $code -ne 0 ]]; then
    # Only a golden parse failure may be refused, with its syntax error, untouched.
    if [[ $f != tests/lang/parse-fail-* ]] || ! grep -Eq "^$f:[0-9]+:[0-9]+: error\[E0(1[0-9]{2}|921)\]" <<<"$out"; then
      fail "$f: fmt exit $code: $out"
    elif ! cmp -s "$f" "$tmp/orig/$f"; then
      fail "$f: a file that does not parse was changed"
    else
      refused=$((refused + 1))
    fi
    continue
  fi
  formatted=$((formatted + 1))
  # (A byte-order mark at the start is dropped: Reckon skips it when reading.)
  if [[ $(tr -d ' \t\r\n' <"$f") != "$(sed '1s/^\xEF\xBB\xBF//' "$tmp/orig/$f" | tr -d ' \t\r\n')" ]]; then
    fail "$f: more than whitespace changed"
  fi
  if ! diff <(python3 "$here/tests/fmt/comments.py" "$tmp/orig/$f") \
    <(python3 "$here/tests/fmt/comments.py" "$f") >/dev/null; then
    fail "$f: comments were lost or reordered"
  fi
  out=$("$reckon" fmt --check "$f" 2>&1) || fail "$f: formatting twice changes it: $out"
  [[ -z $out ]] || fail "$f: --check printed $out"
  case $f in
    stdlib/*) continue ;;  # the stdlib's modules are built in: their tree is what matters
  esac
  # A check is reported at its line and column, which move, and with its text as written,
  # which formatting respaces (`(1/3) GB` to `(1 / 3) GB`): compared without positions
  # and without spaces or newlines (every value and word still compared).
  normal() { sed -E 's/:[0-9]+:[0-9]+/:LINE:COL/g' | tr -d ' \n'; }
  want=$(cd "$tmp/orig" && "$reckon" run "$f" 2>&1)
  want_code=$?
  want=$(normal <<<"$want")
  got=$("$reckon" run "$f" 2>&1)
  got_code=$?
  got=$(normal <<<"$got")
  if [[ $f == tests/lang/check-fail-* || $f == tests/lang/eval-fail-* ]]; then
    # Their messages name lines and columns, which move: the codes must not.
    want=$(grep -oE 'error\[E[0-9]+\]' <<<"$want")
    got=$(grep -oE 'error\[E[0-9]+\]' <<<"$got")
  fi
  if [[ $want_code -ne $got_code || $want != "$got" ]]; then
    fail "$f: reckon run differs after formatting (exit $want_code, then $got_code)"
    diff <(echo "$want") <(echo "$got") | head -10
  else
    same_runs=$((same_runs + 1))
  fi
done
cd "$here"
echo "formatted $formatted files ($same_runs run the same), refused $refused that do not parse"
least_formatted=200 least_refused=60
if [[ -n ${RECKON_SANITIZED:-} ]]; then least_formatted=90 least_refused=20; fi  # a third of the goldens
(( formatted >= least_formatted && refused >= least_refused )) ||
  fail "too few files: $formatted formatted, $refused refused"

# --- --check ----------------------------------------------------------------------------
printf 'let a=1\n' >"$tmp/ugly.rk"
printf 'let a = 1\n' >"$tmp/tidy.rk"
cp "$tmp/ugly.rk" "$tmp/ugly.before"
expect "--check of a formatted file" 0 '^$' -- "$reckon" fmt --check "$tmp/tidy.rk"
expect "--check of a file that would change lists it" 1 "^$tmp/ugly.rk\$" -- \
  "$reckon" fmt --check "$tmp/ugly.rk"
expect "--check of both lists only the one" 1 "^$tmp/ugly.rk\$" -- \
  "$reckon" fmt --check "$tmp/tidy.rk" "$tmp/ugly.rk"
cmp -s "$tmp/ugly.rk" "$tmp/ugly.before" || fail "--check changed a file"

# --- in place ---------------------------------------------------------------------------
chmod 0640 "$tmp/ugly.rk"
expect "formatting in place" 0 '^$' -- "$reckon" fmt "$tmp/ugly.rk"
[[ $(cat "$tmp/ugly.rk") == "let a = 1" ]] || fail "in place: got $(cat "$tmp/ugly.rk")"
[[ $(stat -c %a "$tmp/ugly.rk") == 640 ]] || fail "in place: the permissions changed"
if ls -A "$tmp" | grep -q 'reckon-'; then fail "a temporary file was left"; fi
touch -d '2001-01-01' "$tmp/tidy.rk"
"$reckon" fmt "$tmp/tidy.rk"
[[ $(stat -c %Y "$tmp/tidy.rk") == $(date -d '2001-01-01' +%s) ]] ||
  fail "a file already formatted was written"

# --- a file that does not parse ---------------------------------------------------------
printf 'let a = (1 +\n' >"$tmp/broken.rk"
cp "$tmp/broken.rk" "$tmp/broken.before"
printf 'let b=2\n' >"$tmp/other.rk"
# It ends with its `(` open: the error points at that bracket (E0921), not at the end.
expect "a file that does not parse" 1 "^$tmp/broken.rk:1:9: error\[E0921\]: unclosed .\(.: the text ends" -- \
  "$reckon" fmt "$tmp/broken.rk" "$tmp/other.rk"
want="$tmp/broken.rk:1:9: error[E0921]: unclosed \`(\`: the text ends before its \`)\`
  let a = (1 +
          ^
$tmp/broken.rk:2:1: note: the text ends here (expected an operand after the operator)"
[[ $("$reckon" fmt "$tmp/broken.rk" 2>&1) == "$want" ]] ||
  fail "the unclosed bracket is not pointed at: $("$reckon" fmt "$tmp/broken.rk" 2>&1)"
cmp -s "$tmp/broken.rk" "$tmp/broken.before" || fail "a file that does not parse was changed"
[[ $(cat "$tmp/other.rk") == "let b = 2" ]] || fail "the file after a broken one was not formatted"
expect "--check of a file that does not parse" 1 "error\[E0921" -- \
  "$reckon" fmt --check "$tmp/broken.rk"
expect "a missing file" 1 "error\[E02" -- "$reckon" fmt "$tmp/missing.rk"

# --- standard input ---------------------------------------------------------------------
expect "no file: standard input to standard output" 0 '^let a = 1 \+ 2$' -- \
  bash -c 'printf "let a=1+2\n" | "$0" fmt' "$reckon"
expect "- is standard input" 0 '^let a = 1 \+ 2$' -- \
  bash -c 'printf "let a=1+2\n" | "$0" fmt -' "$reckon"
expect "--check of standard input that would change" 1 '^<stdin>$' -- \
  bash -c 'printf "let a=1+2\n" | "$0" fmt --check -' "$reckon"
expect "--check of standard input that would not" 0 '^$' -- \
  bash -c 'printf "let a = 1 + 2\n" | "$0" fmt --check' "$reckon"
expect "standard input that does not parse" 1 '^<stdin>:1:[0-9]+: error\[E01' -- \
  bash -c 'printf "let a = )\n" | "$0" fmt' "$reckon"

echo "$passes passed, $failures failed"
exit $((failures > 0))
