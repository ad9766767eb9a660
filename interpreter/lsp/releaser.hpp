// Frees what the server no longer needs on a thread of its own: the tree and checker
// state of a replaced version of a large document take milliseconds to free, and freed
// on the serving thread they delayed the answer to the edit that came next.
// (docs/performance.md, "The language server").
#pragma once

#include <condition_variable>
#include <memory>
#include <mutex>
#include <vector>

#include "interpreter/api/evaluation.hpp"

namespace reckon::lsp {

class Releaser {
 public:
  Releaser() : thread_([this] { run(); }) {}
  ~Releaser() {
    {
      std::lock_guard lock(mutex_);
      stopping_ = true;
    }
    wake_.notify_one();
  }  // thread_, destroyed first, joins
  Releaser(const Releaser&) = delete;
  Releaser& operator=(const Releaser&) = delete;

  // Takes the last references to `garbage` (type-erased, whatever it holds).
  void release(std::vector<std::shared_ptr<void>> garbage) {
    if (garbage.empty()) return;
    {
      std::lock_guard lock(mutex_);
      for (auto& g : garbage) pending_.push_back(std::move(g));
    }
    wake_.notify_one();
  }

 private:
  void run() {
    std::unique_lock lock(mutex_);
    while (true) {
      wake_.wait(lock, [&] { return stopping_ || !pending_.empty(); });
      std::vector<std::shared_ptr<void>> now;
      now.swap(pending_);
      lock.unlock();
      now.clear();  // the destructors run here, outside the lock
      lock.lock();
      if (stopping_ && pending_.empty()) return;
    }
  }

  std::mutex mutex_;
  std::condition_variable wake_;
  std::vector<std::shared_ptr<void>> pending_;
  bool stopping_ = false;
  // Last: started once the members above exist. Sized as the serving thread is: freeing a
  // tree recurses as deep as the tree.
  SizedThread thread_;
};

}  // namespace reckon::lsp
