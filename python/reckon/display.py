"""HTML and LaTeX for Jupyter's rich display, from text the value classes give it: no
class of the package is known here (each class renders itself with these pieces), so
the imports between modules go one way (tests/python/test_imports.py). Every text from a
program (names, texts, keys, explanations) is escaped: it is data, never markup."""

import html

# Rows of a table shown before the rest are counted (a list of a million records is read
# as its first rows, as on a terminal).
TABLE_ROWS = 50


def escape(text):
    """``text`` as HTML text: ``<``, ``>``, ``&`` and quotes escaped."""
    return html.escape(str(text))


def latex_unit(unit):
    parts = unit.replace("*", r"\cdot ").replace("^", "^")
    return r"\mathrm{" + parts.replace("_", r"\_") + "}"


def quantity_html(shown):
    return f"<span class=\"reckon-quantity\">{escape(shown)}</span>"


def quantity_latex(shown, unit):
    number = shown.split(" ", 1)[0]
    if not unit:
        return f"${number}$"
    return f"${number}\\,{latex_unit(unit)}$"


def preformatted_html(text, kind):
    """A text shown as it is (an explanation in text format), escaped."""
    return f"<pre class=\"reckon-{kind}\">{escape(text)}</pre>"


def _align(right):
    return "right" if right else "left"


def columns_html(columns, total):
    """A table of ``columns``, each (heading, cells, right-aligned) with the heading and
    cells already HTML, ``total`` rows of which the first TABLE_ROWS are shown and the
    rest counted."""
    shown = min(total, TABLE_ROWS)
    head = "".join(f"<th style=\"text-align:{_align(r)}\">{h}</th>" for h, _, r in columns)
    body = "".join(
        "<tr>" + "".join(f"<td style=\"text-align:{_align(r)}\">{cells[i]}</td>"
                         for _, cells, r in columns) + "</tr>"
        for i in range(shown))
    if total > shown:
        body += (f"<tr><td colspan=\"{len(columns)}\" style=\"text-align:left\">"
                 f"... {total - shown:,} more</td></tr>")
    return (f"<table class=\"reckon-table\"><thead><tr>{head}</tr></thead>"
            f"<tbody>{body}</tbody></table>")


def rows_html(caption, rows):
    """A table of named rows, each (name, value already HTML), under ``caption``."""
    body = "".join(f"<tr><th style=\"text-align:left\">{escape(k)}</th>"
                   f"<td style=\"text-align:left\">{v}</td></tr>" for k, v in rows)
    return (f"<table class=\"reckon\"><caption>{escape(caption)}</caption>"
            f"<tbody>{body}</tbody></table>")
