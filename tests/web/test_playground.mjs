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
// and playground-phone.png there.
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

// --- the site, from a static file server (what "works from any static file server" means)

const types = { ".html": "text/html", ".js": "text/javascript", ".wasm": "application/wasm",
                ".css": "text/css", ".json": "application/json", ".rk": "text/plain" };
const server = createServer((req, res) => {
  const path = normalize(join(site, decodeURIComponent(new URL(req.url, "http://x").pathname)));
  const file = path.endsWith("/") ? join(path, "index.html") : path;
  if (!file.startsWith(site) || !existsSync(file)) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, { "Content-Type": types[extname(file)] || "application/octet-stream" });
  res.end(readFileSync(file));
});
await new Promise((r) => server.listen(0, "127.0.0.1", r));
const base = `http://127.0.0.1:${server.address().port}/index.html`;

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
const { targetId } = await send("Target.createTarget", { url: "about:blank" });
const { sessionId } = await send("Target.attachToTarget", { targetId, flatten: true });
const page = (method, params) => send(method, params, sessionId);
await page("Runtime.enable");

async function evaluate(expression) {
  const r = await page("Runtime.evaluate", { expression, awaitPromise: true, returnByValue: true });
  if (r.exceptionDetails) throw new Error(`${expression}: ${r.exceptionDetails.text} ${
    r.exceptionDetails.exception?.description || ""}`);
  return r.result.value;
}
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
async function until(expression, what, ms = 120000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    // The page may be between documents: not there yet is not yet.
    if (await evaluate(`(() => { try { return ${expression}; } catch { return false; } })()`))
      return;
    await sleep(50);
  }
  throw new Error("timed out waiting for " + what);
}

// Opens the page at `hash` (a fresh load) and waits for its answer when it asks one.
async function open(hash, answers = true) {
  await page("Page.navigate", { url: "about:blank" });
  await page("Page.navigate", { url: base + (hash ? "#" + hash : "") });
  await until("document.readyState === 'complete' && !!document.body.dataset.ready", "the module");
  if (answers) await until("document.getElementById('result').dataset.state === 'done'", hash);
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
  const readyMs = await evaluate("window.reckonReadyMs");
  console.log(`note: the interpreter was ready ${readyMs} ms after the page began`);
  check(readyMs < 5000, `the module loads within 5 s (${readyMs} ms)`);

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
} catch (e) {
  check(false, "the page answered", String(e.stack || e));
} finally {
  socket.close();
  browser.kill();
  server.close();
  rmSync(work, { recursive: true, force: true });
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
