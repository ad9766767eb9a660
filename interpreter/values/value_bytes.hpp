// What a value built at run time takes on the heap, as the memory budget counts it (E0514,
// Evaluator::count_built): its object and its elements, before the allocator rounds them
// up. A tuple of two is 192 bytes beside its 32-byte slot in a list, not the slot alone
// (`pairs(enumerate(1 .. 10000000))` took 4.6 GB while counted as 640 MB).
#pragma once

#include <cstddef>

#include "interpreter/values/value.hpp"

namespace reckon {

inline constexpr std::size_t tuple_bytes(std::size_t elements) {
  return sizeof(ListValue) + elements * sizeof(Value);
}
inline constexpr std::size_t record_bytes(std::size_t fields) {
  return sizeof(RecordValue) + fields * sizeof(Value);
}
inline constexpr std::size_t text_bytes(std::size_t characters) {
  return sizeof(TextValue) + characters;
}

// The sizes docs/errors.md (E0514) and docs/language.md ("Limits") state, on a 64-bit
// target: a change of a value's layout changes what the budget counts, and the docs with it.
static_assert(sizeof(void*) != 8 ||
              (tuple_bytes(0) == 128 && record_bytes(0) == 40 && text_bytes(0) == 48));

}  // namespace reckon
