// The playground in a real browser (docs/playground.md): Debian's chromium, headless,
// driven through its DevTools protocol over Node's own WebSocket (no npm package, no
// browser download), the site served by a static file server started here.
//
//   node --experimental-websocket tests/web/test_playground.mjs SITE RECKON [SCREENSHOT_DIR]
//
// SITE is build-web/site (scripts/build-web); RECKON the native command line, whose
// output each answer of the page must equal byte for byte (the same library API under
// both). Exit 0 when every check holds, 1 otherwise, 77 (skipped) when SITE was not built
// and RECKON_REQUIRE_WEB is not 1. With SCREENSHOT_DIR, writes playground.png (desktop)
// and playground-phone.png there. Pandoc (scripts/packages.txt, [test]) renders the live
// pages of section 9 with filters/reckon.lua. Section 0 times the load and holds it to
// the issue's 1 s; docs/playground.md, "Load time", has the figures and their limits.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { dirname, extname, join, normalize, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const [site, reckon, shots] = process.argv.slice(2).map((p) => (p ? resolve(p) : p));
const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
if (!site || !reckon) {
  console.error("usage: test_playground.mjs SITE RECKON [SCREENSHOT_DIR]");
  process.exit(2);
}
if (!existsSync(join(site, "reckon.wasm"))) {
  const required = process.env.RECKON_REQUIRE_WEB === "1";
  console.error(`${required ? "FAIL" : "SKIP"}: ${site} is not built (scripts/build-web)`);
  process.exit(required ? 1 : 77);
}

let failures = 0;
function check(ok, what, detail = "") {
  console.log(`${ok ? "ok  " : "FAIL"}  ${what}`);
  if (!ok) {
    failures++;
    if (detail) console.log(detail);
  }
}
function same(got, want, what) {
  check(got === want, what, `--- page\n${got}\n--- want\n${want}`);
}

// The bound on a cold load (section 0), the issue's "interactive within 1 s of load".
const loadBoundMs = 1000;

// --- the site, from a static file server (what "works from any static file server" means)

const types = { ".html": "text/html", ".js": "text/javascript", ".wasm": "application/wasm",
                ".css": "text/css", ".json": "application/json", ".rk": "text/plain" };
// /live/ is a folder of book pages this test renders with the Pandoc filter (section 9).
const pages = mkdtempSync(join(tmpdir(), "reckon-web-pages-"));
// When set, sw.js is served with this version instead of its own: a rebuilt site (section 11).
let swVersion = null;
let wasmMissing = false;  // the module not found: the page says so (section 10)
const server = createServer((req, res) => {
  const url = decodeURIComponent(new URL(req.url, "http://x").pathname);
  if (url === "/reckon.wasm" && wasmMissing) {
    res.writeHead(404).end();
    return;
  }
  if (url === "/sw.js" && swVersion) {
    const text = readFileSync(join(site, "sw.js"), "utf8")
      .replace(/const version = "[^"]*"/, `const version = "${swVersion}"`);
    res.writeHead(200, { "Content-Type": "text/javascript" }).end(text);
    return;
  }
  const [folder, rest] = url.startsWith("/live/") ? [pages, url.slice(5)] : [site, url];
  const path = normalize(join(folder, rest));
  const file = path.endsWith("/") ? join(path, "index.html") : path;
  if (!file.startsWith(folder) || !existsSync(file)) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, { "Content-Type": types[extname(file)] || "application/octet-stream" });
  res.end(readFileSync(file));
});
await new Promise((r) => server.listen(0, "127.0.0.1", r));
const origin = `http://127.0.0.1:${server.address().port}`;
const base = `${origin}/index.html`;

// --- chromium through the DevTools protocol

const profile = mkdtempSync(join(tmpdir(), "reckon-web-"));
const browser = spawn(process.env.RECKON_CHROMIUM || "chromium",
  ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-sync",
   "--disable-background-networking", "--disable-component-update", "--hide-scrollbars",
   `--user-data-dir=${profile}`, "--remote-debugging-port=0", "about:blank"],
  { stdio: ["ignore", "ignore", "pipe"] });
