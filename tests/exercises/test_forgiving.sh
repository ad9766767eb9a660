#!/usr/bin/env bash
# The grader reads answers as people write them (forgiving.csv: thousands separators,
# powers of ten written out, a full stop, units spelt out, the micro sign, a count's noun)
# and forgives nothing that changes a dimension; forgiving.rk works out each expected
# status. Regenerate the golden with
#   reckon exercises grade tests/exercises/forgiving.rk --variants 1 --seed 1 \
#     --answers tests/exercises/forgiving.csv > tests/exercises/forgiving.expected
# and review the diff.
# Usage: test_forgiving.sh PATH/TO/reckon   (from the repository root)
set -u
reckon="$1"
failures=0
fail() { echo "FAIL $*"; failures=$((failures + 1)); }

graded=$("$reckon" exercises grade tests/exercises/forgiving.rk --variants 1 --seed 1 \
  --answers tests/exercises/forgiving.csv) || fail "grade exited $?"
diff -u tests/exercises/forgiving.expected <(echo "$graded") || fail "grade differs from forgiving.expected"
# No unreadable answer is answered with a guess by spelling.
grep 'malformed' <<<"$graded" | grep -q 'did you mean' && fail "a malformed answer got a did-you-mean"
# `14 G` is not read as grams.
grep -q 'gram\|`g`' <<<"$graded" && fail "an answer was read in grams"

# `reckon eval` reads the micro sign and the Greek mu as the micro prefix.
[[ $("$reckon" eval '1 µs + 1 μs -> us') == "2 us" ]] || fail "µs and μs are not microseconds"

if ((failures)); then
  echo "$failures failure(s)"
  exit 1
fi
echo "forgiving answers ok"
