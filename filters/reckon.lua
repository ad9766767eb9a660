-- reckon.lua: a Pandoc Lua filter (also usable from Quarto) that replaces Reckon
-- expressions in a document with their evaluated values, so a number in a page cannot
-- drift from the scenario it comes from. See docs/documents.md.
--
-- The document names its scenario files in the front matter:
--
--   reckon:
--     files: [../scenarios/training.rk]  # relative to the document's directory
--     binary: build/reckon             # optional; else $RECKON, else `reckon` on PATH
--
-- Inline:  `Gpt3ActivationsMicrobatch4.per_token_activations`{.reckon}
--          `{reckon} Gpt3ActivationsMicrobatch4.per_token_activations` (Quarto's form)
-- Blocks:  ```{.reckon}           one expression per line: a table of values (caption=)
--          ```{.reckon .explain}  one expression: its derivation (case=, depth=)
--          ```{.reckon .sweep}    a sweep table (or chart=FILE.svg): case=, vary=, show=,
--                                 where=, minimize=, maximize=, digits= (reckon's
--                                 --digits, 4 unless given), caption=; every cell
--                                 as `reckon sweep` shows it in its table;
--                                 several `vary` are separated by `;`, and lines of the
--                                 body add more
--          ```{.reckon-live}      one expression per line: the table of values, and in
--                                 HTML the playground embedded on them (front matter
--                                 `reckon: playground: URL`; docs/playground.md)
--
-- Every inline value and value table of a page is evaluated by one `reckon eval --json
-- --lines` process (a first pass gathers the expressions). Everything from Reckon or the
-- page goes into the document as text (Pandoc elements, never raw HTML or TeX), but for a
-- live block's <iframe>, whose one attribute is the address escaped.
--
-- Any Reckon error stops the render: the filter raises it, naming the page's line of the
-- expression and with Reckon's own `file:line:col: error[CODE]` location, and Pandoc
-- exits non-zero.

local settings = { files = {}, binary = nil, playground = nil }

local function stringify(value)
  return pandoc.utils.stringify(value)
end

-- A path from the front matter, relative to the document's directory (like an image's),
-- or to the working directory when the document comes from stdin.
local function resolve(path)
  if path:sub(1, 1) == "/" then
    return path
  end
  local input = PANDOC_STATE.input_files[1]
  local base = pandoc.system.get_working_directory()
  if input ~= nil and input ~= "-" then
    local directory = pandoc.path.directory(input)
    if directory:sub(1, 1) ~= "/" then
      directory = pandoc.path.join({ base, directory })
    end
    base = directory
  end
  return pandoc.path.normalize(pandoc.path.join({ base, path }))
end

local function read_settings(meta)
  local block = meta.reckon
  if block == nil then
    return
  end
  local files = block.files or block.file
  if files ~= nil then
    if type(files) == "table" and files.t == nil and #files > 0 then
      for _, file in ipairs(files) do
        table.insert(settings.files, resolve(stringify(file)))
      end
    else
      table.insert(settings.files, resolve(stringify(files)))
    end
  end
  if block.binary ~= nil then
    settings.binary = stringify(block.binary)
  end
  if block.playground ~= nil then
    settings.playground = stringify(block.playground)
  end
end

local function binary()
  return settings.binary or os.getenv("RECKON") or "reckon"
end

-- Stops the render: the message on stderr and exit status 1, before Pandoc writes any
-- output, so a page is never half rendered. (`error()` would add a Lua stack trace.)
local function fail(what, detail, where)
  io.stderr:write("reckon: " .. (where and (where .. ": ") or "") .. what .. "\n")
  if detail ~= nil and detail ~= "" then
    io.stderr:write(detail:gsub("\n*$", "") .. "\n")
  end
  os.exit(1)
end

