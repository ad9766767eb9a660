"""Rich display in Jupyter: quantities as HTML and LaTeX, cases as a table of their
inputs and properties, records as a table of their fields; inside those, a list of
records or a map as a table of its own, as ``reckon run`` prints it."""

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


# Rows of a table shown before the rest are counted (a list of a million records is read
# as its first rows, as on a terminal).
TABLE_ROWS = 50


def _cell(value):
    """A value in a case's or a record's table: a list of records or a map as a table of
    its own (as ``reckon run`` prints them), anything else as it shows inline."""
    from .program import Record
    if _records_of_one_type(value):
        return records_html(value)
    if isinstance(value, dict) and value:
        values = list(value.values())
        if _records_of_one_type(values):
            return records_html(values, keys=list(value))
        return records_html(None, keys=list(value), values=values)
    if isinstance(value, Record):
        return html.escape(repr(value))
    return html.escape(str(value))


def _records_of_one_type(value):
    from .program import Record
    return (isinstance(value, list) and value and isinstance(value[0], Record)
            and all(isinstance(x, Record) and x.type_name == value[0].type_name
                    for x in value))


def _column(values):
    """A column's heading suffix and its cells: quantities all in one unit have it in
    the heading (`` (ms)``) and their numbers alone in the cells, right-aligned."""
    from .program import Record
    from .quantity import Quantity
    present = [v for v in values if v is not None]
    units = {v.unit for v in present if isinstance(v, Quantity)}
    numbers = bool(present) and all(isinstance(v, Quantity) for v in present)
    shared = units.pop() if numbers and len(units) == 1 else ""
    cells = []
    for v in values:
        if v is None:
            text = "none"
        elif isinstance(v, Quantity):
            text = str(v)
            if shared and text.endswith(" " + shared):
                text = text[:-len(shared) - 1]
        elif isinstance(v, Record) and isinstance(v.fields().get("name"), str):
            text = f"{v.type_name} {v.fields()['name']}"  # as the terminal's table
        elif isinstance(v, Record):
            text = repr(v)
        else:
            text = str(v)
        cells.append(html.escape(text))
    return (f" ({shared})" if shared else ""), cells, numbers


def records_html(records, keys=None, values=None):
    """Records of one type as a table, a column per field (after a column of keys for
    a map), or a map of other values as keys and values; each column of quantities in
    one unit, written in its heading."""
    columns = []  # (heading, cells, right-aligned)
    if keys is not None:
        columns.append(("key", [html.escape(str(k)) for k in keys], False))
    if records is not None:
        for name in records[0].fields():
            suffix, cells, numbers = _column([r.fields()[name] for r in records])
            columns.append((html.escape(name) + suffix, cells, numbers))
        total = len(records)
    else:
        suffix, cells, numbers = _column(values)
        columns.append(("value" + suffix, cells, numbers))
        total = len(values)
    shown = min(total, TABLE_ROWS)

    def align(right):
        return "right" if right else "left"

    head = "".join(f"<th style=\"text-align:{align(r)}\">{h}</th>" for h, _, r in columns)
    body = "".join(
        "<tr>" + "".join(f"<td style=\"text-align:{align(r)}\">{cells[i]}</td>"
                         for _, cells, r in columns) + "</tr>"
        for i in range(shown))
    if total > shown:
        body += (f"<tr><td colspan=\"{len(columns)}\" style=\"text-align:left\">"
                 f"... {total - shown:,} more</td></tr>")
    return (f"<table class=\"reckon-table\"><thead><tr>{head}</tr></thead>"
            f"<tbody>{body}</tbody></table>")


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
