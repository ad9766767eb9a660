"""Sweeps as pandas DataFrames, built from the typed columns of the library API
(the numbers `reckon sweep --format csv` writes, without the text in between)."""

from ._native import native
from .errors import ReckonError
from .program import source


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
    """A sweep's typed columns (``native.sweep_table``: name, unit, cells) as a DataFrame:
    columns named without their units, which go to ``df.attrs["units"]`` (column name to
    unit, "" for none). Numbers are the doubles ``reckon sweep --format csv`` writes, in
    the column's unit (NaN for ``none``); yes/no are bools and texts str (None for
    ``none``). A column that comes twice (an objective that is also a varied input) is
    kept once."""
    import pandas
    cells, units = {}, {}
    for name, unit, values in columns:
        if name not in cells:
            cells[name] = values
            units[name] = unit
    result = pandas.DataFrame(cells, columns=list(cells))
    result.attrs["units"] = units
    return result


def sweep_frame(program, case, vary, show, where, minimize, maximize, sets, jobs, shard,
                infeasible, skip_errors):
    from .program import Case, _set_specs
    name = ""
    changes = []
    if isinstance(case, Case):
        name, changes = case.name, list(case.changes)
    elif case is not None:
        name = case
    if sets:
        target = program[name] if name in program else None
        changes += list(_set_specs(target, sets))
    vary_specs = [_vary_spec(k, v) for k, v in (vary or {}).items()]
    columns = native.sweep_table(program.path, name, vary_specs, _listed(show),
                                 _listed(where), changes, minimize, maximize, jobs, shard,
                                 infeasible, skip_errors, program.digits)
    return frame(columns)