-- The value of the string field NAME in Reckon's one-line JSON output (Pandoc 2.x has no
-- JSON module), with its escapes undone; nil when absent.
local function json_string(json, name)
  local start = json:find('"' .. name .. '":"', 1, true)
  if start == nil then
    return nil
  end
  local i = start + #name + 4
  local out = {}
  while i <= #json do
    local c = json:sub(i, i)
    if c == '"' then
      return table.concat(out)
    elseif c == "\\" then
      local n = json:sub(i + 1, i + 1)
      if n == "u" then
        table.insert(out, utf8.char(tonumber(json:sub(i + 2, i + 5), 16)))
        i = i + 4
      else
        table.insert(out, ({ n = "\n", t = "\t", r = "\r", b = "\b", f = "\f" })[n] or n)
      end
      i = i + 2
    else
      table.insert(out, c)
      i = i + 1
    end
  end
  return nil
end

-- `PAGE:LINE` of the first place in the page's source that holds `text` (an expression
-- as written, in backticks first), or nil when the page came from standard input or
-- the text is not found as such. Pandoc keeps no source positions for code, so the text
-- is searched for; a repeated expression fails the same everywhere, so its first place
-- is where the render stops.
local page_text = nil

local function page_line(text)
  local page = PANDOC_STATE.input_files[1]
  if page == nil or page == "-" then
    return nil
  end
  if page_text == nil then
    local file = io.open(page, "r")
    page_text = file and file:read("a") or false
    if file then
      file:close()
    end
  end
  if not page_text then
    return nil
  end
  local at = page_text:find("`" .. text .. "`", 1, true) or page_text:find("{reckon} " .. text, 1, true)
  if at == nil then
    -- Inline code wrapped over lines in the source: Pandoc joined it with spaces.
    local pattern = text:gsub("[%^%$%(%)%%%.%[%]%*%+%-%?]", "%%%0"):gsub("%s+", "%%s+")
    at = page_text:find(pattern)
  end
  if at == nil then
    return nil
  end
  local _, newlines = page_text:sub(1, at):gsub("\n", "")
  return page .. ":" .. (newlines + 1)
end

-- The scenario file every expression is evaluated against: the one named, or (with
-- several) a generated file that imports them all, so every name is in scope.
local scope_file = nil

local function scope()
  if scope_file ~= nil then
    return scope_file
  end
  if #settings.files == 0 then
    scope_file = false
  elseif #settings.files == 1 then
    scope_file = settings.files[1]
  else
    local path = os.tmpname() .. ".rk"
    local out = assert(io.open(path, "w"))
    for _, file in ipairs(settings.files) do
      out:write('import "' .. file .. '"\n')
    end
    out:close()
    scope_file = path
  end
  return scope_file
end

-- Runs reckon with ARGS; a failure stops the render with Reckon's message (its text
-- errors go to stderr, which Pandoc passes through; JSON errors come on stdout).
-- Reckon's message for one line of `--json` error output (or any other output as it is),
-- with a caret under the column when the error is in the page's own expression.
local function error_message(output, expression)
  local message = output
  local code = json_string(output, "code")
  if code ~= nil then
    local file = json_string(output, "file")
    local line = output:match('"line":(%d+)')
    local column = output:match('"column":(%d+)')
    message = string.format("error[%s]: %s", code, json_string(output, "message") or "")
    if file ~= nil and line ~= nil then
      message = string.format("%s:%s:%s: %s", file, line, column or "1", message)
    end
    -- An error in the document's own expression: show it with a caret, as Reckon does.
    if file == "<expr>" and expression ~= nil and column ~= nil then
      message = message .. "\n  " .. expression .. "\n  " .. string.rep(" ", tonumber(column) - 1) .. "^"
    end
  end
  return message
end

-- Runs reckon with ARGS (and INPUT on its standard input); a failure stops the render with
-- Reckon's message (its text errors go to stderr, which Pandoc passes through; JSON
-- errors come on stdout), named at the page's line of `expression` when it has one.
local function run(args, what, expression, input)
  local ok, result = pcall(pandoc.pipe, binary(), args, input or "")
  if ok then
    return result
  end
  local output = type(result) == "table" and result.output or tostring(result)
  fail(what, error_message(output, expression), expression and page_line(expression))
end

local function with_scope(args)
  local file = scope()
  if file then
    table.insert(args, 1, file)
  end
  return args
end

