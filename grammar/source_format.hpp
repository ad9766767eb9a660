// `reckon fmt`: the canonical layout of a Reckon file (docs/formatting.md).
//
// A layout pass over the file's tokens, comments included: only whitespace changes.
// Every token and comment is kept, in order; the author's line breaks are kept (a file
// is never joined into fewer lines), and new breaks are added only where the grammar
// lets a line break fall (after a comma, after `=`, before a binary operator), so the
// text means what it meant. `reckon fmt` also parses both texts and compares their
// trees (syntax/ast_dump.hpp) before writing anything.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace reckon {

// Lines longer than this are broken where a break may fall (the project's
// .clang-format uses the same width for C++).
inline constexpr std::size_t format_line_width = 100;

// `text` laid out canonically. `text` should parse (the caller checks): on text that
// does not, the result keeps every token but is otherwise unspecified.
std::string format_source(std::string_view text);

}  // namespace reckon
