#!/usr/bin/env python3
"""`//`, `%`, floor, ceil and round in every unit of `reckon list units`, against an
independent calculation with Python's exact fractions.

Reckon takes the operands of these operations in their written unit (docs/language.md,
"Integer operations"): `floor(1.5 h)` is 1 h, `300 ms % 100 ms` is 0 ms. Here each
expression is computed exactly from the decimal numbers written and the unit's scale
(from a table of SI and binary prefixes, so that the scales themselves are checked
against the binary's too, to a few units in the last place), and compared with what
`reckon --digits 17 run` shows of a scenario with one property per expression.

Usage: integer_operations.py RECKON
"""
import json
import math
import os
import re
import subprocess
import sys
import tempfile
from fractions import Fraction as F

PREFIXES = {"": 1, "k": F(10**3), "M": F(10**6), "G": F(10**9), "T": F(10**12),
            "P": F(10**15), "E": F(10**18), "c": F(1, 10**2), "m": F(1, 10**3),
            "u": F(1, 10**6), "n": F(1, 10**9), "p": F(1, 10**12), "Ki": F(2**10),
            "Mi": F(2**20), "Gi": F(2**30), "Ti": F(2**40), "Pi": F(2**50), "Ei": F(2**60)}
# Units without a prefix, in base units (s, B, flop, kg, m, USD, kgCO2e, counts).
# A month is a twelfth of the Julian year; the litre is 1e-3 m^3; one op is one flop.
BASES = {"s": 1, "min": 60, "h": 3600, "day": 86400, "week": 7 * 86400,
         "month": F(36525 * 864, 12), "year": F(36525 * 864), "L": F(1, 1000),
         "B": 1, "bit": F(1, 8), "flop": 1, "FLOP": 1, "op": 1, "OP": 1, "J": 1, "Wh": 3600, "W": 1, "Hz": 1,
         "m": 1, "g": F(1, 1000), "t": 1000, "gCO2e": F(1, 1000), "tCO2e": 1000, "USD": 1}
# `GPU` is another name of the device count.
COUNTS = {"token", "param", "sample", "request", "layer", "device", "GPU", "iteration"}


def scale_of(name):
    """The unit's scale to base units by its name, or None if the table does not know it."""
    if name in BASES:
        return F(BASES[name])
    if name in COUNTS or (name.endswith("s") and name[:-1] in COUNTS):
        return F(1)
    for prefix in sorted(PREFIXES, key=len, reverse=True):
        rest = name[len(prefix):]
        if prefix and name.startswith(prefix) and (rest in BASES or rest in COUNTS):
            return PREFIXES[prefix] * scale_of(rest)
    return None


def floor_div(a, b):
    return math.floor(a / b)


def round_half_away(x):
    return math.floor(x + F(1, 2)) if x >= 0 else -math.floor(-x + F(1, 2))


