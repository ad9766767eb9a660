// The baseline of bench/lists.sh: what a comprehension over a million numbers and a sum
// of them do, as plain C++ loops over doubles. Prints the best of 20 runs, in ms, for
// making 1 .. 1e6, for [x * 2 for x in it] (a new vector each time, as the comprehension
// makes a list) and for its sum (left to right, as Reckon's `sum`).
// CPU time of the thread, as bench/lists.sh takes Reckon's: on a loaded machine wall time
// measures the other processes.
#include <time.h>

#include <algorithm>
#include <cstdio>
#include <vector>

namespace {
double cpu_ms() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) * 1e3 + static_cast<double>(t.tv_nsec) / 1e6;
}
}  // namespace

int main() {
  double best_range = 1e9, best_map = 1e9, best_sum = 1e9, sink = 0;
  for (int run = 0; run < 20; ++run) {
    double t0 = cpu_ms();
    std::vector<double> xs;
    xs.reserve(1000000);
    for (int i = 1; i <= 1000000; ++i) xs.push_back(i);
    double t1 = cpu_ms();
    std::vector<double> doubled;
    doubled.reserve(xs.size());
    for (double x : xs) doubled.push_back(x * 2);
    double t2 = cpu_ms();
    double total = 0;
    for (double x : xs) total += x;
    double t3 = cpu_ms();
    sink += doubled.back() + total;
    best_range = std::min(best_range, t1 - t0);
    best_map = std::min(best_map, t2 - t1);
    best_sum = std::min(best_sum, t3 - t2);
  }
  std::printf(
      "c++ 1 .. 1e6: %.2f ms CPU\nc++ [x * 2 for x in ...]: %.2f ms CPU\nc++ sum of 1 .. 1e6: %.2f "
      "ms "
      "CPU\n(checksum %.0f)\n",
      best_range, best_map, best_sum, sink);
}
