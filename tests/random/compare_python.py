#!/usr/bin/env python3
"""Reckon's seeded randomness against CPython's `random`, bit for bit (issue #29).

    compare_python.py RECKON

For many seeds (small, large, negative, past 2^32, up to 2^53), asks `reckon eval --json
--lines` for each random builtin and compares every number with what this interpreter's
`random.Random(seed)` draws: random_uniform with uniform, random_gauss with gauss (its
cached second value included: n is odd and even), random_choice with choice,
random_shuffle with shuffle and random_sample with sample (both of CPython's methods: a
pool for a small population, a set for a large one). Quantities are compared in base
units, as Reckon holds them (ms are drawn as seconds). Exits 1 on the first difference.
"""

import json
import random
import subprocess
import sys

reckon = sys.argv[1]
# Seeds go up to 2^53, the largest whole number from which every smaller one is a double
# (past it Reckon refuses a seed: E0547).
seeds = list(range(0, 60)) + [-1, -12345, 2**31 - 1, 2**32, 2**32 + 7, 2**52 + 1, 2**53,
                               -(2**53), 123456789012345, 10**15 + 37]

texts = ["a", "b", "c", "d", "e", "f", "g"]
program = 'let names = ["a", "b", "c", "d", "e", "f", "g"]\nlet wide = 0 .. 999\n'
asks = []  # (expression, expected list of numbers or texts)
for s in seeds:
    r = random.Random(s)
    asks.append((f"random_uniform(seed: {s}, n: 7, low: 0, high: 1)",
                 [r.uniform(0, 1) for _ in range(7)]))
    r = random.Random(s)
    asks.append((f"random_uniform(seed: {s}, n: 3, low: 2 ms, high: 5 ms)",
                 [r.uniform(0.002, 0.005) for _ in range(3)]))
    for n in (1, 4, 5):
        r = random.Random(s)
        asks.append((f"random_gauss(seed: {s}, n: {n}, mean: 10 ms, stddev: 2 ms)",
                     [r.gauss(0.01, 0.002) for _ in range(n)]))
    r = random.Random(s)
    asks.append((f"random_choice(names, seed: {s}, n: 9)", [r.choice(texts) for _ in range(9)]))
    r = random.Random(s)
    shuffled = list(texts)
    r.shuffle(shuffled)
    asks.append((f"random_shuffle(names, seed: {s})", shuffled))
    r = random.Random(s)
    asks.append((f"random_sample(names, seed: {s}, n: 4)", r.sample(texts, 4)))
    r = random.Random(s)  # 1000 positions for 8 draws: CPython's set method
    asks.append((f"random_sample(wide, seed: {s}, n: 8)", r.sample(range(1000), 8)))

with open("random_compare.rk", "w") as f:
    f.write(program)
out = subprocess.run([reckon, "eval", "--json", "--lines", "random_compare.rk"],
                     input="\n".join(a for a, _ in asks) + "\n", capture_output=True,
                     text=True)
if out.returncode != 0:
    print(out.stdout[-2000:], out.stderr[-2000:])
    sys.exit(1)
answers = [json.loads(line) for line in out.stdout.splitlines()]
if len(answers) != len(asks):
    print(f"{len(asks)} expressions, {len(answers)} answers")
    sys.exit(1)
compared = 0
for (expr, expected), got in zip(asks, answers):
    # A list's `value` holds each element's JSON object: a quantity's `base_value`, a
    # text's `value`.
    values = [x.get("base_value", x.get("value")) if isinstance(x, dict) else x
              for x in got.get("value", [])]
    if values != expected:
        print(f"{expr}\n  reckon: {values!r}\n  python: {expected!r}\n  answer: {got}")
        sys.exit(1)
    compared += len(expected)
print(f"{len(asks)} calls, {compared} values: all equal to CPython's {sys.version.split()[0]}")