-- The text a `--json` answer shows: a text as its text, without the quotes Reckon
-- writes around it; anything else as its display.
-- Whether the answer's value itself is a text: its keys are sorted, so the top-level
-- `"unit":"","value":"` comes right after the expression's string (a text inside a
-- tuple or a record has its own, further in, and is not the value).
local function is_text_answer(answer)
  local at = answer:find('"expression":"', 1, true)
  if at == nil then
    return false
  end
  local i = at + #'"expression":"'
  while i <= #answer do
    local c = answer:sub(i, i)
    if c == "\\" then
      i = i + 2
    elseif c == '"' then
      break
    else
      i = i + 1
    end
  end
  return answer:sub(i + 1, i + #',"unit":"","value":"') == ',"unit":"","value":"'
end

local function shown(answer)
  if is_text_answer(answer) then
    return json_string(answer, "value")
  end
  return json_string(answer, "display")
end

-- Every expression of the page's inline values and value tables, in page order (the
-- first pass fills it), and their answers once asked.
local wanted, wanted_index, answers = {}, {}, nil

local function want(expression)
  if wanted_index[expression] == nil then
    table.insert(wanted, expression)
    wanted_index[expression] = #wanted
  end
end

-- One `reckon eval --json --lines` for them all: an answer per line, in order. A
-- failure stops the render at the first expression, in page order, that has one.
local function evaluate_all()
  local args = with_scope({ "--lines" })
  table.insert(args, 1, "--json")
  table.insert(args, 1, "eval")
  local ok, result = pcall(pandoc.pipe, binary(), args, table.concat(wanted, "\n") .. "\n")
  local output = ok and result or (type(result) == "table" and result.output or tostring(result))
  answers = {}
  for line in output:gmatch("[^\n]+") do
    table.insert(answers, line)
  end
  for i, expression in ipairs(wanted) do
    local answer = answers[i]
    if answer == nil or answer:find('^{"error":') then
      -- (Fewer answers than expressions: the scenario file itself failed, first.)
      fail("cannot evaluate `" .. expression .. "`", error_message(answer or answers[1] or output, expression),
        page_line(expression))
    end
    if shown(answer) == nil then
      fail("no value for `" .. expression .. "`", answer, page_line(expression))
    end
  end
end

local function evaluate(expression)
  if answers == nil or wanted_index[expression] == nil then
    want(expression)
    evaluate_all()
  end
  return shown(answers[wanted_index[expression]])
end

local function quarto_expression(text)
  return text:match("^{reckon}%s+(.*)$")
end

-- Pandoc reads Quarto's ```{reckon} fence as the class `{reckon}`.
local function has_class(element, name)
  for _, class in ipairs(element.classes) do
    if class == name or class == "{" .. name .. "}" then
      return true
    end
  end
  return false
end

local function inline_expression(element)
  if has_class(element, "reckon") then
    return element.text
  end
  return quarto_expression(element.text)
end

function Code(element)
  local expression = inline_expression(element)
  if expression == nil then
    return nil
  end
  return pandoc.Str(evaluate(expression))
end

-- The expressions of a value table: its lines, but blank ones and `#` comments.
local function table_expressions(body)
  local expressions = {}
  for line in body:gmatch("[^\n]+") do
    local expression = line:match("^%s*(.-)%s*$")
    if expression ~= "" and expression:sub(1, 1) ~= "#" then
      table.insert(expressions, expression)
    end
  end
  return expressions
end

-- A table built as Pandoc elements, so every cell and the caption are text (escaped by
-- every writer). `cells` are lists of inlines.
local function text_table(caption, header, aligns, rows)
  local function cell(inlines)
    return { pandoc.Plain(inlines) }
  end
  local header_cells, body, widths = {}, {}, {}
  for i, inlines in ipairs(header) do
    header_cells[i] = cell(inlines)
    widths[i] = 0
  end
  for _, row in ipairs(rows) do
    local cells = {}
    for i, inlines in ipairs(row) do
      cells[i] = cell(inlines)
    end
    table.insert(body, cells)
  end
  local caption_inlines = caption and { pandoc.Str(caption) } or {}
  return pandoc.utils.from_simple_table(pandoc.SimpleTable(caption_inlines, aligns, widths, header_cells, body))
