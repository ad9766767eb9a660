#!/usr/bin/env bash
# The layering of docs/architecture.md, enforced: every project include ("dir/...") of
# every C++ file under ROOT must point at its own layer or one below it.
#   tests/layering/check_layering.sh [ROOT]     (ROOT: the repository, default .)
# Prints each wrong arrow as `file:line: LAYER includes "X"` and exits 1 if there is one;
# a source directory that no layer claims is an error too, so a new one must be placed.
#
#   syntax  <- grammar <- core (interpreter/, without cli/, repl/ and lsp/) <- stdlib <- cli
#   charts  <- cli                     (tests/ and bench/ may include any layer)
#   python/ (the Python package's extension module) sits beside cli, at the top, and
#   calls the library API (interpreter/api/) as cli does: it includes nothing of cli
#   web/ (the playground's WebAssembly entry point) sits beside cli too, and may use cli's
#   sweep command (its SVG charts) and its one error path (guarded.hpp)
#
# Inside the core, one folder per stage (docs/architecture.md, "The core's stages"), each
# including only the stages below it: values <- model <- display, check, compiled;
# evaluate on display and compiled; sweep on evaluate; load on check and compiled; api on
# all of them; exercise on api.
# values know no evaluator and no checker; display decides from values and declared
# units (model/written_unit.hpp) alone; checking runs nothing; the evaluators, compiled
# code and plans take builtins from model/builtins.hpp, never from the checker. The
# surfaces (cli, repl, lsp, python, web) reach the core through interpreter/api/ and the
# exercise engine's headers (interpreter/exercise/) only, besides the grammar (to parse
# and format text) and the syntax tree.
set -euo pipefail
root="${1:-.}"

i=interpreter
core_below_api="$i/sized_thread $i/values/ $i/model/ $i/display/ $i/check/ $i/compiled/ $i/evaluate/ $i/sweep/ $i/load/"
surface_core="syntax/ grammar/ $i/api/ $i/exercise/"
# layer name, the directories it holds, the include prefixes it may use (its own
# included). A directory (or file) is matched by its longest listed prefix.
layers=(
  "syntax|syntax/|syntax/"
  "grammar|grammar/|syntax/ grammar/"
  "support|$i/sized_thread|$i/sized_thread"
  "values|$i/values/|syntax/ grammar/ $i/sized_thread $i/values/"
  "model|$i/model/|syntax/ grammar/ $i/values/ $i/model/"
  "display|$i/display/|syntax/ $i/values/ $i/model/ $i/display/"
  "check|$i/check/|syntax/ grammar/ $i/sized_thread $i/values/ $i/model/ $i/check/"
  "compiled|$i/compiled/|syntax/ $i/values/ $i/model/ $i/compiled/"
  "evaluate|$i/evaluate/|syntax/ grammar/ $i/sized_thread $i/values/ $i/model/ $i/display/ $i/compiled/ $i/evaluate/"
  "sweep|$i/sweep/|syntax/ grammar/ $i/sized_thread $i/values/ $i/model/ $i/display/ $i/compiled/ $i/evaluate/ $i/sweep/"
  "load|$i/load/|syntax/ grammar/ $i/values/ $i/model/ $i/check/ $i/compiled/ $i/load/"
  "api|$i/api/|syntax/ grammar/ $core_below_api $i/api/"
  "exercise|$i/exercise/|syntax/ grammar/ $core_below_api $i/api/ $i/exercise/"
  "stdlib|stdlib/|syntax/ $i/values/ $i/model/ stdlib/"
  "charts|charts/|charts/"
  "cli|$i/cli/ $i/repl/ $i/lsp/|$surface_core stdlib/ charts/ $i/cli/ $i/repl/ $i/lsp/"
  "python|python/|$surface_core stdlib/ python/"
  "web|web/|$surface_core stdlib/ charts/ web/ $i/cli/commands.hpp $i/cli/guarded.hpp"
  "tests|tests/ bench/|syntax/ grammar/ $i/ stdlib/ charts/ tests/ bench/"
)
# Inside the core, the command line's folders are above it, whatever their prefix says;
# the Python package, beside them, may not use them either (it calls interpreter/api/).
core_forbidden="$i/cli/ $i/repl/ $i/lsp/"

layer_of() {  # file -> "name|allowed"; empty if no layer holds it
  local file=$1 best="" best_len=0 entry name dirs allowed dir
  for entry in "${layers[@]}"; do
    IFS='|' read -r name dirs allowed <<<"$entry"
    for dir in $dirs; do
      if [[ $file == "$dir"* && ${#dir} -gt $best_len ]]; then
        best="$name|$allowed"
        best_len=${#dir}
      fi
    done
  done
  printf '%s' "$best"
}

status=0
cd "$root"
while IFS= read -r file; do
  layer=$(layer_of "$file")
  if [[ -z $layer ]]; then
    echo "$file: no layer holds this directory (add it to tests/layering/check_layering.sh)"
    status=1
    continue
  fi
  name=${layer%%|*}
  allowed=${layer#*|}
  while IFS=: read -r line target; do
    ok=0
    for prefix in $allowed; do [[ $target == "$prefix"* ]] && ok=1; done
    if [[ $name != cli && $name != tests && $name != web ]]; then
      for prefix in $core_forbidden; do [[ $target == "$prefix"* ]] && ok=0; done
    fi
    if ((!ok)); then
      echo "$file:$line: $name includes \"$target\" (it may include only: $allowed)"
      status=1
    fi
  done < <(awk 'match($0, /^[ \t]*#[ \t]*include[ \t]*"[^"]*\/[^"]*"/) {
                 s = $0; sub(/^[^"]*"/, "", s); sub(/".*/, "", s); print FNR ":" s }' "$file")
done < <(find . \( -path './build*' -o -path './.git' -o -name node_modules \) -prune -o \
           \( -name '*.cpp' -o -name '*.hpp' -o -name '*.h' \) -type f -print | sed 's|^\./||' | sort)
exit $status
