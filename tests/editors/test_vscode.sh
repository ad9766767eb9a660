#!/usr/bin/env bash
# The VS Code extension (editors/vscode) with Node, without VS Code: tests/editors/test_vscode.js.
#   tests/editors/test_vscode.sh PATH/TO/reckon      (from the repository root)
set -euo pipefail
if ! command -v node >/dev/null; then
  echo "FAIL: node is not installed (scripts/install-packages test installs nodejs)"
  exit 1
fi
exec node tests/editors/test_vscode.js "$1"
