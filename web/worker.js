// The playground's interpreter, on a thread of its own so that checking a large file
// never freezes the page (docs/playground.md). reckon.js and reckon.wasm are the
// interpreter built by scripts/build-web; a message {id, command, code, argument} is
// answered by {id, exit, out, err, diagnostics} (web/playground.cpp), or by
// {id, failed} when the module itself failed (the page then starts a new worker).
"use strict";

importScripts("reckon.js");

const ready = createReckon({ print: () => {}, printErr: () => {} });

// A string in the module's heap, for a program of any size (ccall's strings go on the
// wasm's stack, which the evaluator's budget counts on).
function heapString(module, text) {
  const size = module.lengthBytesUTF8(text) + 1;
  const at = module._malloc(size);
  module.stringToUTF8(text, at, size);
  return at;
}

ready.then(() => postMessage({ ready: true }),
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
    const answer = module._reckon_command(...args);
    const text = module.UTF8ToString(answer);
    module._free(answer);
    postMessage({ id, ...JSON.parse(text) });
  } catch (e) {
    postMessage({ id, failed: "the interpreter stopped: " + e });
  } finally {
    args.forEach((a) => module._free(a));
  }
};
