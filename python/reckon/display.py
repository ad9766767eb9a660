"""Rich display in Jupyter: quantities as HTML and LaTeX, cases as a table of their
inputs and properties, records as a table of their fields."""

import html


def _latex_unit(unit):
    parts = unit.replace("*", r"\cdot ").replace("^", "^")
    return r"\mathrm{" + parts.replace("_", r"\_") + "}"


def quantity_html(q):
    return f"<span class=\"reckon-quantity\">{html.escape(str(q))}</span>"


def quantity_latex(q):
    number = str(q).split(" ", 1)[0]
    if not q.unit:
        return f"${number}$"
    return f"${number}\\,{_latex_unit(q.unit)}$"


def _cell(value):
    return html.escape(str(value))


def _table(caption, rows):
    body = "".join(f"<tr><th style=\"text-align:left\">{html.escape(k)}</th>"
                   f"<td style=\"text-align:left\">{v}</td></tr>" for k, v in rows)
    return (f"<table class=\"reckon\"><caption>{html.escape(caption)}</caption>"
            f"<tbody>{body}</tbody></table>")


def case_html(case):
    """Inputs, then properties, each with its value (an error shows as its code)."""
    from .errors import ReckonError
    rows = []
    for kind, names in (("input", case.inputs), ("property", case.properties)):
        for name in names:
            try:
                shown = _cell(case.eval(name))
            except ReckonError as e:
                shown = f"<em>error[{html.escape(e.code)}]</em>"
            rows.append((f"{name}", shown))
    title = f"{case.name} ({case.scenario})"
    if case.changes:
        title += " with " + ", ".join(case.changes)
    return _table(title, rows)


def record_html(record):
    return _table(record.type_name, [(k, _cell(v)) for k, v in record.fields().items()])
