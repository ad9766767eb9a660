"""Whether the seed-case benchmarks compute what `reckon eval` computes (bench/run).

Each implementation prints `value NAME BASE_VALUE` per property; `reckon eval --json`'s
`base_value` of each property is the reference. A benchmark of wrong formulas is
worthless, so both the full run and the smoke run (`bench/run --smoke`) fail on a
relative difference over 1e-12, a property missing, or one `reckon eval` lacks.

Usage: agree.py DIR REFERENCE LABEL=FILE...   (files in DIR; exit 1 on a disagreement)
"""
import os
import sys

TOLERANCE = 1e-12


def read(path):
    """(values, times) of a benchmark's output: `value NAME X`, `time NAME NS|n/a`, `cores N`."""
    values, times = {}, {}
    for line in open(path):
        f = line.split()
        if len(f) == 3 and f[0] == "value":
            values[f[1]] = float(f[2])
        elif len(f) == 3 and f[0] == "time":
            times[f[1]] = None if f[2] == "n/a" else float(f[2])
        elif len(f) == 2 and f[0] == "cores":
            times["cores"] = int(f[1])
    return values, times


def compare(reference, implementations):
    """(largest relative difference per label, problems) of each label's values."""
    worst, bad = {}, []
    if not reference:
        bad.append("reckon eval gave no values")
    for label, vals in implementations:
        w = 0.0
        for name, ref in reference.items():
            if name not in vals:
                bad.append(f"{label}: no value for {name}")
                continue
            v = vals[name]
            rel = 0.0 if v == ref else abs(v - ref) / max(abs(v), abs(ref))
            w = max(w, rel)
            if not rel <= TOLERANCE:
                bad.append(f"{label}: {name} = {v!r}, reckon eval says {ref!r} (relative {rel:.3g})")
        if set(vals) - set(reference):
            bad.append(f"{label}: properties reckon eval lacks: {sorted(set(vals) - set(reference))}")
        worst[label] = w
    return worst, bad


def main():
    out, reference = sys.argv[1], sys.argv[2]
    ref, _ = read(os.path.join(out, reference))
    pairs = [arg.split("=", 1) for arg in sys.argv[3:]]
    worst, bad = compare(ref, [(label, read(os.path.join(out, f))[0]) for label, f in pairs])
    for b in bad:
        print("  " + b, file=sys.stderr)
    if bad:
        return 1
    print(f"values: {', '.join(worst)} agree with `reckon eval --json` on all {len(ref)} "
          f"properties (largest relative difference: "
          + ", ".join(f"{k} {v:.1g}" for k, v in worst.items()) + ")")
    return 0


if __name__ == "__main__":
    sys.exit(main())
