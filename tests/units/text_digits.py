#!/usr/bin/env python3
"""Digits formats of interpolation (docs/language.md, "Text") on random numbers.

`{x:.Nf}` is checked against Python's own `format(x, ".Nf")`, which rounds the double's
exact decimal value (as fmt does), with "-0.00" written "0.00"; `{x:.Ng}` against what
`reckon --digits N run` shows of x itself, since `.Ng` is documented as the display at N
digits. Numbers are random doubles below 1e6 in magnitude, written as Python's shortest
round-trip repr, so both sides start from the same double; at that size the display's
4-ulp snap to a whole number (docs/language.md, "Display") is far below 1e-6.

Usage: text_digits.py RECKON
"""
import random
import re
import subprocess
import sys
import tempfile

reckon = sys.argv[1]
rng = random.Random(15)


def literal(x):
    text = repr(x)
    return f"(0 - {text[1:]})" if text.startswith("-") else text


values = []
for _ in range(300):
    magnitude = 10 ** rng.uniform(-7, 6)
    x = rng.choice([-1, 1]) * magnitude
    if rng.random() < 0.2:  # halves and whole numbers, where rounding ties and zeros show
        x = round(x * 2) / 2
    values.append(x)

lines = ["scenario Digits {"]
expected = {}
for i, x in enumerate(values):
    n = rng.randint(0, 8)
    want = format(x, f".{n}f")
    if want.startswith("-") and set(want[1:]) <= set("0."):
        want = want[1:]
    lines.append(f"  f{i} = \"{{{literal(x)}:.{n}f}}\"")
    expected[f"f{i}"] = want
failures = 0
for digits in (1, 3, 4, 6):
    body = list(lines)
    for i, x in enumerate(values):
        body.append(f"  p{i} = {literal(x)}")
        body.append(f"  g{i} = \"{{p{i}:.{digits}g}}\"")
    body.append("}\ncase D = Digits()\n")
    with tempfile.NamedTemporaryFile("w", suffix=".rk", delete=False) as f:
        f.write("\n".join(body))
        path = f.name
    out = subprocess.run([reckon, "--digits", str(digits), "run", path],
                         capture_output=True, text=True)
    if out.returncode != 0:
        print(out.stdout + out.stderr)
        sys.exit(1)
    shown = dict(re.findall(r"^    (\w+)\s+(.*)$", out.stdout, re.M))
    for name, want in expected.items():
        if shown[name] != f'"{want}"':
            print(f"{name}: reckon {shown[name]}, Python \"{want}\"")
            failures += 1
    for i in range(len(values)):
        if shown[f"g{i}"] != f'"{shown[f"p{i}"]}"':
            print(f"g{i} at {digits} digits: {shown[f'g{i}']}, display {shown[f'p{i}']}")
            failures += 1
print(f"text digits: {4 * 2 * len(values)} comparisons, {failures} failed")
sys.exit(1 if failures else 0)
