#!/usr/bin/env bash
# The Neovim plugin (editors/nvim) headless against `reckon lsp`: tests/editors/nvim_hints.lua.
#   tests/editors/nvim_hints_test.sh PATH/TO/reckon      (from the repository root)
# The two files make one project (tests/editors/nvim_headless.sh copies them).
set -euo pipefail
exec bash tests/editors/nvim_headless.sh "$1" tests/editors/nvim_hints.lua "nvim hints: ok" 60 \
  tests/editors/hints.rk tests/editors/second.rk
