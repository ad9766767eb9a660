#!/usr/bin/env bash
# The layering of docs/architecture.md, enforced: every project include ("dir/...") of
# every C++ file under ROOT must point at its own layer or one below it.
#   tests/layering/check_layering.sh [ROOT]     (ROOT: the repository, default .)
# Prints each wrong arrow as `file:line: LAYER includes "X"` and exits 1 if there is one;
# a source directory that no layer claims is an error too, so a new one must be placed.
#
#   syntax  <- grammar <- core (interpreter/, without cli/ and repl/) <- stdlib <- cli
#   charts  <- cli                     (tests/ and bench/ may include any layer)
#   python/ (the Python package's extension module) sits beside cli, at the top, and
#   calls the library API (interpreter/api/) as cli does: it includes nothing of cli
#   web/ (the playground's WebAssembly entry point) sits beside cli too, and may use cli's
#   sweep command (its SVG charts) and its one error path (guarded.hpp)
set -euo pipefail
root="${1:-.}"

# layer name, the directories it holds, the include prefixes it may use (its own
# included). A directory is matched by its longest listed prefix.
layers=(
  "syntax|syntax/|syntax/"
  "grammar|grammar/|syntax/ grammar/"
  "core|interpreter/|syntax/ grammar/ interpreter/"
  "stdlib|stdlib/|syntax/ grammar/ interpreter/ stdlib/"
  "charts|charts/|charts/"
  "cli|interpreter/cli/ interpreter/repl/ interpreter/lsp/|syntax/ grammar/ interpreter/ stdlib/ charts/"
  "python|python/|syntax/ grammar/ interpreter/ stdlib/ python/"
  "web|web/|syntax/ grammar/ interpreter/ stdlib/ charts/ web/"
  "tests|tests/ bench/|syntax/ grammar/ interpreter/ stdlib/ charts/ tests/ bench/"
)
# Inside the core, the command line's folders are above it, whatever their prefix says;
# the Python package, beside them, may not use them either (it calls interpreter/api/).
core_forbidden="interpreter/cli/ interpreter/repl/ interpreter/lsp/"

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
