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

import os

from ._native import native
from .errors import ReckonError
from .program import _sweep_target
from .sweeps import _listed, _vary_spec, frame


def run_shard(path, name, vary, show, where, sets, minimize, maximize, shard, infeasible,
              jobs, digits):
    """One shard's typed columns (`reckon sweep --shard I/N`): what a worker runs."""
    return native.sweep_table(path, name, vary, show, where, sets, minimize, maximize, jobs,
                              shard, infeasible, False, digits)


def _joined(tables):
    """The shards' columns, each one's cells in shard order (the columns and their units
    are the same in every shard: units are chosen from the sweep's first point)."""
    import numpy
    joined = []
    for k, (name, unit, cells) in enumerate(tables[0]):
        parts = [table[k][2] for table in tables]
        if isinstance(cells, numpy.ndarray):
            joined.append((name, unit, numpy.concatenate(parts)))
        else:
            joined.append((name, unit, [x for part in parts for x in part]))
    return joined


def _best(tables, objective, maximize):
    """The best row of the shards' best rows (the first on ties, as one machine picks
    it); no row when no shard kept a point."""
    joined = _joined(tables)
    values = next(cells for name, _, cells in joined if name == objective)
    best = None
    for i, value in enumerate(values):
        if best is None or (value > values[best] if maximize else value < values[best]):
            best = i
    keep = [] if best is None else [best]
    return [(name, unit, cells[keep] if hasattr(cells, "shape") else [cells[i] for i in keep])
            for name, unit, cells in joined]


def sweep(client, path, case=None, vary=None, show=None, where=None, minimize=None,
          maximize=None, set=None, shards=None, infeasible="skip", jobs=0, digits=4):
    """``Program.sweep`` run on a Dask cluster through ``client`` (a distributed.Client),
    in ``shards`` tasks (default: one per worker). The result equals the single-machine
    sweep's, to the last bit (tests/python/test_distributed.py). ``path`` must be
    readable on every worker (a shared file system, or the same checkout)."""
    path = os.path.abspath(str(path))
    name, changes = _sweep_target(case, set)
    if shards is None:
        shards = max(1, len(client.scheduler_info()["workers"]))
    if not isinstance(shards, int) or shards < 1:
        raise ReckonError("E0914", f"shards is a whole number of at least 1, not {shards!r}")
    vary_specs = [_vary_spec(k, v) for k, v in (vary or {}).items()]
    futures = [client.submit(run_shard, path, name, vary_specs, _listed(show), _listed(where),
                             changes, minimize, maximize, f"{i}/{shards}", infeasible, jobs,
                             digits, pure=False)
               for i in range(1, shards + 1)]
    tables = client.gather(futures)  # in shard order, whichever finished first
    objective = minimize if minimize is not None else maximize
    if objective is None:
        return frame(_joined(tables))  # shards concatenate to the whole sweep
    return frame(_best(tables, objective.strip(), maximize is not None))
