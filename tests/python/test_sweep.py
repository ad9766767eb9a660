# program.sweep: a DataFrame equal to `reckon sweep --format csv`, read by pandas from the
# command line's own output, to the last bit.
import io
import subprocess

import numpy
import pandas
import pytest

import reckon

TRAINING = "scenarios/training.rk"


def cli_frame(reckon_cli, *args):
    out = subprocess.run([reckon_cli, "sweep", TRAINING, *args, "--format", "csv"],
                         capture_output=True, text=True, check=True).stdout
    frame = pandas.read_csv(io.StringIO(out), float_precision="round_trip")
    # pandas names a repeated column NAME.1: the objective when it is also a varied
    # input, which the package's frame has once (checked equal to the first here).
    for name in list(frame.columns):
        if name.endswith(".1"):
            assert list(frame[name]) == list(frame[name[:-2]])
            frame = frame.drop(columns=name)
    return frame


def assert_same_bits(frame, cli):
    """Equal column by column; numbers compared as their 64-bit patterns."""
    units = frame.attrs["units"]
    assert [f"{n} ({units[n]})" if units[n] else n for n in frame.columns] == list(cli.columns)
    for ours, theirs in zip(frame.columns, cli.columns):
        a, b = frame[ours], cli[theirs]
        if a.dtype == numpy.float64:
            assert (a.to_numpy().view(numpy.uint64) == b.to_numpy(numpy.float64)
                    .view(numpy.uint64)).all(), ours
        else:
            assert list(a) == list(b), ours


def test_a_case_varied_from_python(reckon_cli):
    program = reckon.load(TRAINING)
    frame = program.sweep("Gpt3ActivationsMicrobatch4", vary={"micro_batch": [1, 2, 4, 8]},
                          show=["per_token_activations", "score_share", "checkpointed_activations"])
    cli = cli_frame(reckon_cli, "Gpt3ActivationsMicrobatch4", "--vary", "micro_batch=1,2,4,8",
                    "--show", "per_token_activations,score_share,checkpointed_activations")
    assert_same_bits(frame, cli)
    # 34 s b h L at b = 1 (Korthikanti et al. 2022, Sec. 4.1), in the column's GB.
    assert frame["per_token_activations"][0] == 34 * 2048 * 12288 * 96 / 1e9
    assert frame.attrs["units"]["per_token_activations"] == "GB"
    assert list(frame["micro_batch"]) == [1, 2, 4, 8]


def test_where_and_minimize(reckon_cli):
    program = reckon.load(TRAINING)
    case = program["Gpt3ActivationsMicrobatch4"]
    frame = program.sweep(case, vary={"micro_batch": "1..64*2", "checkpoint_segments": [4, 8, 10, 12]},
                          show=["checkpointed_activations"],
                          where="checkpointed_activations < 100 GB",
                          minimize="checkpointed_activations")
    cli = cli_frame(reckon_cli, "Gpt3ActivationsMicrobatch4", "--vary", "micro_batch=1..64*2",
                    "--vary", "checkpoint_segments=4,8,10,12",
                    "--show", "checkpointed_activations",
                    "--where", "checkpointed_activations < 100 GB",
                    "--minimize", "checkpointed_activations")
    assert_same_bits(frame, cli)
    assert len(frame) == 1 and frame["micro_batch"][0] == 1


def test_an_objective_on_a_varied_input(reckon_cli):
    program = reckon.load(TRAINING)
    frame = program.sweep("Gpt3ActivationsMicrobatch4", vary={"micro_batch": "1..64*2"},
                          where="per_token_activations < 100 GB", maximize="micro_batch",
                          show=["per_token_activations"])
    cli = cli_frame(reckon_cli, "Gpt3ActivationsMicrobatch4", "--vary", "micro_batch=1..64*2",
                    "--where", "per_token_activations < 100 GB", "--maximize", "micro_batch",
                    "--show", "per_token_activations")
    assert_same_bits(frame, cli)
    # 34 s b h L is 82.1 GB at b = 1 and 164.3 GB at b = 2: only b = 1 stays under 100 GB.
    assert list(frame.columns) == ["micro_batch", "per_token_activations"]
    assert list(frame["micro_batch"]) == [1]


def test_a_changed_case_sweeps_with_its_changes(reckon_cli):
    program = reckon.load(TRAINING)
    case = program["Gpt3ActivationsMicrobatch4"].with_(precision_bytes=reckon.Quantity(4, "B"))
    frame = program.sweep(case, vary={"micro_batch": [1, 2]}, show=["per_token_activations"])
    cli = cli_frame(reckon_cli, "Gpt3ActivationsMicrobatch4", "--vary", "micro_batch=1,2",
                    "--set", "precision_bytes=4 B", "--show", "per_token_activations")
    assert_same_bits(frame, cli)
    # Twice the bytes per element: twice 34 s b h L at b = 1.
    assert frame["per_token_activations"][0] == 2 * 34 * 2048 * 12288 * 96 / 1e9


def test_sweep_errors_are_reckon_errors():
    program = reckon.load(TRAINING)
    with pytest.raises(reckon.ReckonError) as caught:
        program.sweep("Gpt3ActivationsMicrobatch4", vary={"micro_batch": [1, 2]},
                      show=["per_token_activations + 1 s"])
    assert caught.value.code == "E0401" and caught.value.line == 1
    with pytest.raises(reckon.ReckonError) as caught:
        program.sweep("Gpt3ActivationsMicrobatch4", vary={"micro_batch": {1: 2}})
    assert caught.value.code == "E0914"
