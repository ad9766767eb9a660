#include "interpreter/sweep/workers.hpp"

#include <stdexcept>

namespace reckon::sweep {

Workers::Workers(unsigned helpers) {
  threads_.reserve(helpers);
  try {
    for (unsigned i = 0; i < helpers; ++i)
      threads_.push_back(std::make_unique<SizedThread>([this, i] { loop(i); }));
  } catch (...) {
    stop();  // the threads already started wait for work that will not come
    throw;
  }
}

Workers::~Workers() { stop(); }

void Workers::stop() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  start_.notify_all();
  threads_.clear();  // each SizedThread joins as it goes
}

void Workers::run(unsigned parts, const std::function<void(unsigned)>& task) {
  if (parts == 0) return;
  if (parts > helpers() + 1) throw std::invalid_argument("Workers::run: more parts than threads");
  const unsigned helping = parts - 1;
  {
    std::lock_guard lock(mutex_);
    task_ = &task;
    parts_ = parts;
    running_ = helping;
    failure_ = nullptr;
    ++generation_;
  }
  if (helping > 0) start_.notify_all();
  std::exception_ptr mine;
  try {
    task(helping);  // the caller takes the last part
  } catch (...) {
    mine = std::current_exception();
  }
  // The helpers use `task` and what it refers to: they finish before anything unwinds.
  std::unique_lock lock(mutex_);
  finished_.wait(lock, [&] { return running_ == 0; });
  task_ = nullptr;
  std::exception_ptr failure = mine ? mine : failure_;
  failure_ = nullptr;
  lock.unlock();
  if (failure) std::rethrow_exception(failure);
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
    std::exception_ptr failure;
    try {
      (*task)(index);
    } catch (...) {
      failure = std::current_exception();
    }
    lock.lock();
    if (failure && !failure_) failure_ = failure;
    if (--running_ == 0) finished_.notify_one();
  }
}

}  // namespace reckon::sweep
