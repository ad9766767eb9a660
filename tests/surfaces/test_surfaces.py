#!/usr/bin/env python3
"""One display text and one number on every surface (issue #27, the cross-surface test).

    test_surfaces.py RECKON [PYTHON_MODULE_DIR]

Renders every value of the corpus (corpus.py, over corpus.rk) through every surface of
Reckon and asserts that each shows the text and the number written by hand in the corpus:

  eval        `reckon eval --lines FILE` (one process for the corpus); eval_alone:
              `reckon eval FILE EXPR`, a process each
  json        `reckon eval --json --lines FILE`: `display` and `value`
  run         `reckon run FILE`: the property's row in the case Main
  explain     `reckon explain FILE EXPR`: the result line ends with ` = TEXT`
  repl        `reckon repl FILE` fed on standard input (one session)
  record      a record alone (`eval`) shows the field as the field alone does
  text        `"{EXPR}"`: the value as a text interpolates it (a record short)
  require     a failing `require` whose message is `"{EXPR}"`, read with `violations`
  tuple       `(EXPR, 1)`; list: `[EXPR]` is `[N] U`; map: `{"v": EXPR}`, a table
  python      reckon.load(FILE).eval(EXPR): `str()` and `.value` (one process);
              python_list: a one-element list's element; python_field: a record's field
  lsp_hover   `reckon lsp` over stdio: hover over the declaration (one session)
  lsp_hint    the same session's textDocument/inlayHint on the declaration
  doc         `reckon doc FILE`: the page's examples (the checks' left sides)
  sweep       `reckon sweep FILE Main --show ...`: the column's unit and cell (rule 8)
  sweep_jsonl the same sweep as JSON lines: `value` and `unit`
  exercise    `reckon exercises build`: the answer key's `Answer: **TEXT**`
  pandoc      the Pandoc filter (filters/reckon.lua): `EXPR`{.reckon} inline in a page

and the tables (TABLES: a column's heading unit and cells, also from Python) and the
`require` messages (MESSAGES). An entry leaves a surface out only where corpus.py says why.
Each failure prints the entry, the surface, the expected and the shown text; the test
fails if there is any.
"""

import concurrent.futures
import json
import os
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parent.parent
sys.path[:0] = [str(HERE), str(ROOT / "tests" / "lsp")]
from corpus import ENTRIES, MESSAGES, TABLES  # noqa: E402

MARK = '"@@"'  # an answer that separates the answers of `--lines` and the REPL
failures = []


def fail(entry, surface, expected, got):
    failures.append((entry, surface, expected, got))


def expect(entry, surface, expected, got):
    # `True == 1` in Python: a bool matches only a bool.
    if expected != got or isinstance(expected, bool) != isinstance(got, bool):
        fail(entry, surface, expected, got)


def applies(e, surface):
    return surface not in e.skip


def is_number(v):
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def split_quantity(text):
    """`2.500 TB` -> ("2.500", "TB"); `0.7018` -> ("0.7018", "")."""
    number, _, unit = text.partition(" ")
    return number, unit


def quote(s):
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def interpolated(e):
    """What `{EXPR}` puts in a text: a text's own text, anything else as it shows inside."""
    return e.value if isinstance(e.value, str) else e.inside


def inner(expr):
    return f"({expr})" if ":" in expr else expr


def run(args, stdin=None, check=False):
    p = subprocess.run(args, input=stdin, capture_output=True, text=True, timeout=120)
    if check and p.returncode != 0:
        raise SystemExit(f"{' '.join(map(str, args))} exited {p.returncode}:\n{p.stderr}")
    return p


def answers(text, skip_first=False):
    """The answers of `--lines` or the REPL, each ended by the MARK answer."""
    lines = text.split("\n")
    if skip_first:
        lines = lines[1:]
    out, cur = [], []
    for line in lines:
        if line == MARK:
            out.append("\n".join(cur))
            cur = []
        else:
            cur.append(line)
    return out


def table(text):
    """A table as printed (columns two or more spaces apart): {heading: [cells]}."""
    rows = [re.split(r"\s{2,}", line.strip()) for line in text.strip("\n").split("\n")]
    head, body = rows[0], rows[1:]
    return {h: [r[i] if i < len(r) else "" for r in body] for i, h in enumerate(head)}


def column(tab, name):
    """The column named `name` or `name (UNIT)`: (unit, cells), or None."""
    for heading, cells in tab.items():
        m = re.fullmatch(re.escape(name) + r"(?: \((.*)\))?", heading)
        if m:
            return m.group(1) or "", cells
    return None