const endpoint = await new Promise((resolveEndpoint, reject) => {
  let text = "";
  const timer = setTimeout(() => reject(new Error("chromium did not start:\n" + text)), 60000);
  browser.stderr.on("data", (d) => {
    text += d;
    const m = text.match(/DevTools listening on (ws:\/\/\S+)/);
    if (m) {
      clearTimeout(timer);
      resolveEndpoint(m[1]);
    }
  });
});
const socket = new WebSocket(endpoint);
await new Promise((r, j) => { socket.onopen = r; socket.onerror = j; });
let nextId = 1;
const pending = new Map();
socket.onmessage = (event) => {
  const m = JSON.parse(event.data);
  if (m.id && pending.has(m.id)) {
    pending.get(m.id)(m);
    pending.delete(m.id);
  }
};
function send(method, params = {}, sessionId = undefined) {
  const id = nextId++;
  socket.send(JSON.stringify({ id, method, params, sessionId }));
  return new Promise((r, j) => pending.set(id, (m) => (m.error ? j(new Error(
    `${method}: ${m.error.message}`)) : r(m.result))));
}
// A tab; in a browser context of its own (an empty cache, no service worker) when asked.
async function tab(fresh = false) {
  const { browserContextId } = fresh ? await send("Target.createBrowserContext") : {};
  const { targetId } = await send("Target.createTarget", { url: "about:blank", browserContextId });
  const { sessionId } = await send("Target.attachToTarget", { targetId, flatten: true });
  const call = (method, params) => send(method, params, sessionId);
  await call("Runtime.enable");
  call.close = async () => {
    await send("Target.closeTarget", { targetId });
    if (browserContextId) await send("Target.disposeBrowserContext", { browserContextId });
  };
  return call;
}
const page = await tab();

async function evaluate(expression, on = page) {
  const r = await on("Runtime.evaluate", { expression, awaitPromise: true, returnByValue: true });
  if (r.exceptionDetails) throw new Error(`${expression}: ${r.exceptionDetails.text} ${
    r.exceptionDetails.exception?.description || ""}`);
  return r.result.value;
}
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
async function until(expression, what, ms = 120000, on = page) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    // The page may be between documents: not there yet is not yet.
    if (await evaluate(`(() => { try { return ${expression}; } catch { return false; } })()`, on))
      return;
    await sleep(20);
  }
  throw new Error("timed out waiting for " + what);
}

// Opens the page at `hash` (a fresh load) and waits for its answer when it asks one.
async function open(hash, answers = true, on = page) {
  await on("Page.navigate", { url: "about:blank" });
  await on("Page.navigate", { url: base + (hash ? "#" + hash : "") });
  await until("document.readyState === 'complete' && !!document.body.dataset.ready", "the module",
              120000, on);
  if (answers)
    await until("document.getElementById('result').dataset.state === 'done'", hash, 120000, on);
}
// The answer's text: its output and errors (not the buttons beside them).
const resultText = () => evaluate(`[...document.querySelectorAll('#result pre')]
  .map((p) => p.textContent).join("\\n").trim()`);
const b64 = (text) => Buffer.from(text, "utf8").toString("base64url");

// What the command line prints, run in a folder where the program is playground.rk, as
// the page names it.
const work = mkdtempSync(join(tmpdir(), "reckon-web-cli-"));
function cli(args, program) {
  if (program !== undefined) writeFileSync(join(work, "playground.rk"), program);
  const r = spawnSync(reckon, args, { cwd: work, encoding: "utf8" });
  return { out: r.stdout, err: r.stderr, status: r.status };
}

