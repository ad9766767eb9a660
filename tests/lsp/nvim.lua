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

  -- Values despite the error: memory does not use `overhed` (350 GB, as above), nor does
  -- transfer (350 GB / 100 GB/s = 3.5 s); with_overhead does, and has no hint.
  h = request("textDocument/hover", { textDocument = { uri = uri }, position = { line = l, character = c + 2 } })
  assert(h.contents.value:find("350 GB", 1, true), "hover despite an error: " .. vim.inspect(h))
  local hints = request("textDocument/inlayHint", { textDocument = { uri = uri },
    range = { start = { line = 0, character = 0 }, ["end"] = { line = #lines + 5, character = 0 } } })
  local shown = {}
  for _, hint in ipairs(hints) do shown[#shown + 1] = hint.label end
  assert(vim.deep_equal(shown, { "\u{25b8} 350 GB", "\u{25b8} 3.500 s" }), "hints: " .. vim.inspect(hints))
  vim.api.nvim_buf_set_text(buf, l2, c2 + 15, l2, c2 + 15, { "a" })
  assert(vim.wait(20000, function() return #vim.diagnostic.get(buf) == 0 end), "repaired")

  -- A failing check: an error diagnostic showing its left side (350 GB).
  local function refresh() lines = vim.api.nvim_buf_get_lines(buf, 0, -1, false) end
  local cl2, cc2 = line_of("check Small.memory >")
  vim.api.nvim_buf_set_text(buf, cl2, cc2 + 19, cl2, cc2 + 20, { "<" })
  local function failing()
    local ds = vim.diagnostic.get(buf)
    return #ds == 1 and ds[1].message:find("left side is  350 GB", 1, true) ~= nil
  end
  assert(vim.wait(20000, failing), "a failing check: " .. vim.inspect(vim.diagnostic.get(buf)))
  assert(vim.diagnostic.get(buf)[1].severity == vim.diagnostic.severity.ERROR, "an error")
  assert(vim.diagnostic.get(buf)[1].lnum == cl2, "at the check")

  -- Rename `params` (the input, its use, both cases' arguments), applied by the client.
  refresh()
  local pl, pc = line_of("params * bytes")
  local edit = request("textDocument/rename",
    { textDocument = { uri = uri }, position = { line = pl, character = pc + 1 }, newName = "parameters" })
  assert(#edit.changes[uri] == 4, "rename: " .. vim.inspect(edit))
  vim.lsp.util.apply_workspace_edit(edit, "utf-16")
  refresh()
  line_of("input parameters: count")
  line_of("Weights(parameters: 175000000000)")
  line_of("Weights(parameters: 1000)")
  line_of("memory: GB = parameters * bytes_per_param")
  -- Still one diagnostic, the check's: the renamed file checks.
  assert(vim.wait(20000, function()
    local ds = vim.diagnostic.get(buf)
    return #ds == 1 and ds[1].message:find("check failed", 1, true) ~= nil
  end), "after the rename: " .. vim.inspect(vim.diagnostic.get(buf)))

  -- Signature help at the second argument of point_to_point_time(memory, 100 GB/s).
  local sl, sc = line_of("100 GB/s)")
  local sh = request("textDocument/signatureHelp", { textDocument = { uri = uri }, position = { line = sl, character = sc } })
  local sig = sh.signatures[sh.activeSignature + 1]
  assert(sig.label:find("point_to_point_time(size: B, bandwidth: B/s", 1, true) and sh.activeParameter == 1,
    "signature help: " .. vim.inspect(sh))

  -- A method called by its bare name in its own scenario (training.rk): hover, definition.
  vim.cmd("edit " .. vim.fn.fnamemodify(fixture, ":h") .. "/training.rk")
  buf = vim.api.nvim_get_current_buf()
  assert(vim.lsp.buf_attach_client(buf, id), "attached to training.rk")
  uri = vim.uri_from_bufnr(buf)
  refresh()
  local ml, mc = line_of("= activations(selective)")
  local mh = request("textDocument/hover", { textDocument = { uri = uri }, position = { line = ml, character = mc + 4 } })
  assert(mh and mh.contents.value:find("property ActivationMemory.activations(strategy: Recompute)", 1, true),
    "method hover: " .. vim.inspect(mh))
  local md = request("textDocument/definition", { textDocument = { uri = uri }, position = { line = ml, character = mc + 4 } })
  local dl = line_of("activations(strategy: Recompute)")
  md = md[1] or md
  assert(md.uri == uri and md.range.start.line == dl, "method definition: " .. vim.inspect(md))

  -- Signature help in a scenario's call: its inputs as parameters, at `micro_batch: `.
  local cl, cc = line_of("ActivationMemory(workload: GPT3_175B, micro_batch: 4)")
  local ch = request("textDocument/signatureHelp", { textDocument = { uri = uri },
    position = { line = cl, character = cc + #"ActivationMemory(workload: GPT3_175B, micro_batch: " } })
  local csig = ch.signatures[ch.activeSignature + 1]
  assert(csig.label:find("ActivationMemory(workload: Transformer, micro_batch: count, ", 1, true) == 1
    and ch.activeParameter == 1 and #csig.parameters == 7, "constructor signature help: " .. vim.inspect(ch))
end

local ok, err = pcall(run)
if ok then
  io.stdout:write("nvim: ok\n")
  vim.cmd("qall!")
else
  io.stderr:write("nvim test failed: " .. tostring(err) .. "\n")
  vim.cmd("cquit 1")
end
