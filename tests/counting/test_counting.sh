#!/usr/bin/env bash
# The counting rule on realistic formulas (docs/language.md, "Counting units"):
# every line of tests/counting/slips.rk marked `# slip` is rejected by `reckon check`
# with an error located on that line and nothing else is reported; every check of
# tests/counting/formulas.rk holds. Each file has at least 40 cases.
# Usage: test_counting.sh PATH/TO/reckon   (from the repository root)
set -u
reckon="$1"
dir=tests/counting
failures=0
fail() { echo "FAIL $*"; failures=$((failures + 1)); }

out=$("$reckon" check "$dir/slips.rk" 2>&1)
status=$?
[[ $status == 1 ]] || fail "reckon check slips.rk exited $status, wanted 1"
tagged=$(grep -n '^[^#].*# slip' "$dir/slips.rk" | cut -d: -f1 | sort -n)
reported=$(grep -oE "^$dir/slips.rk:[0-9]+:[0-9]+: error\[E0[0-9]{3}\]" <<<"$out" |
  cut -d: -f2 | sort -n)
n=$(wc -l <<<"$tagged")
((n >= 40)) || fail "only $n slips (at least 40 wanted)"
for line in $tagged; do
  count=$(grep -cx "$line" <<<"$reported")
  [[ $count == 1 ]] || fail "slips.rk:$line: $count errors reported, wanted 1"
done
for line in $(uniq <<<"$reported"); do
  grep -qx "$line" <<<"$tagged" || fail "slips.rk:$line: an error on a line not marked as a slip"
done
# Each error shows its source line and a caret.
carets=$(grep -cE '^ *\^' <<<"$out")
[[ $carets == "$(wc -l <<<"$reported")" ]] || fail "$carets carets for $(wc -l <<<"$reported") errors"

out=$("$reckon" run "$dir/formulas.rk" 2>&1)
status=$?
[[ $status == 0 ]] || fail "reckon run formulas.rk exited $status: $(tail -5 <<<"$out")"
held=$(grep -oE '^all [0-9]+ checks hold' <<<"$out" | grep -oE '[0-9]+')
((${held:-0} >= 40)) || fail "formulas.rk: ${held:-no} checks held (at least 40 wanted)"

echo "$n slips rejected, ${held:-0} correct formulas hold; $failures failures"
((failures == 0))
