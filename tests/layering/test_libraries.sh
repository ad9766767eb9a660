#!/usr/bin/env bash
# check_libraries.sh passes on this build's libraries, and fails on copies of their list
# with one wrong source or link each.
#   test_libraries.sh LAYER_LIBRARIES_TXT SOURCE_DIR BINARY_DIR
set -euo pipefail
list=$1 source_dir=$2 binary_dir=$3
check="$(dirname "$0")/check_libraries.sh"
failures=0

if ! out=$(bash "$check" "$list" "$source_dir" "$binary_dir"); then
  echo "FAIL: the build's libraries break the layering:"
  echo "$out"
  failures=$((failures + 1))
fi

# sed edit of the list | what must be reported
bad=(
  's@^reckon_model|@reckon_model|charts/svg_chart.cpp @|reckon_model is built from charts/svg_chart.cpp'
  's@^reckon_api|@reckon_api|interpreter/cli/exercises.cpp @|reckon_api is built from interpreter/cli/exercises.cpp'
  's@^reckon_check|@reckon_check|interpreter/evaluate/evaluator.cpp @|reckon_check is built from interpreter/evaluate/evaluator.cpp'
  's@^reckon_core|@reckon_core|interpreter/values/units.cpp @|reckon_core is built from interpreter/values/units.cpp'
  's@^reckon_grammar|\([^|]*\)|@reckon_grammar|\1|reckon_core @|reckon_grammar links reckon_core'
  's@^reckon_values|\([^|]*\)|@reckon_values|\1|reckon_model @|reckon_values links reckon_model'
  's@^reckon_display|\([^|]*\)|@reckon_display|\1|reckon_evaluate @|reckon_display links reckon_evaluate'
  's@^reckon_check|\([^|]*\)|@reckon_check|\1|reckon_evaluate @|reckon_check links reckon_evaluate'
  's@^reckon_check|\([^|]*\)|@reckon_check|\1|reckon_display @|reckon_check links reckon_display'
  's@^reckon_compiled|\([^|]*\)|@reckon_compiled|\1|reckon_check @|reckon_compiled links reckon_check'
  's@^reckon_evaluate|\([^|]*\)|@reckon_evaluate|\1|reckon_check @|reckon_evaluate links reckon_check'
  's@^reckon_api|\([^|]*\)|@reckon_api|\1|reckon_exercise @|reckon_api links reckon_exercise'
  's@^reckon_exercise|\([^|]*\)|@reckon_exercise|\1|reckon_stdlib @|reckon_exercise links reckon_stdlib'
  's@^reckon_exercise|\([^|]*\)|@reckon_exercise|\1|reckon_charts @|reckon_exercise links reckon_charts'
  's@^reckon_syntax|\([^|]*\)|@reckon_syntax|\1|reckon_grammar @|reckon_syntax links reckon_grammar'
  's@^reckon_stdlib|\([^|]*\)|@reckon_stdlib|\1|reckon_cli @|reckon_stdlib links reckon_cli'
  's@^_reckon|\([^|]*\)|@_reckon|\1|reckon_cli @|_reckon links reckon_cli'
  's@^_reckon|@_reckon|interpreter/cli/commands.cpp @|_reckon is built from interpreter/cli/commands.cpp'
  '/^reckon_cli|/d|describes 15 of the 16 layer libraries'
)
scratch=$(mktemp)
trap 'rm -f "$scratch"' EXIT
for entry in "${bad[@]}"; do
  edit=${entry%|*}
  expected=${entry##*|}
  # A build without the Python module (no pybind11) has no _reckon line to break.
  [[ $edit == *_reckon* ]] && ! grep -q '^_reckon|' "$list" && continue
  sed "$edit" "$list" >"$scratch"
  if out=$(bash "$check" "$scratch" "$source_dir" "$binary_dir") ||
     ! grep -qF "$expected" <<<"$out"; then
    echo "FAIL: expected \"$expected\"; got: $out"
    failures=$((failures + 1))
  fi
done

if ((failures)); then
  echo "$failures library layering test(s) failed"
  exit 1
fi
echo "libraries: the layering holds, and ${#bad[@]} wrong sources or links are caught"
