// The playground's interpreter, on a thread of its own so that checking a large file
// never freezes the page (docs/playground.md). reckon.js and reckon.wasm are the
// interpreter built by scripts/build-web; a message {id, command, code, argument} is
// answered by {id, exit, out, err, diagnostics} (web/playground.cpp), or by
// {id, failed} when the module itself failed (the page then starts a new worker).
"use strict";

// When each step of the start happened, on the clock all pages share (the page puts them
// on its own, from its navigation's start: docs/playground.md, "Load time").
const at = () => performance.timeOrigin + performance.now();
const steps = { worker: at() };

// The module's download starts before its loader's, and compiles as it arrives
// (instantiateStreaming) when the server names it application/wasm, as static servers do.
const wasm = fetch("reckon.wasm", { credentials: "same-origin" });

importScripts("reckon.js");
steps.loader = at();

function instantiateWasm(imports, receive) {
  wasm.then(async (response) => {
    steps.response = at();
    if (!response.ok) throw new Error(`reckon.wasm: HTTP ${response.status}`);
    if (response.headers.get("Content-Type") === "application/wasm")
      return WebAssembly.instantiateStreaming(response, imports);
    return WebAssembly.instantiate(await response.arrayBuffer(), imports);
  }).then((r) => {
    steps.compiled = at();
    receive(r.instance, r.module);
  }, notLoaded);
  return {};  // emscripten's sign that the instance comes later, through receive
}

// A module that cannot be fetched or compiled fails `ready` (emscripten's own promise
// would wait for it forever), and with it every command waiting for it.
let notLoaded;
const failed = new Promise((_, reject) => { notLoaded = reject; });
const ready = Promise.race([
  createReckon({ print: () => {}, printErr: () => {}, instantiateWasm }), failed]);

// A string in the module's heap, for a program of any size (ccall's strings go on the
// wasm's stack, which the evaluator's budget counts on).
function heapString(module, text) {
  const size = module.lengthBytesUTF8(text) + 1;
  const at = module._malloc(size);
  module.stringToUTF8(text, at, size);
  return at;
}

ready.then(() => postMessage({ ready: true, steps: { ...steps, initialized: at() } }),
           (e) => postMessage({ ready: false, failed: String(e) }));

onmessage = async (event) => {
  const { id, command, code, argument } = event.data;
  let module;
  try {
    module = await ready;
  } catch (e) {
    postMessage({ id, failed: "the interpreter did not load: " + e });
    return;
  }
  const args = [command, code || "", argument || ""].map((s) => heapString(module, s));
  try {
    const began = performance.now();
    const answer = module._reckon_command(...args);
    const ms = performance.now() - began;
    const text = module.UTF8ToString(answer);
    module._free(answer);
    postMessage({ id, ms, ...JSON.parse(text) });
  } catch (e) {
    postMessage({ id, failed: "the interpreter stopped: " + e });
  } finally {
    args.forEach((a) => module._free(a));
  }
};
