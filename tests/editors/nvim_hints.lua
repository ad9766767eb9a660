-- The Neovim plugin (editors/nvim/lua/reckon.lua), headless, against `reckon lsp`: it
-- starts the server for a `.rk` file and, on Neovim < 0.10 (Debian's 0.7), shows the
-- server's inlay hints as end-of-line extmarks, for the case of setup() and then the case
-- chosen, refreshed after an edit, and only near the window in a long file. Run by nvim_hints_test.sh:
--   RECKON=build/reckon FIXTURE=.../hints.rk \
--     nvim --headless -u NONE -n -c "luafile tests/editors/nvim_hints.lua"
-- Values of tests/editors/hints.rk, worked by hand (values print with 4 significant digits
-- at most, trailing zeros kept to that precision: docs/language.md, "Display"):
--   layers = 4 * 8 = 32
--   Small: memory = 7e9 params * 2 B = 14e9 B = 14 GB; per_layer = 14 GB / 32 = 0.4375 GB = 437.5 MB (declared GB: the ladder chooses)
--   Large: memory = 70e9 * 4 B = 280e9 B = 280 GB; per_layer = 280 / 32 = 8.75 -> "8.750 GB"
--   Small with params 13e9: memory = 26 GB; per_layer = 26 / 32 = 0.8125 GB
-- and of long.rk, written here: line i is `let v<i> = <i> * 3`, so its hint is 3i.
local function run()
  local reckon, fixture = os.getenv("RECKON"), os.getenv("FIXTURE")
  vim.opt.runtimepath:append(vim.fn.getcwd() .. "/editors/nvim")
  vim.o.hidden = true
  local reckon_nvim = require("reckon")
  reckon_nvim.setup({ cmd = { reckon, "lsp" }, case = "Large", debounce_ms = 50 })
  vim.cmd("edit " .. fixture)
  local buf = vim.api.nvim_get_current_buf()
  assert(vim.bo[buf].filetype == "reckon", "filetype: " .. vim.bo[buf].filetype)

  -- The hints as { [line (1-based)] = "text" }, from the plugin's extmarks.
  local function hints(of)
    local out = {}
    local marks =
      vim.api.nvim_buf_get_extmarks(of or buf, reckon_nvim.namespace, 0, -1, { details = true })
    for _, m in ipairs(marks) do
      local text = ""
      for _, chunk in ipairs(m[4].virt_text or {}) do text = text .. chunk[1] end
      assert(m[4].virt_text_pos == "eol", "position: " .. vim.inspect(m))
      out[m[2] + 1] = text
    end
    return out
  end
  local function expect(wanted, what)
    local ok = vim.wait(8000, function() return vim.deep_equal(hints(), wanted) end, 20)
    assert(ok, what .. ": wanted " .. vim.inspect(wanted) .. ", shown " .. vim.inspect(hints()))
  end

  local function clients_of(b)
    if vim.lsp.get_clients then return #vim.lsp.get_clients({ bufnr = b }) end
    return vim.tbl_count(vim.lsp.buf_get_clients(b))
  end

  if vim.lsp.inlay_hint then
    -- Neovim 0.10+ shows the server's hints itself: only the start is the plugin's.
    assert(vim.wait(8000, function() return clients_of(buf) == 1 end),
      "the server attached")
    return
  end

  -- On open: the let and the properties of the case of setup(), Large.
  expect({ [3] = " ▸ 32", [8] = " ▸ 280 GB", [9] = " ▸ 8.750 GB" }, "on open")

  -- `:ReckonCase` with no name: the file's first case, Small (the server's
  -- workspace/inlayHint/refresh after its reckon.setCase).
  vim.cmd("ReckonCase")
  expect({ [3] = " ▸ 32", [8] = " ▸ 14 GB", [9] = " ▸ 437.5 MB" }, "after :ReckonCase")

  -- An edit (an incremental change): Small's params 7e9 -> 13e9.
  local l = 12
  local line = vim.api.nvim_buf_get_lines(buf, l - 1, l, false)[1]
  local at = line:find("7000000000", 1, true)
  vim.api.nvim_buf_set_text(buf, l - 1, at - 1, l - 1, at, { "13" })
  expect({ [3] = " ▸ 32", [8] = " ▸ 26 GB", [9] = " ▸ 812.5 MB" }, "after an edit")

  -- A case by name (the edit changed Small only).
  vim.cmd("ReckonCase Large")
  expect({ [3] = " ▸ 32", [8] = " ▸ 280 GB", [9] = " ▸ 8.750 GB" }, "after :ReckonCase Large")

  -- A file that does not check: the property in error shows no value rather than a stale
  -- one; the let and Large's memory, which the error does not reach, keep theirs.
  vim.api.nvim_buf_set_lines(buf, 8, 9, false, { "  per_layer: GB = memory / layerz" })
  expect({ [3] = " ▸ 32", [8] = " ▸ 280 GB" }, "with an error")

  -- One server for the two buffers of a project (Neovim 0.7 has no vim.lsp.start to share it).
  vim.cmd("split " .. vim.fn.fnamemodify(fixture, ":h") .. "/second.rk")
  local second = vim.api.nvim_get_current_buf()
  assert(vim.wait(8000, function() return clients_of(second) == 1 end),
    "the second buffer attached")
  assert(#vim.lsp.get_active_clients() == 1, "one client: " .. #vim.lsp.get_active_clients())

  -- A long file: values only for the lines shown and a screenful around them; after a
  -- scroll, for the new ones. (Headless Neovim runs no main loop while this script runs,
  -- so WinScrolled, which that loop fires, is fired by hand.)
  local long = vim.fn.fnamemodify(fixture, ":h") .. "/long.rk"
  local text = {}
  for i = 1, 400 do text[i] = string.format("let v%d = %d * 3", i, i) end
  vim.fn.writefile(text, long)
  vim.cmd("only")
  vim.cmd("edit " .. long)
  local long_buf = vim.api.nvim_get_current_buf()
  local function shown(line) return hints(long_buf)[line] end
  assert(vim.wait(8000, function() return shown(10) == " ▸ 30" end), "long file: line 10")
  assert(shown(300) == nil, "line 300 is far from the window: no value computed for it")
  vim.cmd("normal! 300Gzz")
  vim.api.nvim_exec_autocmds("WinScrolled", { pattern = tostring(vim.api.nvim_get_current_win()) })
  assert(vim.wait(8000, function() return shown(300) == " ▸ 900" end),
    "after scrolling: line 300: " .. vim.inspect(shown(300)))
  assert(shown(10) == nil, "line 10 is out of view now")
end

local ok, err = pcall(run)
if ok then
  io.stdout:write("nvim hints: ok\n")
  vim.cmd("qall!")
else
  io.stderr:write("nvim hints test failed: " .. tostring(err) .. "\n")
  vim.cmd("cquit 1")
end