def field_of_record(shown, field):
    m = re.search(r"[(\s]" + re.escape(field) + r": (.*?)(?=, [a-z_0-9]+: |\)$)", shown)
    return m.group(1) if m else f"(no field {field} in {shown[:200]})"


# --- the batched command-line surfaces --------------------------------------------------
def lines_surfaces(reckon, corpus, generated):
    """eval, record, text, tuple, list, map, require and the tables through one
    `eval --lines` process; json through one `eval --json --lines`; the REPL in one session."""
    asks = []  # (expression, check(got))

    def ask(expr, on_answer):
        asks.append((expr, on_answer))

    for e in ENTRIES:
        if applies(e, "eval"):
            ask(e.expression, lambda got, e=e: expect(e.key, "eval", e.text, got))
        if e.field_of and applies(e, "record"):
            rec, fld = e.field_of
            ask(rec, lambda got, e=e, fld=fld: expect(
                e.key, "record", e.text, field_of_record(got, fld)))
        if applies(e, "text"):
            ask(f'"{{{inner(e.expression)}}}"',
                lambda got, e=e: expect(e.key, "text", quote(interpolated(e)), got))
        if applies(e, "require"):
            ask(f"violations(Req_{e.key}())",
                lambda got, e=e: expect(e.key, "require", f"[{quote(interpolated(e))}]", got))
        if applies(e, "tuple"):
            ask(f"({e.expression}, 1)",
                lambda got, e=e: expect(e.key, "tuple", f"({e.inside}, 1)", got))
        if is_number(e.value) and applies(e, "list"):
            n, u = split_quantity(e.text)
            ask(f"[{e.expression}]",
                lambda got, e=e, n=n, u=u: expect(e.key, "list", f"[{n}] {u}".strip(), got))
        if is_number(e.value) and applies(e, "map"):
            n, u = split_quantity(e.text)

            def on_map(got, e=e, n=n, u=u):
                col = column(table(got), "value") if "\n" in got else got
                expect(e.key, "map", (u, [n]), col)
            ask(f'{{"v": {e.expression}}}', on_map)
    for expr, name, unit, cells in TABLES:
        def on_table(got, expr=expr, name=name, unit=unit, cells=cells):
            col = column(table(got), name) if "\n" in got else got
            expect(f"table {expr}", f"column {name}", (unit, cells), col)
        ask(expr, on_table)

    stdin = "".join(f"{x}\n{MARK}\n" for x, _ in asks)
    out = run([reckon, "eval", "--lines", generated], stdin).stdout
    got = answers(out)
    for i, (_, on_answer) in enumerate(asks):
        # An expression that fails prints nothing on standard output.
        on_answer((got[i] or "(nothing: an error)") if i < len(got) else "(no answer)")

    # --json: display and value.
    js = [e for e in ENTRIES if applies(e, "json")]
    out = run([reckon, "eval", "--json", "--lines", corpus],
              "".join(e.expression + "\n" for e in js)).stdout.strip().split("\n")
    for e, line in zip(js, out):
        j = json.loads(line)
        if "error" in j:
            fail(e.key, "json", e.text, f"error {j['error']}")
            continue
        expect(e.key, "json display", e.text, j.get("display"))
        if e.value is not None:
            expect(e.key, "json value", e.value, j.get("value"))
    if len(out) != len(js):
        fail("*", "json", f"{len(js)} answers", f"{len(out)} answers")

    # The REPL: one session, fed on standard input.
    rp = [e for e in ENTRIES if applies(e, "repl")]
    out = run([reckon, "repl", corpus], "".join(f"{e.expression}\n{MARK}\n" for e in rp)).stdout
    got = answers(out, skip_first=True)
    for i, e in enumerate(rp):
        expect(e.key, "repl", e.text,
               (got[i] or "(nothing: an error)") if i < len(got) else "(no answer)")

    # Failing requires: the message after the scenario's name.
    for expr, message in MESSAGES:
        err = run([reckon, "eval", corpus, expr]).stderr
        m = re.search(r"breaks a constraint of `\w+`: (.*)", err)
        expect(expr, "require message", message, m.group(1) if m else err.strip()[:300])


def run_surface(reckon, corpus):
    out = run([reckon, "run", corpus]).stdout
    rows, inside = {}, False
    for line in out.split("\n"):
        if line == "Main = Shown":
            inside = True
        elif inside and not line:
            break
        elif inside:
            m = re.match(r"^    (\w+)\s{2,}(.*)$", line)
            if m:
                rows[m.group(1)] = m.group(2)
    for e in ENTRIES:
        if applies(e, "run"):
            expect(e.key, "run", e.inside, rows.get(e.key, "(no row)"))


