// Lists in the language (docs/language.md, "Lists"): their limits. The checking is
// check_lists.cpp (through check_context.hpp), the evaluation evaluate_lists.cpp, which
// binds locals through local_frame.hpp.
#pragma once

#include <cstddef>

#include "syntax/ast.hpp"

namespace reckon {

// The most elements one list may have (E0522): 32 bytes each (8 packed), so a list at the limit
// takes 320 MB. A million elements is an ordinary size.
inline constexpr std::size_t max_list_length = 10'000'000;

// E0522: a list of `count` elements would be longer than max_list_length.
[[noreturn]] void list_too_long(const Expr& at, double count);

}  // namespace reckon
