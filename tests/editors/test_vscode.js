// The VS Code extension (editors/vscode) without VS Code, which is not installed here:
//   node tests/editors/test_vscode.js [build/reckon]      (from the repository root)
// 1. package.json: its `main`, language configuration and grammar are files that exist,
//    it activates on the `reckon` language, declares vscode-languageclient, and every
//    command it contributes is one extension.js registers (and the reverse).
// 2. extension.js against stubs of `vscode` and `vscode-languageclient/node` that record
//    what it does: the server is `<reckon.path> lsp` over stdio for the `reckon` language
//    with the case of `reckon.case` in its initialization options; changing `reckon.case`
//    or choosing a case sends the server's `reckon.setCase`; changing `reckon.path`
//    restarts it with the new command; a server that cannot start is reported, not thrown.
// 3. With `npm install` done in editors/vscode (not in CI: no network), extension.js also
//    runs with the real vscode-languageclient (only `vscode` stubbed) against the real
//    `reckon lsp`: it starts, gets the chosen case's inlay hints, and stops.
"use strict";
const assert = require("assert");
const fs = require("fs");
const path = require("path");
const Module = require("module");

// RECKON_VSCODE_DIR: another copy of the folder (one where `npm install` was run).
const folder = path.resolve(process.env.RECKON_VSCODE_DIR || "editors/vscode");
const pkg = JSON.parse(fs.readFileSync(path.join(folder, "package.json"), "utf8"));

// 1. package.json
const exists = (relative) => fs.existsSync(path.join(folder, relative));
assert.ok(pkg.main && exists(pkg.main), `main ${pkg.main} exists`);
for (const language of pkg.contributes.languages)
  assert.ok(exists(language.configuration), `${language.configuration} exists`);
