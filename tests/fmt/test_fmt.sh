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
# The system's interpreter where there is one: a version manager's shim (pyenv) costs
# half a second a start, and the comment check starts two per file.
py=$(command -v /usr/bin/python3 || command -v python3)
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
  if ! diff <("$py" "$here/tests/fmt/comments.py" "$tmp/orig/$f") \
    <("$py" "$here/tests/fmt/comments.py" "$f") >/dev/null; then
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
# An editor filtering lines through `reckon fmt` (Vim's 'formatprg') keeps what it gets on
# standard output: on an error that must be nothing at all, the error on standard error.
printf 'scenario S {\n  y = (1 +\n}\n' | "$reckon" fmt >"$tmp/stdin.out" 2>"$tmp/stdin.err"
code=$?
[[ $code -eq 1 ]] || fail "standard input that does not parse: exit $code"
[[ ! -s $tmp/stdin.out ]] || fail "standard input that does not parse: stdout has $(cat "$tmp/stdin.out")"
grep -Eq '^<stdin>:3:1: error\[E0' "$tmp/stdin.err" || fail "the error is not on stderr: $(cat "$tmp/stdin.err")"

# --- a read-only file ---------------------------------------------------------------------
printf 'let a=1\n' >"$tmp/locked.rk"
cp "$tmp/locked.rk" "$tmp/locked.before"
chmod 0444 "$tmp/locked.rk"
# (Root may write any file: the mode, not access(2), says read-only.)
expect "a read-only file is refused" 1 \
  "^$tmp/locked.rk:1:1: error\[E0902\]: .$tmp/locked.rk. is read-only" -- "$reckon" fmt "$tmp/locked.rk"
cmp -s "$tmp/locked.rk" "$tmp/locked.before" || fail "a read-only file was changed"
[[ $(stat -c %a "$tmp/locked.rk") == 444 ]] || fail "a read-only file's mode changed"
printf 'let a = 1\n' >"$tmp/locked-tidy.rk"
chmod 0444 "$tmp/locked-tidy.rk"
expect "a read-only file already formatted is fine" 0 '^$' -- "$reckon" fmt "$tmp/locked-tidy.rk"
expect "--check of a read-only file" 1 "^$tmp/locked.rk\$" -- "$reckon" fmt --check "$tmp/locked.rk"

# --- hard links: written through, every name sees the new text -------------------------
mkdir "$tmp/links"
printf 'let a=1\n' >"$tmp/links/one.rk"
ln "$tmp/links/one.rk" "$tmp/links/two.rk"
chmod 0640 "$tmp/links/one.rk"
inode=$(stat -c %i "$tmp/links/one.rk")
expect "a hard-linked file" 0 '^$' -- "$reckon" fmt "$tmp/links/one.rk"
[[ $(cat "$tmp/links/two.rk") == "let a = 1" ]] || fail "the other link has $(cat "$tmp/links/two.rk")"
[[ $(stat -c %i "$tmp/links/one.rk") == "$inode" && $(stat -c %h "$tmp/links/one.rk") == 2 ]] ||
  fail "the hard link was broken"
[[ $(stat -c %a "$tmp/links/one.rk") == 640 ]] || fail "a hard-linked file's mode changed"
# A shorter text: the file is cut to its length (no old bytes left at its end).
printf 'let a     =     1     # x\n' >"$tmp/links/one.rk"
"$reckon" fmt "$tmp/links/two.rk"
[[ $(cat "$tmp/links/one.rk") == "let a = 1  # x" ]] || fail "shorter through a link: $(cat "$tmp/links/one.rk")"
if ls -A "$tmp/links" | grep -q 'reckon-'; then fail "a temporary file was left"; fi

