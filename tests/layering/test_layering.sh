#!/usr/bin/env bash
# The layering check passes on the repository, and fails on each kind of wrong arrow:
# a copy of the repository's sources gets one bad include at a time, and the check must
# name that file and line. Run from the repository root.
set -euo pipefail
check="$(pwd)/tests/layering/check_layering.sh"
failures=0

if ! out=$(bash "$check" .); then
  echo "FAIL: the repository breaks its layering:"
  echo "$out"
  failures=$((failures + 1))
fi

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

# file to add the include to | the include | why it is wrong
bad_arrows=(
  "grammar/parse.hpp|interpreter/program.hpp|the grammar below the interpreter"
  "syntax/ast.hpp|grammar/parse.hpp|the syntax tree below the grammar"
  "syntax/source.hpp|interpreter/units.hpp|the syntax layer below the interpreter"
  "interpreter/evaluator.hpp|stdlib/library.hpp|the core does not know the stdlib"
  "interpreter/exercise/book.hpp|interpreter/cli/commands.hpp|the exercise engine below the CLI"
  "interpreter/sweep/sweep.hpp|charts/svg_chart.hpp|charts are the CLI's, not the core's"
  "interpreter/checker.cpp|interpreter/repl/session.hpp|the checker below the REPL"
  "interpreter/evaluator.cpp|interpreter/lsp/analysis.hpp|the evaluator below the language server"
  "stdlib/library.hpp|interpreter/cli/commands.hpp|the stdlib below the CLI"
  "charts/svg_chart.hpp|interpreter/units.hpp|charts depend on nothing"
  "python/src/session.cpp|interpreter/cli/commands.hpp|Python calls the library API, not the CLI"
  "python/src/module.cpp|interpreter/repl/session.hpp|Python is beside the REPL, not above it"
  "python/src/session.hpp|charts/svg_chart.hpp|Python's sweeps are typed columns, not charts"
)
for arrow in "${bad_arrows[@]}"; do
  IFS='|' read -r file include why <<<"$arrow"
  rm -rf "$scratch/tree" && mkdir "$scratch/tree"
  cp -r syntax grammar interpreter stdlib charts python tests bench "$scratch/tree/"
  rm -rf "$scratch/tree/bench/mathjs"
  printf '#include "%s"\n' "$include" >>"$scratch/tree/$file"
  line=$(wc -l <"$scratch/tree/$file")
  if out=$(bash "$check" "$scratch/tree"); then
    echo "FAIL: $file including $include passed the check ($why)"
    failures=$((failures + 1))
  elif ! grep -qF "$file:$line:" <<<"$out"; then
    echo "FAIL: $file including $include was not reported at $file:$line; got:"
    echo "$out"
    failures=$((failures + 1))
  fi
done

# A C++ file in a directory that no layer holds is reported, so a new one must be placed.
rm -rf "$scratch/tree" && mkdir -p "$scratch/tree/plugins"
echo '#include "syntax/ast.hpp"' >"$scratch/tree/plugins/x.cpp"
if out=$(bash "$check" "$scratch/tree") || ! grep -qF "plugins/x.cpp: no layer" <<<"$out"; then
  echo "FAIL: a file outside every layer was not reported; got: $out"
  failures=$((failures + 1))
fi

# No surface prepares a case or decides display itself (check_surfaces.sh): the
# repository passes, and a call planted in a copy of one surface is reported at its line;
# the same words in a comment or a string are not calls.
surfaces="$(pwd)/tests/layering/check_surfaces.sh"
if ! out=$(bash "$surfaces" .); then
  echo "FAIL: a surface calls a display or case internal:"
  echo "$out"
  failures=$((failures + 1))
fi
# file to add the call to | the call | the name reported
bad_calls=(
  "interpreter/repl/session.cpp|std::string t = ev.show(v, std::nullopt);|show"
  "interpreter/lsp/analysis.cpp|auto u = Evaluator::declared_unit(*let->value);|declared_unit"
  "interpreter/lsp/hover.cpp|Instance& i = ev->instance_of(*c);|instance_of"
  "interpreter/exercise/book.cpp|Value i = ev_.new_instance(*x.case_decl);|new_instance"
  "interpreter/exercise/grade.cpp|ev.bind_input_value(inst, 0, v, at);|bind_input_value"
  "interpreter/cli/list.cpp|out << format_value(v, options);|format_value"
  "interpreter/cli/doc.cpp|out << format_table(v, options, nullptr, \"\");|format_table"
  "interpreter/cli/commands.cpp|reckon::require_feasible(ev, inst, note);|require_feasible"
  "python/src/session.cpp|q.evaluator->bind_input(*q.instance, 0, e);|bind_input"
  "python/src/module.cpp|auto u = default_display_unit(v, 4);|default_display_unit"
)
for planted in "${bad_calls[@]}"; do
  IFS='|' read -r file call name <<<"$planted"
  rm -rf "$scratch/tree" && mkdir "$scratch/tree"
  cp -r interpreter python "$scratch/tree/"
  {
    echo "// ev.show(v, u) and format_value(v) in a comment are no call"
    echo "const char* said = \"instance_of(c) in a string is no call\";"
    echo "$call"
  } >>"$scratch/tree/$file"
  line=$(wc -l <"$scratch/tree/$file")
  out=$(bash "$surfaces" "$scratch/tree") && status=0 || status=$?
  if ((status == 0)); then
    echo "FAIL: $file calling $name passed the surface check"
    failures=$((failures + 1))
  elif ! grep -qF "$file:$line: calls $name " <<<"$out" ||
       [[ $(wc -l <<<"$out") != 1 ]]; then
    echo "FAIL: $file calling $name was not reported at $file:$line alone; got:"
    echo "$out"
    failures=$((failures + 1))
  fi
done

if ((failures)); then
  echo "$failures layering test(s) failed"
  exit 1
fi
echo "layering: the repository passes, ${#bad_arrows[@]} wrong arrows and ${#bad_calls[@]} surface calls are caught"
