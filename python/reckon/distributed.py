"""Sweeps on a Dask cluster (docs/distributed.md): the design space split into the
shards of `reckon sweep --shard I/N`, one task per shard, and the rows gathered (or the
best points folded) into the DataFrame a single machine's `program.sweep` gives.

    from distributed import Client
    import reckon.distributed
    frame = reckon.distributed.sweep(Client("tcp://scheduler:8786"), "scenarios/training.rk",
                                     "Gpt3ActivationsMicrobatch4",
                                     vary={"micro_batch": "1..1024+1"},
                                     show=["per_token_activations"])
"""

import csv
import io
import os

from ._native import native
from .errors import ReckonError
from .program import Case, _set_specs
from .sweeps import _listed, _vary_spec, parse_csv


def run_shard(path, name, vary, show, where, sets, minimize, maximize, shard, infeasible,
              jobs, digits):
    """One shard's CSV (`reckon sweep --shard I/N --format csv`): what a worker runs."""
    return native.sweep_csv(path, name, vary, show, where, sets, minimize, maximize, jobs,
                            shard, infeasible, False, digits)


def _best(texts, objective, maximize):
    """The best row of the shards' best rows (the first on ties, as one machine picks
    it), under the header of shard 1; no row when no shard kept a point."""
    header, rows = None, []
    for text in texts:
        lines = list(csv.reader(io.StringIO(text)))
        if header is None:
            header, lines = lines[0], lines[1:]
        rows += lines
    names = [cell.rsplit(" (", 1)[0] if cell.endswith(")") else cell for cell in header]
    column = names.index(objective)
    best = None
    for row in rows:
        value = float(row[column])
        if best is None or (value > best[0] if maximize else value < best[0]):
            best = (value, row)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(header)
    if best:
        writer.writerow(best[1])
    return out.getvalue()


def sweep(client, path, case=None, vary=None, show=None, where=None, minimize=None,
          maximize=None, set=None, shards=None, infeasible="skip", jobs=0, digits=4):
    """``Program.sweep`` run on a Dask cluster through ``client`` (a distributed.Client),
    in ``shards`` tasks (default: one per worker). The result equals the single-machine
    sweep's, to the last bit (tests/python/test_distributed.py). ``path`` must be
    readable on every worker (a shared file system, or the same checkout)."""
    path = os.path.abspath(str(path))
    name, changes = "", []
    if isinstance(case, Case):
        name, changes = case.name, list(case.changes)
    elif case is not None:
        name = case
    if set:
        changes += list(_set_specs(None, set))
    if shards is None:
        shards = max(1, len(client.scheduler_info()["workers"]))
    if not isinstance(shards, int) or shards < 1:
        raise ReckonError("E0914", f"shards is a whole number of at least 1, not {shards!r}")
    vary_specs = [_vary_spec(k, v) for k, v in (vary or {}).items()]
    futures = [client.submit(run_shard, path, name, vary_specs, _listed(show), _listed(where),
                             changes, minimize, maximize, f"{i}/{shards}", infeasible, jobs,
                             digits, pure=False)
               for i in range(1, shards + 1)]
    texts = client.gather(futures)  # in shard order, whichever finished first
    objective = minimize if minimize is not None else maximize
    if objective is None:
        return parse_csv("".join(texts))  # shards concatenate to the whole sweep's CSV
    return parse_csv(_best(texts, objective.strip(), maximize is not None))
