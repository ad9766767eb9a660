#!/usr/bin/env python3
"""A scripted Language Server Protocol client for `reckon lsp`, and its end-to-end tests.

    tests/lsp/client.py RECKON TEST     (TEST: one of the names in TESTS below)

It speaks the base protocol byte for byte: each message is `Content-Length: N\r\n\r\n`
and N bytes of UTF-8 JSON, written to the server's standard input; what the server
writes is read the same way, and any byte outside that framing fails the test. Every
test starts a fresh server with its cache directory (where the standard library's modules
are written, docs/editors.md) in a temporary directory, and ends it with shutdown and exit,
checking the exit status.

Expected values are computed independently in the comments next to them, from the
fixture tests/lsp/fixture.rk (and tests/lsp/helper.rk, which it imports).
"""

import json
import os
import pathlib
import queue
import re
import subprocess
import sys
import tempfile
import threading
import time

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parent.parent
FIXTURE = HERE / "fixture.rk"


def uri(path):
    return pathlib.Path(path).resolve().as_uri()


class ProtocolError(Exception):
    pass


class Client:
    def __init__(self, reckon, cache, init_options=None, args=()):
        env = dict(os.environ, XDG_CACHE_HOME=str(cache))
        self.proc = subprocess.Popen([reckon, "lsp", *args], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
        self.next_id = 0
        self.inbox = queue.Queue()
        self.notifications = []
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()
        params = {"processId": os.getpid(), "rootUri": uri(ROOT),
                  "capabilities": {"workspace": {"inlayHint": {"refreshSupport": True}}}}
        if init_options is not None:
            params["initializationOptions"] = init_options
        self.capabilities = self.request("initialize", params)["capabilities"]
        self.notify("initialized", {})

    # The framing, byte for byte.
    def _read(self):
        out = self.proc.stdout
        while True:
            headers = {}
            while True:
                line = out.readline()
                if not line:
                    self.inbox.put(None)
                    return
                if not line.endswith(b"\r\n"):
                    self.inbox.put(ProtocolError(f"header line without CRLF: {line!r}"))
                    return
                line = line[:-2]
                if not line:
                    break
                name, _, value = line.partition(b":")
                headers[name.strip().lower()] = value.strip()
            if b"content-length" not in headers:
                self.inbox.put(ProtocolError(f"no Content-Length in {headers!r}"))
                return
            length = int(headers[b"content-length"])
            body = out.read(length)
            if len(body) != length:
                self.inbox.put(ProtocolError("body cut short"))
                return
            self.inbox.put(json.loads(body.decode("utf-8")))

    def send_raw(self, data: bytes):
        self.proc.stdin.write(data)
        self.proc.stdin.flush()

    def send(self, message):
        body = json.dumps(message).encode("utf-8")
        self.send_raw(b"Content-Length: %d\r\n\r\n" % len(body) + body)

    def notify(self, method, params):
        self.send({"jsonrpc": "2.0", "method": method, "params": params})

    def _next(self, timeout=60):
        m = self.inbox.get(timeout=timeout)
        if isinstance(m, Exception):
            raise m
        if m is None:
            raise ProtocolError("the server closed its output")
        return m

    def send_request(self, method, params):
        self.next_id += 1
        self.send({"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params})
        return self.next_id

    def response(self, rid):
        while True:
            m = self._next()
            if m.get("id") == rid and "method" not in m:
                return m
            if "method" in m and "id" not in m:
                self.notifications.append(m)
            # requests from the server (workspace/inlayHint/refresh) are answered
            elif "method" in m:
                self.notifications.append(m)
                self.send({"jsonrpc": "2.0", "id": m["id"], "result": None})

    def request(self, method, params):
        m = self.response(self.send_request(method, params))
        if "error" in m:
            raise ProtocolError(f"{method}: {m['error']}")
        return m["result"]

    def diagnostics_for(self, doc_uri, version=None):
        """The next publishDiagnostics for doc_uri (of `version` if given)."""
        for i, m in enumerate(self.notifications):
            p = m.get("params", {})
            if m["method"] == "textDocument/publishDiagnostics" and p.get("uri") == doc_uri and \
                    (version is None or p.get("version") == version):
                del self.notifications[: i + 1]
                return p["diagnostics"]
        while True:
            m = self._next()
            if m.get("method") == "textDocument/publishDiagnostics":
                p = m["params"]
                if p["uri"] == doc_uri and (version is None or p.get("version") == version):
                    return p["diagnostics"]
            elif "method" in m:
                self.notifications.append(m)

    def open(self, path, text=None, version=1):
        text = pathlib.Path(path).read_text() if text is None else text
        self.notify("textDocument/didOpen", {"textDocument": {
            "uri": uri(path), "languageId": "reckon", "version": version, "text": text}})
        return uri(path)

    def change(self, doc_uri, version, changes):
        self.notify("textDocument/didChange", {"textDocument": {"uri": doc_uri, "version": version},
                                               "contentChanges": changes})

    def close(self, expect_status=0):
        self.request("shutdown", None)
        self.notify("exit", None)
        status = self.proc.wait(timeout=30)
        if status != expect_status:
            raise ProtocolError(f"exit status {status}, not {expect_status}: "
                                f"{self.proc.stderr.read().decode()}")


def position_of(text, needle, nth=0, offset=0):
    """The LSP position (UTF-16) of the nth occurrence of needle in text, plus offset."""
    at = -1
    for _ in range(nth + 1):
        at = text.index(needle, at + 1)
    at += offset
    line = text.count("\n", 0, at)
    start = text.rfind("\n", 0, at) + 1
    return {"line": line, "character": len(text[start:at].encode("utf-16-le")) // 2}


def check(cond, what):
    if not cond:
        raise AssertionError(what)


# The tests ------------------------------------------------------------------------------

def test_lifecycle(reckon, cache):
    c = Client(reckon, cache)
    caps = c.capabilities
    check(caps["textDocumentSync"]["change"] == 2, "incremental sync announced")
    for cap in ["hoverProvider", "definitionProvider", "referencesProvider",
                "documentSymbolProvider", "workspaceSymbolProvider", "inlayHintProvider"]:
        check(caps[cap] is True, cap)
    check("." in caps["completionProvider"]["triggerCharacters"], "completion after `.`")
    # Formatting waits for `reckon fmt` (docs/editors.md): announced as off.
    check(caps["documentFormattingProvider"] is True, "formatting through reckon fmt")
    # An unknown request is an error (MethodNotFound), and the server goes on.
    r = c.response(c.send_request("reckon/nothing", {}))
    check(r["error"]["code"] == -32601, f"method not found: {r}")
    # A body that is not JSON: a ParseError response with a null id.
    c.send_raw(b"Content-Length: 9\r\n\r\nnot json!")
    m = c._next()
    check(m["id"] is None and m["error"]["code"] == -32700, f"parse error: {m}")
    # Headers other than Content-Length are allowed.
    body = json.dumps({"jsonrpc": "2.0", "id": 99, "method": "shutdown"}).encode()
    c.send_raw(b"Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n"
               b"Content-Length: %d\r\n\r\n" % len(body) + body)
    check(c.response(99)["result"] is None, "shutdown with two headers")
    c.notify("exit", None)
    check(c.proc.wait(timeout=30) == 0, "exit after shutdown: status 0")

    # exit without shutdown: status 1, as the protocol says. Started with `--stdio`, as
    # vscode-languageclient's TransportKind.stdio starts servers: accepted and ignored.
    c = Client(reckon, cache, args=["--stdio"])
    check(c.capabilities["hoverProvider"] is True, "initialized when started with --stdio")
    c.notify("exit", None)
    check(c.proc.wait(timeout=30) == 1, "exit without shutdown: status 1")

    # A request before initialize: ServerNotInitialized.
    p = subprocess.Popen([reckon, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, env=dict(os.environ, XDG_CACHE_HOME=str(cache)))
    body = json.dumps({"jsonrpc": "2.0", "id": 1, "method": "textDocument/hover",
                       "params": {}}).encode()
    out, err = p.communicate(b"Content-Length: %d\r\n\r\n" % len(body) + body, timeout=30)
    check(b'"code":-32002' in out, f"not initialized: {out!r}")
    check(p.returncode == 1, "stream closed without exit: status 1")

    # A broken header: E0920 on standard error, status 1, no crash.
    for broken in [b"Content-Length: lots\r\n\r\n{}", b"Content-Type: x\r\n\r\n{}",
                   b"Content-Length: 100\r\n\r\n{}", b"no colon here\r\n\r\n"]:
        p = subprocess.Popen([reckon, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE)
        out, err = p.communicate(broken, timeout=30)
        check(p.returncode == 1, f"broken framing {broken!r}: status {p.returncode}")
        check(b"error[E0920]" in err, f"broken framing {broken!r}: {err!r}")


def test_diagnostics(reckon, cache):
    c = Client(reckon, cache)
    text = FIXTURE.read_text()
    doc = c.open(FIXTURE, text)
    check(c.diagnostics_for(doc, 1) == [], "the fixture checks")
    # An incremental edit: `overhead` misspelt as `overhed` (one character deleted).
    pos = position_of(text, "memory * overhead", offset=len("memory * overhe"))
    c.change(doc, 2, [{"range": {"start": pos, "end": {"line": pos["line"],
                                                          "character": pos["character"] + 1}},
                       "text": ""}])
    ds = c.diagnostics_for(doc, 2)
    check(len(ds) == 1, f"one error: {ds}")
    d = ds[0]
    check(d["code"] == "E0316", f"unknown name code: {d}")
    check("did you mean `overhead`" in d["message"], d["message"])
    start = position_of(text, "memory * overhead", offset=len("memory * "))
    check(d["range"] == {"start": start, "end": {"line": start["line"],
                                                 "character": start["character"] + 7}},
          f"the range of `overhed`: {d['range']}")
    # Undo it: clean again.
    c.change(doc, 3, [{"range": {"start": pos, "end": pos}, "text": "a"}])
    check(c.diagnostics_for(doc, 3) == [], "repaired")
    # A unit error, E0301 family: adding bytes and seconds.
    bad = "scenario S {\n  x: B = 1 B + 1 s\n}\n"
    c.change(doc, 4, [{"text": bad}])
    ds = c.diagnostics_for(doc, 4)
    check(len(ds) == 1 and ds[0]["code"].startswith("E0"), f"unit error: {ds}")
    check(ds[0]["range"]["start"]["line"] == 1, f"on line 2: {ds}")
    # a parse error: E01xx located on line 2
    c.change(doc, 6, [{"text": "scenario S {\n  x: B = (1 B\n}\n"}])
    ds = c.diagnostics_for(doc, 6)
    check(len(ds) >= 1 and ds[0]["code"].startswith("E01"), f"parse error: {ds}")
    # Positions count UTF-16 code units: an emoji (two) and an é (one) before the error.
    utf = 'let t = "\U0001F600\u00e9" + nowhere\n'
    c.change(doc, 7, [{"text": utf}])
    ds = c.diagnostics_for(doc, 7)
    check(len(ds) == 1 and ds[0]["code"] == "E0316", ds)
    start = position_of(utf, "nowhere")
    check(start["character"] == len('let t = "') + 2 + 1 + len('" + '), start)
    check(ds[0]["range"]["start"] == start and ds[0]["range"]["end"]["character"] ==
          start["character"] + len("nowhere"), ds[0]["range"])
    # A range edit after the emoji lands where the client means: `nowhere` replaced by a
    # text, which `+` joins to the other, so the file checks (a byte off, it would not).
    c.change(doc, 8, [{"range": ds[0]["range"], "text": '"!"'}])
    check(c.diagnostics_for(doc, 8) == [], "the edit after the emoji")
    # An error in an imported file is shown at the top, pointing at the file.
    with tempfile.TemporaryDirectory() as tmp:
        (pathlib.Path(tmp) / "bad.rk").write_text("let x: B = 1 s\n")
        main = pathlib.Path(tmp) / "main.rk"
        main_uri = c.open(main, 'import "bad.rk"\n')
        ds = c.diagnostics_for(main_uri, 1)
        check(len(ds) == 1 and "bad.rk:1:" in ds[0]["message"], f"imported error: {ds}")
        check(ds[0]["relatedInformation"][0]["location"]["uri"] == uri(pathlib.Path(tmp) / "bad.rk"),
              f"related location: {ds}")
    c.close()


def test_related(reckon, cache):
    c = Client(reckon, cache)
    with tempfile.TemporaryDirectory() as tmp:
        path = pathlib.Path(tmp) / "twice.rk"
        text = "let x = 1 GB\nlet x = 2 GB\n"
        doc = c.open(path, text)
        ds = c.diagnostics_for(doc, 1)
        # The checker notes where a name was first defined (docs/errors.md); the server
        # passes each note on as related information at its place.
        check(len(ds) == 1 and ds[0]["range"]["start"] == {"line": 1, "character": 4}, ds)
        rel = ds[0]["relatedInformation"]
        check(rel == [{"location": {"uri": doc, "range": {"start": {"line": 0, "character": 4},
                                                          "end": {"line": 0, "character": 5}}},
                       "message": "first defined here"}], rel)

        # A dependency cycle whose links always run is found by the checker (E0504): one
        # diagnostic at the use that closes it (b's `a`, line 3, characters 10-11), and
        # each link as related information, in order: a uses b at line 2 character 10,
        # b uses a at line 3 character 10.
        path = pathlib.Path(tmp) / "cycle.rk"
        text = "scenario A {\n  input x: GB = 1 GB\n  a: GB = b + x\n  b: GB = a\n}\n"
        doc = c.open(path, text)
        ds = c.diagnostics_for(doc, 1)

        def at(line, begin, end):
            return {"start": {"line": line, "character": begin},
                    "end": {"line": line, "character": end}}
        check(len(ds) == 1 and ds[0]["code"] == "E0504" and
              ds[0]["message"] == "dependency cycle: a -> b -> a" and
              ds[0]["range"] == at(3, 10, 11), ds)
        check(ds[0]["relatedInformation"] ==
              [{"location": {"uri": doc, "range": at(2, 10, 11)}, "message": "`a` uses `b` here"},
               {"location": {"uri": doc, "range": at(3, 10, 11)}, "message": "`b` uses `a` here"}],
              ds[0]["relatedInformation"])
        # Made conditional (the use of `a` inside an `if` branch), it is no error.
        c.change(doc, 2, [{"range": at(3, 10, 11), "text": "if x > 0 GB then x else a"}])
        ds = c.diagnostics_for(doc, 2)
        check(ds == [], ds)

        # A bracket open at the end of the text: the error is at the bracket (E0921, line 1
        # character 13), the end of the text (line 2, character 0, an empty range there) its
        # related information.
        path = pathlib.Path(tmp) / "open.rk"
        doc = c.open(path, "scenario S {\n  y: GB = max(1 GB, 2 GB\n")
        ds = c.diagnostics_for(doc, 1)
        check(len(ds) == 1 and ds[0]["code"] == "E0921" and ds[0]["range"] == at(1, 13, 14) and
              ds[0]["relatedInformation"][0]["location"]["range"] == at(2, 0, 0), ds)
    c.close()


def test_overlay(reckon, cache):
    """An import of an open document reads its buffer, saved or not, and a change to it
    publishes the importer's diagnostics again."""
    c = Client(reckon, cache)
    with tempfile.TemporaryDirectory() as tmp:
        tmp = pathlib.Path(tmp)
        (tmp / "b.rk").write_text("let size: GB = 1 GB\n")
        a_text = 'import "b.rk"\nlet total: GB = size * 2\n'
        (tmp / "a.rk").write_text(a_text)
        a = c.open(tmp / "a.rk", a_text)
        check(c.diagnostics_for(a, 1) == [], "a.rk checks against b.rk on disk")
        # From disk: total = 1 GB x 2 = 2 GB.
        h = hover_text(c, a, position_of(a_text, "total", offset=1))
        check("**2 GB**" in h, h)
        # b.rk opened with unsaved text: size = 3 GB, and a line above it. a.rk's
        # diagnostics are published again, and its hover reads the buffer: 6 GB.
        b_text = "let spare: GB = 5 GB\nlet size: GB = 3 GB\n"
        b = c.open(tmp / "b.rk", b_text)
        check(c.diagnostics_for(b, 1) == [], "b.rk's buffer checks")
        check(c.diagnostics_for(a, 1) == [], "a.rk published again")
        h = hover_text(c, a, position_of(a_text, "total", offset=1))
        check("**6 GB**" in h, h)
        # Definition of `size` in a.rk: line 1 of the buffer (line 0 on disk).
        loc = c.request("textDocument/definition",
                        {"textDocument": {"uri": a}, "position": position_of(a_text, "size *")})
        check(loc["uri"] == b and loc["range"]["start"] == {"line": 1, "character": 4}, loc)
        # An edit of b.rk's buffer that renames `size` breaks a.rk, unsaved.
        c.change(b, 2, [{"range": {"start": {"line": 1, "character": 8},
                                   "end": {"line": 1, "character": 8}}, "text": "s"}])
        check(c.diagnostics_for(b, 2) == [], "b.rk still checks")
        ds = c.diagnostics_for(a, 1)
        check(len(ds) == 1 and "`size`" in ds[0]["message"] and
              ds[0]["range"]["start"] == {"line": 1, "character": 16}, ds)
        # Closed without saving: a.rk reads the file on disk again, and checks.
        c.notify("textDocument/didClose", {"textDocument": {"uri": b}})
        check(c.diagnostics_for(a, 1) == [], "a.rk against b.rk on disk again")
    c.close()


def test_formatting(reckon, cache):
    c = Client(reckon, cache)
    with tempfile.TemporaryDirectory() as tmp:
        path = pathlib.Path(tmp) / "messy.rk"
        # Only whitespace moves (docs/formatting.md): two-space indentation in a body, one
        # space around `=` and `:` after a name, none inside brackets, trailing spaces
        # dropped; the comment stays.
        text = "scenario S {\n      input x:GB=1  GB   # the size\n y = [x,x ]\n}\n"
        doc = c.open(path, text)
        c.diagnostics_for(doc, 1)
        edits = c.request("textDocument/formatting",
                          {"textDocument": {"uri": doc},
                           "options": {"tabSize": 2, "insertSpaces": True}})
        check(len(edits) == 1, edits)
        # The edit replaces the whole text, from its start to its end (line 4, character 0).
        check(edits[0]["range"] == {"start": {"line": 0, "character": 0},
                                    "end": {"line": 4, "character": 0}}, edits)
        # The same text `reckon fmt` writes.
        fmt = subprocess.run([reckon, "fmt"], input=text, capture_output=True, text=True)
        check(fmt.returncode == 0 and edits[0]["newText"] == fmt.stdout, (edits, fmt.stdout))
        check(edits[0]["newText"] ==
              "scenario S {\n  input x: GB = 1 GB  # the size\n  y = [x, x]\n}\n",
              edits[0]["newText"])
        # Formatted text needs no edits; a text that does not parse gets none (null).
        c.change(doc, 2, [{"text": fmt.stdout}])
        c.diagnostics_for(doc, 2)
        again = c.request("textDocument/formatting", {"textDocument": {"uri": doc},
                                                      "options": {"tabSize": 2,
                                                                  "insertSpaces": True}})
        check(again == [], again)
        c.change(doc, 3, [{"text": "scenario S {\n  input x: GB = \n"}])
        c.diagnostics_for(doc, 3)
        broken = c.request("textDocument/formatting", {"textDocument": {"uri": doc},
                                                       "options": {"tabSize": 2,
                                                                   "insertSpaces": True}})
        check(broken is None, broken)
    c.close()


def hover_text(c, doc, pos):
    h = c.request("textDocument/hover", {"textDocument": {"uri": doc}, "position": pos})
    return h and h["contents"]["value"]


def test_hover(reckon, cache):
    c = Client(reckon, cache)
    text = FIXTURE.read_text()
    doc = c.open(FIXTURE, text)
    c.diagnostics_for(doc, 1)
    # `memory` where it is declared: its type, doc comment, and its value for the first
    # case, Small: 175,000,000,000 parameters x 2 B = 350,000,000,000 B = 350 GB.
    h = hover_text(c, doc, position_of(text, "memory: GB", offset=2))
    check("property Weights.memory: GB" in h, h)
    check("The weights' memory." in h, h)
    check("`Small`: **350 GB**" in h, h)
    # `overhead`, from the imported file: a let of 1.25, its doc comment.
    h = hover_text(c, doc, position_of(text, "* overhead", offset=3))
    check("let overhead: number" in h and "Memory the framework keeps" in h, h)
    check("**1.250**" in h, h)  # four significant digits, as `reckon eval` shows
    # `with_overhead`: 350 GB x 1.25 = 437.5 GB.
    h = hover_text(c, doc, position_of(text, "with_overhead", offset=1))
    check("**437.5 GB**" in h, h)
    # `transfer`: 350 GB / (100 GB/s) = 3.5 s, through the stdlib's point_to_point_time
    # (latency 0 s by default).
    h = hover_text(c, doc, position_of(text, "transfer:", offset=1))
    check("**3.500 s**" in h, h)
    # The scenario's metadata.
    h = hover_text(c, doc, position_of(text, "scenario Weights", offset=10))
    check("scenario Weights" in h and "@source tests/lsp/client.py" in h, h)
    # A stdlib solver's scenario: its @fallacy lines, each claim then its reality
    # (interpreter/model/signature.hpp, metadata_lines).
    node = ROOT / "scenarios" / "textbook_node.rk"
    ntext = node.read_text()
    ndoc = c.open(node, ntext)
    c.diagnostics_for(ndoc, 1)
    h = hover_text(c, ndoc, position_of(ntext, "SingleNodeRoofline(device", offset=3))
    check(h is not None and "@fallacy Peak FLOP/s sets the speed of a model. Reality: At batch 1"
          in h, h)
    # A stdlib native: its signature.
    h = hover_text(c, doc, position_of(text, "point_to_point_time", offset=3))
    check("point_to_point_time(size: B, bandwidth: B/s" in h, h)
    # A member read of a case (`Small.memory` in the check): that case's value.
    h = hover_text(c, doc, position_of(text, "Small.memory", offset=7))
    check("`Small`: **350 GB**" in h, h)
    # The chosen case, by command: Tiny, 1,000 parameters x 2 B = 2,000 B = 2 kB (declared
    # GB, a step of the ladder, which chooses kB: display rule 1).
    c.request("workspace/executeCommand", {"command": "reckon.setCase", "arguments": ["Tiny"]})
    h = hover_text(c, doc, position_of(text, "memory: GB", offset=2))
    check("`Tiny`: **2 kB**" in h, h)
    # A unit after a number: the catalogue's scale and dimension (1 GB = 10^9 B, SI prefix).
    h = hover_text(c, doc, position_of(text, "100 GB/s", offset=5))
    check("unit GB" in h and "1 GB = 1000000000 B (information)" in h, h)
    # A unit of a declared type.
    h = hover_text(c, doc, position_of(text, "bytes_per_param: B", offset=len("bytes_per_param: ")))
    check("unit B" in h, h)
    # Nothing under the cursor: null.
    check(hover_text(c, doc, {"line": 0, "character": 0}) is None, "no hover in a comment")
    # A builtin's name in a call: its signature and documentation (interpreter/model/builtins.cpp),
    # on the builtins over lists of scenarios/dense_network.rk.
    dense = ROOT / "scenarios" / "dense_network.rk"
    dtext = dense.read_text()
    ddoc = c.open(dense, dtext)
    c.diagnostics_for(ddoc, 1)
    h = hover_text(c, ddoc, position_of(dtext, "pairs(widths)", offset=2))
    check(h is not None and "pairs(xs)" in h and "adjacent pairs" in h, h)
    h = hover_text(c, ddoc, position_of(dtext, "enumerate(shapes)", offset=4))
    check(h is not None and "enumerate(xs)" in h, h)
    h = hover_text(c, ddoc, position_of(dtext, "argmax(table", offset=1))
    check(h is not None and "argmax(xs, by: x => k)" in h, h)
    h = hover_text(c, ddoc, position_of(dtext, "sum(params)", offset=1))
    check(h is not None and "sum(xs)" in h, h)
    # max of one list: the entry gives both forms.
    h = hover_text(c, ddoc, position_of(dtext, "max(live_pairs)", offset=1))
    check(h is not None and "max(a, b, ...), max(xs)" in h, h)
    # A lambda's parameter is not the builtin it is an argument of.
    h = hover_text(c, ddoc, position_of(dtext, "l => l.params", offset=0))
    check(h is None or "argmax" not in h, h)
    # An optional quantity keeps its `?` in the heading and says `or none` under it
    # (the type is information or none); a required one does not.
    opath = cache / "optional.rk"
    otext = ("scenario S {\n  input x: GB? = none\n  input y: GB = 1 GB\n"
             "  z: GB = x ?? y\n}\ncase C = S()\n")
    odoc = c.open(opath, otext)
    check(c.diagnostics_for(odoc, 1) == [], "optional.rk checks")
    h = hover_text(c, odoc, position_of(otext, "x: GB?"))
    check("input S.x: GB? = none" in h and "information (base unit B), or none" in h, h)
    h = hover_text(c, odoc, position_of(otext, "x ??"))
    check("information (base unit B), or none" in h, h)
    h = hover_text(c, odoc, position_of(otext, "y: GB"))
    check("information (base unit B)" in h and "or none" not in h, h)
    # A list of quantities is named by its elements' dimension, never as a list declared
    # in base units (`[ms]` read `type [s]`).
    lpath = cache / "lists.rk"
    ltext = "scenario S {\n  input lats: [ms] = [1 ms, 2 ms]\n}\ncase C = S()\n"
    ldoc = c.open(lpath, ltext)
    check(c.diagnostics_for(ldoc, 1) == [], "lists.rk checks")
    h = hover_text(c, ldoc, position_of(ltext, "lats:"))
    check("input S.lats: [ms]" in h and "list of time (base unit s)" in h
          and "type [s]" not in h, h)
    # Sets: a set input's type as written, `set` as a builtin with its doc, and a set's
    # value, {"a", "b"} | {"b", "c"} = {"a", "b", "c"}, in the order first made.
    spath = cache / "sets.rk"
    stext = ('scenario S {\n  input seen: {text} = {"a", "b"}\n'
             '  both: {text} = seen | set(["b", "c"])\n  has: bool = "c" in both\n}\n'
             'case C = S()\n')
    sdoc = c.open(spath, stext)
    check(c.diagnostics_for(sdoc, 1) == [], "sets.rk checks")
    h = hover_text(c, sdoc, position_of(stext, "seen: {text}"))
    check("input S.seen: {text}" in h, h)
    h = hover_text(c, sdoc, position_of(stext, "both: {text}"))
    check('**{"a", "b", "c"}**' in h, h)
    h = hover_text(c, sdoc, position_of(stext, "set([", offset=1))
    check(h is not None and "set(xs)" in h, h)
    h = hover_text(c, sdoc, position_of(stext, "has: bool"))
    check("**true**" in h, h)
    c.close()


def labels(result):
    items = result["items"] if isinstance(result, dict) else result
    return {i["label"]: i for i in items}


def complete(c, doc, pos):
    return labels(c.request("textDocument/completion",
                            {"textDocument": {"uri": doc}, "position": pos}))


def test_completion(reckon, cache):
    c = Client(reckon, cache)
    text = FIXTURE.read_text()
    doc = c.open(FIXTURE, text)
    c.diagnostics_for(doc, 1)
    end = text.index("\ncheck")
    line = text.count("\n", 0, end) + 1

    def typed(version, s):
        """The document with s typed on a new line before `check`, and the position after it."""
        c.change(doc, version, [{"range": {"start": {"line": line, "character": 0},
                                           "end": {"line": line, "character": 0}},
                                 "text": s + "\n"}])
        return {"line": line, "character": len(s)}

    def undo(version, s):
        c.change(doc, version, [{"range": {"start": {"line": line, "character": 0},
                                           "end": {"line": line + 1, "character": 0}},
                                 "text": ""}])

    # Members after `.` (the line does not parse; the last analysis that did is used).
    items = complete(c, doc, typed(2, "let q = Small."))
    check({"params", "bytes_per_param", "memory", "with_overhead"} <= set(items), items.keys())
    check(items["memory"]["detail"] == "memory: GB", items["memory"])
    undo(3, "")
    # Units after a number.
    items = complete(c, doc, typed(4, "let u = 3 Gi"))
    check({"GiB", "Gibit"} <= set(items) and "GB" not in items, sorted(items)[:20])
    undo(5, "")
    # Named arguments inside a call of a scenario.
    items = complete(c, doc, typed(6, "case New = Weights(par"))
    check("params:" in items and items["params:"]["insertText"] == "params: ", items.keys())
    undo(7, "")
    # Enum members where the enumeration is expected.
    items = complete(c, doc, typed(8, "case New = Weights(precision: "))
    check({"fp16", "fp32"} <= set(items), items.keys())
    undo(9, "")
    # Names in scope with stdlib functions and their signatures.
    items = complete(c, doc, typed(10, "let v = point_to"))
    check(items["point_to_point_time"]["detail"].startswith("point_to_point_time(size: B"),
          items.get("point_to_point_time"))
    undo(11, "")
    # The builtins, from the one documentation table, with their signatures.
    items = complete(c, doc, typed(12, "let w = pai"))
    check(items.get("pairs", {}).get("detail") == "pairs(xs)", items.get("pairs"))
    undo(13, "")
    items = complete(c, doc, typed(14, "let w = viol"))
    check("violations" in items, items.keys())
    undo(15, "")
    items = complete(c, doc, typed(16, "let w = ov"))
    check("overhead" in items, items.keys())
    undo(17, "")
    # Inside a scenario: its inputs and properties.
    pos = position_of(text, "memory * overhead")
    items = complete(c, doc, pos)
    check({"params", "memory", "with_overhead", "sqrt", "sum"} <= set(items), sorted(items)[:30])

    # After a lambda parameter's `.` and a comprehension variable's `.`: the fields of the
    # record the list holds (Gpu: name, memory), though the line being typed does not
    # parse; a lambda over a list of a scenario's inputs, and a comprehension whose
    # variable is bound after the body (`[g. for g in gpus]`) or before a filter.
    with tempfile.TemporaryDirectory() as tmp:
        lines = ["record Gpu {", "  name: text", "  memory: GB", "}",
                 "let spare = [Gpu(name: \"b\", memory: 40 GB)]",
                 "scenario Fleet {",
                 "  input gpus: [Gpu] = [Gpu(name: \"a\", memory: 80 GB)]",
                 "  big: [Gpu] = sort(gpus, by: g => g.memory)",
                 "  names: [text] = [g.name for g in gpus]",
                 "}"]
        other = c.open(pathlib.Path(tmp) / "fleet.rk", "\n".join(lines) + "\n")
        check(c.diagnostics_for(other, 1) == [], "fleet.rk checks")
        fields = {"name", "memory"}

        def edit(version, line_no, new_line, cursor_after):
            c.change(other, version, [{"range": {"start": {"line": line_no, "character": 0},
                                                 "end": {"line": line_no + 1, "character": 0}},
                                       "text": new_line + "\n"}])
            return {"line": line_no, "character": new_line.index(cursor_after) + len(cursor_after)}

        items = complete(c, other, edit(2, 7, "  big: [Gpu] = sort(gpus, by: g => g.", "g => g."))
        check(set(items) == fields, items.keys())  # only the fields: not `gpus` nor `big`
        check(items["memory"]["detail"] == "GB", items["memory"])  # the field's type
        items = complete(c, other, edit(3, 8, "  names: [text] = [g. for g in gpus]", "[g."))
        check(set(items) == fields, items.keys())
        items = complete(c, other, edit(4, 8, "  names: [text] = [g.name for g in gpus if g.",
                                        "if g."))
        check(set(items) == fields, items.keys())
        # A comprehension of two clauses: the first's list ends at the second's `for`, and
        # the second's name is bound to the elements of its own list.
        items = complete(c, other, edit(5, 8, "  names: [text] = [g. for g in gpus for s in spare]",
                                        "[g."))
        check(set(items) == fields, items.keys())
        items = complete(c, other, edit(6, 8, "  names: [text] = [s. for g in gpus for s in spare]",
                                        "[s."))
        check(set(items) == fields, items.keys())
        # fold's lambda: the last parameter is the element (the first the accumulator).
        items = complete(c, other, edit(7, 8, "  names: [text] = fold(spare, 0 GB, (acc, s) => s.",
                                        "=> s."))
        check(set(items) == fields, items.keys())
    c.close()


def test_navigation(reckon, cache):
    c = Client(reckon, cache)
    text = FIXTURE.read_text()
    doc = c.open(FIXTURE, text)
    c.diagnostics_for(doc, 1)

    def definition(pos):
        return c.request("textDocument/definition", {"textDocument": {"uri": doc}, "position": pos})

    # A property used in another: its declaration in the same file.
    loc = definition(position_of(text, "memory * overhead", offset=2))
    check(loc["uri"] == doc and loc["range"]["start"] == position_of(text, "memory: GB"), loc)
    # Across the import: `overhead` is declared in helper.rk, line 4 (`let overhead`).
    loc = definition(position_of(text, "* overhead", offset=3))
    helper = (HERE / "helper.rk").read_text()
    check(loc["uri"] == uri(HERE / "helper.rk"), loc)
    check(loc["range"]["start"] == position_of(helper, "overhead: number"), loc)
    # Into the standard library: a file in the cache directory holding the native.
    loc = definition(position_of(text, "point_to_point_time", offset=3))
    path = pathlib.Path(loc["uri"][len("file://"):])
    check(str(path).startswith(str(cache)) and path.name == "communication.rk", loc)
    stdlib_text = path.read_text()
    check(loc["range"]["start"] == position_of(stdlib_text, "point_to_point_time("), loc)
    # A declared type naming an enumeration: its declaration, in the imported file.
    loc = definition(position_of(text, "precision: Precision", offset=len("precision: ") + 2))
    check(loc["uri"] == uri(HERE / "helper.rk") and
          loc["range"]["start"] == position_of(helper, "Precision"), loc)
    # A unit has no declaration to go to.
    check(definition(position_of(text, "100 GB/s", offset=5)) is None, "no definition of GB")
    # A named argument: the input it binds.
    loc = definition(position_of(text, "params: 175", offset=1))
    check(loc["range"]["start"] == position_of(text, "params: count"), loc)
    # An enum member, across the import.
    loc = definition(position_of(text, "= fp16", offset=3))
    check(loc["uri"] == uri(HERE / "helper.rk") and
          loc["range"]["start"] == position_of(helper, "fp16"), loc)

    # References of `memory`: its declaration, two uses in the scenario, one in the check
    # (Small.memory) = 4.
    refs = c.request("textDocument/references", {"textDocument": {"uri": doc},
                                                 "position": position_of(text, "memory: GB"),
                                                 "context": {"includeDeclaration": True}})
    check(len(refs) == 4, refs)
    refs = c.request("textDocument/references", {"textDocument": {"uri": doc},
                                                 "position": position_of(text, "memory: GB"),
                                                 "context": {"includeDeclaration": False}})
    check(len(refs) == 3, refs)
    # References of `overhead` from helper.rk's own document: found in fixture.rk too,
    # which is open (its program imports helper.rk).
    helper_doc = c.open(HERE / "helper.rk", helper)
    c.diagnostics_for(helper_doc, 1)
    refs = c.request("textDocument/references", {"textDocument": {"uri": helper_doc},
                                                 "position": position_of(helper, "overhead"),
                                                 "context": {"includeDeclaration": True}})
    uris = sorted(r["uri"] for r in refs)
    check(uris == sorted([doc, helper_doc]), refs)
    # References come in file order (analysis.cpp sorts a module's occurrences): `q`
    # declared, then in the base of `T(k: q) with k: q + 1`, then in its override (the
    # hand-written walk gave the override before the base).
    ordered = ("scenario T {\n  input k: count = 1\n  v = k\n}\n"
               "scenario U {\n  input q: count = 2\n  w = (T(k: q) with k: q + 1).v\n}\n"
               "case u = U()\n")
    ordered_doc = c.open(HERE / "ordered.rk", ordered)
    c.diagnostics_for(ordered_doc, 1)
    refs = c.request("textDocument/references", {"textDocument": {"uri": ordered_doc},
                                                 "position": position_of(ordered, "q: count"),
                                                 "context": {"includeDeclaration": True}})
    starts = [(r["range"]["start"]["line"], r["range"]["start"]["character"]) for r in refs]
    want = [position_of(ordered, "q: count"), position_of(ordered, "q) with"),
            position_of(ordered, "q + 1")]
    check(starts == [(p["line"], p["character"]) for p in want], refs)
    c.close()


def test_symbols(reckon, cache):
    c = Client(reckon, cache)
    text = FIXTURE.read_text()
    doc = c.open(FIXTURE, text)
    c.diagnostics_for(doc, 1)
    syms = c.request("textDocument/documentSymbol", {"textDocument": {"uri": doc}})
    names = [(s["name"], s["kind"]) for s in syms]
    # Scenario (Class 5), two cases (Object 19), a check (Boolean 17).
    check(names == [("Weights", 5), ("Small", 19), ("Tiny", 19), ("Small.memory > 1 GB", 17)],
          names)
    children = [(s["name"], s["kind"]) for s in syms[0]["children"]]
    # Inputs are Field (8), properties Property (7).
    check(children == [("params", 8), ("bytes_per_param", 8), ("precision", 8), ("memory", 7),
                       ("with_overhead", 7), ("transfer", 7)], children)
    sel = syms[0]["selectionRange"]["start"]
    check(sel == position_of(text, "Weights {"), sel)
    ws = c.request("workspace/symbol", {"query": "small"})
    check([s["name"] for s in ws] == ["Small"], ws)
    # The standard library's declarations when asked by name.
    ws = c.request("workspace/symbol", {"query": "point_to_point"})
    check(any(s["name"] == "point_to_point_time" for s in ws), ws)
    # Exercises and sweeps are symbols too.
    with tempfile.TemporaryDirectory() as tmp:
        path = pathlib.Path(tmp) / "ex.rk"
        ex = (ROOT / "scenarios" / "exercises").glob("*.rk")
        src = next(iter(sorted(ex)))
        exdoc = c.open(src)
        c.diagnostics_for(exdoc, 1)
        syms = c.request("textDocument/documentSymbol", {"textDocument": {"uri": exdoc}})
        check(any(s["kind"] == 24 for s in syms), [(s["name"], s["kind"]) for s in syms])
    c.close()


def test_hints_and_actions(reckon, cache):
    c = Client(reckon, cache)
    text = FIXTURE.read_text()
    doc = c.open(FIXTURE, text)
    c.diagnostics_for(doc, 1)
    whole = {"start": {"line": 0, "character": 0}, "end": {"line": 100, "character": 0}}
    hints = c.request("textDocument/inlayHint", {"textDocument": {"uri": doc}, "range": whole})
    got = {h["position"]["line"]: h["label"] for h in hints}
    lines = text.split("\n")
    line_of = lambda needle: next(i for i, l in enumerate(lines) if needle in l)
    # For the first case, Small: 350 GB, 437.5 GB, 3.5 s (as in test_hover).
    check(got == {line_of("memory: GB"): "\u25b8 350 GB",
                  line_of("with_overhead:"): "\u25b8 437.5 GB",
                  line_of("transfer:"): "\u25b8 3.500 s"}, got)
    hint = next(h for h in hints if h["label"] == "\u25b8 350 GB")
    check(hint["position"]["character"] == len(lines[line_of("memory: GB")]), hint)
    # Only the lines asked for.
    part = {"start": {"line": line_of("transfer:"), "character": 0},
            "end": {"line": line_of("transfer:") + 1, "character": 0}}
    hints = c.request("textDocument/inlayHint", {"textDocument": {"uri": doc}, "range": part})
    check([h["label"] for h in hints] == ["\u25b8 3.500 s"], hints)
    c.close()
    # The case chosen by initializationOptions: Tiny, 1,000 x 2 B = 2,000 B, declared GB,
    # which lets the ladder choose: 2 kB.
    c = Client(reckon, cache, {"case": "Tiny"})
    doc = c.open(FIXTURE, text)
    c.diagnostics_for(doc, 1)
    hints = c.request("textDocument/inlayHint", {"textDocument": {"uri": doc}, "range": whole})
    got = {h["position"]["line"]: h["label"] for h in hints}
    check(got[line_of("memory: GB")] == "\u25b8 2 kB", got)
    # Code action: the did-you-mean of a misspelt name as an edit.
    pos = position_of(text, "memory * overhead", offset=len("memory * overhe"))
    c.change(doc, 2, [{"range": {"start": pos, "end": {"line": pos["line"],
                                                          "character": pos["character"] + 1}},
                       "text": ""}])
    ds = c.diagnostics_for(doc, 2)
    actions = c.request("textDocument/codeAction", {
        "textDocument": {"uri": doc}, "range": ds[0]["range"], "context": {"diagnostics": ds}})
    check(len(actions) == 1 and actions[0]["kind"] == "quickfix", actions)
    edit = actions[0]["edit"]["changes"][doc][0]
    check(edit == {"range": ds[0]["range"], "newText": "overhead"}, edit)
    # With an error in the file, the values that do not depend on it are still shown
    # (Tiny's memory and transfer: 2,000 B / (100 GB/s) = 2e-8 s), with_overhead's,
    # which uses the misspelt name, is not.
    hints = c.request("textDocument/inlayHint", {"textDocument": {"uri": doc}, "range": whole})
    got = {h["position"]["line"]: h["label"] for h in hints}
    check(set(got) == {line_of("memory: GB"), line_of("transfer:")}, got)
    check(got[line_of("memory: GB")] == "\u25b8 2 kB", got)
    c.close()


def test_cancel_and_stale(reckon, cache):
    c = Client(reckon, cache)
    text = FIXTURE.read_text()
    doc = c.open(FIXTURE, text)
    c.diagnostics_for(doc, 1)
    # Many messages at once: a hover, its cancellation, then changes and a hover on a
    # version a later change has made stale. The reader sees the cancellation before the
    # serving thread reaches the hover.
    pos = position_of(text, "memory: GB", offset=2)
    batch = []
    def frame(m):
        body = json.dumps(m).encode()
        return b"Content-Length: %d\r\n\r\n" % len(body) + body
    # A long first job keeps the server busy while the rest arrives: 30 full changes.
    big = text + "\n".join(f"let filler_{i}: GB = {i} GB" for i in range(3000)) + "\n"
    for v in range(2, 32):
        batch.append(frame({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
            "textDocument": {"uri": doc, "version": v}, "contentChanges": [{"text": big}]}}))
    batch.append(frame({"jsonrpc": "2.0", "id": 500, "method": "textDocument/hover",
                        "params": {"textDocument": {"uri": doc}, "position": pos}}))
    batch.append(frame({"jsonrpc": "2.0", "method": "$/cancelRequest", "params": {"id": 500}}))
    c.send_raw(b"".join(batch))
    r = c.response(500)
    check(r.get("error", {}).get("code") == -32800, f"cancelled: {r}")
    # Diagnostics were published for the last version only (earlier ones were stale
    # when served: another change waited behind each).
    ds = c.diagnostics_for(doc, 31)
    check(ds == [], ds)
    published = [m["params"].get("version") for m in c.notifications
                 if m["method"] == "textDocument/publishDiagnostics"]
    check(all(v == 31 for v in published), f"stale versions published: {published}")
    # A hover sent together with a later change: ContentModified, nothing computed.
    batch = [frame({"jsonrpc": "2.0", "id": 501, "method": "textDocument/hover",
                    "params": {"textDocument": {"uri": doc}, "position": pos}}),
             frame({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
                 "textDocument": {"uri": doc, "version": 32}, "contentChanges": [{"text": text}]}})]
    # Sent while the server still works on a long request, so both wait in its queue.
    c.send_raw(frame({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
        "textDocument": {"uri": doc, "version": 33}, "contentChanges": [{"text": big + "\n"}]}})
        + b"".join(batch))
    # The reader has queued the hover and change 32 long before the serving thread is done
    # with change 33 (a 10,000-line check), so the hover finds a change waiting.
    r = c.response(501)
    check(r.get("error", {}).get("code") == -32801, r)
    check(c.diagnostics_for(doc, 32) == [], "version 32 checked")
    c.close()


def test_survives(reckon, cache):
    """Every golden input, bundled scenario and stdlib module (and, when RECKON_FUZZ_CORPUS
    names a directory, every file in it) is opened, edited and asked about, without the
    server failing or crashing."""
    goldens = sorted((ROOT / "tests" / "lang").glob("*.rk"))
    # Under the sanitizers (several times slower) every third golden input: the Release
    # suite opens them all, and the scenarios and stdlib modules are always opened.
    if b"__asan_init" in pathlib.Path(reckon).read_bytes():
        goldens = goldens[::3]
    files = goldens + sorted((ROOT / "scenarios").rglob("*.rk")) + \
        sorted((ROOT / "stdlib" / "modules").glob("*.rk"))
    corpus = os.environ.get("RECKON_FUZZ_CORPUS")
    if corpus:
        files += sorted(p for p in pathlib.Path(corpus).iterdir() if p.is_file())
    c = Client(reckon, cache)
    whole = {"start": {"line": 0, "character": 0}, "end": {"line": 100000, "character": 0}}
    for n, path in enumerate(files):
        raw = path.read_bytes()
        text = raw.decode("utf-8", errors="replace")
        doc = uri(path)
        c.open(path, text)
        c.diagnostics_for(doc, 1)
        lines = text.split("\n")
        probes = [{"line": l, "character": ch} for l in range(0, len(lines), max(1, len(lines) // 4))
                  for ch in (0, 4, 12)]
        for p in probes:
            for method in ("textDocument/hover", "textDocument/definition",
                           "textDocument/completion", "textDocument/references"):
                params = {"textDocument": {"uri": doc}, "position": p,
                          "context": {"includeDeclaration": True}}
                r = c.response(c.send_request(method, params))
                check("error" not in r, f"{path.name}: {method} at {p}: {r}")
        for method, params in (("textDocument/documentSymbol", {}),
                               ("textDocument/inlayHint", {"range": whole})):
            params["textDocument"] = {"uri": doc}
            r = c.response(c.send_request(method, params))
            check("error" not in r, f"{path.name}: {method}: {r}")
        # Typing: the text cut at its middle, then a stray character in it, then restored.
        mid = {"line": len(lines) // 2, "character": 0}
        c.change(doc, 2, [{"range": {"start": mid, "end": {"line": len(lines) + 5, "character": 0}},
                           "text": ""}])
        c.diagnostics_for(doc, 2)
        c.change(doc, 3, [{"range": {"start": mid, "end": mid}, "text": "Small.(\u00e9 \U0001F600"}])
        c.diagnostics_for(doc, 3)
        r = c.response(c.send_request("textDocument/completion", {
            "textDocument": {"uri": doc}, "position": {"line": mid["line"], "character": 6}}))
        check("error" not in r, f"{path.name}: completion while typing: {r}")
        c.notify("textDocument/didClose", {"textDocument": {"uri": doc}})
        c.diagnostics_for(doc)
    check(c.proc.poll() is None, "the server is alive")
    c.close()
    print(f"{len(files)} files opened, edited and asked about")


def test_incremental(reckon, cache):
    """After each of a series of random edits (incremental changes: insertions of tokens
    that join, split, open and close declarations, deletions, and edits of the original
    text again), the diagnostics published for the edited document equal those of a
    fresh server opening the same text: the parse cache (grammar/parse.hpp) that spares
    unchanged declarations changes no answer. The server's RECKON_LSP_TIMINGS log shows
    that most versions reused declarations."""
    import random
    pieces = [" ", "\n", "\n\n", "1", "7", "+ 2", "(", ")", "[", "]", "\"", "#", "## doc\n",
              "@source \"x\"\n", "GB", ",", ":", ".", "let z = 1\n", "\nlet y = 2 GB\n",
              "scenario", "case", "x", "=", "->", " with ", "\ncheck 1 GB > 2 GB\n"]
    rng = random.Random(17)
    os.environ["RECKON_LSP_TIMINGS"] = "1"
    edited = Client(reckon, cache)
    del os.environ["RECKON_LSP_TIMINGS"]
    fresh = Client(reckon, cache)

    def position(text, at):
        line = text.count("\n", 0, at)
        start = text.rfind("\n", 0, at) + 1
        return {"line": line, "character": len(text[start:at].encode("utf-16-le")) // 2}

    compared = 0
    for path, edits in ((FIXTURE, 60), (ROOT / "scenarios" / "training.rk", 60)):
        original = path.read_text()
        doc = edited.open(path, original)
        edited.diagnostics_for(doc, 1)
        text = original
        for version in range(2, edits + 2):
            if rng.randrange(2) == 0:  # an edit of the original text, sent as the whole
                base = original
            else:
                base = text
            at = rng.randrange(len(base) + 1)
            if rng.randrange(2) == 0:
                end = min(len(base), at + rng.randrange(40))
                new, removed = base[:at] + base[end:], (at, end, "")
            else:
                piece = rng.choice(pieces)
                new, removed = base[:at] + piece + base[at:], (at, at, piece)
            if base is original:
                change = {"text": new}
            else:
                change = {"range": {"start": position(base, removed[0]),
                                    "end": position(base, removed[1])}, "text": removed[2]}
            text = new
            edited.change(doc, version, [change])
            got = edited.diagnostics_for(doc, version)
            fresh.open(path, text)
            want = fresh.diagnostics_for(doc, 1)
            fresh.notify("textDocument/didClose", {"textDocument": {"uri": doc}})
            check(got == want, f"{path.name} version {version}: after the edit {change!r} "
                               f"the diagnostics are {got!r}, a fresh open gives {want!r}")
            compared += 1
        edited.notify("textDocument/didClose", {"textDocument": {"uri": doc}})
        edited.diagnostics_for(doc)
    fresh.close()
    edited.close()
    log = edited.proc.stderr.read().decode()
    reused = [int(n) for n in re.findall(r"declarations parsed, (\d+) reused", log)]
    check(len(reused) >= compared, f"a timings line per version: {len(reused)} of {compared}")
    # About a third of the versions do not parse (they report nothing reused), and the
    # rest reuse declarations unless the edit was in the file's last two.
    check(sum(1 for n in reused if n > 0) > compared // 4,
          f"the cache was used: {sum(1 for n in reused if n > 0)} of {len(reused)} versions")
    print(f"{compared} edits compared, {sum(1 for n in reused if n > 0)} versions reused "
          "declarations")



def test_methods(reckon, cache):
    """A method called by its bare name inside its own scenario (`activations(selective)`
    in ActivationMemory, scenarios/training.rk) is a name like any other: hover,
    definition and references find it."""
    c = Client(reckon, cache)
    path = ROOT / "scenarios" / "training.rk"
    text = path.read_text()
    doc = c.open(path, text)
    check(c.diagnostics_for(doc, 1) == [], "training.rk checks")
    call = position_of(text, "= activations(selective)", offset=len("= ") + 3)
    h = hover_text(c, doc, call)
    check(h is not None and "property ActivationMemory.activations(strategy: Recompute): B" in h,
          h)
    loc = c.request("textDocument/definition", {"textDocument": {"uri": doc}, "position": call})
    check(loc["uri"] == doc and loc["range"]["start"] == position_of(text, "activations(strategy"),
          loc)
    # References from the declaration: itself, the bare calls on lines 72 and 103 (twice),
    # and the check's `Gpt3ActivationsMicrobatch4.activations(selective)`: 5.
    refs = c.request("textDocument/references", {
        "textDocument": {"uri": doc}, "position": position_of(text, "activations(strategy"),
        "context": {"includeDeclaration": True}})
    starts = sorted((r["range"]["start"]["line"], r["range"]["start"]["character"]) for r in refs)
    want = sorted([(p["line"], p["character"]) for p in (
        position_of(text, "activations(strategy"),
        position_of(text, "= activations(selective)", offset=2),
        position_of(text, "activations(none)"),
        position_of(text, "- activations(selective)", offset=2),
        position_of(text, ".activations(selective)", offset=1))])
    check(starts == want, (starts, want))
    c.close()


def test_salvage(reckon, cache):
    """One error does not hide the values that do not depend on it: hover and inlay hints
    show every property whose value does not use the property in error, directly or
    not, and no value for those that do."""
    c = Client(reckon, cache)
    lines = ["let a: GB = 5 GB",
             "scenario S {",
             "  input x: GB = 2 GB",
             "  a: GB = x + 1 s",          # the error: information plus time (E0301 family)
             "  b: GB = a * 2",            # uses a: no value (not 10 GB from the let `a`)
             "  c: GB = b + x",            # uses b: none either
             "  d: GB = x * 3",            # 2 GB x 3 = 6 GB
             "  e: GB = d + 1 GB",         # 6 GB + 1 GB = 7 GB
             "}",
             "case C = S()",
             "let f: GB = a * 2",          # the let a: 5 GB x 2 = 10 GB
             "check C.d == 6 GB",
             "check C.e > 100 GB"]         # 7 GB > 100 GB does not hold
    text = "\n".join(lines) + "\n"
    doc = c.open(cache / "salvage.rk", text)
    ds = c.diagnostics_for(doc, 1)
    codes = [d["code"] for d in ds]
    check(len(ds) == 2 and codes[1] == "E0509", ds)
    check(ds[0]["range"]["start"]["line"] == 3, ds)
    check("left side is  7 GB" in ds[1]["message"], ds[1])
    whole = {"start": {"line": 0, "character": 0}, "end": {"line": 100, "character": 0}}
    hints = c.request("textDocument/inlayHint", {"textDocument": {"uri": doc}, "range": whole})
    got = {h["position"]["line"]: h["label"] for h in hints}
    check(got == {0: "\u25b8 5 GB", 6: "\u25b8 6 GB", 7: "\u25b8 7 GB", 10: "\u25b8 10 GB"}, got)
    h = hover_text(c, doc, position_of(text, "d: GB", offset=0))
    check("`C`: **6 GB**" in h, h)
    for name in ("a: GB = x", "b: GB", "c: GB"):
        h = hover_text(c, doc, position_of(text, name, offset=0))
        check(h is not None and "**" not in h, h)
    # Fixed, every value is back.
    c.change(doc, 2, [{"range": {"start": {"line": 3, "character": 14},
                                 "end": {"line": 3, "character": 17}}, "text": "1 GB"}])
    ds = c.diagnostics_for(doc, 2)
    check([d["code"] for d in ds] == ["E0509"], ds)
    hints = c.request("textDocument/inlayHint", {"textDocument": {"uri": doc}, "range": whole})
    got = {h["position"]["line"]: h["label"] for h in hints}
    # a = 2 GB + 1 GB = 3 GB, b = 6 GB, c = 6 GB + 2 GB = 8 GB.
    check(got[3] == "\u25b8 3 GB" and got[4] == "\u25b8 6 GB" and got[5] == "\u25b8 8 GB", got)
    # An error in a case: the other case's values remain.
    c.change(doc, 3, [{"text": text.replace("case C = S()", "case C = S(x: 1 s)\ncase D = S()")}])
    ds = c.diagnostics_for(doc, 3)
    check(any(d["range"]["start"]["line"] == 9 for d in ds), ds)
    c.request("workspace/executeCommand", {"command": "reckon.setCase", "arguments": ["D"]})
    hints = c.request("textDocument/inlayHint", {"textDocument": {"uri": doc}, "range": whole})
    got = {h["position"]["line"]: h["label"] for h in hints}
    check(got.get(6) == "\u25b8 6 GB", got)
    c.close()
    # A syntax error: the values of the other lines remain (the failing line is blanked,
    # as the loader does to find unknown units above one): d = 2 GB x 3 = 6 GB,
    # g = 6 GB x 2 = 12 GB; e, on the failing line, has none.
    c = Client(reckon, cache)
    lines = ["scenario S {",
             "  input x: GB = 2 GB",
             "  d: GB = x * 3",
             "  e: GB = d + * 1 GB",
             "  g: GB = d * 2",
             "}",
             "case C = S()",
             "check C.g < 1 GB"]  # 12 GB < 1 GB does not hold
    text = "\n".join(lines) + "\n"
    doc = c.open(cache / "syntax.rk", text)
    ds = c.diagnostics_for(doc, 1)
    check([d["code"] for d in ds] == ["E0111", "E0509"], ds)
    check("left side is  12 GB" in ds[1]["message"], ds)
    hints = c.request("textDocument/inlayHint", {"textDocument": {"uri": doc}, "range": whole})
    got = {h["position"]["line"]: h["label"] for h in hints}
    check(got == {2: "\u25b8 6 GB", 4: "\u25b8 12 GB"}, got)
    h = hover_text(c, doc, position_of(text, "g: GB", offset=0))
    check("`C`: **12 GB**" in h, h)
    # A member on the failing line that a global shares its name with: its uses would
    # find the global, so no value is shown at all.
    shadow = text.replace("case C", "let e: GB = 1 GB\ncase C").replace("d * 2", "e * 2")
    c.change(doc, 2, [{"text": shadow}])
    ds = c.diagnostics_for(doc, 2)
    check([d["code"] for d in ds] == ["E0111"], ds)
    hints = c.request("textDocument/inlayHint", {"textDocument": {"uri": doc}, "range": whole})
    check(hints == [], hints)
    c.close()


def test_checks(reckon, cache):
    """A check that does not hold is an error diagnostic at its condition (E0509, as
    `reckon run` reports it), its message showing both sides' values."""
    c = Client(reckon, cache)
    text = FIXTURE.read_text()
    doc = c.open(FIXTURE, text)
    check(c.diagnostics_for(doc, 1) == [], "the fixture's check holds")
    # Small.memory is 175e9 x 2 B = 350 GB, not below 1 GB.
    failing = text.replace("check Small.memory > 1 GB", "check Small.memory < 1 GB")
    c.change(doc, 2, [{"text": failing}])
    ds = c.diagnostics_for(doc, 2)
    check(len(ds) == 1, ds)
    d = ds[0]
    check(d["code"] == "E0509" and d["severity"] == 1, d)
    check(d["message"] == "check failed: Small.memory < 1 GB\nleft side is  350 GB\n"
                         "right side is 1 GB", d["message"])
    start = position_of(failing, "Small.memory < 1 GB")
    check(d["range"]["start"] == start, d["range"])
    # The same text as `reckon run` prints for it.
    with tempfile.TemporaryDirectory() as tmp:
        (pathlib.Path(tmp) / "helper.rk").write_text((HERE / "helper.rk").read_text())
        (pathlib.Path(tmp) / "failing.rk").write_text(failing)
        run = subprocess.run([reckon, "run", "failing.rk"], capture_output=True, text=True,
                             cwd=tmp)
    check("check failed: Small.memory < 1 GB" in run.stderr and
          "left side is  350 GB" in run.stderr, run.stderr)
    # With a relative tolerance: 350 GB is not 300 GB within 0.1 (30 GB).
    within = text.replace("check Small.memory > 1 GB", "check Small.memory == 300 GB within 0.1")
    c.change(doc, 3, [{"text": within}])
    ds = c.diagnostics_for(doc, 3)
    check(len(ds) == 1 and "tolerance: 0.1" in ds[0]["message"] and
          "left side is  350 GB" in ds[0]["message"], ds)
    # A run-time error in a check: its diagnostic (E0502, division by zero) at the division.
    broken = text.replace("check Small.memory > 1 GB", "check Small.memory / (Tiny.params - 1000) > 1 GB")
    c.change(doc, 4, [{"text": broken}])
    ds = c.diagnostics_for(doc, 4)
    check(len(ds) == 1 and ds[0]["code"].startswith("E05") and ds[0]["code"] != "E0509", ds)
    c.close()


def test_rename(reckon, cache):
    """Rename: the declaration and every use the references find, in cases' arguments,
    checks and imported files; refused for units, the standard library's names, what is
    not a name, and a name whose result would not check."""
    c = Client(reckon, cache)
    text = FIXTURE.read_text()
    doc = c.open(FIXTURE, text)
    c.diagnostics_for(doc, 1)
    check(c.capabilities["renameProvider"] == {"prepareProvider": True}, c.capabilities)
    pos = position_of(text, "params * bytes", offset=2)
    prep = c.request("textDocument/prepareRename", {"textDocument": {"uri": doc}, "position": pos})
    check(prep["placeholder"] == "params" and prep["range"]["start"] == position_of(text, "params *"),
          prep)
    edit = c.request("textDocument/rename", {"textDocument": {"uri": doc}, "position": pos,
                                             "newName": "parameters"})
    edits = edit["changes"][doc]
    # The input's declaration, its use in `memory`, and the two cases' arguments: 4.
    check(len(edits) == 4 and all(e["newText"] == "parameters" for e in edits), edits)
    starts = sorted((e["range"]["start"]["line"], e["range"]["start"]["character"]) for e in edits)
    want = sorted((p["line"], p["character"]) for p in (
        position_of(text, "params: count"), position_of(text, "params *"),
        position_of(text, "params: 175"), position_of(text, "params: 1000")))
    check(starts == want, (starts, want))

    def apply(t, es):
        lines = t.split("\n")
        for e in sorted(es, key=lambda e: (e["range"]["start"]["line"],
                                           e["range"]["start"]["character"]), reverse=True):
            s, en = e["range"]["start"], e["range"]["end"]
            check(s["line"] == en["line"], e)
            ln = lines[s["line"]]
            lines[s["line"]] = ln[:s["character"]] + e["newText"] + ln[en["character"]:]
        return "\n".join(lines)
    renamed = apply(text, edits)
    c.change(doc, 2, [{"text": renamed}])
    check(c.diagnostics_for(doc, 2) == [], "the renamed file checks")
    h = hover_text(c, doc, position_of(renamed, "memory: GB", offset=2))
    check("`Small`: **350 GB**" in h, h)
    c.change(doc, 3, [{"text": text}])
    c.diagnostics_for(doc, 3)
    # `memory`, from its use in the check: the declaration, two uses, the check.
    edit = c.request("textDocument/rename", {"textDocument": {"uri": doc},
                                             "position": position_of(text, "Small.memory", offset=7),
                                             "newName": "weights"})
    check(len(edit["changes"][doc]) == 4, edit)
    # `overhead`, declared in the imported helper.rk: edited there too.
    edit = c.request("textDocument/rename", {"textDocument": {"uri": doc},
                                             "position": position_of(text, "* overhead", offset=3),
                                             "newName": "framework_factor"})
    check(sorted(edit["changes"]) == sorted([doc, uri(HERE / "helper.rk")]), edit)
    check(len(edit["changes"][doc]) == 1 and len(edit["changes"][uri(HERE / "helper.rk")]) == 1,
          edit)

    def refused(pos, new_name, method="textDocument/rename"):
        params = {"textDocument": {"uri": doc}, "position": pos, "newName": new_name}
        r = c.response(c.send_request(method, params))
        check("error" in r and r["error"]["code"] == -32803, r)
        return r["error"]["message"]
    # Onto another member's name: the scenario would declare `memory` twice.
    m = refused(pos, "memory")
    check("would not check" in m, m)
    check("not a name" in refused(pos, "2x"), "a digit first")
    check("unit" in refused(position_of(text, "100 GB/s", offset=5), "Gig",
                            "textDocument/prepareRename"), "a unit")
    check("standard library" in refused(position_of(text, "point_to_point_time", offset=3), "p2p"),
          "a stdlib native")
    # From a derived case's `with` override (training.rk): ActivationMemory's micro_batch
    # where it is declared (line 17), used (56, 67, 77), bound by the first case (144),
    # overridden (147), varied by the two sweeps about that case (286, 296) and in one's
    # objective (300); not TrainingBudget's input of the same name (185, 221).
    path = ROOT / "scenarios" / "training.rk"
    ttext = path.read_text()
    tdoc = c.open(path, ttext)
    c.diagnostics_for(tdoc, 1)
    edit = c.request("textDocument/rename", {"textDocument": {"uri": tdoc},
                                             "position": position_of(ttext, "with micro_batch",
                                                                     offset=6),
                                             "newName": "sequences"})
    got = sorted(e["range"]["start"]["line"] + 1 for e in edit["changes"][tdoc])
    check(got == [17, 56, 67, 77, 144, 147, 286, 296, 300], got)
    c.close()


def test_signature(reckon, cache):
    """Signature help inside a call's brackets: a native's, a method's and a builtin's
    signatures as hover shows them, and the parameter at the cursor."""
    c = Client(reckon, cache)
    text = FIXTURE.read_text()
    doc = c.open(FIXTURE, text)
    c.diagnostics_for(doc, 1)
    check(c.capabilities["signatureHelpProvider"]["triggerCharacters"] == ["(", ","],
          c.capabilities)

    def help_at(d, pos):
        return c.request("textDocument/signatureHelp", {"textDocument": {"uri": d}, "position": pos})
    # After `memory, ` in point_to_point_time(memory, 100 GB/s): the second parameter.
    s = help_at(doc, position_of(text, "100 GB/s)"))
    sig = s["signatures"][s["activeSignature"]]
    check(sig["label"].startswith("point_to_point_time(size: B, bandwidth: B/s"), sig)
    check(s["activeParameter"] == 1, s)
    b, e = sig["parameters"][1]["label"]
    check(sig["label"][b:e] == "bandwidth: B/s", sig)
    # Typed, unfinished (the line does not parse): `max(` has two forms.
    end = text.index("\ncheck")
    line = text.count("\n", 0, end) + 1
    typed = "let v = max(3 GB, "
    c.change(doc, 2, [{"range": {"start": {"line": line, "character": 0},
                                 "end": {"line": line, "character": 0}}, "text": typed + "\n"}])
    c.diagnostics_for(doc, 2)
    s = help_at(doc, {"line": line, "character": len(typed)})
    labels = [x["label"] for x in s["signatures"]]
    check(labels == ["max(a, b, ...)", "max(xs)"] and s["activeSignature"] == 0 and
          s["activeParameter"] == 1, s)
    # A named argument: the parameter it names, wherever it is.
    typed2 = "let v = point_to_point_time(bandwidth: "
    c.change(doc, 3, [{"range": {"start": {"line": line, "character": 0},
                                 "end": {"line": line + 1, "character": 0}}, "text": typed2 + "\n"}])
    c.diagnostics_for(doc, 3)
    s = help_at(doc, {"line": line, "character": len(typed2)})
    check(s["activeParameter"] == 1, s)
    # Outside any call: null.
    check(help_at(doc, {"line": 0, "character": 0}) is None, "no call")
    # A method called by its bare name (training.rk).
    path = ROOT / "scenarios" / "training.rk"
    ttext = path.read_text()
    tdoc = c.open(path, ttext)
    c.diagnostics_for(tdoc, 1)
    s = help_at(tdoc, position_of(ttext, "activations(selective)", offset=len("activations(")))
    check(s["signatures"][0]["label"] == "activations(strategy: Recompute)" and
          s["activeParameter"] == 0, s)
    check("recomputation strategy" in s["signatures"][0]["documentation"]["value"], s)
    # A scenario's call: its inputs as parameters, with their types and defaults, the
    # active one by name (`micro_batch: ` is the second input of ActivationMemory).
    s = help_at(tdoc, position_of(ttext, "4)\n\n## The same with twice"))
    sig = s["signatures"][s["activeSignature"]]
    check(sig["label"].startswith("ActivationMemory(workload: Transformer, micro_batch: count, "
                                  "seq_len: token? = none, precision_bytes: B = 2 B, "), sig)
    check(s["activeParameter"] == 1, s)
    b, e = sig["parameters"][1]["label"]
    check(sig["label"][b:e] == "micro_batch: count", sig)
    check(len(sig["parameters"]) == 7, sig)  # its seven inputs, not its properties
    b, e = sig["parameters"][6]["label"]
    check(sig["label"][b:e] == "checkpoint_segments: count = round(sqrt(workload.layers))", sig)
    check("activation" in sig["documentation"]["value"].lower(), sig)
    # A record's constructor, typed and unfinished (training.rk imports models): its
    # fields as parameters, a default text's quotes kept whole, and the argument at the
    # cursor by name, after a text argument holding a comma and a bracket of its own.
    tline = ttext.count("\n")
    typed3 = 'let t = Transformer(name: "a, (b", params: '
    c.change(tdoc, 2, [{"range": {"start": {"line": tline, "character": 0},
                                  "end": {"line": tline, "character": 0}}, "text": typed3}])
    c.diagnostics_for(tdoc, 2)
    s = help_at(tdoc, {"line": tline, "character": len(typed3)})
    sig = s["signatures"][s["activeSignature"]]
    check(sig["label"] == "Transformer(name: text, params: param, layers: count, "
                         "hidden_dim: count, heads: count, kv_heads: count, head_dim: count, "
                         "context_length: token, vocab_size: count? = none, "
                         "active_params: param? = none, experts: count = 1, "
                         'experts_per_token: count = 1, source: text = "")', sig)
    parts = [sig["label"][b:e] for b, e in (p["label"] for p in sig["parameters"])]
    check(len(parts) == 13 and parts[1] == "params: param" and
          parts[12] == 'source: text = ""', parts)
    check(s["activeParameter"] == 1, s)
    check("transformer" in sig["documentation"]["value"].lower(), sig)
    # By position when no name is written: the third argument.
    typed4 = 'let t = Transformer("a", 1 param, '
    c.change(tdoc, 3, [{"range": {"start": {"line": tline, "character": 0},
                                  "end": {"line": tline, "character": len(typed3)}},
                        "text": typed4}])
    c.diagnostics_for(tdoc, 3)
    s = help_at(tdoc, {"line": tline, "character": len(typed4)})
    check(s["signatures"][0]["label"].startswith("Transformer(") and s["activeParameter"] == 2, s)
    c.close()



TESTS = {
    "lifecycle": test_lifecycle,
    "diagnostics": test_diagnostics,
    "related": test_related,
    "overlay": test_overlay,
    "hover": test_hover,
    "completion": test_completion,
    "navigation": test_navigation,
    "symbols": test_symbols,
    "hints": test_hints_and_actions,
    "cancel": test_cancel_and_stale,
    "formatting": test_formatting,
    "survives": test_survives,
    "incremental": test_incremental,
    "methods": test_methods,
    "salvage": test_salvage,
    "checks": test_checks,
    "rename": test_rename,
    "signature": test_signature,
}


def main():
    reckon, name = sys.argv[1], sys.argv[2]
    reckon = str(pathlib.Path(reckon).resolve())
    with tempfile.TemporaryDirectory() as cache:
        TESTS[name](reckon, pathlib.Path(cache))
    print(f"lsp {name}: ok")


if __name__ == "__main__":
    main()
