"""Sweeps as pandas DataFrames, built from the typed columns of the library API
(the numbers `reckon sweep --format csv` writes, without the text in between)."""

from ._native import native
from .errors import ReckonError
from .source import source


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


def frame(columns):
    """A sweep's typed columns (``native.sweep_table``: name, unit, cells) as a DataFrame
    (a ``SweepFrame``, which shows its units in its headings): columns named without
    their units, which go to ``df.attrs["units"]`` (column name to unit, "" for none).
    Numbers are the doubles ``reckon sweep --format csv`` writes, in the column's unit
    (NaN for ``none``); yes/no are bools and texts str (None for ``none``). A column that
    comes twice (an objective that is also a varied input) is kept once."""
    from .frames import SweepFrame  # pandas, imported for sweeps only
    cells, units = {}, {}
    for name, unit, values in columns:
        if name not in cells:
            cells[name] = values
            units[name] = unit
    result = SweepFrame(cells, columns=list(cells))
    result.attrs["units"] = units
    return result


def sweep_frame(path, name, changes, vary, show, where, minimize, maximize, jobs, shard,
                infeasible, skip_errors, digits):
    """``Program.sweep`` of the case or sweep ``name`` of the file at ``path``, with the
    INPUT=VALUE ``changes`` (Reckon source) bound."""
    vary_specs = [_vary_spec(k, v) for k, v in (vary or {}).items()]
    columns = native.sweep_table(path, name, vary_specs, _listed(show), _listed(where),
                                 changes, minimize, maximize, jobs, shard, infeasible,
                                 skip_errors, digits)
    return frame(columns)
