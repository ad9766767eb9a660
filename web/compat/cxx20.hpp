// The C++17 and C++20 library parts the interpreter uses that Debian's emscripten 3.1.6
// ships without: its libc++ predates std::atomic_ref (P0019), std::bit_cast (P0476) and
// std::from_chars and std::to_chars of a double (P0067). For the
// web build only: web/dependencies.cmake forces this header into every translation unit.
// Each is defined only when the library lacks it, as the library's own would be.
#pragma once

#include <atomic>
#include <cerrno>
#include <charconv>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <type_traits>
#include <version>

namespace std {

#if !defined(__cpp_lib_atomic_ref)
// The wasm build has no threads; these are still the compiler's __atomic builtins on the
// referenced object, as libc++'s own atomic_ref is.
template <class T>
class atomic_ref {
 public:
  explicit atomic_ref(T& object) : object_(std::addressof(object)) {}
  T load(memory_order order = memory_order_seq_cst) const {
    return __atomic_load_n(object_, static_cast<int>(order));
  }
  void store(T value, memory_order order = memory_order_seq_cst) const {
    __atomic_store_n(object_, value, static_cast<int>(order));
  }
  T fetch_add(T value, memory_order order = memory_order_seq_cst) const {
    return __atomic_fetch_add(object_, value, static_cast<int>(order));
  }

 private:
  T* object_;
};
#endif

#if !defined(__cpp_lib_bit_cast)
template <class To, class From>
requires(sizeof(To) == sizeof(From) && is_trivially_copyable_v<To> &&
         is_trivially_copyable_v<From>) constexpr To bit_cast(const From& from) noexcept {
  return __builtin_bit_cast(To, from);
}
#endif

#if !defined(__cpp_lib_to_chars)
// from_chars of a double (chars_format::general) through strtod, which musl rounds
// correctly too: the same pattern (an optional '-', no leading space or '+', no
// hexadecimal: "0x1" reads the "0"), the same errors.
inline from_chars_result from_chars(const char* first, const char* last, double& value,
                                    chars_format = chars_format::general) {
  const char* p = first;
  if (p != last && *p == '-') ++p;
  const auto starts = [](char c) {
    return (c >= '0' && c <= '9') || c == '.' || c == 'i' || c == 'I' || c == 'n' || c == 'N';
  };
  if (p == last || !starts(*p)) return {first, errc::invalid_argument};
  std::string text(first, last);
  if (last - p > 1 && p[0] == '0' && (p[1] == 'x' || p[1] == 'X'))
    text.resize(static_cast<std::size_t>(p - first) + 1);
  char* end = nullptr;
  errno = 0;
  const double read = std::strtod(text.c_str(), &end);
  const char* stop = first + (end - text.c_str());
  if (end == text.c_str()) return {first, errc::invalid_argument};
  if (errno == ERANGE) return {stop, errc::result_out_of_range};
  value = read;
  return {stop, errc{}};
}

// The shortest text of a double that reads back to it, as to_chars's; in %g's notation,
// which may choose the exponent where to_chars would not (only messages print these).
inline to_chars_result to_chars(char* first, char* last, double value) {
  char text[32];
  int length = 0;
  for (int precision = 1; precision <= 17; ++precision) {
    length = std::snprintf(text, sizeof text, "%.*g", precision, value);
    if (std::strtod(text, nullptr) == value) break;
  }
  if (length > last - first) return {last, errc::value_too_large};
  std::memcpy(first, text, static_cast<std::size_t>(length));
  return {first + length, errc{}};
}
#endif

}  // namespace std
