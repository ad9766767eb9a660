#!/usr/bin/env bash
# The Neovim plugin (editors/nvim) headless against `reckon lsp`: tests/editors/nvim_hints.lua.
#   tests/editors/nvim_hints_test.sh PATH/TO/reckon      (from the repository root)
set -euo pipefail
reckon=$(realpath "$1")
if ! command -v nvim >/dev/null; then
  echo "FAIL: nvim is not installed (scripts/install-packages test installs neovim)"
  exit 1
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# Copies: the test edits the buffers (never saved), and the two files make one project
# (a `.git` marks its root).
mkdir "$tmp/.git"
cp tests/editors/hints.rk tests/editors/second.rk "$tmp/"
export RECKON=$reckon FIXTURE=$tmp/hints.rk XDG_CACHE_HOME=$tmp XDG_STATE_HOME=$tmp
timeout 60 nvim --headless -u NONE -n -c "luafile tests/editors/nvim_hints.lua" 2>&1 | tee "$tmp/log"
grep -q "nvim hints: ok" "$tmp/log"
