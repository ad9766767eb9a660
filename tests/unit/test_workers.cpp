// The threads a sweep keeps from block to block (interpreter/sweep/workers.hpp): every
// part runs exactly once per call, whatever the number of parts, and the caller's
// thread runs the last one.
#include <pthread.h>

#include <atomic>
#include <catch2/catch.hpp>
#include <chrono>
#include <stdexcept>
#include <thread>
#include <vector>

#include "interpreter/sweep/workers.hpp"

using reckon::sweep::Workers;

TEST_CASE("workers run each part once per call, for any number of parts", "[sweep]") {
  Workers workers(3);
  REQUIRE(workers.helpers() == 3);
  std::vector<std::atomic<int>> runs(4);
  std::vector<int> expected(4, 0);
  // Many calls in a row, with fewer parts than threads in some: a helper without a part
  // must skip that call and still take its part in the next.
  for (unsigned call = 0; call < 2000; ++call) {
    const unsigned parts = call % 4 + 1;
    workers.run(parts, [&](unsigned j) { runs[j].fetch_add(1); });
    for (unsigned j = 0; j < parts; ++j) ++expected[j];
  }
  for (unsigned j = 0; j < 4; ++j) CHECK(runs[j].load() == expected[j]);
}

TEST_CASE("workers: the last part runs on the calling thread", "[sweep]") {
  Workers workers(1);
  std::thread::id ids[2];
  workers.run(2, [&](unsigned j) { ids[j] = std::this_thread::get_id(); });
  CHECK(ids[1] == std::this_thread::get_id());
  CHECK(ids[0] != std::this_thread::get_id());
  // run() returns only when every part has finished, so results are visible after it.
  std::vector<int> out(2, 0);
  workers.run(2, [&](unsigned j) { out[j] = static_cast<int>(j) + 10; });
  CHECK(out == std::vector<int>{10, 11});
}

TEST_CASE("workers: a part that throws is rethrown after every part has finished", "[sweep]") {
  Workers workers(1);
  for (unsigned thrower : {0u, 1u}) {  // on the helper, then on the calling thread
    std::atomic<int> finished{0};
    CHECK_THROWS_WITH(workers.run(2,
                                  [&](unsigned j) {
                                    if (j == thrower) throw std::runtime_error("part failed");
                                    // The other part is still running when the throw
                                    // happens; run() must wait for it.
                                    std::this_thread::sleep_for(std::chrono::milliseconds(20));
                                    ++finished;
                                  }),
                      "part failed");
    CHECK(finished.load() == 1);
  }
  // The pool is still usable afterwards.
  std::vector<int> out(2, 0);
  workers.run(2, [&](unsigned j) { out[j] = 1; });
  CHECK(out == std::vector<int>{1, 1});
}

TEST_CASE("workers: more parts than threads is refused", "[sweep]") {
  Workers workers(1);
  CHECK_THROWS_AS(workers.run(3, [](unsigned) {}), std::invalid_argument);
}

// glibc sizes a new thread's stack by `ulimit -s`, and gives only 2 MiB when it is
// `unlimited`: a sweep's evaluation, allowed 4 MiB (Evaluator::stack_budget), then
// overflowed. Helpers get sized_stack_bytes whatever the limit (on main they had the
// limit's 8 MiB under ctest, 2 MiB under `ulimit -s unlimited`).
TEST_CASE("workers: helpers have a stack of sized_stack_bytes, whatever ulimit -s", "[sweep]") {
  Workers workers(2);
  std::vector<std::size_t> sizes(3, 0);
  std::vector<int> sized(3, 0);  // not vector<bool>: its bits share bytes across threads
  workers.run(3, [&](unsigned j) {
    pthread_attr_t attributes;
    REQUIRE(pthread_getattr_np(pthread_self(), &attributes) == 0);
    pthread_attr_getstacksize(&attributes, &sizes[j]);
    pthread_attr_destroy(&attributes);
    sized[j] = reckon::on_sized_stack();
  });
  for (unsigned j = 0; j < 2; ++j) {
    CHECK(sizes[j] == reckon::sized_stack_bytes);
    CHECK(sized[j]);
  }
  CHECK_FALSE(sized[2]);  // the caller's own thread (Catch2's main thread)
}
