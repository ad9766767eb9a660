#!/usr/bin/env bash
# Lists on the command line (docs/language.md, "Lists"): `eval --json` gives an array of
# the elements' JSON objects in the list's one unit; on a terminal a long list is shown
# with its first 10 elements and a count of the rest, and into a pipe whole.
# Usage: lists.sh PATH/TO/reckon
set -euo pipefail
reckon=$1
fail=0
expect() {  # NAME ACTUAL EXPECTED-SUBSTRING
  if [[ "$2" != *"$3"* ]]; then
    echo "FAIL $1: expected ...$3... in: ${2:0:400}"
    fail=1
  fi
}

# [1 GB, 2.5 GB]: one unit (GB) for both; the second element is 2.5 GB = 2.5e9 B.
json=$("$reckon" eval --json '[1 GB, 2.5 GB]')
got=$(python3 -c 'import json, sys
j = json.loads(sys.argv[1])
print(j["unit"], [(x["value"], x["unit"], x["base_value"]) for x in j["value"]], j["display"])' "$json")
expect "json array" "$got" "GB [(1.0, 'GB', 1000000000.0), (2.5, 'GB', 2500000000.0)] [1.000, 2.500] GB"
# Nested lists are arrays of arrays; texts are strings.
json=$("$reckon" eval --json '[["a", "b"], ["c"]]')
got=$(python3 -c 'import json, sys
print([[y["value"] for y in x["value"]] for x in json.loads(sys.argv[1])["value"]])' "$json")
expect "json nested" "$got" "[['a', 'b'], ['c']]"
# A set is an array of its elements in its order, with "set": true; 1000 MB is 1 GB, one
# element (docs/language.md, "Sets").
json=$("$reckon" eval --json '{2 GB, 1 GB, 1000 MB}')
got=$(python3 -c 'import json, sys
j = json.loads(sys.argv[1])
print(j["set"], j["unit"], [x["value"] for x in j["value"]], j["display"])' "$json")
expect "json set" "$got" "True GB [2.0, 1.0] {2, 1} GB"
# A map's keys: "keys" their texts in order, "key_values" the keys as values, a count as
# a number and a quantity with its unit (1500 MB is 1.5e9 bytes).
json=$("$reckon" eval --json '{3: "three", 1: "one"}')
got=$(python3 -c 'import json, sys
j = json.loads(sys.argv[1])
print(j["keys"], [k["value"] for k in j["key_values"]])' "$json")
expect "json count keys" "$got" "['3', '1'] [3.0, 1.0]"
json=$("$reckon" eval --json '{1500 MB: "a", 2 GB: "b"}')
got=$(python3 -c 'import json, sys
print([(k["base_value"], k["base_unit"]) for k in json.loads(sys.argv[1])["key_values"]])' "$json")
expect "json quantity keys" "$got" "[(1500000000.0, 'B'), (2000000000.0, 'B')]"

# A packed list (a comprehension computing numbers over a range) and the same list of
# Values (a literal, each element in parentheses) give the same JSON, but for the
# expression echoed.
packed=$("$reckon" eval --json '[x * 0.5 GB for x in 1 .. 3]' | sed 's/"expression":"[^"]*"//')
values=$("$reckon" eval --json '[(0.5 GB), (1 GB), (1.5 GB)]' | sed 's/"expression":"[^"]*"//')
expect "json packed as values" "$packed" "$values"
expect "json packed" "$packed" '"display":"[0.5000, 1.000, 1.500] GB"'

# 1 .. 1,000,000 on a terminal: 10 shown, 1,000,000 - 10 = 999,990 counted.
tty=$(script -qc "'$reckon' eval '1 .. 1000000'" /dev/null)
expect "terminal elides" "$tty" "[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, ... 999,990 more]"
# Into a pipe every element is shown: 1 .. 12 whole, and 1 .. 1,000,000 ends in 1000000].
expect "pipe shows all" "$("$reckon" eval '1 .. 12')" "[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]"
expect "pipe shows the last" "$("$reckon" eval '1 .. 1000000' | tail -c 20)" "999999, 1000000]"
# --json on a terminal is never elided: 12 elements.
tty=$(script -qc "'$reckon' eval --json '1 .. 12'" /dev/null)
expect "json not elided" "$(python3 -c 'import json, sys; print(len(json.loads(sys.argv[1])["value"]))' "$tty")" "12"

# explain writes a comprehension as it is. On a terminal, over its list's first 5
# elements: the list 2 .. 1000 doubled has 999 elements, 4, 6, 8, 10, 12 and 994 more;
# total 999 + 4 = 1003. Into a pipe every element, as eval and run show them: the
# doubled list ends in 1998, 2000 (999 * 2 and 1000 * 2), and no count is written.
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cat > "$dir/e.rk" <<'RK'
scenario S {
  input n: count = 1000
  xs: [count] = 1 .. n
  doubled: [count] = [x * 2 for x in xs if x > 1]
  total: count = len(doubled) + doubled[0]
}
case C = S()
RK
why=$(script -qc "'$reckon' explain '$dir/e.rk' C.total" /dev/null | tr -d '\r')
expect "explain comprehension on a terminal" "$why" \
  "doubled = [x * 2 for x in xs if x > 1] = [x * 2 for x in [1, 2, 3, 4, 5, ... 995 more] if x > 1] = [4, 6, 8, 10, 12, ... 994 more]"
expect "explain result" "$why" "= 1003"
why=$("$reckon" explain "$dir/e.rk" 'C.total')
expect "explain into a pipe: every element" "$why" \
  "if x > 1] = [4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24,"
expect "explain into a pipe: the last element" "$why" "1994, 1996, 1998, 2000]"
expect "explain into a pipe: the list gone through, whole" "$why" "for x in [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11,"
if [[ "$why" == *" more]"* ]]; then
  echo "FAIL explain into a pipe: a list was elided: ${why:0:400}"
  fail=1
fi

# A comprehension of two clauses: the first clause's list shown by its value, as one
# clause's is; the second's, which may use the first's name, as written. For a in 1, 2
# and b in 1 .. a: (1, 1), (2, 1), (2, 2), so the sums a + b are 2, 3 and 4, total 9.
cat > "$dir/c.rk" <<'RK'
scenario S {
  input n: count = 2
  xs: [count] = 1 .. n
  sums: [count] = [a + b for a in xs for b in 1 .. a if b <= n]
  total: count = sum(sums)
}
case C = S()
RK
why=$("$reckon" explain "$dir/c.rk" 'C.total')
expect "explain two clauses" "$why" \
  "sums = [a + b for a in xs for b in 1 .. a if b <= n] = [a + b for a in [1, 2] for b in 1 .. a if b <= n] = [2, 3, 4]"
expect "explain two clauses: result" "$why" "= 9"

[[ $fail == 0 ]] && echo "lists: all passed"
exit $fail
