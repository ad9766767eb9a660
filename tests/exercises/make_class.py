#!/usr/bin/env python3
"""Writes the simulated class of tests/exercises/serving_class.rk: 300 answers (one per
variant of its 10 exercises at 30 variants, seed 1), each a right answer or one known
mistake applied to a key computed here, from the scenario's formulas written out again in
Python (the independent calculation), with the verdict and the slip the grader should
name written down before any grading.

    make_class.py ANSWER_KEY.md OUT_DIR

reads the variants' inputs from the answer key (`reckon exercises build ... --format md`,
its `Inputs:` lines), checks each key it computes against the key's answer (to 4
digits), and writes OUT_DIR/class.csv (variant,exercise,answer) and
OUT_DIR/class_expected.csv (line,verdict,slip: the text the feedback must contain, or
empty for none).
"""
import math
import re
import sys

# The scenario's defaults (serving_class.rk), in base units: B, s, flop.
DEFAULTS = dict(layers=32, kv_heads=8, head_dim=128, bytes_per_element=2, params=8e9,
                weight_bytes=2, gpus=1, gpu_memory=80e9, utilization=0.9,
                prompt_tokens=2048, output_tokens=256, batch=16, gpu_flops=989e12,
                gpu_bandwidth=3.35e12)
KiB, MiB, GiB = 1024, 1024**2, 1024**3


def derive(v):
    d = dict(v)
    d["kv_per_token"] = 2 * v["layers"] * v["kv_heads"] * v["head_dim"] * v["bytes_per_element"]
    d["context"] = v["prompt_tokens"] + v["output_tokens"]
    d["kv_per_sequence"] = d["kv_per_token"] * d["context"]
    d["kv_batch"] = v["batch"] * d["kv_per_sequence"]
    d["weights"] = v["params"] * v["weight_bytes"]
    d["memory"] = v["gpus"] * v["gpu_memory"]
    d["kv_room"] = v["utilization"] * d["memory"] - d["weights"]
    d["max_batch"] = math.floor(d["kv_room"] / d["kv_per_sequence"])
    d["ttft"] = 2 * v["params"] * v["prompt_tokens"] / (v["gpus"] * v["gpu_flops"])
    d["step_time"] = (d["weights"] + d["kv_batch"]) / (v["gpus"] * v["gpu_bandwidth"])
    d["generation_time"] = v["output_tokens"] * d["step_time"]
    d["throughput"] = v["batch"] / d["step_time"]
    return d


# Per exercise: the property asked for, the unit the key is in (name, scale), another
# unit of the same dimension, and a unit of the wrong dimension.
EXERCISES = {
    "KvPerToken": ("kv_per_token", ("KiB/token", KiB), ("B/token", 1), "KiB"),
    "KvPerSequence": ("kv_per_sequence", ("GiB", GiB), ("MiB", MiB), "GiB/token"),
    "KvBatch": ("kv_batch", ("GiB", GiB), ("MiB", MiB), "s"),
    "Weights": ("weights", ("GB", 1e9), ("MB", 1e6), "GB/param"),
    "KvRoom": ("kv_room", ("GB", 1e9), ("MB", 1e6), "GB/GPU"),
    "MaxBatch": ("max_batch", ("", 1), None, "GB"),
    "Ttft": ("ttft", ("ms", 1e-3), ("s", 1), "GB"),
    "StepTime": ("step_time", ("ms", 1e-3), ("s", 1), "ms/token"),
    "GenerationTime": ("generation_time", ("s", 1), ("ms", 1e-3), "token"),
    "Throughput": ("throughput", ("token/s", 1), ("token/min", 1 / 60), "s"),
}


def slips(x, v):
    """The known mistakes for exercise x at inputs v: (name, the answer it gives in base
    units, the words the grader's feedback must contain)."""
    prop = EXERCISES[x][0]
    d = derive(v)
    key = d[prop]
    out = []

    def with_(label, words, **changes):
        w = dict(v)
        w.update(changes)
        out.append((label, derive(w)[prop], words))

    def scaled(label, words, factor):
        out.append((label, key * factor, words))

    if x in ("KvPerToken", "KvPerSequence"):
        scaled("no_kv_factor", "you left out the factor 2 in `kv_per_token`", 0.5)
    if x == "KvBatch":  # the 2 of the formula of the native kv_batch calls
        scaled("no_kv_factor", "you left out the factor 2 (K and V) in `kv_cache_bytes`", 0.5)
    if x in ("KvPerToken", "KvPerSequence", "KvBatch"):
        scaled("one_layer", "this is for one layer: multiply by %d layers" % v["layers"],
               1 / v["layers"])
    if x == "KvPerToken":
        scaled("one_kv_head", "this is for one kv_head: multiply by %d kv_heads" % v["kv_heads"],
               1 / v["kv_heads"])
    if x == "KvPerSequence":
        scaled("one_token", "this is for one token: multiply by %d tokens" % d["context"],
               1 / d["context"])
    if x == "KvBatch":
        scaled("one_sequence", "this takes `batch` as 1: multiply by %d" % v["batch"],
               1 / v["batch"])
    if x == "Weights":
        with_("default_bytes", "the default `weight_bytes`", weight_bytes=2)
    if x in ("KvRoom", "MaxBatch"):
        with_("no_utilization", "you left out `utilization`", utilization=1)
        if v["gpus"] > 1:
            with_("one_gpu", "one device", gpus=1)
    if x == "Ttft":
        scaled("no_flop_factor", "you left out the factor 2 in `ttft`", 0.5)
        if v["gpus"] > 1:
            scaled("one_gpu", "this divides by one device, not %d devices" % v["gpus"], v["gpus"])
    if x == "StepTime" and v["gpus"] > 1:
        scaled("one_gpu", "this divides by one device, not %d devices" % v["gpus"], v["gpus"])
    if x == "GenerationTime":
        # The time of one step given for the whole generation: the inter-token latency.
        scaled("one_step", "this is for one token: multiply by %d tokens" % v["output_tokens"],
               1 / v["output_tokens"])
    if x == "Throughput":
        scaled("one_sequence", "this takes `batch` as 1: multiply by %d" % v["batch"],
               1 / v["batch"])
    return key, out