def one_process_surfaces(reckon, corpus):
    """`reckon eval FILE EXPR` and `reckon explain FILE EXPR`, a process per expression, as
    a person types them (the other surfaces are batched)."""
    todo = [(e, "eval_alone", ["eval"]) for e in ENTRIES if applies(e, "eval")]
    todo += [(e, "explain", ["explain"]) for e in ENTRIES if applies(e, "explain")]

    def one(job):
        e, _, command = job
        return run([reckon, *command, corpus, e.expression]).stdout.rstrip("\n")
    with concurrent.futures.ThreadPoolExecutor(2) as pool:
        for (e, surface, _), out in zip(todo, pool.map(one, todo)):
            if surface == "eval_alone":
                expect(e.key, surface, e.text, out or "(nothing: an error)")
            elif not out.split("\n")[0].endswith(" = " + e.text):
                # The result line: `EXPR = DEFINITION = ... = TEXT`.
                fail(e.key, "explain", "... = " + e.text, out.split("\n")[0])


def doc_surface(reckon, corpus):
    out = run([reckon, "doc", corpus]).stdout.split("\n")
    shown = {}
    for i, line in enumerate(out):
        if line.startswith("> ") and i + 1 < len(out):
            shown.setdefault(line[2:], out[i + 1])
    for e in ENTRIES:
        if applies(e, "doc"):
            expect(e.key, "doc", e.text, shown.get(e.expression, "(no example)"))


def sweep_surfaces(reckon, corpus):
    todo = [e for e in ENTRIES if applies(e, "sweep") or applies(e, "sweep_jsonl")]
    show = ",".join(e.key for e in todo)
    base = [reckon, "sweep", corpus, "Main", "--vary", "k=1", "--show", show, "--no-progress"]
    p = run(base)
    lines = [l for l in p.stdout.split("\n") if l.strip()]
    if len(lines) < 3:
        fail("*", "sweep", "a table", p.stdout + p.stderr)
    else:
        # The headings and units are right-aligned (a unit ends where its heading ends; a
        # plain number has none); a row's cells are never empty, but a wide one pushes
        # the rest right (the table is written a row at a time), so they are split.
        names, units, cells = lines[0], lines[1], lines[2]
        heads = {m.end(): m.group(0) for m in re.finditer(r"\S+", names)}
        unit_of = {heads.get(m.end(), "?"): m.group(0) for m in re.finditer(r"\S+", units)}
        cell_of = dict(zip(names.split(), cells.split()))
        for e in todo:
            if not applies(e, "sweep"):
                continue
            if e.key not in heads.values():
                fail(e.key, "sweep", e.text, "(no column)")
                continue
            n, u = split_quantity(e.text)
            expect(e.key, "sweep", (n, u), (cell_of.get(e.key, ""), unit_of.get(e.key, "")))
    p = run(base + ["--format", "jsonl"])
    rows = [json.loads(l) for l in p.stdout.split("\n") if l.strip()]
    if not rows:
        fail("*", "sweep_jsonl", "a row", p.stderr)
        return
    for e in todo:
        if not applies(e, "sweep_jsonl"):
            continue
        got = rows[0].get(e.key)
        if isinstance(got, dict):
            got = (got.get("value"), got.get("unit"))
        else:
            got = (got, "")
        expect(e.key, "sweep_jsonl", (e.value, split_quantity(e.text)[1]), got)


def exercise_surface(reckon, generated):
    out = run([reckon, "exercises", "build", generated, "--variants", "1", "--seed", "1"]).stdout
    key = out[out.find("===== answers.md"):]
    answer = {}
    for m in re.finditer(r"^### \d+\. Show_(\w+)\n\nAnswer: \*\*(.*?)\*\*,", key, re.M):
        answer[m.group(1)] = m.group(2)
    for e in ENTRIES:
        if applies(e, "exercise"):
            expect(e.key, "exercise", e.text, answer.get(e.key, "(no answer)"))


