"""Checks the Moodle XML `reckon exercises export --format moodle` wrote for
tests/exercises/export.rk at 2 variants: the structure Moodle's XML format requires
(https://docs.moodle.org/en/Moodle_XML_format: a <quiz> of <question>s, a category
question naming $course$/..., numerical questions with <answer fraction> holding <text>,
<feedback> and an absolute <tolerance>, and <units> of <unit> with <multiplier> and
<unit_name>, a unit's multiplier being how many of it make one of the answer's unit), the
keys computed independently below, and that markup in prompts and documentation is text.
Usage: check_moodle.py QUIZ.xml"""
import math
import sys
import xml.etree.ElementTree as ET

failures = []


def check(what, ok):
    if not ok:
        failures.append(what)


def near(a, b, rel=1e-12):
    return abs(a - b) <= rel * abs(b)


root = ET.parse(sys.argv[1]).getroot()
check("the root is <quiz>", root.tag == "quiz")
questions = root.findall("question")
categories = [q.find("category/text").text for q in questions if q.get("type") == "category"]
check("a category per exercise", categories == ["$course$/top/" + n for n in
                                                 ["WeightMemory", "KvPerToken", "WeightShare", "Fits"]])
by_name = {}
for q in questions:
    if q.get("type") == "category":
        continue
    name = q.find("name/text").text
    by_name[name] = q
    # Every question has the parts Moodle's importer reads.
    for part in ["questiontext/text", "generalfeedback/text", "defaultgrade", "answer"]:
        check(f"{name} has {part}", q.find(part) is not None)
    check(f"{name}: the question text is HTML", q.find("questiontext").get("format") == "html")
    html = q.find("questiontext/text").text
    # Markup from the file is escaped as HTML inside the text: no tag survives.
    check(f"{name}: no <script> or <img> tag", "<script" not in html and "<img" not in html)
    if name.startswith("WeightMemory"):
        check(f"{name}: the prompt's markup shown as text",
              "&lt;script&gt;alert(1)&lt;/script&gt;" in html)
        check(f"{name}: the documentation's markup shown as text",
              "&lt;img src=x onerror=alert(1)&gt;" in html)
check("one question per exercise and variant",
      sorted(by_name) == sorted(f"{n}, variant {k}" for n in
                                ["WeightMemory", "KvPerToken", "WeightShare", "Fits"]
                                for k in [1, 2]))


def answers(q):
    return [(float(a.get("fraction")), a.find("text").text, a.find("feedback/text").text or "",
             float(a.find("tolerance").text) if a.find("tolerance") is not None else None)
            for a in q.findall("answer")]


def units(q):
    return {u.find("unit_name").text: float(u.find("multiplier").text)
            for u in q.findall("units/unit")}


# WeightMemory: 14 GB (7e9 param x 2 B) or 26 GB, within 1% (0.14 GB or 0.26 GB). Slips:
# the number of GiB written as GB (14e9 / 2^30 = 13.0385...), the number of GB read as
# GiB (14 x 2^30 / 1e9 = 15.0324...), and bits for bytes (14 / 8 = 1.75, 14 x 8 = 112).
keys = set()
for k in [1, 2]:
    q = by_name[f"WeightMemory, variant {k}"]
    check("WeightMemory is numerical", q.get("type") == "numerical")
    got = answers(q)
    fraction, text, feedback, tolerance = got[0]
    key = float(text)
    keys.add(key)
    check(f"WeightMemory {k}: the key first, full marks", fraction == 100)
    check(f"WeightMemory {k}: tolerance 1% of the key, in GB", near(tolerance, 0.01 * key))
    gib = 2.0 ** 30 / 1e9
    want = {key * gib: "GiB", key / gib: "GiB", key / 8: "bit", key * 8: "bit"}
    wrong = got[1:]
    check(f"WeightMemory {k}: four slips, no credit", len(wrong) == 4 and
          all(f == 0 for f, *_ in wrong))
    for value, word in want.items():
        match = [w for w in wrong if near(float(w[1]), value, 1e-9)]
        check(f"WeightMemory {k}: the slip at {value} with feedback on {word}",
              len(match) == 1 and word in match[0][2] and near(match[0][3], 0.01 * value))
    u = units(q)
    check(f"WeightMemory {k}: GB first, multiplier 1",
          q.find("units/unit/unit_name").text == "GB" and u["GB"] == 1)
    for name, multiplier in {"MB": 1000, "TB": 1e-3, "GiB": 1e9 / 2 ** 30, "MiB": 1e9 / 2 ** 20,
                             "Gbit": 8, "B": 1e9}.items():
        check(f"WeightMemory {k}: {name} multiplier {multiplier}",
              name in u and near(u[name], multiplier, 1e-12))
    check(f"WeightMemory {k}: only units of information", "s" not in u and "GB/token" not in u)
    check(f"WeightMemory {k}: the unit is graded, whole mark",
          q.find("unitgradingtype").text == "1" and q.find("unitpenalty").text == "1")
check("WeightMemory: the keys 14 GB and 26 GB", keys == {14.0, 26.0})

# KvPerToken: 524.288 kB/token; its units are the information units per token.
q = by_name["KvPerToken, variant 1"]
key = float(answers(q)[0][1])
check("KvPerToken: 524.288 kB/token", near(key, 2 * 32 * 4096 * 2 / 1e3))
u = units(q)
check("KvPerToken: kB/token first", q.find("units/unit/unit_name").text == "kB/token")
check("KvPerToken: KiB/token and MB/token", near(u["KiB/token"], 1e3 / 1024) and
      near(u["MB/token"], 1e-3))

# WeightShare: 0.175 or 0.325 within 1e-3 (absolute 1.75e-4 or 3.25e-4); no units.
shares = set()
for k in [1, 2]:
    q = by_name[f"WeightShare, variant {k}"]
    fraction, text, _, tolerance = answers(q)[0]
    shares.add(float(text))
    check(f"WeightShare {k}: tolerance", near(tolerance, 1e-3 * float(text)))
    check(f"WeightShare {k}: no units", q.find("units") is None and
          q.find("showunits").text == "3")
check("WeightShare: 0.175 and 0.325", {round(s, 12) for s in shares} == {0.175, 0.325})

# Fits: yes in both variants, as a true/false question.
for k in [1, 2]:
    q = by_name[f"Fits, variant {k}"]
    check(f"Fits {k}: truefalse", q.get("type") == "truefalse")
    got = {text: fraction for fraction, text, _, _ in answers(q)}
    check(f"Fits {k}: true is right", got == {"true": 100, "false": 0})

for f in failures:
    print("FAIL", f)
print(f"{len(failures)} failed")
sys.exit(1 if failures else 0)
