#!/usr/bin/env python3
"""Writes a scenario file of just under 16 MiB (E0206's limit) for the limits benchmark
of issue #14: a file this large must check in seconds, not hours.

The file holds, in this order:
  * a scenario whose properties form one chain of CHAIN links (p1 = p0 + 1 token, ...),
    each with a declared unit, every reference found by name in the scenario;
  * global lets with units (`let size_000001 = 1 GB * 2`), as many as fill the file;
  * MISSPELT lets that refer to a global with two letters swapped (`sizE_...` ->
    `iszE_...`): unknown names, each an E0316 error that may offer a "did you mean".

Usage: gen_limits.py [CHAIN=100000] [MISSPELT=1000] [BYTES=16777000] > FILE
With MISSPELT=0 the file checks (exit 0); otherwise `reckon check` reports MISSPELT errors.
"""
import sys

chain = int(sys.argv[1]) if len(sys.argv) > 1 else 100_000
misspelt = int(sys.argv[2]) if len(sys.argv) > 2 else 1000
budget = int(sys.argv[3]) if len(sys.argv) > 3 else 16_777_000

out = []
size = 0


def emit(line):
    global size
    out.append(line)
    size += len(line) + 1


emit("## A chain of properties, each typed by its declaration and found by name.")
emit("scenario Chain {")
emit("  input start: token = 1 token")
emit("  p0: token = start")
for i in range(1, chain):
    emit(f"  p{i}: token = p{i - 1} + 1 token")
emit("}")
emit("case Long = Chain()")
misspellings = [f"let wrong_{k:06d} = iszE_{k:06d} + 1 GB" for k in range(misspelt)]
reserve = sum(len(m) + 1 for m in misspellings)
k = 0
while True:
    line = f"let sizE_{k:06d} = {k % 1000 + 1} GB * 2"
    if size + len(line) + 1 + reserve > budget:
        break
    emit(line)
    k += 1
for m in misspellings:
    emit(m)
sys.stdout.write("\n".join(out) + "\n")
