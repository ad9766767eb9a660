#!/usr/bin/env bash
# Property test: zip, pairs and enumerate of random lists agree with Python's
# zip(xs, ys), zip(xs, xs[1:]) and enumerate(xs). The lists are drawn with a fixed
# seed (lengths 0 to 30, so empty lists and lists of one are among them), written into a
# Reckon file as `check`s of Python's answers, and the file must hold every check.
# Python's zip stops at the shorter list where Reckon's refuses lists of different
# lengths (E0525), so for those the check slices the longer one first, as
# docs/language.md advises, and the answer must be Python's truncated zip.
# Usage: python_tuples.sh RECKON
set -euo pipefail
reckon=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

python3 - "$dir/tuples.rk" <<'PY'
import random, sys

rng = random.Random(20261202)
out = []

def lit(x, unit):
    return f"{x!r} {unit}"

def listlit(xs, unit, typ):
    # An empty list needs its type declared: a typed let stands for it.
    if not xs:
        return None
    return "[" + ", ".join(lit(x, unit) for x in xs) + "]"

def tuplelist(ts, units):
    return "[" + ", ".join("(" + ", ".join(lit(x, u) for x, u in zip(t, units)) + ")"
                           for t in ts) + "]"

for case in range(40):
    n = rng.randint(0, 30)
    m = n if rng.random() < 0.6 else rng.randint(0, 30)
    xs = [round(rng.uniform(-1000, 1000), rng.randint(0, 4)) for _ in range(n)]
    ys = [rng.randint(0, 10**6) for _ in range(m)]
    x, y = f"xs{case}", f"ys{case}"
    out.append(f"let {x}: [s] = " + (listlit(xs, "s", "s") or "[]"))
    out.append(f"let {y}: [GB] = " + (listlit(ys, "GB", "GB") or "[]"))
    zipped = list(zip(xs, ys))
    left = f"zip({x}, {y})" if n == m else (
        f"zip({x}[:len({y})], {y})" if n > m else f"zip({x}, {y}[:len({x})])")
    if zipped:
        out.append(f"check {left} == {tuplelist(zipped, ['s', 'GB'])}")
    out.append(f"check len({left}) == {len(zipped)}")
    adjacent = list(zip(xs, xs[1:]))
    if adjacent:
        out.append(f"check pairs({x}) == {tuplelist(adjacent, ['s', 's'])}")
    out.append(f"check len(pairs({x})) == {len(adjacent)}")
    numbered = list(enumerate(ys))
    if numbered:
        out.append(f"check enumerate({y}) == {tuplelist(numbered, ['', 'GB'])}")
    out.append(f"check len(enumerate({y})) == {len(numbered)}")

with open(sys.argv[1], "w") as f:
    f.write("\n".join(out).replace(" )", ")").replace(" ,", ",") + "\n")
PY

expected=$(grep -c '^check ' "$dir/tuples.rk")
output=$("$reckon" run "$dir/tuples.rk" 2>&1) || { echo "$output" | grep -v '^ok ' | head -40; exit 1; }
if ! grep -q "^all $expected checks hold" <<<"$output"; then
  echo "expected all $expected checks to hold:"
  echo "$output" | tail -5
  exit 1
fi
echo "all $expected checks agree with Python"
