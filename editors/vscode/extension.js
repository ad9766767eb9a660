// Reckon for VS Code: starts `reckon lsp` (docs/editors.md) for `.rk` files with
// vscode-languageclient, so that the editor shows diagnostics, hover with values,
// completion, definitions, the outline, inlay hints and formatting from the server.
// Settings: `reckon.path` (the reckon executable) and `reckon.case` (the case whose values
// hover and inlay hints show; empty: each file's first case). Tested without VS Code by
// tests/editors/test_vscode.sh, against stubs of the `vscode` module.
"use strict";

const vscode = require("vscode");
const { LanguageClient } = require("vscode-languageclient/node");

let client;
let output;

function settings() {
  const config = vscode.workspace.getConfiguration("reckon");
  return { path: config.get("path") || "reckon", caseName: config.get("case") || "" };
}

function createClient() {
  const { path, caseName } = settings();
  // Standard input and output without naming a transport (with `TransportKind.stdio` the
  // client library adds `--stdio`, which `reckon lsp` accepts and ignores since 2026-12-02;
  // leaving it out keeps older builds working).
  const server = { command: path, args: ["lsp"] };
  return new LanguageClient("reckon", "Reckon", server, {
    documentSelector: [
      { scheme: "file", language: "reckon" },
      { scheme: "untitled", language: "reckon" },
    ],
    // The server reads the case from its initialization options (an empty name or none:
    // each file's first case).
    initializationOptions: caseName ? { case: caseName } : {},
    outputChannel: output,
  });
}

async function start() {
  client = createClient();
  try {
    await client.start();
  } catch (error) {
    const { path } = settings();
    vscode.window.showErrorMessage(
      `Reckon: could not start \`${path} lsp\` ` +
        `(set reckon.path to the reckon executable): ${error}`,
    );
  }
}

async function stop() {
  const running = client;
  client = undefined;
  // A client whose server never started refuses to stop (it throws): nothing runs.
  if (running && running.isRunning()) await running.stop();
}

// Shows another case's values in hover and inlay hints: the server's `reckon.setCase`
// command, after which it asks the editor to refresh the hints.
async function setCase(name) {
  if (!client) return;
  await client.sendRequest("workspace/executeCommand", {
    command: "reckon.setCase",
    arguments: [name],
  });
}

async function activate(context) {
  output = vscode.window.createOutputChannel("Reckon");
  context.subscriptions.push(
    output,
    vscode.commands.registerCommand("reckon.chooseCase", async () => {
      const name = await vscode.window.showInputBox({
        prompt: "Case whose values hover and inlay hints show (empty: each file's first case)",
        placeHolder: "Gpt3On1024A100",
      });
      if (name !== undefined) await setCase(name.trim());
    }),
    vscode.commands.registerCommand("reckon.restartServer", async () => {
      await stop();
      await start();
    }),
    vscode.workspace.onDidChangeConfiguration(async (event) => {
      if (event.affectsConfiguration("reckon.path")) {
        await stop();
        await start();
      } else if (event.affectsConfiguration("reckon.case")) {
        await setCase(settings().caseName);
      }
    }),
  );
  await start();
}

function deactivate() {
  return stop();
}

module.exports = { activate, deactivate };
