// The baseline of bench/sets.sh: a set of 1,000,000 texts built and intersected with
// another, as a plain std::unordered_set loop. The texts ("t0" .. "t999999" and "t500000"
// .. "t1499999") are made first and not timed, as bench/sets.sh subtracts Reckon's making
// of its lists; the sets hold views of them, as a Reckon set holds its texts by reference.
// Prints the best of 10 runs in ms of the thread's CPU time (on a loaded machine wall time
// measures the other processes).
#include <time.h>

#include <algorithm>
#include <cstdio>
#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

namespace {
double cpu_ms() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) * 1e3 + static_cast<double>(t.tv_nsec) / 1e6;
}
std::vector<std::string> texts(int from, int to) {
  std::vector<std::string> out;
  for (int i = from; i <= to; ++i) out.push_back("t" + std::to_string(i));
  return out;
}
}  // namespace

int main(int argc, char** argv) {
  const int n = argc > 1 ? std::atoi(argv[1]) : 1000000;
  const auto a = texts(0, n - 1);
  const auto b = texts(n / 2, n / 2 + n - 1);
  double best = 1e9;
  std::size_t common = 0;
  for (int run = 0; run < 10; ++run) {
    const double t0 = cpu_ms();
    std::unordered_set<std::string_view> sa(a.begin(), a.end());
    std::unordered_set<std::string_view> sb(b.begin(), b.end());
    std::unordered_set<std::string_view> both;
    for (std::string_view x : sa)
      if (sb.contains(x)) both.insert(x);
    best = std::min(best, cpu_ms() - t0);
    common = both.size();
  }
  std::printf(
      "c++ std::unordered_set: two sets of %d texts built and intersected: %.1f ms CPU "
      "(%zu in both)\n",
      n, best, common);
}
