#!/usr/bin/env bash
# Neovim's built-in LSP client, headless, against `reckon lsp` (tests/lsp/nvim.lua).
#   tests/lsp/nvim_test.sh PATH/TO/reckon      (from the repository root)
set -euo pipefail
reckon=$(realpath "$1")
if ! command -v nvim >/dev/null; then
  echo "FAIL: nvim is not installed (scripts/install-packages test installs neovim)"
  exit 1
fi
cache=$(mktemp -d)
trap 'rm -rf "$cache"' EXIT
# The fixture is copied: the test edits its buffer (never saved, but a swap file is not wanted
# next to the sources either).
cp tests/lsp/fixture.rk tests/lsp/helper.rk "$cache/"
export RECKON=$reckon FIXTURE=$cache/fixture.rk XDG_CACHE_HOME=$cache XDG_STATE_HOME=$cache
timeout 120 nvim --headless -u NONE -n -c "luafile tests/lsp/nvim.lua" 2>&1 | tee "$cache/log"
grep -q "nvim: ok" "$cache/log"
