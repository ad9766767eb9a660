"""Sweeps as pandas DataFrames: `reckon sweep --format csv`, read back exactly."""

import csv
import io
import re

from ._native import native
from .errors import ReckonError
from .source import source

# A CSV header cell: "name (unit)" for a column with a unit, "name" without.
_HEADER = re.compile(r"^(?P<name>.*?)(?: \((?P<unit>[^()]*)\))?$")


def _vary_spec(name, values):
    """INPUT=VALUES as `--vary` takes them: a str as it is (`"1..8"`, `"1,2,4"`), a list,
    tuple or range as its values, comma-separated."""
    if isinstance(values, str):
        return f"{name}={values}"
    if isinstance(values, (list, tuple, range)):
        return f"{name}=" + ",".join(source(v) for v in values)
    raise ReckonError("E0914", f"vary {name}: give a list of values or a str such as "
                      f"\"1..8\", not a {type(values).__name__}")


def _listed(x):
    if x is None:
        return []
    return [x] if isinstance(x, str) else list(x)


def parse_csv(text):
    """A sweep's CSV as a DataFrame: columns named without their units, which go to
    ``df.attrs["units"]`` (column name to unit, "" for none). Numbers are parsed with
    Python's float(), which reads the shortest round-trip decimals the CSV holds back
    to the same doubles. A column the CSV repeats (an objective that is also a varied
    input) is kept once."""
    from .frames import SweepFrame  # pandas, imported for sweeps only
    rows = list(csv.reader(io.StringIO(text)))
    header, body = rows[0], rows[1:]
    names, units = [], {}
    for cell in header:
        m = _HEADER.match(cell)
        names.append(m.group("name"))
        units[m.group("name")] = m.group("unit") or ""
    columns = {}
    for i, name in enumerate(names):
        # An objective that is also a varied input comes twice in the CSV (as its own
        # column at the end), with the same numbers: the frame has it once.
        if name not in columns:
            columns[name] = _column([r[i] for r in body])
    frame = SweepFrame(columns, columns=list(columns))
    frame.attrs["units"] = units
    return frame


def _column(cells):
    """Numbers (an empty cell, `none`, is NaN), bools, or texts (enumeration members)."""
    present = [c for c in cells if c != ""]
    if all(c in ("true", "false") for c in present) and present:
        return [None if c == "" else c == "true" for c in cells]
    try:
        return [float("nan") if c == "" else float(c) for c in cells]
    except ValueError:
        return [None if c == "" else c for c in cells]


def sweep_frame(path, name, changes, vary, show, where, minimize, maximize, jobs, shard,
                infeasible, skip_errors, digits):
    """``Program.sweep`` of the case or sweep ``name`` of the file at ``path``, with the
    INPUT=VALUE ``changes`` (Reckon source) bound."""
    vary_specs = [_vary_spec(k, v) for k, v in (vary or {}).items()]
    text = native.sweep_csv(path, name, vary_specs, _listed(show), _listed(where), changes,
                            minimize, maximize, jobs, shard, infeasible, skip_errors, digits)
    return parse_csv(text)
