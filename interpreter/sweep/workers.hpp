// Threads kept for the length of a sweep. A sweep runs block after block (a few
// milliseconds each, so that Ctrl-C and the progress bar stay responsive); starting
// threads for every block cost more than the second core gave back on the machines
// measured in docs/performance.md. The threads are SizedThreads: the evaluator's stack
// budget holds on them whatever `ulimit -s` says.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <exception>
#include <functional>
#include <memory>
#include <mutex>
#include <vector>

#include "interpreter/sized_thread.hpp"

namespace reckon::sweep {

class Workers {
 public:
  // `helpers` threads besides the caller's.
  // Throws std::system_error when a thread cannot be started.
  explicit Workers(unsigned helpers);
  ~Workers();
  Workers(const Workers&) = delete;
  Workers& operator=(const Workers&) = delete;

  unsigned helpers() const { return static_cast<unsigned>(threads_.size()); }

  // Runs task(0), ..., task(parts - 1), the last on the calling thread, and returns
  // when all have finished; then, if any part threw, rethrows the first exception
  // caught (the others are dropped). At most helpers() + 1 parts (std::invalid_argument).
  void run(unsigned parts, const std::function<void(unsigned)>& task);

 private:
  void loop(unsigned index);
  void stop();

  std::mutex mutex_;
  std::condition_variable start_, finished_;
  const std::function<void(unsigned)>* task_ = nullptr;
  unsigned parts_ = 0;
  unsigned running_ = 0;          // helpers still on the current generation's task
  std::uint64_t generation_ = 0;  // one per run()
  bool stopping_ = false;
  std::exception_ptr failure_;  // the first exception a part of this run threw
  std::vector<std::unique_ptr<SizedThread>> threads_;
};

}  // namespace reckon::sweep
