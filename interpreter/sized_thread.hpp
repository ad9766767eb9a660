// Threads whose stack size Reckon chooses, not `ulimit -s`. glibc gives a new thread
// the stack limit as its size, but only 2 MiB when the limit is `unlimited`, and the
// main thread gets whatever the limit is: the evaluator's and the checker's stack
// budgets (Evaluator::stack_budget) hold only on a stack known to be large enough.
#pragma once

#include <pthread.h>

#include <cstddef>
#include <cstdint>
#include <exception>
#include <functional>

namespace reckon {

// The stack of every thread Reckon starts: the evaluator's 4 MiB budget, with room
// for the parser, the loader and the frames above the budget's base (larger under
// sanitizers). Only the pages a thread touches are committed.
inline constexpr std::size_t sized_stack_bytes = 16u << 20;

// Whether the calling thread was started by SizedThread (so has sized_stack_bytes).
bool on_sized_stack();

// Native stack the evaluator and the checker may use below the frame that starts them.
// Deeply nested expressions inside deeply nested properties could otherwise overflow the
// stack (8 MiB by default, and frames are larger under sanitizers) before a depth limit is met.
inline constexpr std::uintptr_t max_recursion_stack_bytes = 4u << 20;
// What they actually allow: max_recursion_stack_bytes on a SizedThread (where every command
// and sweep worker runs); elsewhere (unit tests on the main thread) the same, or less when
// the process's stack is smaller (`ulimit -s`): then 1 MiB of it (half, below 2 MiB) stays
// for the frames above and for reporting the error.
std::uintptr_t recursion_stack_budget();

// A joinable thread with a stack of sized_stack_bytes, joined by its destructor.
class SizedThread {
 public:
  // Throws std::system_error when the thread cannot be started (no memory for its stack).
  explicit SizedThread(std::function<void()> body);
  ~SizedThread();
  SizedThread(const SizedThread&) = delete;
  SizedThread& operator=(const SizedThread&) = delete;

 private:
  static void* start(void* self);
  std::function<void()> body_;
  pthread_t thread_{};
};

// Runs `body` on a SizedThread and waits for it; what it throws is rethrown here.
template <typename Body>
auto on_sized_thread(Body body) -> decltype(body()) {
  std::exception_ptr failure;
  decltype(body()) result{};
  {
    SizedThread thread([&] {
      try {
        result = body();
      } catch (...) {
        failure = std::current_exception();
      }
    });
  }
  if (failure) std::rethrow_exception(failure);
  return result;
}

}  // namespace reckon
