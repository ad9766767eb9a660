#include "interpreter/sweep/workers.hpp"

namespace reckon::sweep {

Workers::Workers(unsigned helpers) {
  threads_.reserve(helpers);
  for (unsigned i = 0; i < helpers; ++i) threads_.emplace_back([this, i] { loop(i); });
}

Workers::~Workers() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  start_.notify_all();
  for (std::thread& t : threads_) t.join();
}

void Workers::run(unsigned parts, const std::function<void(unsigned)>& task) {
  if (parts == 0) return;
  const unsigned helping = parts - 1;
  {
    std::lock_guard lock(mutex_);
    task_ = &task;
    parts_ = parts;
    running_ = helping;
    ++generation_;
  }
  if (helping > 0) start_.notify_all();
  task(helping);  // the caller takes the last part
  std::unique_lock lock(mutex_);
  finished_.wait(lock, [&] { return running_ == 0; });
  task_ = nullptr;
}

void Workers::loop(unsigned index) {
  std::uint64_t seen = 0;
  std::unique_lock lock(mutex_);
  for (;;) {
    start_.wait(lock, [&] { return stopping_ || generation_ != seen; });
    if (stopping_) return;
    seen = generation_;
    if (index + 1 >= parts_) continue;  // fewer parts than helpers this time
    const std::function<void(unsigned)>* task = task_;
    lock.unlock();
    (*task)(index);
    lock.lock();
    if (--running_ == 0) finished_.notify_one();
  }
}

}  // namespace reckon::sweep
