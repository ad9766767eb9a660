// Timing for the C++ benchmarks: ns per iteration of `body(n)` (which runs n iterations
// and returns a number that goes to a volatile sink, so the work cannot be dropped),
// as the fastest of `samples` samples of about `ms` milliseconds each, after a
// calibration run that also warms caches and branch predictors. The fastest sample, not
// the median: on a shared machine other processes only ever add time to a sample.
//
// One thread is timed by its own CPU time (CLOCK_THREAD_CPUTIME_ID), so that time the
// thread spends descheduled while other processes run does not count: the machines this
// runs on are shared. Several threads are timed by the wall clock, which is what their
// scaling is about (and which only means something on otherwise idle cores).
#pragma once

#include <time.h>

#include <algorithm>
#include <thread>
#include <vector>

namespace reckon::bench {

inline volatile double sink;

enum class Clock { thread_cpu, wall };

inline double now_ns(Clock clock) {
  timespec t{};
  clock_gettime(clock == Clock::thread_cpu ? CLOCK_THREAD_CPUTIME_ID : CLOCK_MONOTONIC, &t);
  return static_cast<double>(t.tv_sec) * 1e9 + static_cast<double>(t.tv_nsec);
}

template <typename Body>
double ns_per_iteration(double ms, int samples, Body body, Clock clock = Clock::thread_cpu) {
  long n = 16;
  for (;;) {
    double t0 = now_ns(clock);
    sink = body(n);
    double elapsed_ms = (now_ns(clock) - t0) / 1e6;
    if (elapsed_ms > ms / 4) {
      n = static_cast<long>(static_cast<double>(n) * ms / elapsed_ms) + 1;
      break;
    }
    n *= 4;
  }
  std::vector<double> ns;
  for (int k = 0; k < samples; ++k) {
    double t0 = now_ns(clock);
    sink = body(n);
    ns.push_back((now_ns(clock) - t0) / static_cast<double>(n));
  }
  return *std::min_element(ns.begin(), ns.end());
}

// `threads` threads each running body(thread_index, n / threads): wall-clock ns per
// iteration of all of them together (so ideal scaling divides the 1-thread time by
// `threads`). `body` must only share read-only state.
template <typename Body>
double ns_per_iteration_threads(double ms, int samples, unsigned threads, Body body) {
  return ns_per_iteration(
      ms, samples,
      [&](long n) {
        long each = std::max(1L, n / static_cast<long>(threads));
        std::vector<double> results(threads);
        std::vector<std::thread> pool;
        for (unsigned t = 0; t < threads; ++t)
          pool.emplace_back([&, t] { results[t] = body(t, each); });
        for (auto& th : pool) th.join();
        double acc = 0;
        for (double r : results) acc += r;
        return acc;
      },
      Clock::wall);
}

}  // namespace reckon::bench
