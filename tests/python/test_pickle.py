# Every value the package returns survives pickle and copy.deepcopy, so that Dask,
# joblib and multiprocessing can return them (docs/python.md, "Pickling"). Each round
# trip is compared against the original, field by field where == alone could pass by
# accident (display texts, units, formats).
import copy
import multiprocessing
import pickle

import pytest

import reckon

TRAINING = "scenarios/training.rk"


@pytest.fixture(scope="module")
def program():
    return reckon.load(TRAINING)


def round_trips(value):
    """pickle (every protocol from 2) and deepcopy of ``value``."""
    return [pickle.loads(pickle.dumps(value, protocol)) for protocol in
            range(2, pickle.HIGHEST_PROTOCOL + 1)] + [copy.deepcopy(value), copy.copy(value)]


def test_quantities_keep_value_unit_and_display():
    for q in [reckon.Quantity(80, "GiB"), reckon.eval("80 GiB -> GB"),
              reckon.eval("1280 us -> ms"), reckon.eval("3 * 2")]:
        for back in round_trips(q):
            assert back == q
            assert back.base_value == q.base_value and back.dimension == q.dimension
            assert (back.unit, str(back), back.value) == (q.unit, str(q), q.value)


def test_records_lists_maps_tuples_and_members():
    gpt3 = reckon.eval("GPT3_175B")
    values = [gpt3, reckon.eval("[GPT3_175B, GPT3_175B]"), reckon.eval('{"a": 1 s, "b": 2 s}'),
              reckon.eval('("H100", 80 GB)'), reckon.eval("[1 GB, 2.5 GB]")]
    for value in values:
        for back in round_trips(value):
            assert back == value and type(back) is type(value)
            assert repr(back) == repr(value)
    for back in round_trips(gpt3):  # a record's fields are attributes again
        assert back.layers == 96 and back.name == "GPT-3 175B"
        assert back.type_name == "Transformer" and list(back.fields()) == list(gpt3.fields())


def test_members_and_explanations(program):
    member = program.eval("Recompute.selective")
    assert isinstance(member, reckon.Member)
    for back in round_trips(member):
        assert back == "selective" and isinstance(back, reckon.Member)
    case = program["Gpt3ActivationsMicrobatch4"]
    for fmt in ["text", "markdown", "latex"]:
        e = case.explain("checkpointed_activations", format=fmt)
        for back in round_trips(e):
            assert back == e and back.format == e.format
            assert back._repr_markdown_() == e._repr_markdown_()
            assert back._repr_latex_() == e._repr_latex_()


def test_programs_cases_and_methods(program):
    case = program["Gpt3ActivationsMicrobatch4"].with_(micro_batch=8)
    back = pickle.loads(pickle.dumps(case))
    # Loaded again from the file: the same changes give the same value as the original.
    assert back.changes == case.changes and back.name == case.name
    assert back.per_token_activations == case.per_token_activations
    method = pickle.loads(pickle.dumps(program["Gpt3ActivationsMicrobatch4"].activations))
    assert method("selective") == program["Gpt3ActivationsMicrobatch4"].activations("selective")
    # The values of one payload share one program, loaded once.
    a, b = pickle.loads(pickle.dumps([program["Gpt3ActivationsMicrobatch4"],
                                      program["Gpt3ActivationsMicrobatch8"]]))
    assert a.program is b.program and a.program is not program
    # A copy shares the loaded program: it is a loaded file, not a value.
    assert copy.deepcopy(program) is program
    assert copy.deepcopy(case).program is program and copy.deepcopy(case) == case
    # The standard library's program pickles as the standard library.
    gpt3 = pickle.loads(pickle.dumps(reckon._standard()))
    assert gpt3.path == "" and gpt3.eval("GPT3_175B.layers") == 96


def test_a_changed_file_is_not_restored_silently(tmp_path):
    path = tmp_path / "m.rk"
    path.write_text("scenario S {\n  input x: GB = 1 GB\n}\ncase C = S()\n")
    payload = pickle.dumps(reckon.load(str(path))["C"])
    path.write_text("scenario S {\n  input x: GB = 2 GB\n}\ncase C = S()\n")
    with pytest.raises(reckon.ReckonError) as caught:
        pickle.loads(payload)
    assert caught.value.code == "E0919" and str(path) in caught.value.message


def test_errors_and_sweep_frames(program):
    try:
        program["Gpt3ActivationsMicrobatch4"].eval("micro_batch + 1 GB")
    except reckon.ReckonError as e:
        back = pickle.loads(pickle.dumps(e))
        assert (back.code, back.line, back.column, str(back)) == (e.code, e.line, e.column, str(e))
    frame = program.sweep("Gpt3ActivationsMicrobatch4", vary={"micro_batch": [1, 2]},
                          show=["per_token_activations"])
    back = pickle.loads(pickle.dumps(frame))
    assert back.equals(frame) and back.attrs["units"] == frame.attrs["units"]


def _values_in_a_worker(name):
    """What a worker process returns: values of every kind, made there."""
    case = reckon.load(TRAINING)[name]
    return (case, case.per_token_activations, case.eval("Recompute.selective"),
            reckon.eval("GPT3_175B"), reckon.eval('{"a": [1 GB], "b": [2 GB]}'),
            case.explain("checkpointed_activations"))


def test_multiprocessing_returns_them():
    # A fresh interpreter per worker ("spawn"), as Dask's and joblib's process pools use:
    # nothing is shared with this process but the pickles.
    with multiprocessing.get_context("spawn").Pool(1) as pool:
        got = pool.map(_values_in_a_worker, ["Gpt3ActivationsMicrobatch4"])[0]
    case, q, member, gpt3, m, text = got
    here = _values_in_a_worker("Gpt3ActivationsMicrobatch4")
    # 34 s b h L bytes at b = 4 (Korthikanti et al. 2022, Sec. 4.1), as test_program.py.
    assert q.base_value == 34 * 2048 * 4 * 12288 * 96 and q.unit == here[1].unit
    assert case.name == "Gpt3ActivationsMicrobatch4" and case.per_token_activations == q
    assert member == "selective" and isinstance(member, reckon.Member)
    assert gpt3 == here[3] and m == here[4] and text == here[5]