def pandoc_surface(reckon, tmp):
    """The Pandoc filter (filters/reckon.lua): each value inline in a page, one render."""
    todo = [e for e in ENTRIES if applies(e, "pandoc")]
    page = ["---", "reckon:", "  files: [corpus.rk]", "---", ""]
    page += [f"{e.key}: `{e.expression}`{{.reckon}}\n" for e in todo]
    (tmp / "page.md").write_text("\n".join(page))
    p = subprocess.run(["pandoc", "--lua-filter", str(ROOT / "filters" / "reckon.lua"),
                        "-t", "plain", "--wrap=none", str(tmp / "page.md")],
                       capture_output=True, text=True, timeout=120, cwd=tmp,
                       env=dict(os.environ, RECKON=reckon))
    if p.returncode != 0:
        fail("*", "pandoc", "the page to render", p.stderr[-2000:])
        return
    shown = dict(line.split(": ", 1) for line in p.stdout.split("\n") if ": " in line)
    for e in todo:
        # A text shows its text, without quotes (docs/documents.md).
        want = e.value if isinstance(e.value, str) else e.text
        expect(e.key, "pandoc", want, shown.get(e.key, "(no value)"))


# --- Python: one process ----------------------------------------------------------------
PY = r'''
import json, sys
sys.path[:0] = sys.argv[3:5]
import reckon
program = reckon.load(sys.argv[1])
asks = json.loads(sys.argv[2])
out = []
def plain(v):
    if isinstance(v, (bool, str)) or v is None:
        return v
    return getattr(v, "value", None)
for kind, expr, extra in asks:
    try:
        v = program.eval(expr)
        if kind == "field":
            v = getattr(v, extra)
        elif kind == "list":
            v = v[0]
        elif kind == "column":
            cells = v.values() if isinstance(v, dict) else [getattr(r, extra) for r in v]
            out.append([str(c) for c in cells])
            continue
        out.append([str(v), plain(v)])
    except Exception as x:
        out.append(["error: " + str(x), None])
print(json.dumps(out))
'''


def python_surfaces(corpus, module_dir):
    asks, checks = [], []
    for e in ENTRIES:
        if applies(e, "python"):
            asks.append(("value", e.expression, ""))
            checks.append((e, "python"))
        if not applies(e, "python") and e.value is not None:
            asks.append(("value", e.expression, ""))
            checks.append((e, "python_value"))
        if e.field_of and applies(e, "python_field"):
            asks.append(("field", e.field_of[0], e.field_of[1]))
            checks.append((e, "python_field"))
        if is_number(e.value) and applies(e, "python_list"):
            asks.append(("list", f"[{e.expression}]", ""))
            checks.append((e, "python_list"))
    for expr, name, unit, cells in TABLES:
        if name != "value" or expr == "Main.loads":
            asks.append(("column", expr, name))
            checks.append(((expr, name, unit, cells), "python_column"))
    p = run([sys.executable, "-c", PY, corpus, json.dumps(asks),
             str(ROOT / "python"), module_dir])
    if p.returncode != 0:
        fail("*", "python", "the package to run", p.stderr[-2000:])
        return
    got = json.loads(p.stdout)
    for (what, surface), g in zip(checks, got):
        if surface == "python_column":
            expr, name, unit, cells = what
            expect(f"table {expr}", f"python column {name}",
                   [f"{c} {unit}".strip() for c in cells], g)
            continue
        e = what
        text, value = g
        if surface == "python":
            # A text comes back as a str: its text, not its quoted display.
            expect(e.key, "python str", e.value if isinstance(e.value, str) else e.text, text)
            if is_number(e.value):
                expect(e.key, "python .value", e.value, value)
        elif surface == "python_value":
            expect(e.key, "python value", e.value, value)
        else:
            expect(e.key, surface, e.text, text)
            if is_number(e.value):
                expect(e.key, surface + " .value", e.value, value)