# --- directories ------------------------------------------------------------------------
mkdir -p "$tmp/tree/sub" "$tmp/tree/.hidden"
printf 'let a=1\n' >"$tmp/tree/a.rk"
printf 'let b=2\n' >"$tmp/tree/sub/b.rk"
printf 'let c=3\n' >"$tmp/tree/.hidden/c.rk"
printf 'not reckon=\n' >"$tmp/tree/notes.txt"
got=$("$reckon" fmt --check "$tmp/tree" 2>&1)
code=$?
[[ $code -eq 1 && $got == "$tmp/tree/a.rk"$'\n'"$tmp/tree/sub/b.rk" ]] ||
  fail "--check of a directory lists each .rk file under it, in order: exit $code, $got"
expect "a directory" 0 '^$' -- "$reckon" fmt "$tmp/tree"
[[ $(cat "$tmp/tree/a.rk") == "let a = 1" && $(cat "$tmp/tree/sub/b.rk") == "let b = 2" ]] ||
  fail "the directory's files were not formatted"
[[ $(cat "$tmp/tree/.hidden/c.rk") == "let c=3" ]] || fail "a hidden directory was formatted"
[[ $(cat "$tmp/tree/notes.txt") == "not reckon=" ]] || fail "a file that is not .rk was touched"
mkdir "$tmp/empty"
expect "a directory without .rk files" 0 '^$' -- "$reckon" fmt "$tmp/empty"

# --- --diff -----------------------------------------------------------------------------
printf 'scenario S {\ninput x: s = 1 s\n  a = 1\n  b = 2\n  c = 3\n  d = 4\n  e = 5\n  f = 6\n  g = 7\n  h = 8\n  y = x*2 }\n' >"$tmp/d.rk"
cp "$tmp/d.rk" "$tmp/d.before"
"$reckon" fmt --diff "$tmp/d.rk" >"$tmp/d.diff"
code=$?
[[ $code -eq 1 ]] || fail "--diff of a file that would change: exit $code"
cmp -s "$tmp/d.rk" "$tmp/d.before" || fail "--diff changed the file"
# Written out by hand from the rules: two hunks (the changes are 8 lines apart, more
# than twice the 3 lines of context).
want="--- $tmp/d.rk
+++ $tmp/d.rk
@@ -1,5 +1,5 @@
 scenario S {
-input x: s = 1 s
+  input x: s = 1 s
   a = 1
   b = 2
   c = 3
@@ -8,4 +8,5 @@
   f = 6
   g = 7
   h = 8
-  y = x*2 }
+  y = x * 2
+}"
[[ $(cat "$tmp/d.diff") == "$want" ]] || { fail "--diff"; diff <(echo "$want") "$tmp/d.diff"; }
# The diff applies: patch turns the file into what fmt writes.
cp "$tmp/d.rk" "$tmp/d.patched"
patch -s "$tmp/d.patched" "$tmp/d.diff" || fail "patch refused the diff"
"$reckon" fmt "$tmp/d.rk"
cmp -s "$tmp/d.rk" "$tmp/d.patched" || fail "the diff does not give what fmt writes"
expect "--diff of a formatted file" 0 '^$' -- "$reckon" fmt --diff "$tmp/d.rk"
# A file without its last newline, from standard input.
printf 'let a=1\nlet b = 2' >"$tmp/nl.rk"
want='--- <stdin>
+++ <stdin>
@@ -1,2 +1,2 @@
-let a=1
-let b = 2
\ No newline at end of file
+let a = 1
+let b = 2'
got=$("$reckon" fmt --diff <"$tmp/nl.rk" 2>&1)
code=$?
[[ $code -eq 1 && $got == "$want" ]] ||
  { fail "--diff of standard input without a last newline: exit $code"; diff <(echo "$want") <(echo "$got"); }
expect "--diff and --check together" 2 'error\[E0611\]' -- "$reckon" fmt --diff --check "$tmp/d.rk"
expect "--diff of a file that does not parse" 1 'error\[E0921' -- "$reckon" fmt --diff "$tmp/broken.rk"

echo "$passes passed, $failures failed"
exit $((failures > 0))
