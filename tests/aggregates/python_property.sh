#!/usr/bin/env bash
# Property test: sum, mean, min, max, quantile and sort of random lists agree with
# Python's own (math.fsum, statistics.fmean, min, max, statistics.quantiles with
# method="inclusive", which is Hyndman and Fan's type 7, and sorted). The lists are drawn
# with a fixed seed, written into a Reckon file as `check`s of Python's answers, and the
# file must hold every check. Equality is Reckon's `==`, within 1e-12 of the larger
# side: summation order and the interpolation's arithmetic differ by a few ulps only,
# while a wrong method (another quantile type, a dropped element) is off by far more.
# Usage: python_property.sh RECKON
set -euo pipefail
reckon=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

python3 - "$dir/property.rk" <<'PY'
import math, random, statistics, sys

rng = random.Random(20261201)
out = []
checks = 0

def lit(x, unit):
    return f"{x!r} {unit}"

def listlit(xs, unit):
    return "[" + ", ".join(lit(x, unit) for x in xs) + "]"

for case in range(60):
    n = rng.randint(1, 40)
    # Positive, spread over six orders of magnitude, some repeated (sort's ties).
    xs = [round(10 ** rng.uniform(-3, 3), rng.randint(0, 6)) for _ in range(n)]
    if n > 3:
        xs[rng.randrange(n)] = xs[0]
    name = f"xs{case}"
    out.append(f"let {name}: [s] = {listlit(xs, 's')}")
    out.append(f"check sum({name}) == {lit(math.fsum(xs), 's')}")
    out.append(f"check mean({name}) == {lit(statistics.fmean(xs), 's')}")
    out.append(f"check min({name}) == {lit(min(xs), 's')}")
    out.append(f"check max({name}) == {lit(max(xs), 's')}")
    out.append(f"check sort({name}) == {listlit(sorted(xs), 's')}")
    out.append(f"check len(sort({name})) == {n}")
    checks += 6
    if n >= 2:
        # 100 cut points: q = i / 100 for i = 1 .. 99.
        cuts = statistics.quantiles(xs, n=100, method="inclusive")
        for i in rng.sample(range(1, 100), 5):
            out.append(f"check quantile({name}, {i / 100!r}) == {lit(cuts[i - 1], 's')}")
            checks += 1
    out.append(f"check quantile({name}, 0) == {lit(min(xs), 's')}")
    out.append(f"check quantile({name}, 1) == {lit(max(xs), 's')}")
    checks += 2

# The same in milliseconds: the unit goes with the elements.
ms = [rng.randint(1, 999) for _ in range(25)]
out.append(f"let latencies: [ms] = {listlit(ms, 'ms')}")
out.append(f"check sum(latencies) == {lit(sum(ms), 'ms')}")
out.append(f"check max(latencies) == {lit(max(ms), 'ms')}")
checks += 2
# An empty list of seconds sums to 0 s.
out.append("let none_yet: [s] = []")
out.append("check sum(none_yet) == 0 s")
checks += 1

with open(sys.argv[1], "w") as f:
    f.write("\n".join(out) + "\n")

PY

expected=$(grep -c '^check ' "$dir/property.rk")
output=$("$reckon" run "$dir/property.rk" 2>&1) || { echo "$output" | grep -v '^ok ' | head -40; exit 1; }
if ! grep -q "^all $expected checks hold" <<<"$output"; then
  echo "expected all $expected checks to hold:"
  echo "$output" | tail -5
  exit 1
fi
echo "all $expected checks agree with Python"
