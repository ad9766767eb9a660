-- Reckon for Neovim: starts `reckon lsp` for `.rk` files and shows the server's inlay hints
-- (the value of each property for the chosen case, `▸ 350 GB`, at the end of its line).
--
--   vim.opt.runtimepath:append("/path/to/reckon/editors/nvim")
--   require("reckon").setup({ cmd = { "reckon", "lsp" } })
--
-- Works with Neovim 0.7 (Debian 12's), which has the LSP client but neither `vim.lsp.start`
-- nor inlay hints: there the plugin keeps one client per project root itself, asks for
-- `textDocument/inlayHint` for the lines near the window after every change and scroll,
-- and shows the answer as end-of-line virtual text. From 0.10 on, Neovim's own inlay hints (`vim.lsp.inlay_hint`) show them instead.
-- docs/editors.md has the whole setup; tests/editors/nvim_hints.lua tests it headless.
local M = {}

local api = vim.api
local uv = vim.uv or vim.loop -- vim.loop is deprecated from 0.10 on

-- A request to the server: Neovim 0.11 made client.request a method (client:request).
local function request(client, method, params, handler, bufnr)
  if vim.fn.has("nvim-0.11") == 1 then
    return client:request(method, params, handler, bufnr)
  end
  return client.request(method, params, handler, bufnr)
end

M.defaults = {
  -- The server's command line.
  cmd = { "reckon", "lsp" },
  -- The case whose values hover and inlay hints show; nil: each file's first case.
  case = nil,
  -- Show the values beside the properties.
  inlay_hints = true,
  -- Milliseconds without an edit before the hints are asked for again (Neovim < 0.10).
  debounce_ms = 150,
  -- Called as on_attach(client, bufnr) when the server attaches to a buffer (key mappings).
  on_attach = nil,
}

M.config = vim.deepcopy(M.defaults)

-- The extmarks' namespace: the hints of Neovim < 0.10 live here and nowhere else.
M.namespace = api.nvim_create_namespace("reckon_inlay_hints")

-- Neovim < 0.10: the client id of each project root (0.8's vim.lsp.start does this itself),
-- and per buffer the timer of the debounced refresh and a counter that makes an answer to
-- an older request than the latest one be dropped.
local clients_by_root = {}
local buffers = {}

local function native_inlay_hints()
  return vim.lsp.inlay_hint ~= nil and type(vim.lsp.inlay_hint.enable) == "function"
end

-- The directory holding `.git` (a directory, or a file in a worktree) above `file`, else
-- the file's own directory.
local function root_of(file)
  local dir = vim.fn.fnamemodify(file, ":p:h")
  local probe = dir
  while probe and probe ~= "" do
    if uv.fs_stat(probe .. "/.git") then return probe end
    local parent = vim.fn.fnamemodify(probe, ":h")
    if parent == probe then break end
    probe = parent
  end
  return dir
end

local function label_text(label)
  if type(label) == "string" then return label end
  local parts = {}
  for _, part in ipairs(label or {}) do
    parts[#parts + 1] = part.value or ""
  end
  return table.concat(parts)
end

-- Replaces the buffer's hints by the server's answer `hints` (an InlayHint[]).
function M.show_hints(bufnr, hints)
  if not api.nvim_buf_is_valid(bufnr) then return end
  api.nvim_buf_clear_namespace(bufnr, M.namespace, 0, -1)
  local lines = api.nvim_buf_line_count(bufnr)
  -- Several hints on one line (none today) are shown side by side, in order.
  local by_line = {}
  for _, hint in ipairs(hints or {}) do
    local line = hint.position and hint.position.line
    if type(line) == "number" and line >= 0 and line < lines then
      by_line[line] = by_line[line] or {}
      local text = label_text(hint.label)
      if hint.paddingLeft then text = " " .. text end
      table.insert(by_line[line], { text, "ReckonInlayHint" })
    end
  end
  for line, chunks in pairs(by_line) do
    api.nvim_buf_set_extmark(bufnr, M.namespace, line, 0,
      { virt_text = chunks, virt_text_pos = "eol", hl_mode = "combine" })
  end
end

-- The lines (0-based, end exclusive) worth hints: those shown in the windows on the buffer
-- and a screenful above and below them, so that a short scroll finds values already there.
-- The server computes values only for the lines asked about, which keeps a long file's
-- edits cheap. nil when no window shows the buffer.
local function shown_lines(bufnr)
  local first, last
  for _, win in ipairs(vim.fn.win_findbuf(bufnr)) do
    local view = api.nvim_win_call(win, function()
      return { top = vim.fn.line("w0"), bottom = vim.fn.line("w$") }
    end)
    local screen = view.bottom - view.top + 1
    first = math.min(first or math.huge, view.top - 1 - screen)
    last = math.max(last or 0, view.bottom + screen)
  end
  if not first then return nil end
  return math.max(first, 0), math.min(last, api.nvim_buf_line_count(bufnr))
end

-- Asks the server for the hints of the lines shown and shows them when they come.
function M.refresh_hints(bufnr)
  local state = buffers[bufnr]
  if not state or not api.nvim_buf_is_loaded(bufnr) then return end
  local client = vim.lsp.get_client_by_id(state.client_id)
  if not client then return end
  local first, last = shown_lines(bufnr)
  if not first then return end -- hidden: refreshed when shown again (BufWinEnter)
  state.generation = state.generation + 1
  local generation = state.generation
  local params = {
    textDocument = { uri = vim.uri_from_bufnr(bufnr) },
    range = { start = { line = first, character = 0 }, ["end"] = { line = last, character = 0 } },
  }
  -- A request sends the buffer's pending changes first, so the answer is about the
  -- text as it is now.
  request(client, "textDocument/inlayHint", params, function(err, result)
    if state.generation ~= generation then return end -- a later request is on its way
    -- An error (ContentModified: another change came after this one) leaves the hints
    -- as they are; the refresh of that change replaces them.
    if err then return end
    M.show_hints(bufnr, result)
  end, bufnr)
end

local function schedule_refresh(bufnr)
  local state = buffers[bufnr]
  if not state then return end
  if state.timer then state.timer:stop() else state.timer = uv.new_timer() end
  state.timer:start(M.config.debounce_ms, 0, vim.schedule_wrap(function()
    M.refresh_hints(bufnr)
  end))
end

local function forget(bufnr)
  local state = buffers[bufnr]
  if not state then return end
  if state.timer then
    state.timer:stop()
    state.timer:close()
  end
  buffers[bufnr] = nil
end

-- Neovim < 0.10: hints as end-of-line virtual text, refreshed after every change (also
-- undo and :edit), after a scroll, when the buffer is shown again, and when the server
-- asks (after `reckon.setCase`).
local function attach_hints(bufnr, client_id)
  if buffers[bufnr] then
    buffers[bufnr].client_id = client_id
  else
    buffers[bufnr] = { client_id = client_id, generation = 0 }
    api.nvim_buf_attach(bufnr, false, {
      on_lines = function()
        if not buffers[bufnr] then return true end -- detach
        schedule_refresh(bufnr)
      end,
      on_reload = function() schedule_refresh(bufnr) end,
      on_detach = function() forget(bufnr) end,
    })
  end
  M.refresh_hints(bufnr)
end

local function on_attach(client, bufnr)
  if M.config.inlay_hints then
    if native_inlay_hints() then
      -- 0.10 takes (enable, filter); its prereleases took (bufnr, enable).
      if not pcall(vim.lsp.inlay_hint.enable, true, { bufnr = bufnr }) then
        pcall(vim.lsp.inlay_hint.enable, bufnr, true)
      end
    else
      attach_hints(bufnr, client.id)
    end
  end
  if M.config.on_attach then M.config.on_attach(client, bufnr) end
end

local function client_config(root)
  local config = {
    name = "reckon",
    cmd = M.config.cmd,
    root_dir = root,
    on_attach = on_attach,
  }
  -- (Not an empty table when no case is chosen: Neovim 0.7 would send it as `[]`.)
  if M.config.case then config.init_options = { case = M.config.case } end
  if not native_inlay_hints() then
    -- The server asks for a refresh of the hints when the case changes.
    local capabilities = vim.lsp.protocol.make_client_capabilities()
    capabilities.workspace = capabilities.workspace or {}
    capabilities.workspace.inlayHint = { refreshSupport = true }
    config.capabilities = capabilities
    config.handlers = {
      ["workspace/inlayHint/refresh"] = function()
        for bufnr in pairs(buffers) do
          if api.nvim_buf_is_loaded(bufnr) then schedule_refresh(bufnr) else forget(bufnr) end
        end
        return vim.NIL
      end,
    }
  end
  return config
end

-- Starts (or reuses) the server of the buffer's project and attaches it to the buffer.
function M.start(bufnr)
  bufnr = bufnr or api.nvim_get_current_buf()
  local root = root_of(api.nvim_buf_get_name(bufnr))
  if vim.lsp.start then
    return vim.lsp.start(client_config(root), { bufnr = bufnr })
  end
  local id = clients_by_root[root]
  local client = id and vim.lsp.get_client_by_id(id)
  if not client or client.is_stopped() then
    id = vim.lsp.start_client(client_config(root))
    if not id then return nil end
    clients_by_root[root] = id
  end
  vim.lsp.buf_attach_client(bufnr, id)
  return id
end

-- The case whose values hover and hints show, for every file the server has open
-- (`reckon.setCase`); "" or nil goes back to each file's first case.
function M.set_case(name)
  local params = { command = "reckon.setCase", arguments = { name or "" } }
  local clients = vim.lsp.get_clients and vim.lsp.get_clients({ name = "reckon" })
    or vim.lsp.get_active_clients()
  for _, client in pairs(clients) do
    if client.name == "reckon" then
      request(client, "workspace/executeCommand", params, function() end)
    end
  end
end

function M.setup(opts)
  M.config = vim.tbl_deep_extend("force", vim.deepcopy(M.defaults), opts or {})
  vim.cmd("highlight default link ReckonInlayHint Comment")
  local group = api.nvim_create_augroup("reckon", { clear = true })
  api.nvim_create_autocmd({ "BufRead", "BufNewFile" }, {
    group = group,
    pattern = "*.rk",
    -- (Setting it again would start a second FileType round when editors/vim's ftdetect
    -- has set it already.)
    callback = function(args)
      if vim.bo[args.buf].filetype ~= "reckon" then vim.bo[args.buf].filetype = "reckon" end
    end,
  })
  api.nvim_create_autocmd("FileType", {
    group = group,
    pattern = "reckon",
    callback = function(args) M.start(args.buf) end,
  })
  api.nvim_create_autocmd("WinScrolled", {
    group = group,
    callback = function(args)
      local win = tonumber(args.match)
      if win and api.nvim_win_is_valid(win) then schedule_refresh(api.nvim_win_get_buf(win)) end
    end,
  })
  api.nvim_create_autocmd("BufWinEnter", {
    group = group,
    callback = function(args) schedule_refresh(args.buf) end,
  })
  api.nvim_create_user_command("ReckonCase", function(command) M.set_case(command.args) end,
    { nargs = "?", desc = "Show the values of this case in hover and inlay hints" })
end

return M
