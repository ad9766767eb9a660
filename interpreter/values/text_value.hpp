// Texts built at run time (interpolation, `+`): their limit and how one is made.
#pragma once

#include <cstddef>
#include <string>

#include "interpreter/values/value.hpp"
#include "syntax/source.hpp"

namespace reckon {

// The longest text a program may build. Texts are for people to read; the limit stops
// a method that doubles a text on each call long before memory runs out (E0530).
inline constexpr std::size_t max_text_bytes = 1u << 20;

// E0530 at `at` if a text of `bytes` would be longer than max_text_bytes.
void check_text_size(std::size_t bytes, SourceRange at);

// A built text holding `s` (E0530 at `at` if it is too long).
Value built_text(std::string s, SourceRange at);

}  // namespace reckon