# --- the language server: one session ---------------------------------------------------
def lsp_surfaces(reckon, corpus):
    from client import Client, position_of
    text = pathlib.Path(corpus).read_text()
    lines = text.split("\n")
    decl = re.compile(r"^  (?:input )?(\w+)\s*[:=]")
    owner = {}
    current = None
    for i, line in enumerate(lines):
        m = decl.match(line)
        if m:
            current = m.group(1)
        elif not line.startswith("    "):
            current = None
        owner[i] = current
    with tempfile.TemporaryDirectory() as cache:
        c = Client(reckon, cache)
        doc = c.open(corpus, text)
        c.diagnostics_for(doc, 1)
        hints = c.request("textDocument/inlayHint", {"textDocument": {"uri": doc}, "range": {
            "start": {"line": 0, "character": 0}, "end": {"line": len(lines), "character": 0}}})
        hint = {owner.get(h["position"]["line"]): h["label"] for h in hints}
        for e in ENTRIES:
            if applies(e, "lsp_hint"):
                expect(e.key, "lsp_hint", "\u25b8 " + e.inside, hint.get(e.key, "(no hint)"))
            if applies(e, "lsp_hover"):
                m = re.compile(r"^  (?:input )?" + re.escape(e.key) + r"\s*[:=]", re.M).search(
                    text, text.index("scenario Shown {"))
                if not m:
                    fail(e.key, "lsp_hover", e.text, "(not declared in corpus.rk)")
                    continue
                pos = position_of(text, m.group(0), offset=m.group(0).index(e.key) + 1)
                h = c.request("textDocument/hover", {"textDocument": {"uri": doc},
                                                     "position": pos})
                value = h and h["contents"]["value"]
                shown = re.search(r"`Main`: \*\*(.*)\*\*", value or "")
                expect(e.key, "lsp_hover", e.text, shown.group(1) if shown else value)
        c.close()


def generate(corpus, tmp):
    """corpus.rk and, beside it, a file importing it with an exercise per answerable value
    and a scenario per value whose `require` fails with `"{EXPR}"`."""
    shutil.copy(corpus, tmp / "corpus.rk")
    out = ['import "corpus.rk"', ""]
    for e in ENTRIES:
        if applies(e, "exercise"):
            out.append(f'exercise Show_{e.key} {{ about Main prompt "{e.key}?" answer {e.key} }}')
        if applies(e, "require"):
            out += [f"scenario Req_{e.key} {{", "  input k: number = 1",
                    f'  require k < 0 else "{{{inner(e.expression)}}}"', "  x = 1", "}"]
    (tmp / "generated.rk").write_text("\n".join(out) + "\n")
    return str(tmp / "corpus.rk"), str(tmp / "generated.rk")


def main():
    reckon = str(pathlib.Path(sys.argv[1]).resolve())
    module_dir = sys.argv[2] if len(sys.argv) > 2 else str(ROOT / "build" / "python")
    keys = [e.key for e in ENTRIES]
    assert len(keys) == len(set(keys)), "corpus keys repeat"
    assert len(ENTRIES) >= 60, f"the corpus has {len(ENTRIES)} values, fewer than 60"
    corpus = str(HERE / "corpus.rk")
    with tempfile.TemporaryDirectory() as tmp:
        tmp = pathlib.Path(tmp)
        copy, generated = generate(corpus, tmp)
        surfaces = [("eval and the REPL", lines_surfaces, (reckon, copy, generated)),
                    ("run", run_surface, (reckon, corpus)),
                    ("doc", doc_surface, (reckon, corpus)),
                    ("sweep", sweep_surfaces, (reckon, corpus)),
                    ("exercise", exercise_surface, (reckon, generated)),
                    ("lsp", lsp_surfaces, (reckon, corpus)),
                    ("eval and explain alone", one_process_surfaces, (reckon, corpus))]
        if shutil.which("pandoc"):
            surfaces.append(("pandoc", pandoc_surface, (reckon, tmp)))
        else:
            print("the Pandoc filter is not run: pandoc is not installed")
        if module_dir == "none":
            print("the Python surfaces are not run: this build has no Python module")
        else:
            surfaces.append(("python", python_surfaces, (corpus, module_dir)))
        with concurrent.futures.ThreadPoolExecutor(2) as pool:
            jobs = [(name, pool.submit(f, *args)) for name, f, args in surfaces]
            for name, job in jobs:
                try:
                    job.result()
                except Exception as x:  # a surface that crashes is a failure of its own
                    fail("*", name, "the surface to answer", f"{type(x).__name__}: {x}")
    # In the corpus's order, a to-do list: each value's failing surfaces together.
    order = {e.key: i for i, e in enumerate(ENTRIES)}
    failures.sort(key=lambda f: (order.get(f[0], len(order)), f[0], f[1]))
    for entry, surface, expected, got in failures:
        print(f"FAIL {entry} [{surface}]\n  expected: {expected!r}\n  got:      {got!r}")
    by_surface = {}
    for _, surface, _, _ in failures:
        by_surface[surface] = by_surface.get(surface, 0) + 1
    summary = ", ".join(f"{s} {n}" for s, n in sorted(by_surface.items()))
    print(f"{len(ENTRIES)} values, {len(TABLES)} table columns, {len(MESSAGES)} messages: "
          f"{len(failures)} failures" + (f" ({summary})" if failures else ""))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
