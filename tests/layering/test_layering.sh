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
  "grammar/parse.hpp|interpreter/model/program.hpp|the grammar below the interpreter"
  "syntax/ast.hpp|grammar/parse.hpp|the syntax tree below the grammar"
  "syntax/source.hpp|interpreter/values/units.hpp|the syntax layer below the interpreter"
  "interpreter/evaluate/evaluator.hpp|stdlib/library.hpp|the core does not know the stdlib"
  "interpreter/exercise/book.hpp|interpreter/cli/commands.hpp|the exercise engine below the CLI"
  "interpreter/sweep/sweep.hpp|charts/svg_chart.hpp|charts are the CLI's, not the core's"
  "interpreter/check/checker.cpp|interpreter/repl/session.hpp|the checker below the REPL"
  "interpreter/evaluate/evaluator.cpp|interpreter/lsp/analysis.hpp|the evaluator below the language server"
  "stdlib/library.hpp|interpreter/cli/commands.hpp|the stdlib below the CLI"
  "charts/svg_chart.hpp|interpreter/values/units.hpp|charts depend on nothing"
  "python/src/session.cpp|interpreter/cli/commands.hpp|Python calls the library API, not the CLI"
  "python/src/module.cpp|interpreter/repl/session.hpp|Python is beside the REPL, not above it"
  "python/src/session.hpp|charts/svg_chart.hpp|Python's sweeps are typed columns, not charts"
  # The core's stages (issue #32), one arrow per rule of docs/architecture.md.
  "interpreter/values/units.hpp|interpreter/evaluate/evaluator.hpp|values know no evaluator"
  "interpreter/values/value.hpp|interpreter/check/checker.hpp|values know no checker"
  "interpreter/values/sets.cpp|interpreter/model/program.hpp|values are below the program model"
  "interpreter/display/format.cpp|interpreter/check/checker.hpp|display decides without the checker"
  "interpreter/display/format_table.cpp|interpreter/evaluate/evaluator.hpp|display knows no evaluator"
  "interpreter/check/checker.cpp|interpreter/evaluate/evaluator.hpp|checking runs nothing"
  "interpreter/check/check_calls.cpp|interpreter/display/format.hpp|a display change recompiles no checker"
  "interpreter/evaluate/evaluate.cpp|interpreter/check/checker.hpp|evaluators take builtins from model/"
  "interpreter/compiled/compile.cpp|interpreter/check/check_context.hpp|compiled code takes no checker"
  "interpreter/compiled/code.hpp|interpreter/evaluate/evaluator.hpp|compiled code is below the evaluator"
  "interpreter/sweep/plan_compile.cpp|interpreter/check/checker_class.hpp|plans take builtins from model/"
  "interpreter/model/program.hpp|interpreter/load/pipeline.hpp|the program model is below loading"
  "interpreter/load/loader.cpp|interpreter/evaluate/evaluator.hpp|loading runs nothing"
  "interpreter/api/query.cpp|interpreter/exercise/book.hpp|the API is below the exercise engine"
  "interpreter/sized_thread.hpp|interpreter/values/value.hpp|the sized thread depends on nothing"
  "interpreter/cli/commands.cpp|interpreter/evaluate/evaluator.hpp|the CLI reaches the core through api/"
  "interpreter/lsp/hover.cpp|interpreter/model/signature.hpp|the language server through api/"
  "interpreter/repl/session.cpp|interpreter/check/checker.hpp|the REPL through api/"
  "python/src/session.cpp|interpreter/values/units.hpp|Python through api/"
  "web/playground.cpp|interpreter/load/pipeline.hpp|the playground through api/"
  "web/playground.cpp|interpreter/cli/sweep_output.hpp|the playground uses only cli's command and error path"
)
# Every wrong arrow is planted in one copy of the sources, each at the end of its file
# (a file may get more than one), and one run of the check must report each at its line
# and nothing else: the check reads every file once, so one run keeps this test fast.
rm -rf "$scratch/tree" && mkdir "$scratch/tree"
cp -r syntax grammar interpreter stdlib charts python web tests bench "$scratch/tree/"
rm -rf "$scratch/tree/bench/mathjs"
planted=()
for arrow in "${bad_arrows[@]}"; do
  IFS='|' read -r file include why <<<"$arrow"
  printf '#include "%s"\n' "$include" >>"$scratch/tree/$file"
  planted+=("$file:$(wc -l <"$scratch/tree/$file"):|$include|$why")
done
out=$(bash "$check" "$scratch/tree") && status=0 || status=$?
if ((status == 0)); then
  echo "FAIL: ${#bad_arrows[@]} wrong arrows passed the check"
  failures=$((failures + 1))
fi
for entry in "${planted[@]}"; do
  IFS='|' read -r at include why <<<"$entry"
  if ! grep -F "$at" <<<"$out" | grep -qF "\"$include\""; then
    echo "FAIL: ${at%:} including $include was not reported ($why)"
    failures=$((failures + 1))
  fi
done
if [[ $(wc -l <<<"$out") != "${#bad_arrows[@]}" ]]; then
  echo "FAIL: the check reported $(wc -l <<<"$out") arrows for ${#bad_arrows[@]} planted; got:"
  echo "$out"
  failures=$((failures + 1))
fi

# A C++ file in a directory that no layer holds is reported, so a new one must be placed.
rm -rf "$scratch/tree" && mkdir -p "$scratch/tree/plugins"
echo '#include "syntax/ast.hpp"' >"$scratch/tree/plugins/x.cpp"
if out=$(bash "$check" "$scratch/tree") || ! grep -qF "plugins/x.cpp: no layer" <<<"$out"; then
  echo "FAIL: a file outside every layer was not reported; got: $out"
  failures=$((failures + 1))
fi

# A file placed at the top of interpreter/ belongs to no stage and is reported.
rm -rf "$scratch/tree" && mkdir -p "$scratch/tree/interpreter"
echo '#include "syntax/ast.hpp"' >"$scratch/tree/interpreter/helpers.cpp"
if out=$(bash "$check" "$scratch/tree") || ! grep -qF "interpreter/helpers.cpp: no layer" <<<"$out"; then
  echo "FAIL: a file at the top of interpreter/ was not reported; got: $out"
  failures=$((failures + 1))
fi

# No include circle (check_include_cycles.py): the repository has none, and one planted
# between two headers of a stage is reported with both files.
circles="$(pwd)/tests/layering/check_include_cycles.py"
if ! out=$(python3 "$circles" .); then
  echo "FAIL: the repository has an include circle: $out"
  failures=$((failures + 1))
fi
rm -rf "$scratch/tree" && mkdir "$scratch/tree"
cp -r syntax grammar interpreter "$scratch/tree/"
echo '#include "interpreter/check/checker_class.hpp"' >>"$scratch/tree/interpreter/check/check_context.hpp"
if out=$(python3 "$circles" "$scratch/tree") ||
   ! grep -qF "interpreter/check/check_context.hpp" <<<"$out" ||
   ! grep -qF "interpreter/check/checker_class.hpp" <<<"$out"; then
  echo "FAIL: an include circle between check_context.hpp and checker_class.hpp was not reported; got: $out"
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
