#!/usr/bin/env bash
# A 100,000-request trace replayed end to end (issue #15's target: under 50 ms): one
# server that serves in arrival order, written as a `scan` whose state is a record
# (docs/language.md, "Builtins over lists"), then the mean, p50, p99 and worst latency.
# The trace is drawn by Python with a fixed seed (exponential gaps of mean 1 ms, service
# 0.8 ms, so the server is busy 80% of the time and queues form), and the file checks
# Reckon's answers against Python's replay of the same trace (statistics.quantiles with
# method="inclusive" for p50 and p99), so a fast wrong answer fails. Prints the least CPU
# time of `check`, `eval Trace.p99` and `run` over RUNS runs, then the wall time (least and
# median) of `eval Trace.p99` and of `run` on a terminal.
#
# Usage: bench/trace_replay.sh [PATH/TO/reckon] [RUNS] [REQUESTS]
#        (from the repository root; defaults build/reckon, 20, 100000)
set -euo pipefail
cd "$(dirname "$0")/.."
reckon=$(realpath "${1:-build/reckon}")
runs=${2:-20}
requests=${3:-100000}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

python3 - "$requests" >"$work/trace.rk" <<'PY'
import random, statistics, sys

n = int(sys.argv[1])
rng = random.Random(15)
t, arrivals = 0.0, []
for _ in range(n):
    t += round(rng.expovariate(1.0), 3)  # ms, to the microsecond
    arrivals.append(round(t, 3))
service = 0.8
# Replayed in seconds, as Reckon holds `x ms` (x * 0.001), so both do the same
# floating-point operations: max, +, - and a sum from left to right.
free, latencies = 0.0, []
for a in arrivals:
    start = max(free, a * 0.001)
    free = start + service * 0.001
    latencies.append(free - a * 0.001)
q = statistics.quantiles(latencies, n=100, method="inclusive")  # type 7
print("record Served {\n  finish: ms\n  latency: ms\n}")
print("scenario Replay {")
print("  input arrivals: [ms] = [" + ", ".join(f"{a!r} ms" for a in arrivals) + "]")
print(f"  input service: ms = {service} ms")
print("  served: [Served] = scan(arrivals, Served(finish: 0 ms, latency: 0 ms),")
print("    (previous, t) => Served(finish: max(previous.finish, t) + service,")
print("                            latency: max(previous.finish, t) + service - t))")
print("  latencies: [ms] = [r.latency for r in served]")
print("  mean_latency: ms = mean(latencies)")
print("  p50: ms = quantile(latencies, 0.5)")
print("  p99: ms = quantile(latencies, 0.99)")
print("  worst: ms = max(latencies)")
print("  last_finish: ms = last(served).finish")
print("}")
print("case Trace = Replay()")
# Python's type 7 interpolates in another order than Reckon: a few ulps apart, well
# within `==`'s 1e-12.
print(f"check Trace.mean_latency == {sum(latencies) / len(latencies)!r} s")
print(f"check Trace.p50 == {q[49]!r} s")
print(f"check Trace.p99 == {q[98]!r} s")
print(f"check Trace.worst == {max(latencies)!r} s")
print(f"check Trace.last_finish == {free!r} s")
PY

"$reckon" run "$work/trace.rk" >"$work/out.txt" 2>&1 || { tail -20 "$work/out.txt"; exit 1; }
grep -q "^all 5 checks hold" "$work/out.txt" || { tail -20 "$work/out.txt"; exit 1; }
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
echo "date: $(date -u +%Y-%m-%d); requests: $requests; file: $(wc -c <"$work/trace.rk") bytes"
grep -E "^    (mean_latency|p50|p99|worst) " "$work/out.txt"
# CPU time (user + system, from /usr/bin/time) rather than wall time: the machine these
# run on is shared, and waiting for a core is not Reckon's work. Three commands on the same
# file: `check` parses and checks it; `eval Trace.p99` does that and replays the trace
# (scan, comprehension, quantile); `run` also prints every property, 100,000-element
# lists included. The difference of the first two is the replay's own cost.
cpu_ms() {  # least CPU ms of $runs runs of "$@"
  local least="" t
  for ((i = 0; i < runs; i++)); do
    /usr/bin/time -o "$work/time" -f '%U %S' "$@" >/dev/null 2>&1
    t=$(awk '{ printf "%d", ($1 + $2) * 1000 }' "$work/time")
    [[ -z "$least" || $t -lt $least ]] && least=$t
  done
  echo "$least"
}
check=$(cpu_ms "$reckon" check "$work/trace.rk")
replay=$(cpu_ms "$reckon" eval "$work/trace.rk" Trace.p99)
run=$(cpu_ms "$reckon" run "$work/trace.rk")
echo "least CPU time over $runs runs (10 ms resolution):"
echo "  reckon check (parse + check):            $check ms"
echo "  reckon eval Trace.p99 (+ the replay):    $replay ms   replay alone: $((replay - check)) ms"
echo "  reckon run (+ printing every property):  $run ms"
# The target itself: wall time end to end, start to exit, of `eval Trace.p99` and of `run`
# on a terminal (a pseudo-terminal, where long lists are elided as a user sees them).
python3 - "$runs" "$reckon" "$work/trace.rk" <<'PY'
import os, pty, statistics, subprocess, sys, time

runs, reckon, trace = int(sys.argv[1]), sys.argv[2], sys.argv[3]

def on_terminal(command):
    pid, fd = pty.fork()
    if pid == 0:
        os.execv(command[0], command)
    while True:
        try:
            if not os.read(fd, 65536):
                break
        except OSError:
            break
    os.waitpid(pid, 0)

def wall_ms(run_once):
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        run_once()
        times.append((time.perf_counter() - start) * 1000)
    return f"least {min(times):.1f} ms, median {statistics.median(times):.1f} ms"

evaluate = [reckon, "eval", trace, "Trace.p99"]
print(f"wall time over {runs} runs (load average {os.getloadavg()[0]:.2f}):")
print("  reckon eval Trace.p99:    " +
      wall_ms(lambda: subprocess.run(evaluate, stdout=subprocess.DEVNULL, check=True)))
print("  reckon run, on a terminal: " + wall_ms(lambda: on_terminal([reckon, "run", trace])))
PY
