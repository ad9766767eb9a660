#!/usr/bin/env bash
# The class-grading test (issue #33): serving_class.rk's 10 exercises at 30 variants,
# a simulated class of 300 answers (class.csv) with the verdict and the slip each
# should get (class_expected.csv), both written by make_class.py from its own formulas
# before any grading. Grades the class and reports false accepts and slips named
# wrongly (both must be 0), false rejects, slips named and the time grading took.
# Usage: test_class.sh PATH/TO/reckon   (from the repository root)
set -u
reckon="$1"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() {
  echo "FAIL $*"
  exit 1
}

"$reckon" exercises build tests/exercises/serving_class.rk --variants 30 --seed 1 \
  -o "$tmp/sheets" >/dev/null || fail "build"
# The committed class is the one the script makes from these sheets.
python3 tests/exercises/make_class.py "$tmp/sheets/answers.md" "$tmp" || fail "make_class.py"
diff -u tests/exercises/class.csv "$tmp/class.csv" || fail "class.csv is not make_class.py's"
diff -u tests/exercises/class_expected.csv "$tmp/class_expected.csv" ||
  fail "class_expected.csv is not make_class.py's"

start=$(date +%s%N)
"$reckon" exercises grade tests/exercises/serving_class.rk --sheet "$tmp/sheets" --json \
  --answers tests/exercises/class.csv >"$tmp/grades.json" || fail "grade"
end=$(date +%s%N)
echo "graded $(($(wc -l <tests/exercises/class.csv) - 1)) answers in $(((end - start) / 1000000)) ms"
# Under a second on an idle machine; the bound leaves room for a busy one.
[[ $(((end - start) / 1000000)) -lt 5000 ]] || fail "grading took over 5 s"
python3 tests/exercises/check_class.py "$tmp/grades.json" tests/exercises/class_expected.csv ||
  fail "false accepts or slips named wrongly"
echo "class grading: ok"
