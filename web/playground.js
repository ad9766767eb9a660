// The playground page (docs/playground.md): the editor, the commands, the answers, the
// address. The interpreter runs in worker.js; this file only asks it and shows what it
// answers. Every text that comes from a program, a file or the address is put into the
// page as text (textContent) or escaped (highlight.js), never as markup; a sweep's chart
// is shown as an image, in which no script runs.
"use strict";

const $ = (id) => document.getElementById(id);
const editor = $("code");
const highlight = $("highlight");
const result = $("result");
const expression = $("expression");
const status = $("status");

// --- the address: #code=BASE64URL&eval=EXPR, &run, &check, &explain=EXPR, &sweep, &chart

function toBase64Url(text) {
  const bytes = new TextEncoder().encode(text);
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64Url(text) {
  const b64 = text.replace(/-/g, "+").replace(/_/g, "/");
  const binary = atob(b64 + "===".slice((b64.length + 3) % 4));
  return new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}

// The address's fields in order. Not URLSearchParams, which reads "+" as a space: an
// expression such as `sequence + 1 s` is written with its "+".
function readAddress() {
  const fields = new Map();
  for (const part of location.hash.replace(/^#/, "").split("&")) {
    if (!part) continue;
    const eq = part.indexOf("=");
    const key = eq < 0 ? part : part.slice(0, eq);
    const value = eq < 0 ? "" : part.slice(eq + 1);
    try {
      fields.set(decodeURIComponent(key), decodeURIComponent(value));
    } catch {
      fields.set(key, value);
    }
  }
  return fields;
}

const commands = ["eval", "run", "check", "explain", "sweep", "chart"];

function address(code, command, argument) {
  let hash = code ? "code=" + toBase64Url(code) : "";
  if (command) {
    hash += (hash ? "&" : "") + command;
    if (command === "eval" || command === "explain") hash += "=" + encodeURIComponent(argument);
  }
  return hash;
}

// --- the interpreter, in its worker

let worker = null;
let ready = null;
let nextId = 1;
const waiting = new Map();

function startWorker() {
  worker = new Worker("worker.js");
  ready = new Promise((resolve) => {
    worker.onmessage = (event) => {
      const m = event.data;
      if ("ready" in m) {
        // performance.now() counts from the navigation's start: the load as a reader waits it.
        const ms = Math.round(performance.now());
        window.reckonReadyMs = ms;
        // The worker's steps, in ms since this page's navigation began.
        window.reckonSteps = Object.fromEntries(Object.entries(m.steps || {}).map(
          ([step, t]) => [step, Math.round(t - performance.timeOrigin)]));
        document.body.dataset.ready = m.ready ? "yes" : "failed";
        status.textContent = m.ready ? `ready (${ms} ms)` : "the interpreter did not load";
        resolve(m.ready);
        return;
      }
      const done = waiting.get(m.id);
      waiting.delete(m.id);
      if (m.failed) {  // the module is in an unknown state: a fresh one for what follows
        worker.terminate();
        startWorker();
      }
      if (done) done(m);
    };
  });
}

// Posted at once, not after the worker's ready message: the worker holds it until its
// module is up, so the first answer does not wait for a round trip through this thread.
async function ask(command, code, argument) {
  const id = nextId++;
  return new Promise((resolve) => {
    waiting.set(id, resolve);
    worker.postMessage({ id, command, code, argument });
  });
}

// --- the editor

let marks = new Set();

function paint() {
  highlight.innerHTML = ReckonHighlight.html(editor.value, marks);
  highlight.scrollTop = editor.scrollTop;
  highlight.scrollLeft = editor.scrollLeft;
}

let painting = false;
editor.addEventListener("input", () => {
  marks = new Set();
  if (painting) return;
  painting = true;
  requestAnimationFrame(() => {
    painting = false;
    paint();
  });
});
editor.addEventListener("scroll", () => {
  highlight.scrollTop = editor.scrollTop;
  highlight.scrollLeft = editor.scrollLeft;
});

// Tab indents (two spaces) unless Escape came just before, so a keyboard user can leave.
let escaped = false;
editor.addEventListener("keydown", (e) => {
  if (e.key === "Escape") {
    escaped = true;
    return;
  }
  if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) {
    e.preventDefault();
    perform(e.shiftKey ? "check" : "run");
  } else if (e.key === "Tab" && !escaped && !e.shiftKey) {
    e.preventDefault();
    editor.setRangeText("  ", editor.selectionStart, editor.selectionEnd, "end");
    editor.dispatchEvent(new Event("input"));
  }
  escaped = false;
});

// Puts the caret at a diagnostic's line and column (1-based, columns in bytes of UTF-8
// as the interpreter counts them).
function goTo(line, column) {
  const lines = editor.value.split("\n");
  let offset = 0;
  for (let i = 0; i < line - 1 && i < lines.length; i++) offset += lines[i].length + 1;
  const text = lines[line - 1] || "";
  const bytes = new TextEncoder().encode(text).subarray(0, Math.max(0, column - 1));
  offset += new TextDecoder().decode(bytes).length;
  editor.focus();
  editor.setSelectionRange(offset, offset);
  const lineHeight = parseFloat(getComputedStyle(editor).lineHeight) || 18;
  editor.scrollTop = Math.max(0, (line - 3) * lineHeight);
}

// --- answers

function block(className, text) {
  const pre = document.createElement("pre");
  pre.className = className;
  pre.textContent = text;
  return pre;
}

function show(command, answer) {
  result.replaceChildren();
  result.dataset.command = command;
  if (answer.failed) {
    result.append(block("err", answer.failed));
    result.dataset.exit = "internal";
  } else {
    result.dataset.exit = String(answer.exit);
    if (command === "chart" && answer.exit === 0) {
      const url = URL.createObjectURL(new Blob([answer.out], { type: "image/svg+xml" }));
      const img = document.createElement("img");
      img.className = "chart";
      img.alt = "the sweep's chart";
      img.src = url;
      const source = document.createElement("details");
      const summary = document.createElement("summary");
      summary.textContent = "SVG";
      source.append(summary, block("out svg-source", answer.out));
      result.append(img, source);
    } else if (answer.out) {
      result.append(block("out", answer.out.replace(/\n$/, "")));
    }
    const fromProgram = (d) => d.file === "playground.rk" && d.line;
    for (const d of answer.diagnostics) {
      const item = document.createElement("div");
      item.className = "diagnostic";
      if (fromProgram(d)) {
        const go = document.createElement("button");
        go.className = "goto";
        go.textContent = `line ${d.line}`;
        go.title = "put the caret there";
        go.addEventListener("click", () => goTo(d.line, d.column));
        item.append(go);
      }
      item.append(block("err", d.text.replace(/\n$/, "")));
      result.append(item);
    }
    // What the command wrote on its error stream besides the errors (a sweep's notes).
    const rest = answer.diagnostics.reduce((e, d) => e.replace(d.text, ""), answer.err);
    if (rest.trim()) result.append(block("note", rest.replace(/\n$/, "")));
    const before = marks;
    marks = new Set(answer.diagnostics.filter(fromProgram).map((d) => d.line));
    if (before.size || marks.size) paint();  // only when the marks change
  }
  result.dataset.state = "done";
  // The first answer's time since the navigation began (the browser test's load figure).
  if (window.reckonAnswerMs === undefined) {
    window.reckonAnswerMs = Math.round(performance.now());
    window.reckonFirstCommandMs = Math.round(answer.ms);  // in the interpreter itself
  }
}

let last = { command: null, argument: "" };

async function perform(command, argument = "") {
  if ((command === "eval" || command === "explain") && !argument) argument = expression.value;
  if ((command === "eval" || command === "explain") && !argument.trim()) {
    expression.focus();
    return;
  }
  last = { command, argument };
  result.dataset.state = "busy";
  status.textContent = `${command}…`;
  const began = performance.now();
  const argumentFor = command === "sweep" ? "table" : command === "chart" ? "svg" : argument;
  const answer = await ask(command === "chart" ? "sweep" : command, editor.value, argumentFor);
  status.textContent = `${command}: ${Math.round(performance.now() - began)} ms`;
  show(command, answer);
}

for (const c of ["run", "check", "sweep", "chart", "eval", "explain"])
  $(c).addEventListener("click", () => perform(c));
expression.addEventListener("keydown", (e) => {
  if (e.key !== "Enter") return;
  e.preventDefault();
  perform(e.shiftKey ? "explain" : "eval");
});

$("share").addEventListener("click", async () => {
  const hash = address(editor.value, last.command, last.argument);
  history.replaceState(null, "", "#" + hash);
  const link = $("shared-link");
  link.href = location.href;
  link.textContent = location.href.length > 120 ? "link to this program" : location.href;
  $("shared").hidden = false;
  try {
    await navigator.clipboard.writeText(location.href);
    status.textContent = "link copied";
  } catch {
    status.textContent = "link in the address bar";
  }
});

// --- the bundled files

async function listFiles() {
  try {
    const files = await (await fetch("files.json")).json();
    const open = $("open");
    for (const group of files) {
      const g = document.createElement("optgroup");
      g.label = group.label;
      for (const name of group.files) {
        const o = document.createElement("option");
        o.value = group.folder + "/" + name;
        o.textContent = name;
        g.append(o);
      }
      open.append(g);
    }
    open.addEventListener("change", async () => {
      if (!open.value) return;
      editor.value = await (await fetch(open.value)).text();
      marks = new Set();
      paint();
      open.value = "";
      editor.focus();
    });
  } catch {
    // Opened without its files (the site copied in part): the editor still works.
  }
}

// --- start

async function fromAddress() {
  const fields = readAddress();
  if (fields.has("code")) {
    try {
      editor.value = fromBase64Url(fields.get("code"));
    } catch {
      editor.value = "";
      show("load", { exit: 2, out: "", err: "the address's code is not base64url", diagnostics: [] });
      return;
    }
  }
  paint();
  for (const c of commands) {
    if (!fields.has(c)) continue;
    if (c === "eval" || c === "explain") expression.value = fields.get(c);
    await perform(c, fields.get(c));
    return;
  }
}

// --- offline: the service worker (sw.js) caches the site once the interpreter is up, so
// the first load does not share the network with it. Not on a file:// page, which
// browsers give no service worker.

function workOffline() {
  if (!("serviceWorker" in navigator) || location.protocol === "file:") return;
  ready.then(() => navigator.serviceWorker.register("sw.js")).catch(() => {});
  navigator.serviceWorker.ready.then(() => { document.body.dataset.offline = "yes"; });
}

(async () => {
  startWorker();
  workOffline();
  // The address's command goes to the worker before the grammar is here: the text shows
  // plain until it is, then coloured (and plain for good without it).
  fetch("reckon.tmLanguage.json").then((r) => r.json()).then((grammar) => {
    ReckonHighlight.load(grammar);
    paint();
  }).catch(() => {});
  listFiles();
  window.addEventListener("hashchange", fromAddress);
  await fromAddress();
})();
