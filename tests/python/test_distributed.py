# Sweeps on Dask: a LocalCluster of two worker processes runs the shards, and the result
# equals the single-machine sweep to the last bit.
import numpy
import pytest

import reckon
import reckon.distributed

distributed = pytest.importorskip("distributed")

TRAINING = "scenarios/training.rk"


@pytest.fixture(scope="module")
def client():
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                       dashboard_address=None)
    with distributed.Client(cluster) as c:
        yield c
    cluster.close()


def same_bits(a, b):
    assert list(a.columns) == list(b.columns) and a.attrs == b.attrs
    for name in a.columns:
        x, y = a[name].to_numpy(), b[name].to_numpy()
        if x.dtype == numpy.float64:
            assert (x.view(numpy.uint64) == y.view(numpy.uint64)).all(), name
        else:
            assert list(x) == list(y), name


SWEEP = dict(vary={"micro_batch": "1..64*2", "checkpoint_segments": [4, 8, 10, 12]},
             show=["checkpointed_activations", "segment_layers"])


@pytest.mark.parametrize("shards", [2, 3, 7])
def test_rows_gathered_equal_one_machine(client, shards):
    program = reckon.load(TRAINING)
    alone = program.sweep("Gpt3ActivationsMicrobatch4", **SWEEP)
    spread = reckon.distributed.sweep(client, TRAINING, "Gpt3ActivationsMicrobatch4",
                                      shards=shards, **SWEEP)
    assert len(alone) == 7 * 4  # 1, 2, 4, ..., 64 times four segment counts
    same_bits(spread, alone)


@pytest.mark.parametrize("objective", [{"minimize": "segment_layers"},
                                       {"maximize": "checkpointed_activations"},
                                       {"minimize": "checkpointed_activations",
                                        "where": "checkpointed_activations > 1 TB"}])
def test_the_best_point_folded_equals_one_machine(client, objective):
    program = reckon.load(TRAINING)
    alone = program.sweep("Gpt3ActivationsMicrobatch4", **SWEEP, **objective)
    spread = reckon.distributed.sweep(client, TRAINING, "Gpt3ActivationsMicrobatch4",
                                      shards=3, **SWEEP, **objective)
    same_bits(spread, alone)


def test_the_default_is_a_shard_per_worker_and_errors_come_back(client):
    program = reckon.load(TRAINING)
    case = program["Gpt3ActivationsMicrobatch4"].with_(precision_bytes=reckon.Quantity(4, "B"))
    same_bits(reckon.distributed.sweep(client, TRAINING, case, **SWEEP),
              program.sweep(case, **SWEEP))
    with pytest.raises(reckon.ReckonError) as caught:
        reckon.distributed.sweep(client, TRAINING, "Gpt3ActivationsMicrobatch4",
                                 vary={"micro_batch": [1]}, show=["micro_batch + 1 GB"])
    assert caught.value.code == "E0401"
