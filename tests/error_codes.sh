#!/usr/bin/env bash
# Every error code used in the sources is documented in docs/errors.md, every documented
# code is used, and every code is produced by a test: a golden file in tests/lang (or,
# for codes a .rk file cannot produce, tests/cli, tests/fmt, tests/exercises, tests/repl,
# tests/limits, tests/lsp, a unit test or, for the Python package's, tests/python). Run from
# the source directory.
set -u
codes() { grep -rhoE "$@" | grep -oE 'E0[0-9]{3}' | sort -u; }
used=$(codes '"E0[1-9][0-9]{2}' grammar interpreter stdlib --include=*.cpp --include=*.hpp;
       codes 'error\[E0[0-9]{3}\]' interpreter --include=*.cpp
       # The Python package's own (E0910-E0919), raised in its C++ and its Python.
       codes '"E09[0-9]{2}' python --include=*.cpp --include=*.hpp --include=*.py)
used=$(printf '%s\n' "$used" | sort -u)
documented=$(grep -hoE '^## E0[0-9]{3}' docs/errors.md | grep -oE 'E0[0-9]{3}' | sort -u)
tested=$( (grep -hoE 'error\[E0[0-9]{3}\]' tests/lang/*.exp tests/repl/*.out
           grep -hoE 'E0[0-9]{3}' tests/cli/*.sh tests/fmt/*.sh tests/exercises/*.sh tests/sweep/*.sh tests/limits/*.sh tests/unit/*.cpp tests/lsp/*.py
           grep -hoE 'E09[0-9]{2}' tests/python/*.py) |
         grep -oE 'E0[0-9]{3}' | sort -u)
# Defensive errors no test can reach (none at present).
unreachable=''
fail=0
report() { [[ -n "$2" ]] && { echo "$1: $(echo $2)"; fail=1; }; }
report "used but not in docs/errors.md" "$(comm -23 <(echo "$used") <(echo "$documented"))"
report "in docs/errors.md but never used" "$(comm -13 <(echo "$used") <(echo "$documented"))"
report "used but not tested" "$(comm -23 <(echo "$used") <(sort -u <(echo "$tested"; echo "$unreachable")))"
n=$(ls tests/lang/parse-fail-*.rk tests/lang/check-fail-*.rk tests/lang/eval-fail-*.rk | wc -l)
(( n >= 60 )) || { echo "only $n golden error cases (at least 60 wanted)"; fail=1; }
echo "$(echo "$used" | wc -l) codes, $n golden error cases"
exit $fail
