#!/usr/bin/env python3
"""Costs that must grow linearly (issue #28), proved by instruction counts at two sizes.

Each case is a program at n and at 4n, and at a tiny size whose count (start-up, the
stdlib) is subtracted; callgrind counts instructions (bench/instructions.py), which the
machine's load does not move. A linear cost multiplies the rest by 4 from n to 4n, a
quadratic one by 16; the test allows 5 (room for the hash tables' growth and an
O(n log n) pass) and prints the counts. Before the fixes, the map literal gave 12.0 and
the long names 15.7 (docs/performance.md, "Linear costs").

Usage: test_linear_costs.py PATH/TO/reckon   (from the repository root; a Release build)
"""
import os
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "bench"))
from instructions import count  # noqa: E402

LARGEST_RATIO = 5.0


def map_literal(n):
    """A map literal of n text keys: its duplicate-key check once scanned every earlier key."""
    entries = ", ".join(f'"key{i}": {i}' for i in range(n))
    return f"let m = {{{entries}}}\n", 0, None


def long_names(n):
    """Two names of n + 1 letters one letter apart: E0316 with a "did you mean" between
    them, once an edit distance over every pair of their letters."""
    defined, used = "a" * n + "b", "a" * n + "c"
    return f"let {defined} = 1\nlet y = {used}\n", 1, f"did you mean `{defined}`?"


CASES = [
    ("check of a map literal of n entries", map_literal, 2000),
    ("did-you-mean between two names of n letters", long_names, 2000),
]


def measure(reckon, work, make, n):
    text, code, expected = make(n)
    path = os.path.join(work, f"program{n}.rk")
    with open(path, "w") as f:
        f.write(text)
    result = count([reckon, "check", path])
    output = result.stdout + result.stderr
    if result.returncode != code or (expected and expected not in output):
        raise AssertionError(f"n = {n}: exit {result.returncode} (expected {code}), "
                             f"output:\n{output[:600]}")
    return result.instructions


def main():
    reckon = os.path.abspath(sys.argv[1])
    failures = 0
    with tempfile.TemporaryDirectory() as work:
        for name, make, n in CASES:
            base = measure(reckon, work, make, 1)
            small = measure(reckon, work, make, n) - base
            large = measure(reckon, work, make, 4 * n) - base
            ratio = large / small
            verdict = "ok" if ratio <= LARGEST_RATIO else "FAIL (not linear)"
            print(f"{name}: n = {n}: {small:,} instructions beyond start-up; n = {4 * n}: "
                  f"{large:,}; ratio {ratio:.2f} (at most {LARGEST_RATIO}): {verdict}")
            failures += ratio > LARGEST_RATIO
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
