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
-- Blocks:  ```{.reckon}           one expression per line: a table of values
--          ```{.reckon .explain}  one expression: its derivation (case=, depth=)
--          ```{.reckon .sweep}    a sweep table (or chart=FILE.svg): case=, vary=, show=,
--                                 where=, minimize=, maximize=, digits= (4: numbers to
--                                 4 significant digits, whole ones exactly); several `vary` are
--                                 separated by `;`, and lines of the body add more
--
-- Any Reckon error stops the render: the filter raises it, with Reckon's own
-- `file:line:col: error[CODE]` location, and Pandoc exits non-zero.

local settings = { files = {}, binary = nil }

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
end

local function binary()
  return settings.binary or os.getenv("RECKON") or "reckon"
end

-- Stops the render: the message on stderr and exit status 1, before Pandoc writes any
-- output, so a page is never half rendered. (`error()` would add a Lua stack trace.)
local function fail(what, detail)
  io.stderr:write("reckon: " .. what .. "\n")
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
local function run(args, what, expression)
  local ok, result = pcall(pandoc.pipe, binary(), args, "")
  if ok then
    return result
  end
  local output = type(result) == "table" and result.output or tostring(result)
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
  fail(what, message)
end

local function with_scope(args)
  local file = scope()
  if file then
    table.insert(args, 1, file)
  end
  return args
end

local function evaluate(expression)
  local args = with_scope({ "--", expression })
  table.insert(args, 1, "--json")
  table.insert(args, 1, "eval")
  local output = run(args, "cannot evaluate `" .. expression .. "`", expression)
  -- A text is shown as its text, without the quotes Reckon writes around it.
  if output:find('"unit":"","value":"', 1, true) then
    return json_string(output, "value")
  end
  local display = json_string(output, "display")
  if display == nil then
    fail("no value for `" .. expression .. "`", output)
  end
  return display
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

function Code(element)
  local expression = nil
  if has_class(element, "reckon") then
    expression = element.text
  else
    expression = quarto_expression(element.text)
  end
  if expression == nil then
    return nil
  end
  return pandoc.Str(evaluate(expression))
end

local function values_table(body)
  local rows = {}
  for line in body:gmatch("[^\n]+") do
    local expression = line:match("^%s*(.-)%s*$")
    if expression ~= "" and expression:sub(1, 1) ~= "#" then
      table.insert(rows, "| `" .. expression .. "` | " .. evaluate(expression) .. " |")
    end
  end
  local markdown = "| expression | value |\n|---|---:|\n" .. table.concat(rows, "\n") .. "\n"
  return pandoc.read(markdown, "markdown").blocks
end

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
  local output = run(args, "cannot explain `" .. expression .. "`")
  return pandoc.read(output, "markdown").blocks
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

-- A CSV number as `reckon sweep`'s table shows it: whole numbers exactly, others to
-- `digits` significant digits (0.42857142857142855 as 0.4286, 1.952e8 rather than
-- 1.952e+08); a cell that is not a number as it is.
local function shown_number(cell, digits)
  local x = tonumber(cell)
  if x == nil then
    return cell
  end
  if x == math.floor(x) and math.abs(x) < 1e15 then
    return string.format("%d", x)
  end
  local text = string.format("%." .. digits .. "g", x)
  return (text:gsub("e%+?(%-?)0*(%d)", "e%1%2"))
end

local function sweep_table(csv, digits)
  local lines = split(csv, "\n")
  local markdown = {}
  for index, line in ipairs(lines) do
    local cells = split(line, ",")
    if index > 1 then
      for i, cell in ipairs(cells) do
        cells[i] = shown_number(cell, digits)
      end
    end
    table.insert(markdown, "| " .. table.concat(cells, " | ") .. " |")
    if index == 1 then
      table.insert(markdown, "|" .. string.rep("---:|", #cells))
    end
  end
  return pandoc.read(table.concat(markdown, "\n") .. "\n", "markdown").blocks
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
    return { pandoc.Para({ pandoc.Image({ pandoc.Str(a.caption or "") }, a.chart) }) }
  end
  table.insert(args, "--format")
  table.insert(args, "csv")
  return sweep_table(run(args, "cannot sweep " .. (a.case or file)), tonumber(a.digits or "4"))
end

function CodeBlock(element)
  if not has_class(element, "reckon") then
    return nil
  end
  if has_class(element, "explain") then
    return explanation(element)
  elseif has_class(element, "sweep") then
    return sweep(element)
  end
  return values_table(element.text)
end

-- Metadata first, so every expression knows its files.
return { { Meta = read_settings }, { Code = Code, CodeBlock = CodeBlock } }
