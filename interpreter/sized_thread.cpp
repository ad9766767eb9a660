#include "interpreter/sized_thread.hpp"

#include <sys/resource.h>

#include <algorithm>
#include <system_error>

namespace reckon {

namespace {
thread_local bool sized = false;
}  // namespace

bool on_sized_stack() { return sized; }

std::uintptr_t recursion_stack_budget() {
  // A SizedThread's stack is sized_stack_bytes, whatever the limit.
  static_assert(max_recursion_stack_bytes + (4u << 20) <= sized_stack_bytes);
  // `sized` itself, not on_sized_stack(), which is not inlined: every Evaluator asks.
  if (sized) return max_recursion_stack_bytes;
  static const std::uintptr_t budget = [] {
    rlimit limit{};
    if (getrlimit(RLIMIT_STACK, &limit) != 0 || limit.rlim_cur == RLIM_INFINITY)
      return max_recursion_stack_bytes;
    auto bytes = static_cast<std::uintptr_t>(limit.rlim_cur);
    constexpr std::uintptr_t margin = 1u << 20;
    if (bytes <= 2 * margin) return bytes / 2;
    return std::min(max_recursion_stack_bytes, bytes - margin);
  }();
  return budget;
}

SizedThread::SizedThread(std::function<void()> body) : body_(std::move(body)) {
  pthread_attr_t attributes;
  if (int e = pthread_attr_init(&attributes); e != 0)
    throw std::system_error(e, std::generic_category(), "pthread_attr_init");
  int e = pthread_attr_setstacksize(&attributes, sized_stack_bytes);
  if (e == 0) e = pthread_create(&thread_, &attributes, &SizedThread::start, this);
  pthread_attr_destroy(&attributes);
  if (e != 0) throw std::system_error(e, std::generic_category(), "cannot start a thread");
}

SizedThread::~SizedThread() { pthread_join(thread_, nullptr); }

void* SizedThread::start(void* self) {
  sized = true;
  static_cast<SizedThread*>(self)->body_();
  return nullptr;
}

}  // namespace reckon
