#!/usr/bin/env bash
# The harness of the Neovim tests: a Lua test run in Neovim, headless, against
# `reckon lsp` (tests/lsp/nvim_test.sh: the built-in client; tests/editors/
# nvim_hints_test.sh: the plugin).
#   tests/editors/nvim_headless.sh PATH/TO/reckon LUA OK_LINE SECONDS FIXTURE [FILE...]
# (from the repository root). FIXTURE and the FILEs are copied into a temporary
# directory, since the test edits their buffers (never saved, and no swap file is wanted
# next to the sources); a `.git` there marks the project's root. The Lua test reads
# $RECKON and $FIXTURE (the copy), and passes if it prints OK_LINE within SECONDS.
set -euo pipefail
reckon=$(realpath "$1")
lua=$2
ok_line=$3
seconds=$4
shift 4
if ! command -v nvim >/dev/null; then
  echo "FAIL: nvim is not installed (scripts/install-packages test installs neovim)"
  exit 1
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/.git"
cp "$@" "$tmp/"
export RECKON=$reckon FIXTURE=$tmp/$(basename "$1") XDG_CACHE_HOME=$tmp XDG_STATE_HOME=$tmp
timeout "$seconds" nvim --headless -u NONE -n -c "luafile $lua" 2>&1 | tee "$tmp/log"
grep -q "$ok_line" "$tmp/log"
