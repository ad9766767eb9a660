#!/usr/bin/env bash
# The CMake side of the layering (docs/architecture.md): each layer's library is built
# only from its own directories and links no library of a layer above it.
#   check_libraries.sh LAYER_LIBRARIES_TXT SOURCE_DIR BINARY_DIR
# LAYER_LIBRARIES_TXT (written by tests/CMakeLists.txt): `library|sources|link libraries`.
set -euo pipefail
list=$1 source_dir=$2 binary_dir=$3
status=0

# library | the directories its sources may be in | the reckon_* libraries it may link
rules=(
  "reckon_syntax|syntax/|"
  "reckon_grammar|grammar/|reckon_syntax"
  # The core's stages (docs/architecture.md, "The core's stages"), each a library that
  # links only the stages below it; reckon_core is all of them, built from nothing.
  "reckon_values|interpreter/values/ interpreter/sized_thread.cpp|reckon_grammar"
  "reckon_model|interpreter/model/|reckon_values"
  "reckon_display|interpreter/display/|reckon_model"
  "reckon_check|interpreter/check/|reckon_model"
  "reckon_compiled|interpreter/compiled/|reckon_model"
  "reckon_evaluate|interpreter/evaluate/|reckon_display reckon_compiled"
  "reckon_sweep|interpreter/sweep/|reckon_evaluate"
  "reckon_load|interpreter/load/|reckon_check reckon_compiled"
  "reckon_api|interpreter/api/|reckon_load reckon_sweep"
  "reckon_exercise|interpreter/exercise/|reckon_api"
  "reckon_core||reckon_exercise"
  "reckon_stdlib|stdlib/ generated/|reckon_core"
  "reckon_charts|charts/|"
  "reckon_cli|interpreter/cli/ interpreter/repl/ interpreter/lsp/|reckon_stdlib reckon_charts"
  # The Python package's extension module, beside the CLI: the library API through the
  # stdlib's library, never reckon_cli (nor charts: its sweeps are typed columns).
  "_reckon|python/src/|reckon_stdlib"
)
# Libraries a build may leave out (the Python module, without pybind11): no rule asks
# for them to be listed.
optional="_reckon"
# Inside interpreter/, the command line's folders belong to reckon_cli alone.
core_forbidden="interpreter/cli/ interpreter/repl/ interpreter/lsp/"

seen=0
while IFS='|' read -r library sources links; do
  rule=""
  for r in "${rules[@]}"; do [[ ${r%%|*} == "$library" ]] && rule=$r; done
  if [[ -z $rule ]]; then
    echo "$library: no rule in tests/layering/check_libraries.sh"
    status=1
    continue
  fi
  [[ " $optional " == *" $library "* ]] || seen=$((seen + 1))
  IFS='|' read -r _ dirs allowed <<<"$rule"
  for source in ${sources//,/ }; do
    relative=${source#"$binary_dir"/}  # first: the build tree may be inside the sources
    relative=${relative#"$source_dir"/}
    ok=0
    for dir in $dirs; do [[ $relative == "$dir"* ]] && ok=1; done
    if [[ $library != reckon_cli ]]; then
      for dir in $core_forbidden; do [[ $relative == "$dir"* ]] && ok=0; done
    fi
    if ((!ok)); then
      echo "$library is built from $relative (its sources belong in: $dirs)"
      status=1
    fi
  done
  for link in ${links//,/ }; do
    [[ $link == reckon_* && $link != reckon_warnings ]] || continue
    if [[ " $allowed " != *" $link "* ]]; then
      echo "$library links $link (it may link only: ${allowed:-no other layer})"
      status=1
    fi
  done
done <"$list"
required=0
for r in "${rules[@]}"; do [[ " $optional " == *" ${r%%|*} "* ]] || required=$((required + 1)); done
if ((seen != required)); then
  echo "$list describes $seen of the $required layer libraries every build has"
  status=1
fi
exit $status
