"""`reckon exercises export --format prairielearn` (docs/exercises.md, "Exporting to an
LMS"): each generated server.py imported and called as PrairieLearn calls it
(https://prairielearn.readthedocs.io/en/latest/question/server/: generate(data) fills
data["params"] and data["correct_answers"], grade(data) reads data["submitted_answers"]
and sets data["score"] and data["feedback"]), grading with Reckon's own grader through
reckon.grade_answer. The keys of tests/exercises/export.rk, worked by hand in its comment:
WeightMemory is 14 GB (7e9 param) or 26 GB (13e9 param) within 1%; KvPerToken 524.288
kB/token; Fits yes."""
import importlib.util
import json
import os
import pathlib
import re
import subprocess

import pytest

import reckon

EXERCISES = ["WeightMemory", "KvPerToken", "WeightShare", "Fits"]
ROOT = pathlib.Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def questions(tmp_path_factory):
    out = tmp_path_factory.mktemp("pl")
    reckon_cli = os.environ.get("RECKON_BIN", str(ROOT / "build" / "reckon"))
    subprocess.run([reckon_cli, "exercises", "export", "tests/exercises/export.rk", "--format",
                    "prairielearn", "--variants", "2", "--seed", "3", "-o", str(out)],
                   check=True, capture_output=True, cwd=ROOT)
    return out


