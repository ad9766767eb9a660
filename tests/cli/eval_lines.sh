#!/usr/bin/env bash
# `reckon eval [FILE] --lines` (docs/documents.md): expressions from standard input, one
# per line, each answered in turn in one scope; an error answers its line and the next
# lines go on; exit 1 if any failed.
# Usage: eval_lines.sh PATH/TO/reckon   (run from the repository root)
set -u
reckon="$1"
source "$(dirname "$0")/../expect.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() {
  echo "FAIL $1"
  failures=$((failures + 1))
}

# Each answer is what `reckon eval --json` says of the expression alone.
printf '1 + 1\n80 GiB -> GB\nnope\nsequence * 2\n' >"$tmp/in"
"$reckon" eval scenarios/training.rk --json --lines <"$tmp/in" >"$tmp/out" 2>"$tmp/err"
code=$?
[[ $code -eq 1 ]] || fail "a failing line: exit $code"
[[ $(wc -l <"$tmp/out") -eq 4 ]] || fail "one answer per line: $(cat "$tmp/out")"
i=0
while IFS= read -r expression; do
  i=$((i + 1))
  want=$("$reckon" eval scenarios/training.rk --json -- "$expression" 2>/dev/null)
  got=$(sed -n "${i}p" "$tmp/out")
  [[ $got == "$want" ]] && passes=$((passes + 1)) || fail "line $i: $got, alone $want"
done <"$tmp/in"
expect "the error is on its line" 0 '"code":"E0316".*"file":"<expr>"' -- sed -n 3p "$tmp/out"
[[ ! -s $tmp/err ]] || fail "--json wrote on stderr: $(cat "$tmp/err")"

# Without --json: a value per line, and the error located on stderr.
expect "text answers" 0 '^2$' -- bash -c 'printf "1 + 1\n" | "$0" eval --lines' "$reckon"
expect "a text error" 1 '^<expr>:1:1: error\[E0316\]: unknown name `nope`' -- \
  bash -c 'printf "nope\n" | "$0" eval --lines' "$reckon"
expect "no lines, no answers" 0 '^$' -- bash -c '"$0" eval --lines </dev/null' "$reckon"
# The scope is loaded once, before any line: a file that does not load is one error.
expect "a missing file" 1 'error\[E0201\]' -- bash -c 'printf "1\n2\n" | "$0" eval missing.rk --lines' "$reckon"
expect "an expression with --lines is a usage error" 2 'error\[E0611\]: eval --lines reads' -- \
  "$reckon" eval scenarios/training.rk sequence --lines

echo "$passes passed, $failures failed"
exit $((failures > 0))