def main():
    reckon = sys.argv[1]
    listing = subprocess.run([reckon, "list", "units"], capture_output=True, text=True,
                             check=True).stdout
    units = [u for line in listing.splitlines() if line.startswith("  ") for u in line.split()]
    assert len(units) >= 100, f"only {len(units)} units listed"

    # The binary's own base value and base unit of one of each unit: the scale the
    # table computes must be the catalogue's (within 4 ulps: a prefix times a unit is
    # rounded, and 1 ng is 1.0000000000000002e-12 kg).
    scales, base_unit, failures = {}, {}, []
    for u in units:
        out = subprocess.run([reckon, "eval", "--json", f"1 {u}"], capture_output=True,
                             text=True)
        if out.returncode != 0:
            failures.append(f"`1 {u}` does not evaluate: {out.stdout}{out.stderr}")
            continue
        j = json.loads(out.stdout)
        base_unit[u] = j["base_unit"]
        expected = scale_of(u)
        if expected is None:
            failures.append(f"{u} is not in the test's table: add its scale")
            expected = F(j["base_value"])
        elif abs(F(j["base_value"]) - expected) > 4 * 2**-52 * expected:
            failures.append(f"scale of {u}: catalogue {j['base_value']!r}, expected "
                            f"{float(expected)!r}")
        scales[u] = expected

    # (expression, kind, expected, unit shown): kind "whole" compares a whole number
    # exactly, "unit" a remainder to a relative 1e-9 (so a zero must be exactly zero).
    cases = []
    # 0.3 // 0.1 is 3 as a person divides the decimals (binary gives 2.9999999999999996).
    dividends = ["300", "29", "-7", "1.5", "0.3", "0.7"]
    divisors = ["1", "0.25", "3", "0.1"]
    for u, s in scales.items():
        for v in ["1.5", "2.5", "-2.5", "29", "0.3", "-7"]:
            x = F(v)
            cases.append((f"floor({v} {u}) -> {u}", "whole", math.floor(x), u))
            cases.append((f"ceil({v} {u}) -> {u}", "whole", math.ceil(x), u))
            cases.append((f"round({v} {u}) -> {u}", "whole", round_half_away(x), u))
        for v in dividends:
            for w in divisors:
                x, y = F(v), F(w)
                q = floor_div(x, y)
                cases.append((f"({v} {u}) // ({w} {u})", "whole", q, ""))
                cases.append((f"({v} {u}) % ({w} {u}) -> {u}", "unit", (x - q * y), u))
            for n in ["2", "-3"]:
                x, y = F(v), F(n)
                q = floor_div(x, y)
                cases.append((f"({v} {u}) // {n} -> {u}", "whole", q, u))
                cases.append((f"({v} {u}) % {n} -> {u}", "unit", x - q * y, u))
        # Against another unit of the same dimension: the quantities' exact ratio.
        other = next((o for o in scales if o != u and base_unit[o] == base_unit[u]), None)
        if other:
            for v in ["300", "29"]:
                a, b = F(v) * s, scales[other]
                q = floor_div(a, b)
                cases.append((f"({v} {u}) // (1 {other})", "whole", q, ""))
                cases.append((f"({v} {u}) % (1 {other}) -> {u}", "unit", (a - q * b) / s, u))
    # Plain numbers, as the decimals written: 1e17 % 3 is 1 (whole operands are divided
    # exactly), 5 % 1e-10 is 0 and 0.3 % 0.1 is 0 (a whole multiple but for binary rounding).
    for v, w in [("1e17", "3"), ("-7", "3"), ("7", "-3"), ("7.5", "2"), ("5", "1e-10"),
                 ("0.3", "0.1"), ("-0.3", "0.1"), ("1", "0.1")]:
        x, y = F(v), F(w)
        q = floor_div(x, y)
        cases.append((f"{v} // {w}", "whole", q, ""))
        cases.append((f"{v} % {w}", "unit", x - q * y, ""))

    # One scenario with a property per expression, shown by `reckon run` to 17 digits:
    # one process, checked and evaluated once.
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "operations.rk")
        with open(path, "w") as f:
            f.write("scenario Operations {\n")
            f.writelines(f"  p{i} = {c[0]}\n" for i, c in enumerate(cases))
            f.write("}\ncase All = Operations()\n")
        run = subprocess.run([reckon, "--digits", "17", "run", path], capture_output=True,
                             text=True)
    if run.returncode != 0 or run.stderr:
        failures.append(f"`reckon run` exits {run.returncode}:\n" + run.stderr[:2000])
    shown = {}
    for line in run.stdout.splitlines():
        m = re.match(r"^\s+p(\d+)\s+(.*)$", line)
        if m:
            shown[int(m.group(1))] = m.group(2)
    if len(shown) != len(cases):
        failures.append(f"{len(shown)} answers for {len(cases)} expressions")
    for i, (expr, kind, expected, unit) in enumerate(cases):
        line = shown.get(i, "(missing)")
        number, _, shown_unit = line.partition(" ")
        if shown_unit != unit:
            failures.append(f"{expr}: shown as `{line}`, expected in `{unit}`")
            continue
        got = F(float(number))
        if kind == "whole" and abs(expected) < 2**53:
            ok = got == expected
        elif kind == "whole":  # beyond 2^53 a double holds only some whole numbers
            ok = abs(got - expected) <= F(1, 10**15) * abs(expected)
        else:  # a remainder: exact up to the rounding of a unit's scale (0 exactly)
            ok = abs(got - expected) <= F(1, 10**9) * abs(expected)
        if not ok:
            failures.append(f"{expr} = {line}, expected {float(expected)!r} {unit}")

    for f in failures[:40]:
        print("FAIL", f)
    print(f"{len(scales)} units, {len(cases)} expressions, {len(failures)} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
