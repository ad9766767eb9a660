-- Neovim's built-in LSP client (headless) against `reckon lsp`: a real editor's client,
-- beside the scripted one (client.py). Run by nvim_test.sh:
--   RECKON=build/reckon FIXTURE=tests/lsp/fixture.rk nvim --headless -u NONE -c "luafile tests/lsp/nvim.lua"
-- Works with Neovim 0.7 (Debian's): vim.lsp.start_client and buf_attach_client.
local function run()
  local reckon, fixture = os.getenv("RECKON"), os.getenv("FIXTURE")
  vim.cmd("edit " .. fixture)
  local buf = vim.api.nvim_get_current_buf()
  local id = vim.lsp.start_client({ name = "reckon", cmd = { reckon, "lsp" }, root_dir = vim.fn.getcwd() })
  assert(id, "the client started")
  assert(vim.lsp.buf_attach_client(buf, id), "attached")
  assert(vim.wait(20000, function()
    local c = vim.lsp.get_client_by_id(id)
    return c ~= nil and c.initialized
  end), "initialized")
  local uri = vim.uri_from_bufnr(buf)
  local lines = vim.api.nvim_buf_get_lines(buf, 0, -1, false)
  local function line_of(needle)
    for i, l in ipairs(lines) do
      if l:find(needle, 1, true) then return i - 1, l:find(needle, 1, true) - 1 end
    end
    error("no line with " .. needle)
  end
  local function request(method, params)
    local res = vim.lsp.buf_request_sync(buf, method, params, 20000)
    assert(res and res[id], method .. ": no answer")
    assert(not res[id].err, method .. ": " .. vim.inspect(res[id].err))
    return res[id].result
  end

  -- Hover: Small's memory, 175e9 x 2 B = 350 GB.
  local l, c = line_of("memory: GB")
  local h = request("textDocument/hover", { textDocument = { uri = uri }, position = { line = l, character = c + 2 } })
  assert(h.contents.value:find("350 GB", 1, true), "hover: " .. vim.inspect(h))

  -- Definition across the import: `overhead` in helper.rk.
  local l2, c2 = line_of("memory * overhead")
  local d = request("textDocument/definition",
    { textDocument = { uri = uri }, position = { line = l2, character = c2 + 10 } })
  local loc = d[1] or d
  assert(loc.uri:find("helper.rk", 1, true), "definition: " .. vim.inspect(d))

  -- Completion after `Small.` typed into the buffer (an incremental change).
  local cl = line_of("check Small")
  vim.api.nvim_buf_set_lines(buf, cl, cl, false, { "let q = Small." })
  local items = request("textDocument/completion",
    { textDocument = { uri = uri }, position = { line = cl, character = 14 } })
  local found = false
  for _, item in ipairs(items.items or items) do
    if item.label == "with_overhead" then found = true end
  end
  assert(found, "completion: " .. vim.inspect(items))
  vim.api.nvim_buf_set_lines(buf, cl, cl + 1, false, {})

  -- Diagnostics after an edit: `overhead` misspelt as `overhed`, E0316 with a did-you-mean.
  vim.api.nvim_buf_set_text(buf, l2, c2 + 15, l2, c2 + 16, {})
  -- (The diagnostics of the half-typed `Small.` line come first: wait for the edit's.)
  local function settled()
    local ds = vim.diagnostic.get(buf)
    return #ds == 1 and ds[1].message:find("overhed", 1, true) ~= nil
  end
  assert(vim.wait(20000, settled), "one diagnostic: " .. vim.inspect(vim.diagnostic.get(buf)))
  local diag = vim.diagnostic.get(buf)[1]
  local code = diag.code or (diag.user_data and diag.user_data.lsp and diag.user_data.lsp.code)
  assert(code == "E0316", "code: " .. vim.inspect(diag))
  assert(diag.message:find("did you mean `overhead`", 1, true), diag.message)
  assert(diag.lnum == l2 and diag.col == c2 + 9, "place: " .. vim.inspect(diag))
end

local ok, err = pcall(run)
if ok then
  io.stdout:write("nvim: ok\n")
  vim.cmd("qall!")
else
  io.stderr:write("nvim test failed: " .. tostring(err) .. "\n")
  vim.cmd("cquit 1")
end
