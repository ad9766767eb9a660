#include "interpreter/sized_thread.hpp"

#include <system_error>

namespace reckon {

namespace {
thread_local bool sized = false;
}  // namespace

bool on_sized_stack() { return sized; }

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
