#!/usr/bin/env bash
# One error path: every user-facing error is a Diagnostic printed by the renderer
# (interpreter/diagnostics.cpp, and the JSON form of interpreter/cli/guarded.hpp), so no
# source writes "error[" or "error:" by hand, where it would escape --json and the
# escaping of control characters. Comments may quote the format.
# Usage: one_error_path.sh   (from the repository root)
set -u
# A string literal that starts with "error[" or "error:" is a hand-made diagnostic.
hits=$(grep -rnE '"(\\n)?error(\[|:)' interpreter grammar stdlib --include='*.cpp' --include='*.hpp' |
  grep -v '^interpreter/diagnostics\.cpp:' |
  grep -vE '^[^:]+:[0-9]+:\s*//' |
  grep -vF 'shown = "error: " + printable(e.diagnostic().message);')  # a cell of `reckon run`'s table

if [[ -n $hits ]]; then
  echo "error messages written by hand (throw a UserError or UsageError instead):"
  echo "$hits"
  exit 1
fi
echo "one error path: ok"
