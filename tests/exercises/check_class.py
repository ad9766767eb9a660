#!/usr/bin/env python3
"""Compares `reckon exercises grade --json` of the simulated class (class.csv) with the
verdicts and slips make_class.py wrote down before grading (class_expected.csv), prints
the figures, and fails on any false accept or slip named wrongly.

    check_class.py GRADES.json CLASS_EXPECTED.csv
"""
import csv
import json
import re
import sys

grades = {g["line"]: g for g in json.load(open(sys.argv[1], encoding="utf-8"))}
expected = list(csv.DictReader(open(sys.argv[2], encoding="utf-8")))

# The part of a wrong value's feedback that names a slip: after "off by a factor of R: ".
NAMED = re.compile(r"^off by a factor of [^:(]+: (.+)$")

counts = dict(answers=0, correct=0, false_accepts=0, false_rejects=0, wrong_status=0,
              slips=0, named=0, named_among_several=0, unnamed=0, named_wrongly=0)
problems = []
for e in expected:
    g = grades[int(e["line"])]
    counts["answers"] += 1
    verdict, slip = e["verdict"], e["slip"]
    where = "line %s (%s, variant %s, `%s`)" % (e["line"], g["exercise"], g["variant"], g["answer"])
    if verdict == "correct":
        counts["correct"] += 1
        if g["status"] != "correct":
            counts["false_rejects"] += 1
            problems.append("false reject: %s: %s %s" % (where, g["status"], g["feedback"]))
        continue
    if g["status"] == "correct":
        counts["false_accepts"] += 1
        problems.append("FALSE ACCEPT: %s, expected %s" % (where, verdict))
        continue
    if g["status"] != verdict:
        counts["wrong_status"] += 1
        problems.append("status: %s: expected %s, got %s" % (where, verdict, g["status"]))
    m = NAMED.match(g["feedback"]) if g["status"] == "wrong-value" else None
    named = m.group(1) if m else None
    if slip:
        counts["slips"] += 1
        if named and slip in named:
            counts["named_among_several" if named.startswith("could be either") else "named"] += 1
        elif named:
            counts["named_wrongly"] += 1
            problems.append("NAMED WRONGLY: %s: expected `%s`, got `%s`" % (where, slip, named))
        else:
            counts["unnamed"] += 1
            problems.append("unnamed: %s: expected `%s`, got `%s`" % (where, slip, g["feedback"]))
    elif named:
        counts["named_wrongly"] += 1
        problems.append("NAMED WRONGLY: %s: no slip made, got `%s`" % (where, named))

for p in problems:
    print(p)
print(", ".join("%s %d" % (k.replace("_", " "), v) for k, v in counts.items()))
sys.exit(1 if counts["false_accepts"] or counts["named_wrongly"] or counts["answers"] < 300 else 0)