def server(questions, name):
    spec = importlib.util.spec_from_file_location(f"server_{name}",
                                                  questions / name / "server.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def generated(module, seed):
    data = {"params": {}, "correct_answers": {}, "variant_seed": seed}
    module.generate(data)
    return data


def graded(module, data, answer):
    data = dict(data, submitted_answers={"answer": answer}, partial_scores={}, feedback={})
    module.grade(data)
    return data


def test_a_directory_per_exercise(questions):
    uuids = set()
    for name in EXERCISES:
        info = json.loads((questions / name / "info.json").read_text())
        assert info["type"] == "v3" and info["title"] == name and info["topic"] == "export"
        assert "reckon" in info["tags"]
        assert re.fullmatch(r"[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}",
                            info["uuid"])
        uuids.add(info["uuid"])
        html = (questions / name / "question.html").read_text()
        assert 'answers-name="answer"' in html
        # The prompt is a parameter, shown through Mustache's escaping: no markup of the
        # file is in the page itself.
        assert "<script" not in html and "onerror" not in html
    assert len(uuids) == len(EXERCISES)


def test_generate_picks_a_variant_from_the_seed(questions):
    module = server(questions, "WeightMemory")
    keys = {}
    for seed in range(4):
        data = generated(module, seed)
        assert data == generated(module, seed)  # deterministic
        params = data["params"]
        assert params["prompt"].startswith("A model has ")
        assert "<script>" in params["prompt"]  # data, escaped by the page's {{ }}
        keys[params["variant"]] = data["correct_answers"]["answer"]
    # Both variants are met, with the keys 14 GB and 26 GB (in either order).
    assert sorted(keys.values()) == ["14 GB", "26 GB"]


@pytest.mark.parametrize("seed", [0, 1])
def test_grade_key_slips_and_wrong_dimension(questions, seed):
    module = server(questions, "WeightMemory")
    data = generated(module, seed)
    gb = float(data["correct_answers"]["answer"].split()[0])  # 14 or 26

    key = graded(module, data, f"{gb} GB")
    assert key["score"] == 1 and key["feedback"]["status"] == "correct"
    # Any unit of information within 1%: 14 GB = 13.0385 GiB = 112 Gbit.
    assert graded(module, data, f"{gb * 1e9 / 2**30:.4f} GiB")["score"] == 1
    assert graded(module, data, f"{gb * 8} Gbit")["score"] == 1

    # The GiB number written as GB (7% low), and the GB number written as GiB (7% high).
    for answer in [f"{gb * 1e9 / 2**30:.4f} GB", f"{gb} GiB"]:
        slip = graded(module, data, answer)
        assert slip["score"] == 0 and slip["feedback"]["status"] == "wrong-value"
        assert "1 GiB = 1.074 GB" in slip["feedback"]["answer"]
    # The GB number written as Gbit: bits for bytes, 1/8 of the key.
    bits = graded(module, data, f"{gb} Gbit")
    assert bits["score"] == 0 and bits["feedback"]["status"] == "wrong-value"
    assert "bit" in bits["feedback"]["answer"] and "1 B = 8 bit" in bits["feedback"]["answer"]

    wrong = graded(module, data, f"{gb} s")
    assert wrong["score"] == 0 and wrong["feedback"]["status"] == "wrong-dimension"
    assert wrong["feedback"]["answer"] == ("expected information (a memory size), got time "
                                           "(a duration)")
    per_token = graded(module, data, f"{gb} GB/token")
    assert per_token["feedback"]["status"] == "wrong-dimension"
    assert per_token["feedback"]["answer"].startswith("per token")
    assert graded(module, data, "fourteen")["feedback"]["status"] == "malformed"
    # The grader's numbers and feedback, as partial_scores carries them for the element.
    assert key["partial_scores"]["answer"]["score"] == 1


def test_a_per_token_key(questions):
    module = server(questions, "KvPerToken")
    data = generated(module, 0)
    # 2 x 32 x 4096 x 2 B = 524288 B/token = 512 KiB/token.
    assert graded(module, data, "524288 B/token")["score"] == 1
    assert graded(module, data, "512 KiB/token")["score"] == 1
    total = graded(module, data, "524.288 kB")
    assert total["feedback"]["status"] == "wrong-dimension"
    assert total["feedback"]["answer"] == ("not per token: your answer is kB, the question asks "
                                           "for kB/token")
    slip = graded(module, data, "524.288 KiB/token")  # kB written as KiB: 2.4% high
    assert slip["score"] == 0 and "KiB" in slip["feedback"]["answer"]


def test_yes_or_no(questions):
    module = server(questions, "Fits")
    data = generated(module, 0)
    assert data["correct_answers"]["answer"] == "yes"
    assert graded(module, data, "yes")["score"] == 1
    assert graded(module, data, "no")["score"] == 0


def test_grade_answer_reports_a_broken_key_program():
    with pytest.raises(reckon.ReckonError) as error:
        reckon.grade_answer("scenario {", "1 GB")
    assert error.value.code.startswith("E0")


@pytest.mark.parametrize("path", ["scenarios/exercises/training.rk",
                                  "scenarios/exercises/networks.rk",
                                  "tests/exercises/slips.rk"])
def test_every_exported_key_grades_correct(tmp_path, path):
    # Whatever the key's unit (GB, kB/token, Gbit, GB/device, ms, a count, a plain number,
    # a yes or no), its key program reads it back and the grader marks the key correct:
    # no exported question is one that cannot be answered.
    reckon_cli = os.environ.get("RECKON_BIN", str(ROOT / "build" / "reckon"))
    subprocess.run([reckon_cli, "exercises", "export", path, "--format", "prairielearn",
                    "--variants", "2", "-o", str(tmp_path)], check=True, capture_output=True,
                   cwd=ROOT)
    graded_keys = 0
    for directory in sorted(tmp_path.iterdir()):
        module = server(tmp_path, directory.name)
        for v in module.VARIANTS:
            data = graded(module, {"params": {"variant": v["variant"]}}, v["key"])
            assert data["score"] == 1, (directory.name, v["key"], data["feedback"])
            graded_keys += 1
    assert graded_keys >= 2 * 4


def test_a_feedback_answer_with_credit_gives_it(questions):
    # The grader's own slips earn nothing; an answer given credit (as answers an exercise
    # declares will be) earns it when a response lies within the tolerance of its value.
    module = server(questions, "WeightMemory")
    data = generated(module, 0)
    gb = float(data["correct_answers"]["answer"].split()[0])
    variant = next(v for v in module.VARIANTS if v["variant"] == data["params"]["variant"])
    gib_as_gb = [f for f in variant["feedback_answers"]
                 if abs(f["value"] - gb * 1e9 * 1e9 / 2**30) < 1e-6 * gb * 1e9]
    assert len(gib_as_gb) == 1 and gib_as_gb[0]["credit"] == 0
    answer = f"{gb * 1e9 / 2**30:.4f} GB"
    assert graded(module, data, answer)["score"] == 0
    gib_as_gb[0]["credit"] = 0.5
    assert graded(module, data, answer)["score"] == 0.5


def test_declared_slips_carry_their_feedback_and_credit(tmp_path):
    # tests/exercises/model_slips.rk's Declared: the key is 3 GiB (32 sequences x 96 MiB,
    # worked in its comment); its slips are 3 GiB / 2 = 1.5 GiB ("Keys and values", credit
    # 0.5) and 3 GiB / 32 = 96 MiB ("one sequence's cache", no credit).
    reckon_cli = os.environ.get("RECKON_BIN", str(ROOT / "build" / "reckon"))
    for fmt, out in (("prairielearn", tmp_path / "pl"), ("moodle", tmp_path / "quiz.xml")):
        subprocess.run([reckon_cli, "exercises", "export", "tests/exercises/model_slips.rk",
                        "--format", fmt, "--variants", "1", "--seed", "1", "-o", str(out)],
                       check=True, capture_output=True, cwd=ROOT)
    module = server(tmp_path / "pl", "Declared")
    data = generated(module, 0)
    assert data["correct_answers"]["answer"] == "3 GiB"
    half = graded(module, data, "1.5 GiB")
    assert half["score"] == 0.5 and "Keys and values" in json.dumps(half["feedback"])
    one = graded(module, data, "96 MiB")
    assert one["score"] == 0 and "the batch has 32" in json.dumps(one["feedback"])
    # Moodle: the same two as answers with their fraction (percent) and feedback.
    import xml.etree.ElementTree as ET
    questions = [q for q in ET.parse(tmp_path / "quiz.xml").getroot()
                 if q.get("type") == "numerical" and "Declared" in q.findtext("name/text")]
    assert len(questions) == 1
    answers = {a.findtext("text"): (a.get("fraction"), a.findtext("feedback/text"))
               for a in questions[0].findall("answer")}
    assert answers["3"][0] == "100"
    assert answers["1.5"][0] == "50" and "Keys and values" in answers["1.5"][1]
    assert answers["0.09375"][0] == "0" and "the batch has 32" in answers["0.09375"][1]
