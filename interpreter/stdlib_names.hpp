// What a program names, read from its text without parsing it: with the index of the
// names each standard library module declares (Library::declarations), enough for the
// loader to parse only the modules a program needs (LazyStdlib). It over-approximates
// (a field's name or a unit counts as named), which costs a module parsed for nothing;
// a name it missed would fail the lazy load's check, which is then done again whole.
#pragma once

#include <array>
#include <string_view>
#include <vector>

namespace reckon {

// Calls `f` with every word of `text` that code may name something with: each longest
// run of letters, digits, `_` and bytes of multibyte UTF-8 outside comments, documentation
// (`#`, `##`) and strings, but inside a string's interpolations (`"{x -> GB}"`). Text a
// parse would reject still gives its words (a string left open ends at its line).
template <typename F>
void for_each_word(std::string_view text, F&& f) {
  // Each byte's part in the scan, looked up: a program is read byte by byte.
  enum : unsigned char { other, word, special };
  static constexpr auto kinds = [] {
    std::array<unsigned char, 256> k{};
    for (int c = 0; c < 256; ++c)
      k[c] = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                     c == '_' || c >= 0x80
                 ? word
                 : other;
    for (unsigned char c : {'#', '"', '{', '}'}) k[c] = special;
    return k;
  }();
  auto kind = [&](std::size_t i) { return kinds[static_cast<unsigned char>(text[i])]; };
  // What is being read: code, or a string; a string's interpolation is code again, and
  // ends at the `}` that closes its first `{`. `braces` counts the code's open `{`.
  struct Frame {
    bool string;
    int braces;
  };
  std::vector<Frame> frames{{false, 0}};
  std::size_t i = 0;
  const std::size_t n = text.size();
  while (i < n) {
    Frame& top = frames.back();
    if (top.string) {
      const char c = text[i];
      if (c == '\\') {
        i += 2;
      } else if (c == '"' || c == '\n') {
        frames.pop_back();
        ++i;
      } else if (c == '{' || c == '}') {
        const bool doubled = i + 1 < n && text[i + 1] == c;
        if (c == '{' && !doubled) frames.push_back({false, 1});
        i += doubled ? 2 : 1;
      } else {
        ++i;
      }
      continue;
    }
    const unsigned char k = kind(i);
    if (k == other) {
      ++i;
    } else if (k == word) {
      const std::size_t begin = i;
      while (++i < n && kind(i) == word) {
      }
      f(text.substr(begin, i - begin));
    } else {
      const char c = text[i];
      if (c == '#' && frames.size() == 1) {
        const std::size_t newline = text.find('\n', i);
        i = newline == std::string_view::npos ? n : newline;
        continue;
      }
      if (c == '"')
        frames.push_back({true, 0});
      else if (c == '{')
        ++top.braces;
      else if (c == '}' && frames.size() > 1 && --top.braces == 0)
        frames.pop_back();  // back in the string this interpolation is part of
      ++i;
    }
  }
}

}  // namespace reckon
