// Reckon highlighting for the playground's editor, from the repository's TextMate grammar
// (editors/textmate/reckon.tmLanguage.json, which scripts/gen-editor-grammars writes from
// the language's keyword table and unit list; the build copies it beside this file).
// A small TextMate tokenizer: at each position the rule matching earliest wins (the first
// listed on a tie), `include`s are followed, `begin`/`end` rules nest; what the grammar
// uses and nothing more. Every piece of the text is HTML-escaped before it is marked up.
"use strict";

const ReckonHighlight = (() => {
  const escape = (s) =>
    s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

  // A scope's class: its first part ("keyword.operator.word.reckon" -> "tm-keyword").
  const cls = (scope) => "tm-" + scope.split(".")[0];

  // Oniguruma's syntax as the grammar writes it is JavaScript's, but for \A and \G (unused
  // here) and possessive forms (none); every regex gets the d flag for capture offsets.
  const compile = (source) => new RegExp(source, "dgu");

  let repository = {};
  let top = [];

  function rules(patterns) {
    const out = [];
    for (const p of patterns || []) {
      if (p.include) {
        const r = repository[p.include.replace(/^#/, "")];
        // An entry with only `patterns` groups rules; one with `begin` is a rule itself.
        if (r) out.push(...(r.patterns && !r.begin && !r.match ? rules(r.patterns) : rules([r])));
      } else {
        out.push(p);
      }
    }
    return out;
  }

  function prepare(p) {
    if (p.match && !p.re) p.re = compile(p.match);
    if (p.begin && !p.beginRe) {
      p.beginRe = compile(p.begin);
      p.endRe = compile(p.end);
      p.inner = rules(p.patterns);
      p.inner.forEach(prepare);
    }
  }

  function load(grammar) {
    repository = grammar.repository || {};
    top = rules(grammar.patterns);
    top.forEach(prepare);
  }

  // The text of one match with its captures marked, escaped.
  function marked(text, m, captures, outer) {
    const start = m.index;
    const end = start + m[0].length;
    let html = "";
    let at = start;
    const groups = [];
    for (const [k, c] of Object.entries(captures || {})) {
      const range = m.indices[Number(k)];
      if (range && c.name && range[0] >= at) groups.push([range[0], range[1], c.name]);
    }
    groups.sort((a, b) => a[0] - b[0]);
    for (const [b, e, name] of groups) {
      if (b < at) continue;
      html += escape(text.slice(at, b)) + `<span class="${cls(name)}">` +
              escape(text.slice(b, e)) + "</span>";
      at = e;
    }
    html += escape(text.slice(at, end));
    return outer ? `<span class="${cls(outer)}">${html}</span>` : html;
  }

  // The earliest match from `pos` among `candidates` (each a rule, or the `end` of the
  // rule being inside), the first listed on a tie.
  function earliest(line, pos, candidates) {
    let best = null;
    for (const c of candidates) {
      const re = c.end ? c.re : c.rule.re || c.rule.beginRe;
      re.lastIndex = pos;
      const m = re.exec(line);
      if (m && (!best || m.index < best.m.index)) best = { c, m };
    }
    return best;
  }

  // One line as HTML; `stack` holds the begin/end rules open at its start and is updated.
  function line(text, stack) {
    let html = "";
    let pos = 0;
    while (pos <= text.length) {
      const inside = stack[stack.length - 1];
      const candidates = [];
      if (inside) candidates.push({ end: true, re: inside.endRe, rule: inside });
      for (const r of inside ? inside.inner : top) candidates.push({ rule: r });
      const found = earliest(text, pos, candidates);
      if (!found) break;
      const { c, m } = found;
      html += escape(text.slice(pos, m.index));
      if (c.end) {
        html += marked(text, m, c.rule.endCaptures, null) + "</span>";
        stack.pop();
      } else if (c.rule.beginRe) {
        html += `<span class="${cls(c.rule.name || "meta")}">` +
                marked(text, m, c.rule.beginCaptures, null);
        stack.push(c.rule);
      } else {
        html += marked(text, m, c.rule.captures, c.rule.name);
      }
      const next = m.index + m[0].length;
      if (next === pos && m[0].length === 0) {  // an empty match: step over a character
        html += escape(text.slice(pos, pos + 1));
        pos += 1;
      } else {
        pos = next;
      }
    }
    html += escape(text.slice(pos));
    // A rule still open at the end of the line continues on the next: close its span
    // here and reopen it there, so every line's markup is whole.
    for (let i = 0; i < stack.length; i++) html += "</span>";
    return html;
  }

  // Past this many lines the text is shown uncoloured: tokenizing 10,000 lines takes the
  // page's thread over a second, at every change.
  const maxColouredLines = 3000;

  // The whole text as HTML, a line per line; `marks` holds 1-based line numbers to mark
  // as holding an error.
  function html(text, marks) {
    const stack = [];
    const out = [];
    const lines = text.split("\n");
    const plain = lines.length > maxColouredLines;
    for (const l of lines) {
      const open = stack.map((r) => `<span class="${cls(r.name || "meta")}">`).join("");
      const body = plain ? escape(l) : open + line(l, stack);
      out.push(marks && marks.has(out.length + 1) ? `<span class="error-line">${body}</span>` : body);
    }
    return out.join("\n") + "\n";
  }

  return { load, html, escape };
})();