try {
  const training = readFileSync(join(root, "scenarios/training.rk"), "utf8");

  // 0. Interactive within a second of the navigation: the page, in a browser context with
  // nothing cached, accepts input and has rendered an eval of the seed scenario. Each
  // figure counts from the navigation's start (performance.now() in the page) to the
  // answer in #result; the median of three cold loads is held to the bound. Then the
  // same context loads again, served by the service worker (a warm load, reported).
  {
    const hash = `code=${b64(training)}&eval=` +
                 encodeURIComponent("activations(selective) -> GiB");
    // The figures of the load, then a key typed into the expression: it takes input.
    const figures = async (on) => {
      const f = await evaluate(`({ ready: window.reckonReadyMs, answer: window.reckonAnswerMs,
        steps: window.reckonSteps, command: window.reckonFirstCommandMs,
        page: Math.round(performance.getEntriesByType('navigation')[0].domContentLoadedEventEnd),
        text: document.getElementById('result').textContent })`, on);
      await evaluate("document.getElementById('expression').focus()", on);
      await on("Input.insertText", { text: "x" });
      f.typed = await evaluate(`(() => { const e = document.getElementById('expression');
        const ok = e.value === 'activations(selective) -> GiBx'; e.value = e.value.slice(0, -1);
        return ok; })()`, on);
      return f;
    };
    const cold = [];
    let fresh;
    for (let i = 0; i < 3; i++) {
      if (fresh) await fresh.close();
      fresh = await tab(true);
      await open(hash, true, fresh);
      const f = await figures(fresh);
      cold.push(f.answer);
      console.log(`note: cold load ${i + 1}: eval shown at ${f.answer} ms; the page's ` +
                  `scripts ran by ${f.page} ms; the worker's steps ${JSON.stringify(f.steps)}, ` +
                  `ready on the page at ${f.ready} ms; the eval itself ${f.command} ms`);
      check(f.text === "306 GiB" && f.typed, `cold load ${i + 1} answers and accepts input`,
            JSON.stringify(f));
    }
    await until("document.body.dataset.offline === 'yes'", "the service worker", 120000, fresh);
    const warm = [];
    for (let i = 0; i < 2; i++) {
      await open(hash, true, fresh);
      const f = await figures(fresh);
      warm.push(f.answer);
      console.log(`note: warm load ${i + 1} (service worker): eval shown at ${f.answer} ms; ` +
                  `the worker's steps ${JSON.stringify(f.steps)}; the eval itself ${f.command} ms`);
    }
    await fresh.close();
    const median = [...cold].sort((a, b) => a - b)[1];
    const load = readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
    console.log(`note: cold ${cold.join(", ")} ms (median ${median}); ` +
                `warm ${warm.join(", ")} ms; ` +
                `load average ${load}`);
    check(median < loadBoundMs, `interactive with an eval shown within ${loadBoundMs} ms of ` +
          `the navigation, median of three cold loads (${median} ms)`);
  }

  // 1. The seed scenario's values: README's `306 GiB`, and every answer equal to the
  // command line's.
  await open(`code=${b64(training)}&eval=${encodeURIComponent("activations(selective) -> GiB")}`);
  same(await resultText(), "306 GiB", "eval of the seed scenario: activations(selective) -> GiB (README)");
  for (const expr of ["sequence", "activations(full) -> GB", "checkpoint_segments"]) {
    await open(`code=${b64(training)}&eval=${encodeURIComponent(expr)}`);
    same(await resultText(), cli(["eval", "playground.rk", expr], training).out.trim(),
         `eval ${expr} equals reckon eval's`);
  }
  await open(`code=${b64(training)}&run`);
  same(await resultText(), cli(["run", "playground.rk"], training).out.trim(),
       "run of the seed scenario equals reckon run's report");

  // 2. A unit error: its code, its location and caret, as the command line renders it.
  await open(`code=${b64(training)}&eval=${encodeURIComponent("sequence + 1 s")}`);
  const unitError = await resultText();
  check(unitError.includes("error[E0401]: cannot add token (token count) and s (time)"),
        "sequence + 1 s is E0401", unitError);
  same(unitError, cli(["eval", "playground.rk", "sequence + 1 s"], training).err.trim(),
       "the E0401 error with its caret equals reckon eval's");
  check(await evaluate("document.getElementById('result').dataset.exit") === "1", "exit code 1");
  const broken = training.replace("sequence: token = seq_len ?? workload.context_length",
                                  "sequence: token = seq_len ?? workload.context_length + 1 s");
  await open(`code=${b64(broken)}&check`);
  same(await resultText(), cli(["check", "playground.rk"], broken).err.trim(),
       "a unit error in the program: located, as reckon check reports it");
  check(await evaluate("document.querySelectorAll('#highlight .error-line').length === 1"),
        "the line of the error is marked in the editor");

  // 3. A sweep chart: the SVG reckon sweep --format svg draws.
  const chart = readFileSync(join(root, "tests/web/chart.rk"), "utf8");
  await open(`code=${b64(chart)}&chart`);
  const svg = await evaluate("document.querySelector('#result .svg-source')?.textContent");
  same(svg, cli(["sweep", "playground.rk", "--format", "svg"], chart).out,
       "the chart's SVG equals reckon sweep --format svg's");
  check(await evaluate(`(async () => { const i = document.querySelector('#result img.chart');
          if (!i) return false; await i.decode(); return i.naturalWidth > 100; })()`),
        "the chart is drawn as an image");
  await open(`code=${b64(chart)}&sweep`);
  same(await resultText(), cli(["sweep", "playground.rk"], chart).out.trim(),
       "the sweep's table equals reckon sweep's");

  // 4. Sharing: typed into the page, shared, opened again from the address alone.
  const typed = "# A shared program — naïve, with \"quotes\" & <angles>\n" +
                "let budget = 3 ms + 250 ns\nlet label = \"café\"\n";
  await open("", false);
  await evaluate(`(() => { const e = document.getElementById('code');
    e.value = ${JSON.stringify(typed)}; e.dispatchEvent(new Event('input'));
    document.getElementById('expression').value = 'budget + 1 ns -> ns';
    document.getElementById('eval').click(); })()`);
  await until("document.getElementById('result').dataset.state === 'done'", "eval");
  const answer = await resultText();
  same(answer, cli(["eval", "playground.rk", "budget + 1 ns -> ns"], typed).out.trim(),
       "eval of a typed program equals reckon eval's");
  await evaluate("document.getElementById('share').click()");
  const shared = await evaluate("location.href");
  check(/#code=[A-Za-z0-9_-]+&eval=/.test(shared), "Share puts the program into the address",
        shared);
  await page("Page.navigate", { url: "about:blank" });
  await page("Page.navigate", { url: shared });
  await until("document.getElementById('result').dataset.state === 'done'", "the shared link");
  same(await evaluate("document.getElementById('code').value"), typed,
       "the shared link opens the same program");
  same(await resultText(), answer, "the shared link answers the same");
  await open(`eval=${encodeURIComponent("GPT3_175B.layers")}`);
  same(await resultText(), cli(["eval", "GPT3_175B.layers"]).out.trim(),
       "without code, the standard library alone (reckon eval without a file)");

  // 5. Text from the user is text: markup in a program, a value and an error stays inert.
  const markup = 'let tag = "<script>window.pwned = 1</script><img src=x onerror=window.pwned=2>"\n';
  const hostile = markup + 'let bad = "<img src=y onerror=window.pwned=3>" + 1 s\n';
  await open(`code=${b64(markup)}&eval=tag`);
  const shownMarkup = await resultText();
  same(shownMarkup, cli(["eval", "playground.rk", "tag"], markup).out.trim(),
       "a value holding markup is shown as reckon eval shows it");
  check(shownMarkup.includes("<script>window.pwned = 1</script><img src=x onerror=window.pwned=2>"),
        "the markup is there as text", shownMarkup);
  await open(`code=${b64(hostile)}&check`);
  const hostileError = await resultText();
  check(hostileError.includes("<img src=y onerror=window.pwned=3>"),
        "an error quoting markup shows it as text", hostileError);
  await sleep(300);
  check(await evaluate(`window.pwned === undefined &&
          document.querySelectorAll('#result script, #result img, #highlight script, #highlight img,' +
                                    ' [onerror]').length === 0`),
        "no markup from the program became an element, no handler ran");

  // 6. A 10,000-line file is checked in the worker: the page keeps answering meanwhile.
  const large = spawnSync("python3", [join(root, "bench/gen_large.py"), "10000"],
                          { encoding: "utf8" }).stdout;
  check(large.split("\n").length >= 10000, "bench/gen_large.py wrote 10,000 lines");
  await open("", false);
  check(await evaluate("typeof createReckon === 'undefined'"),
        "the interpreter is not loaded on the page's own thread");
  const timing = await evaluate(`(async () => {
    const e = document.getElementById('code');
    e.value = ${JSON.stringify(large)};
    e.dispatchEvent(new Event('input'));
    await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
    let last = performance.now(), gap = 0, beats = 0;
    const beat = setInterval(() => { const now = performance.now();
      gap = Math.max(gap, now - last); last = now; beats++; }, 10);
    const began = performance.now();
    document.getElementById('check').click();
    while (document.getElementById('result').dataset.state !== 'done')
      await new Promise((r) => setTimeout(r, 10));
    clearInterval(beat);
    return { gap, beats, ms: performance.now() - began };
  })()`);
  console.log(`note: the 10,000-line check took ${Math.round(timing.ms)} ms; the page's ` +
              `longest pause meanwhile was ${Math.round(timing.gap)} ms (${timing.beats} beats)`);
  same(await resultText(), cli(["check", "playground.rk"], large).out.trim(),
       "the 10,000-line file checks as with reckon check");
  check(timing.gap < 250 && timing.beats >= timing.ms / 50,
        "the page kept answering while the file was checked (pauses under 250 ms)");

  // 7. Screenshots of the playground, from this run (docs/images/).
  if (shots) {
    mkdirSync(shots, { recursive: true });
    for (const [name, width, height, mobile] of [["playground.png", 1280, 760, false],
                                                  ["playground-phone.png", 390, 844, true]]) {
      await page("Emulation.setDeviceMetricsOverride",
                 { width, height, deviceScaleFactor: 1, mobile });
      await open(`code=${b64(training)}&eval=${encodeURIComponent("activations(selective) -> GiB")}`);
      const { data } = await page("Page.captureScreenshot", { format: "png" });
      writeFileSync(join(shots, name), Buffer.from(data, "base64"));
      console.log(`note: wrote ${join(shots, name)}`);
    }
  }

  // 8. A phone: nothing wider than the screen (a long report, an error, a chart), and the
  // keyboard: Ctrl+Enter runs the program, Enter in the expression evaluates it, Escape
  // then Tab leaves the editor for the next control.
  await page("Emulation.setDeviceMetricsOverride",
             { width: 390, height: 844, deviceScaleFactor: 2, mobile: true });
  // What sticks out to the right of the viewport, where no scrolling box of its own holds it.
  const overflow = `(() => {
    const width = document.documentElement.clientWidth, out = [];
    const page = document.scrollingElement.scrollWidth;
    if (page > width) out.push('page ' + page);
    for (const e of document.querySelectorAll('body *')) {
      const r = e.getBoundingClientRect();
      if (r.width === 0 || r.right <= width + 0.5) continue;
      let held = false;
      for (let a = e.parentElement; a && a !== document.body; a = a.parentElement)
        if (getComputedStyle(a).overflowX !== 'visible' &&
            a.getBoundingClientRect().right <= width + 0.5) held = true;
      if (!held) out.push((e.id || e.tagName) + ' ' + Math.round(r.right));
    }
    return out.join(', '); })()`;
  for (const [what, hash] of [["the run report", `code=${b64(training)}&run`],
                              ["an error", `code=${b64(broken)}&check`],
                              ["a chart", `code=${b64(chart)}&chart`]]) {
    await open(hash, true);
    same(await evaluate(overflow), "", `on a phone (390 px), nothing overflows: ${what}`);
  }
  await open(`code=${b64(training)}`, false);
  const key = async (type, k, modifiers = 0) => page("Input.dispatchKeyEvent", {
    type, modifiers, key: k, code: k, windowsVirtualKeyCode: { Enter: 13, Tab: 9, Escape: 27 }[k],
    ...(k === "Enter" && type === "keyDown" ? { text: "\r" } : {}) });
  const press = async (k, modifiers = 0) => {
    await key(modifiers ? "rawKeyDown" : "keyDown", k, modifiers);
    await key("keyUp", k, modifiers);
  };
  await evaluate("document.getElementById('code').focus()");
  await press("Enter", 2);  // 2: Ctrl
  await until("document.getElementById('result').dataset.state === 'done'", "Ctrl+Enter");
  same(await evaluate("document.getElementById('result').dataset.command"), "run",
       "Ctrl+Enter in the editor runs the program");
  same(await resultText(), cli(["run", "playground.rk"], training).out.trim(),
       "its report is reckon run's");
  same(await evaluate("document.getElementById('code').value"), training,
       "and leaves the program as it was (no newline typed)");
  await evaluate(`(() => { const e = document.getElementById('expression'); e.focus();
    e.value = 'sequence'; document.getElementById('result').dataset.state = 'busy'; })()`);
  await press("Enter");
  await until("document.getElementById('result').dataset.state === 'done'", "Enter");
  same(await resultText(), cli(["eval", "playground.rk", "sequence"], training).out.trim(),
       "Enter in the expression evaluates it");
  await evaluate(`(() => { const e = document.getElementById('code'); e.focus();
    e.setSelectionRange(0, 0); })()`);
  await press("Tab");
  same(await evaluate(`document.getElementById('code').value.slice(0, 2) === '  ' &&
                       document.activeElement.id`), "code", "Tab in the editor indents");
  await press("Escape");
  await press("Tab");
  same(await evaluate("document.activeElement.id"), "run",
       "Escape, then Tab, leaves the editor for Run");
  await page("Emulation.clearDeviceMetricsOverride");

  // 9. Live blocks of a book page (filters/reckon.lua, docs/documents.md): Pandoc renders
  // the page with the value and the playground embedded on it; the reader edits an input
  // in place and evaluates again. Markup in the program stays text on the page and in it.
  const render = (name, file, block) => {
    writeFileSync(join(pages, name + ".md"), `---\ntitle: ${name}\nreckon:\n  files: [${file}]\n` +
      `  playground: ../index.html\n---\n\n\`\`\`{.reckon-live}\n${block}\n\`\`\`\n`);
    const r = spawnSync("pandoc", ["--lua-filter", join(root, "filters/reckon.lua"), "-s",
                                   "-t", "html", name + ".md", "-o", name + ".html"],
                        { cwd: pages, encoding: "utf8", env: { ...process.env, RECKON: reckon } });
    check(r.status === 0, `pandoc renders the live page ${name}`, r.stderr);
  };
  const framed = (expression) =>
    `document.querySelector('iframe.reckon-live').contentDocument.${expression}`;
  const live = "Gpt3ActivationsMicrobatch4.per_token_activations -> GiB";
  render("training", join(root, "scenarios/training.rk"), live);
  await page("Page.navigate", { url: `${origin}/live/training.html` });
  await until(framed("getElementById('result').dataset.state === 'done'"),
              "the live block's playground");
  // 306 GiB: README's figure (34 s b h bytes a layer, Korthikanti et al. 2022, Table 2:
  // 34 x 2048 x 4 x 12288 x 96 = 328,564,998,144 B = 306.0 GiB).
  same(await evaluate("document.querySelector('div.reckon-live td:last-child').textContent"),
       "306 GiB", "the live block's value, rendered by Pandoc");
  same(await evaluate(framed("getElementById('result').textContent")), "306 GiB",
       "the embedded playground answers the same");
  const edited = training.replace("ActivationMemory(workload: GPT3_175B, micro_batch: 4)",
                                  "ActivationMemory(workload: GPT3_175B, micro_batch: 8)");
  check(edited !== training, "the seed scenario binds micro_batch: 4");
  await evaluate(`(() => { const e = ${framed("getElementById('code')")};
    e.value = ${JSON.stringify(edited)}; e.dispatchEvent(new Event('input'));
    ${framed("getElementById('eval')")}.click(); })()`);
  await until(framed("getElementById('result').dataset.state === 'done'"), "the edited live block");
  // Twice the micro-batch, twice the bytes: 34 x 2048 x 8 x 12288 x 96 = 657,129,996,288 B
  // = 612.0 GiB (657.1 GB, the page's second row in tests/web/live_page.md).
  const editedAnswer = await evaluate(framed("getElementById('result').textContent"));
  same(editedAnswer, cli(["eval", "playground.rk", live], edited).out.trim(),
       "an input edited in the live block answers anew, as reckon eval does");
  same(editedAnswer, "612 GiB", "at micro-batch 8: 612 GiB");

  writeFileSync(join(pages, "markup.rk"), markup);
  render("markup", join(pages, "markup.rk"), "tag");
  await page("Page.navigate", { url: `${origin}/live/markup.html` });
  await until(framed("getElementById('result').dataset.state === 'done'"), "the markup live block");
  const tagText = cli(["eval", "playground.rk", "tag"], markup).out.trim();
  check(tagText.includes("<script>") && tagText.includes("onerror="), "the value holds markup",
        tagText);
  // The page's table shows the text's characters (Pandoc may break its line at a space).
  const cell = await evaluate(
    "document.querySelector('div.reckon-live td:last-child').textContent");
  check(cell.replace(/\s+/g, " ").includes(
          "<script>window.pwned = 1</script><img src=x onerror=window.pwned=2>"),
        "markup in a live block's value is text on the page", cell);
  same(await evaluate(framed("getElementById('result').textContent")), tagText,
       "and text in its playground");
  same(await evaluate(framed("getElementById('code').value")), markup,
       "the program holding markup is the editor's text");
  await sleep(300);
  const inFrame = "'#result script, #result img, #highlight script, #highlight img, [onerror]'";
  check(await evaluate(`window.pwned === undefined
    && document.querySelectorAll('script, img, [onerror]').length === 0
    && document.querySelector('iframe.reckon-live').contentWindow.pwned === undefined
    && ${framed(`querySelectorAll(${inFrame}).length`)} === 0`),
        "no markup of the live block became an element, on the page or in its playground");

  // 10. A module that does not load: the command answers so, in #result, and the page
  // does not wait for it forever.
  {
    wasmMissing = true;
    const fresh = await tab(true);
    await fresh("Page.navigate", { url: `${base}#eval=${encodeURIComponent("1 s")}` });
    await until("document.getElementById('result').dataset.state === 'done'",
                "the answer without a module", 60000, fresh);
    const text = await evaluate("document.getElementById('result').textContent", fresh);
    check(text.startsWith("the interpreter did not load") && text.includes("404"),
          "without reckon.wasm, the page says the interpreter did not load", text);
    same(await evaluate("document.getElementById('result').dataset.exit", fresh), "internal",
         "and marks the answer as the page's failure, not the program's");
    await fresh.close();
    wasmMissing = false;
  }

  // 11. Offline once loaded: the service worker has cached the site; with the server
  // stopped, the page loads again and answers, and the Open menu's files open.
  await open(`code=${b64(training)}&eval=sequence`, true);
  await until("document.body.dataset.offline === 'yes'", "the service worker");
  const built = readFileSync(join(site, "sw.js"), "utf8").match(/const version = "([^"]*)"/)[1];
  same(await evaluate("caches.keys().then((k) => k.join(' '))"), `reckon-playground-${built}`,
       "the site is cached under the build's version");
  // A rebuilt site is a changed sw.js: the browser installs it, which caches the site
  // anew and drops the old cache.
  swVersion = "rebuilt";
  await evaluate("navigator.serviceWorker.getRegistration().then((r) => r.update())");
  await until("caches.keys().then((k) => k.join(' ') === 'reckon-playground-rebuilt')",
              "the rebuilt site's cache", 60000);
  check(true, "a changed sw.js replaces the cache: only the new version's is left");
  await new Promise((r) => {
    server.close(r);
    server.closeAllConnections();
  });
  check(await fetch(base).then(() => false, () => true), "the server is stopped");
  const offline = "activations(full) -> GB";
  await open(`code=${b64(training)}&eval=${encodeURIComponent(offline)}`);
  same(await resultText(), cli(["eval", "playground.rk", offline], training).out.trim(),
       "offline, the page loads again and evaluates as reckon eval does");
  check(await evaluate("navigator.serviceWorker.controller !== null"),
        "the page was served by its service worker");
  same(await evaluate("fetch('scenarios/training.rk').then((r) => r.text())"), training,
       "offline, a bundled scenario opens");
  same(await evaluate("fetch('stdlib/models.rk').then((r) => r.text())"),
       readFileSync(join(root, "stdlib/modules/models.rk"), "utf8"),
       "offline, a registry of the standard library opens");
} catch (e) {
  check(false, "the page answered", String(e.stack || e));
} finally {
  socket.close();
  browser.kill();
  server.close();
  rmSync(work, { recursive: true, force: true });
  rmSync(pages, { recursive: true, force: true });
  if (browser.exitCode === null && browser.signalCode === null)
    await new Promise((r) => browser.once("exit", r));
  // Chromium's helper processes may still be writing its profile as it exits.
  try {
    rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
  } catch (e) {
    console.log(`note: ${profile} left behind: ${e.message}`);
  }
}
console.log(failures ? `${failures} check(s) failed` : "every check holds");
process.exit(failures ? 1 : 0);