end

local function values_table(element)
  local rows = {}
  for _, expression in ipairs(table_expressions(element.text)) do
    table.insert(rows, { { pandoc.Code(expression) }, { pandoc.Str(evaluate(expression)) } })
  end
  return text_table(element.attributes.caption, { { pandoc.Str("expression") }, { pandoc.Str("value") } },
    { pandoc.AlignDefault, pandoc.AlignRight }, rows)
end

-- Markdown from Reckon read as text: no raw HTML, TeX or `{=format}` blocks, so a name or
-- a string of the user's is shown, never run.
local text_markdown = "markdown-raw_html-raw_tex-raw_attribute"

local function explanation(element)
  local expression = element.text:match("^%s*(.-)%s*$")
  local args = { "explain", "--format", "md" }
  if element.attributes.case ~= nil then
    table.insert(args, "--case")
    table.insert(args, element.attributes.case)
  end
  if element.attributes.depth ~= nil then
    table.insert(args, "--depth")
    table.insert(args, element.attributes.depth)
  end
  local file = scope()
  if file then
    table.insert(args, file)
  end
  table.insert(args, expression)
  local output = run(args, "cannot explain `" .. expression .. "`", expression)
  return pandoc.read(output, text_markdown).blocks
end

local function split(text, separator)
  local parts = {}
  for part in (text .. separator):gmatch("(.-)" .. separator) do
    part = part:match("^%s*(.-)%s*$")
    if part ~= "" then
      table.insert(parts, part)
    end
  end
  return parts
end

-- The fields of one line of `reckon sweep --format tsv`, empty ones included. No cell
-- holds a tab: Reckon writes it escaped, as its table does.
local function tab_fields(line)
  local fields = {}
  for field in (line .. "\t"):gmatch("(.-)\t") do
    table.insert(fields, field)
  end
  return fields
end

-- The sweep's table from `reckon sweep --format tsv`: every cell's text is the one
-- `reckon sweep` shows in its table (numbers to --digits significant digits), decided by
-- Reckon's display, not here.
local function sweep_table(tsv, caption)
  local header, aligns, rows = {}, {}, {}
  local index = 0
  for line in tsv:gmatch("([^\n]*)\n") do
    index = index + 1
    local cells = {}
    for i, cell in ipairs(tab_fields(line)) do
      cells[i] = { pandoc.Str(cell) }
    end
    if index == 1 then
      header = cells
      for i = 1, #cells do
        aligns[i] = pandoc.AlignRight
      end
    else
      table.insert(rows, cells)
    end
  end
  return text_table(caption, header, aligns, rows)
end

