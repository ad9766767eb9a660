#!/usr/bin/env python3
"""CPU time and page faults of one-shot commands, run alternately (issue #28's start-up).

On a shared machine wall times move with other people's work; the CPU time a process
was given (user + system, from wait4) and its minor page faults move much less, and
running the commands in turn, many times, exposes them to the same load. Prints, per
command, the median, lower quartile and least CPU time, and the median page faults.

Usage: startup_cpu.py [--runs N] RECKON
  compares `RECKON eval '2048 * 4 * 12288 * 34 B -> GB'` with GNU units' `units -t
  '2048 * 4 * 12288 * 34 bytes' 'GB'` (bench/run's start-up step) and an empty static
  C++ program (the floor of any static executable: exec, mapping, exit), when g++ can
  build one. Several RECKON binaries may be given, to compare builds.
"""
import argparse
import os
import shutil
import statistics
import subprocess
import tempfile

CONVERSION = "2048 * 4 * 12288 * 34 B -> GB"
UNITS = ["units", "-t", "2048 * 4 * 12288 * 34 bytes", "GB"]


def run_once(argv, devnull):
    """CPU milliseconds (user + system) and minor page faults of one run of argv."""
    pid = os.posix_spawnp(argv[0], argv, os.environ,
                          file_actions=[(os.POSIX_SPAWN_DUP2, devnull, 1)])
    _, status, usage = os.wait4(pid, 0)
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"{' '.join(argv)} failed")
    return (usage.ru_utime + usage.ru_stime) * 1000, usage.ru_minflt


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=200)
    parser.add_argument("reckon", nargs="+")
    args = parser.parse_args()
    commands = [(f"{r} eval '{CONVERSION}'", [r, "eval", CONVERSION]) for r in args.reckon]
    if shutil.which("units"):
        commands.append(("units -t '2048 * 4 * 12288 * 34 bytes' 'GB'", UNITS))
    with tempfile.TemporaryDirectory() as work:
        empty = os.path.join(work, "empty")
        source = os.path.join(work, "empty.cpp")
        with open(source, "w") as f:
            f.write("int main() {}\n")
        if subprocess.run(["g++", "-O2", "-static", source, "-o", empty],
                          capture_output=True).returncode == 0:
            commands.append(("int main() {} (g++ -O2 -static)", [empty]))
        devnull = os.open(os.devnull, os.O_WRONLY)
        times = [[] for _ in commands]
        faults = [[] for _ in commands]
        for _ in range(args.runs):
            for k, (_, argv) in enumerate(commands):
                cpu, minflt = run_once(argv, devnull)
                times[k].append(cpu)
                faults[k].append(minflt)
    print(f"{'command':60s} {'median':>8s} {'q1':>8s} {'least':>8s} {'faults':>7s}  (CPU ms, {args.runs} runs)")
    for k, (name, _) in enumerate(commands):
        t = sorted(times[k])
        print(f"{name[:60]:60s} {statistics.median(t):8.2f} {t[len(t) // 4]:8.2f} {t[0]:8.2f} "
              f"{statistics.median(faults[k]):7.0f}")


if __name__ == "__main__":
    main()
