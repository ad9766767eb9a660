// Timing for the C++ benchmarks: ns per iteration of `body(n)` (which runs n iterations
// and returns a number that goes to a volatile sink, so the work cannot be dropped),
// as the fastest of `samples` samples of about `ms` milliseconds each, after a
// calibration run that also warms caches and branch predictors; several benchmarks
// take their samples in turns (Interleaved). The fastest sample, not the median: on a
// shared machine other processes only ever add time to a sample.
//
// One thread is timed by its own CPU time (CLOCK_THREAD_CPUTIME_ID), so that time the
// thread spends descheduled while other processes run does not count: the machines this
// runs on are shared. Several threads are timed by the wall clock, which is what their
// scaling is about (and which only means something on otherwise idle cores).
#pragma once

#include <time.h>

#include <algorithm>
#include <functional>
#include <limits>
#include <string>
#include <thread>
#include <utility>
#include <vector>

namespace reckon::bench {

inline volatile double sink;

enum class Clock { thread_cpu, wall };

inline double now_ns(Clock clock) {
  timespec t{};
  clock_gettime(clock == Clock::thread_cpu ? CLOCK_THREAD_CPUTIME_ID : CLOCK_MONOTONIC, &t);
  return static_cast<double>(t.tv_sec) * 1e9 + static_cast<double>(t.tv_nsec);
}

// How many iterations make a sample of about `ms` milliseconds (the calibration run
// also warms caches and branch predictors).
template <typename Body>
long calibrate(double ms, Body& body, Clock clock) {
  long n = 16;
  for (;;) {
    double t0 = now_ns(clock);
    sink = body(n);
    double elapsed_ms = (now_ns(clock) - t0) / 1e6;
    if (elapsed_ms > ms / 4) return static_cast<long>(static_cast<double>(n) * ms / elapsed_ms) + 1;
    n *= 4;
  }
}

template <typename Body>
double sample_ns(Body& body, long n, Clock clock) {
  double t0 = now_ns(clock);
  sink = body(n);
  return (now_ns(clock) - t0) / static_cast<double>(n);
}

template <typename Body>
double ns_per_iteration(double ms, int samples, Body body, Clock clock = Clock::thread_cpu) {
  const long n = calibrate(ms, body, clock);
  double best = sample_ns(body, n, clock);
  for (int k = 1; k < samples; ++k) best = std::min(best, sample_ns(body, n, clock));
  return best;
}

// `body` (thread_index, iterations) on `threads` threads, each given n / threads of
// the n iterations: a body for wall-clock timing, where ideal scaling divides the
// 1-thread time by `threads`. `body` must only share read-only state.
template <typename Body>
std::function<double(long)> on_threads(unsigned threads, Body body) {
  return [threads, body](long n) {
    long each = std::max(1L, n / static_cast<long>(threads));
    std::vector<double> results(threads);
    std::vector<std::thread> pool;
    for (unsigned t = 0; t < threads; ++t)
      pool.emplace_back([&, t] { results[t] = body(t, each); });
    for (auto& th : pool) th.join();
    double acc = 0;
    for (double r : results) acc += r;
    return acc;
  };
}

// Several benchmarks measured in turns: each is calibrated, then every round takes one
// sample of each. Interference from other processes comes in stretches that can outlast
// all the samples of one benchmark taken back to back (seen: a fresh case measured at
// 1.47 us in a run where a strictly larger one, measured next, took 962 ns); in turns, a
// stretch spoils a sample of each benchmark rather than every sample of one, and the
// benchmarks compared with each other see the same machine.
class Interleaved {
 public:
  // `per`: iterations' worth of one call of `body` (a block of sweep points, say).
  void add(std::string name, std::function<double(long)> body, Clock clock = Clock::thread_cpu,
           double per = 1) {
    benchmarks_.push_back({std::move(name), std::move(body), clock, per});
  }
  // Runs `samples` rounds; then each benchmark's name and its fastest sample, in ns per
  // iteration, in the order added.
  std::vector<std::pair<std::string, double>> run(double ms, int samples) {
    for (Benchmark& b : benchmarks_) b.n = calibrate(ms, b.body, b.clock);
    for (int k = 0; k < samples; ++k)
      for (Benchmark& b : benchmarks_) b.best = std::min(b.best, sample_ns(b.body, b.n, b.clock));
    std::vector<std::pair<std::string, double>> out;
    for (const Benchmark& b : benchmarks_) out.emplace_back(b.name, b.best / b.per);
    return out;
  }

 private:
  struct Benchmark {
    std::string name;
    std::function<double(long)> body;
    Clock clock;
    double per;
    long n = 0;
    double best = std::numeric_limits<double>::infinity();
  };
  std::vector<Benchmark> benchmarks_;
};

}  // namespace reckon::bench