for (const grammar of pkg.contributes.grammars) {
  assert.ok(exists(grammar.path), `${grammar.path} exists`);
  JSON.parse(fs.readFileSync(path.join(folder, grammar.path), "utf8"));
}
JSON.parse(fs.readFileSync(path.join(folder, "language-configuration.json"), "utf8"));
assert.deepStrictEqual(pkg.activationEvents, ["onLanguage:reckon"]);
assert.ok(pkg.dependencies["vscode-languageclient"], "vscode-languageclient is a dependency");
const properties = pkg.contributes.configuration.properties;
assert.strictEqual(properties["reckon.path"].default, "reckon");
assert.strictEqual(properties["reckon.case"].default, "");
const source = fs.readFileSync(path.join(folder, pkg.main), "utf8");
const registered = [...source.matchAll(/registerCommand\("([\w.]+)"/g)].map((m) => m[1]).sort();
const contributed = pkg.contributes.commands.map((c) => c.command).sort();
assert.deepStrictEqual(registered, contributed, "contributed commands are the registered ones");

// 2. extension.js against recording stubs.
function stubVscode(settings, log) {
  const commands = {};
  let configurationListener;
  return {
    commands,
    changeSetting(name, value) {
      settings[name] = value;
      return configurationListener({ affectsConfiguration: (s) => s === `reckon.${name}` });
    },
    module: {
      workspace: {
        getConfiguration: (section) => {
          assert.strictEqual(section, "reckon");
          return { get: (name) => settings[name] };
        },
        onDidChangeConfiguration: (listener) => {
          configurationListener = listener;
          return { dispose() {} };
        },
      },
      window: {
        createOutputChannel: (name) => ({ name, dispose() {} }),
        showInputBox: async () => log.nextInput,
        showErrorMessage: (message) => log.errors.push(message),
      },
      commands: {
        registerCommand: (name, callback) => {
          commands[name] = callback;
          return { dispose() {} };
        },
      },
    },
  };
}

function stubLanguageClient(log) {
  class LanguageClient {
    constructor(id, name, server, options) {
      Object.assign(this, { id, name, server, options, requests: [], stopped: false });
      this.state = "stopped";
      log.clients.push(this);
    }
    // As vscode-languageclient 9: stop() throws unless start() succeeded.
    async start() {
      this.state = "starting";
      if (log.failStart) {
        this.state = "startFailed";
        throw new Error("spawn nowhere/reckon ENOENT");
      }
      this.state = "running";
    }
    isRunning() {
      return this.state === "running";
    }
    async stop() {
      if (this.state !== "running") throw new Error(`Client is not running: ${this.state}`);
      this.state = "stopped";
      this.stopped = true;
    }
    async sendRequest(method, params) {
      this.requests.push({ method, params });
      return null;
    }
  }
  return { LanguageClient, TransportKind: { stdio: 0, ipc: 1, pipe: 2, socket: 3 } };
}

function loadExtension(stubs) {
  const load = Module._load;
  Module._load = function (request, parent, isMain) {
    if (Object.prototype.hasOwnProperty.call(stubs, request)) return stubs[request];
    return load.call(this, request, parent, isMain);
  };
  try {
    const file = require.resolve(path.join(folder, pkg.main));
    delete require.cache[file];
    return require(file);
  } finally {
    Module._load = load;
  }
}

async function withStubs() {
  const log = { clients: [], errors: [], nextInput: undefined, failStart: false };
  const settings = { path: "/opt/reckon/bin/reckon", case: "Gpt3On1024A100" };
  const vscode = stubVscode(settings, log);
  const extension = loadExtension({
    vscode: vscode.module,
    "vscode-languageclient/node": stubLanguageClient(log),
  });
  const context = { subscriptions: [] };
  await extension.activate(context);

  assert.strictEqual(log.clients.length, 1, "one client started");
  const first = log.clients[0];
  // No `transport`: with TransportKind.stdio the library would add `--stdio`, which
  // `reckon lsp` refuses (found by running the real library against the real server).
  assert.deepStrictEqual(first.server, { command: "/opt/reckon/bin/reckon", args: ["lsp"] });
  assert.ok(first.options.documentSelector.every((s) => s.language === "reckon"));
  assert.deepStrictEqual(first.options.initializationOptions, { case: "Gpt3On1024A100" });
  assert.ok(context.subscriptions.length >= 3, "commands and the listener are disposed with it");

  // The case setting changed: the server's reckon.setCase with the new name.
  await vscode.changeSetting("case", "Gpt3Megatron");
  assert.deepStrictEqual(first.requests.pop(), {
    method: "workspace/executeCommand",
    params: { command: "reckon.setCase", arguments: ["Gpt3Megatron"] },
  });
  // Reckon: Choose the case (typed with spaces around; cancelled sends nothing).
  log.nextInput = "  Gpt3OnOneA100 ";
  await vscode.commands["reckon.chooseCase"]();
  assert.deepStrictEqual(first.requests.pop().params.arguments, ["Gpt3OnOneA100"]);
  log.nextInput = undefined;
  await vscode.commands["reckon.chooseCase"]();
  assert.strictEqual(first.requests.length, 0, "a cancelled choice sends nothing");

  // The path changed: the old server stopped, a new one with the new command and the case.
  await vscode.changeSetting("path", "reckon-dev");
  assert.ok(first.stopped, "the old client stopped");
  assert.strictEqual(log.clients.length, 2);
  assert.strictEqual(log.clients[1].server.command, "reckon-dev");
  assert.deepStrictEqual(log.clients[1].options.initializationOptions, { case: "Gpt3Megatron" });

  // An empty path falls back to `reckon`; a server that does not start is an error message.
  log.failStart = true;
  await vscode.changeSetting("path", "");
  assert.strictEqual(log.clients[2].server.command, "reckon");
  assert.strictEqual(log.errors.length, 1);
  assert.match(log.errors[0], /could not start `reckon lsp`.*ENOENT/);

  // Deactivating with that failed client does not throw; with a running one, stops it.
  await extension.deactivate();
  assert.ok(!log.clients[2].stopped);
  log.failStart = false;
  await extension.activate({ subscriptions: [] });
  await extension.deactivate();
  assert.ok(log.clients[3].stopped, "deactivate stops the client");
}

// 3. The real vscode-languageclient, when installed, and the real server: extension.js
// starts `<reckon.path> lsp` with `reckon.case` = Large, and the server answers the inlay
// hints of tests/editors/hints.rk with Large's values (280e9 params * 4 B = 280 GB;
// 280 GB / 32 layers = 8.750 GB, worked in tests/editors/nvim_hints.lua).
async function withRealClient(reckon) {
  if (!fs.existsSync(path.join(folder, "node_modules/vscode-languageclient"))) {
    console.log("vscode: vscode-languageclient is not installed (npm install): not run");
    return;
  }
  // What the library reads of `vscode` besides the settings: callable, constructible
  // stand-ins that do nothing (not thenable, so that awaiting one does not hang).
  const anything = (name) =>
    new Proxy(function () {}, {
      get: (target, key) => {
        if (key === "then") return undefined;
        if (key === Symbol.toPrimitive) return () => name;
        if (key === Symbol.iterator) return function* () {};
        return anything(`${name}.${String(key)}`);
      },
      apply: () => anything(`${name}()`),
      construct: () => anything(`new ${name}`),
    });
  const errors = [];
  const vscode = new Proxy(
    {
      workspace: new Proxy(
        { getConfiguration: () => ({ get: (n) => ({ path: reckon, case: "Large" })[n] }),
          textDocuments: [], workspaceFolders: undefined },
        { get: (t, k) => (k in t ? t[k] : anything(`workspace.${String(k)}`)) },
      ),
      window: new Proxy(
        { createOutputChannel: (name) => ({ name, append() {}, appendLine() {}, show() {},
                                             dispose() {} }),
          showErrorMessage: async (m) => errors.push(m) },
        { get: (t, k) => (k in t ? t[k] : anything(`window.${String(k)}`)) },
      ),
      version: "1.90.0",
    },
    { get: (t, k) => (k in t ? t[k] : anything(String(k))) },
  );
  let client;
  const load = Module._load;
  Module._load = function (request, parent, isMain) {
    if (request === "vscode") return vscode;
    return load.call(this, request, parent, isMain);
  };
  try {
    const library = require(path.join(folder, "node_modules/vscode-languageclient/node"));
    class Recorded extends library.LanguageClient {
      constructor(...args) {
        super(...args);
        client = this;
      }
    }
    const extension = loadExtension({ vscode, "vscode-languageclient/node": { ...library,
      LanguageClient: Recorded } });
    await extension.activate({ subscriptions: [] });
    assert.deepStrictEqual(errors, [], "the server started");
    assert.ok(client.isRunning(), "the client runs");
    const file = path.resolve("tests/editors/hints.rk");
    const uri = `file://${file}`;
    await client.sendNotification("textDocument/didOpen", {
      textDocument: { uri, languageId: "reckon", version: 1, text: fs.readFileSync(file, "utf8") },
    });
    const hints = await client.sendRequest("textDocument/inlayHint", {
      textDocument: { uri },
      range: { start: { line: 0, character: 0 }, end: { line: 20, character: 0 } },
    });
    const labels = hints.map((h) => h.label);
    assert.deepStrictEqual(labels, ["\u25b8 32", "\u25b8 280 GB", "\u25b8 8.750 GB"]);
    await extension.deactivate();
    assert.ok(!client.isRunning(), "deactivate stopped it");
    console.log(`vscode: the real vscode-languageclient ran ${reckon} lsp`);
  } finally {
    Module._load = load;
  }
}

// A server that never answers fails the test rather than hanging it.
setTimeout(() => {
  console.error("vscode: no answer within 20 s");
  process.exit(1);
}, 20000).unref();

withStubs()
  .then(() => withRealClient(path.resolve(process.argv[2] || "build/reckon")))
  .then(() => console.log("vscode: ok"))
  .catch((error) => {
    console.error(error);
    process.exit(1);
  });