local function sweep(element)
  local file = scope()
  if not file then
    fail("a sweep needs a scenario file: name one under `reckon: files:` in the front matter")
  end
  local args = { "sweep", file }
  local a = element.attributes
  if a.case ~= nil then
    table.insert(args, a.case)
  end
  local varied = {}
  for _, v in ipairs(split(a.vary or "", ";")) do
    table.insert(varied, v)
  end
  for _, line in ipairs(split(element.text, "\n")) do
    local key, value = line:match("^(%w+)%s*:%s*(.*)$")
    if key == "vary" then
      table.insert(varied, value)
    elseif key ~= nil then
      a[key] = value
    end
  end
  for _, v in ipairs(varied) do
    table.insert(args, "--vary")
    table.insert(args, v)
  end
  for _, option in ipairs({ "show", "where", "minimize", "maximize" }) do
    if a[option] ~= nil then
      table.insert(args, "--" .. option)
      table.insert(args, a[option])
    end
  end
  table.insert(args, "--no-progress")
  if a.chart ~= nil then
    table.insert(args, "--format")
    table.insert(args, "svg")
    table.insert(args, "-o")
    table.insert(args, a.chart)
    run(args, "cannot sweep " .. (a.case or file))
    -- With a caption, a figure (Pandoc's "fig:" title): the caption under the chart.
    local caption = a.caption and { pandoc.Str(a.caption) } or {}
    return { pandoc.Para({ pandoc.Image(caption, a.chart, a.caption and "fig:" or "") }) }
  end
  table.insert(args, "--format")
  table.insert(args, "tsv")
  table.insert(args, "--digits")
  table.insert(args, a.digits or "4")
  return sweep_table(run(args, "cannot sweep " .. (a.case or file)), a.caption)
end

-- base64url (RFC 4648, section 5) without padding: the playground's `code=`.
local function base64url(text)
  local alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
  local out = {}
  for i = 1, #text, 3 do
    local a, b, c = text:byte(i, i + 2)
    local n = a * 65536 + (b or 0) * 256 + (c or 0)
    local digits = b == nil and 2 or (c == nil and 3 or 4)
    for k = 1, digits do
      local index = math.floor(n / 64 ^ (4 - k)) % 64
      table.insert(out, alphabet:sub(index + 1, index + 1))
    end
  end
  return table.concat(out)
end

-- Percent-encoding of everything but the unreserved characters (RFC 3986): an
-- expression in the playground's address, where `+` must stay a plus.
local function percent_encoded(text)
  return (text:gsub("[^A-Za-z0-9%-%._~]", function(c)
    return string.format("%%%02X", c:byte())
  end))
end

local function html_attribute(text)
  return (text:gsub("&", "&amp;"):gsub('"', "&quot;"):gsub("<", "&lt;"):gsub(">", "&gt;"))
end

-- A `.reckon-live` block: the values table, as a `.reckon` block makes it, and the
-- playground on the page's scenario file with the block's first expression, so a reader
-- can change the inputs and see the value again: an <iframe> in HTML, a link elsewhere.
-- The playground holds one file: the page's first (its local imports do not resolve there).
local function live(element)
  if settings.playground == nil then
    fail("a .reckon-live block needs the playground's address",
      "add `playground: URL` (build-web/site/index.html, served) under `reckon:` in the front matter",
      page_line(element.text))
  end
  local expressions = table_expressions(element.text)
  local code = ""
  if #settings.files > 0 then
    local file = assert(io.open(settings.files[1], "rb"))
    code = file:read("a")
    file:close()
  end
  local fragment = (code ~= "" and ("code=" .. base64url(code) .. "&") or "")
    .. "eval=" .. percent_encoded(expressions[1] or "")
  local url = settings.playground .. "#" .. fragment
  local blocks = { values_table(element) }
  if FORMAT:match("html") then
    table.insert(blocks, pandoc.RawBlock("html", '<iframe class="reckon-live" src="' .. html_attribute(url)
      .. '" title="Reckon playground" loading="lazy" style="width: 100%; height: 32rem; border: 1px solid #ccc"></iframe>'))
  else
    table.insert(blocks, pandoc.Para({ pandoc.Link({ pandoc.Str("Open in the playground") }, url) }))
  end
  return pandoc.Div(blocks, { class = "reckon-live" })
end

function CodeBlock(element)
  if has_class(element, "reckon-live") then
    return live(element)
  end
  if not has_class(element, "reckon") then
    return nil
  end
  if has_class(element, "explain") then
    return explanation(element)
  elseif has_class(element, "sweep") then
    return sweep(element)
  end
  return values_table(element)
end

-- The first pass: every expression of an inline value or a value table, in page order
-- (top-down: Pandoc's default visits every inline before any block).
local gather = {
  traverse = "topdown",
  Code = function(element)
    local expression = inline_expression(element)
    if expression ~= nil then
      want(expression)
    end
  end,
  CodeBlock = function(element)
    if has_class(element, "reckon-live")
        or has_class(element, "reckon") and not has_class(element, "explain") and not has_class(element, "sweep") then
      for _, expression in ipairs(table_expressions(element.text)) do
        want(expression)
      end
    end
  end,
}

-- Metadata first, so every expression knows its files; then the expressions gathered,
-- so that one process evaluates them all.
return { { Meta = read_settings }, gather, { Code = Code, CodeBlock = CodeBlock } }