def show(value, scale):
    return "%.4g" % (value / scale)


def number(text):
    """An input as the key shows it ("2048 token", "8e9 param", "80 GB/device", "0.5 B/param")."""
    m = re.match(r"^\s*([0-9.eE+-]+)\s*(\S*)\s*$", text)
    n, unit = float(m.group(1)), m.group(2)
    scales = {"": 1, "token": 1, "device": 1, "param": 1, "B/param": 1, "GB/device": 1e9,
              "Gparam": 1e9, "Mparam": 1e6, "Tparam": 1e12}
    return n * scales[unit]


def variants(key_md):
    """(variant, exercise) -> inputs, and the key's answer text, from the answer key."""
    found, variant, exercise = {}, None, None
    for line in open(key_md, encoding="utf-8"):
        if m := re.match(r"^## Variant (\d+)", line):
            variant = int(m.group(1))
        elif m := re.match(r"^### \d+\. (\w+)", line):
            exercise = m.group(1)
            found[(variant, exercise)] = [dict(DEFAULTS), None]
        elif line.startswith("Inputs:"):
            for name, value in re.findall(r"`(\w+)` = ([^,]+(?:,(?! `)[^,]*)*)", line[7:]):
                found[(variant, exercise)][0][name] = number(value)
        elif m := re.match(r"^Answer: \*\*(.+?)\*\*", line):
            found[(variant, exercise)][1] = m.group(1)
    return found


# What each variant's student hands in: kinds in turn, so every exercise has right
# answers, near misses, wrong dimensions, unit slips and each of its model slips.
KINDS = ["right", "slip0", "other_unit", "slip1", "near", "unit_slip", "slip2", "off",
         "wrong_dimension", "slip3", "near_miss", "slip0", "right", "slip1", "slip2"]


def main():
    key_md, out = sys.argv[1], sys.argv[2]
    found = variants(key_md)
    answers, expected = [], []
    for (variant, x), (v, shown) in sorted(found.items(), key=lambda kv: (kv[0][1], kv[0][0])):
        prop, (unit, scale), other, wrong_unit = EXERCISES[x]
        key, known = slips(x, v)
        # The key computed here must be the one Reckon gives (to the 4 digits shown).
        given = float(shown.split()[0].replace(",", "")) if shown else float("nan")
        if not math.isclose(given, float(show(key, scale)), rel_tol=1e-3):
            sys.exit("%s variant %d: computed %s %s, the key says %s" %
                     (x, variant, show(key, scale), unit, shown))
        kind = KINDS[(variant - 1) % len(KINDS)]
        text, verdict, slip = None, "correct", ""
        integer = x == "MaxBatch"
        unit_text = (" " + unit) if unit else ""
        if kind.startswith("slip"):
            usable = [s for s in known if s[1] > 0 and abs(s[1] - key) > 0.01 * abs(key)
                      and (not integer or s[1] == math.floor(s[1]))]
            if usable:
                label, value, words = usable[int(kind[4:]) % len(usable)]
                text = (str(int(value)) if integer else show(value, scale)) + unit_text
                verdict, slip = "wrong-value", words
            else:
                kind = "right"
        if kind == "other_unit" and other:
            text = show(key, other[1]) + " " + other[0]
        elif kind == "near" and not integer:
            text = show(key * 1.004, scale) + unit_text
        elif kind == "unit_slip" and unit.startswith(("KiB", "GiB")):
            # The number of the key in KiB (GiB) written in kB (GB).
            text = show(key, scale) + " " + unit.replace("iB", "B").replace("KB", "kB")
            verdict, slip = "wrong-value", "did you mix up"
        elif kind == "unit_slip" and unit == "GB":
            # The number of the key in GB written in GiB: a correct conversion it is not.
            text = show(key, 1e9) + " GiB"
            verdict, slip = "wrong-value", "did you mix up GiB and GB"
        elif kind == "off":
            text = (str(int(key) * 3 + 1) if integer else show(key * 1.37, scale)) + unit_text
            verdict = "wrong-value"
        elif kind == "near_miss" and not integer:
            text = show(key * 1.06, scale) + unit_text
            verdict = "wrong-value"
        elif kind == "wrong_dimension":
            text = (str(int(key)) if integer else show(key, scale)) + " " + wrong_unit
            verdict = "wrong-dimension"
        if text is None:
            text = (str(int(key)) if integer else show(key, scale)) + unit_text
            verdict, slip = "correct", ""
        answers.append("%d,%s,%s" % (variant, x, text))
        expected.append((verdict, slip))
    with open(out + "/class.csv", "w", encoding="utf-8") as f:
        f.write("variant,exercise,answer\n" + "\n".join(answers) + "\n")
    with open(out + "/class_expected.csv", "w", encoding="utf-8") as f:
        f.write("line,verdict,slip\n")
        for i, (verdict, slip) in enumerate(expected):
            f.write('%d,%s,"%s"\n' % (i + 2, verdict, slip.replace('"', '""')))


if __name__ == "__main__":
    main()
