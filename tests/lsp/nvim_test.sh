#!/usr/bin/env bash
# Neovim's built-in LSP client, headless, against `reckon lsp` (tests/lsp/nvim.lua).
#   tests/lsp/nvim_test.sh PATH/TO/reckon      (from the repository root)
set -euo pipefail
exec bash tests/editors/nvim_headless.sh "$1" tests/lsp/nvim.lua "nvim: ok" 120 \
  tests/lsp/fixture.rk tests/lsp/helper.rk scenarios/training.rk
