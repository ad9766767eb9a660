// What a program names, read from its text without parsing it: with the index of the
// names each standard library module declares (Library::declarations), enough for the
// loader to parse only the modules a program needs (LazyStdlib). It over-approximates
// (a field's name or a unit counts as named), which costs a module parsed for nothing;
// a name it missed would fail the lazy load's check, which is then done again whole.
#pragma once

#include <array>
#include <cstring>
#include <string_view>
#include <vector>

namespace reckon {

// Calls `f` with every word of `text` that code may name something with: each longest
// run of letters, digits, `_` and bytes of multibyte UTF-8 outside comments, documentation
// (`#`, `##`) and strings, but inside a string's interpolations (`"{x -> GB}"`). Text a
// parse would reject still gives its words (a string left open ends at its line).
template <typename F>
void for_each_word(std::string_view text, F&& f) {
  // Each byte's part in code, looked up: a program is read byte by byte (the scan of a
  // 10,000-line file was 8 M instructions when each byte went through every test).
  enum : unsigned char { other, word, special };
  static constexpr auto code_kinds = [] {
    std::array<unsigned char, 256> k{};
    for (int c = 0; c < 256; ++c)
      k[c] = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                     c == '_' || c >= 0x80
                 ? word
                 : other;
    for (unsigned char c : {'#', '"', '{', '}'}) k[c] = special;
    return k;
  }();
  // The bytes that end a run of a string's plain characters.
  static constexpr auto string_stops = [] {
    std::array<bool, 256> s{};
    for (unsigned char c : {'\\', '"', '\n', '{', '}'}) s[c] = true;
    return s;
  }();
  auto code_kind = [](const char* at) { return code_kinds[static_cast<unsigned char>(*at)]; };
  // What is being read: code, or a string; a string's interpolation is code again, and
  // ends at the `}` that closes its first `{`. `braces` counts the code's open `{`.
  struct Frame {
    bool string;
    int braces;
  };
  std::vector<Frame> frames{{false, 0}};
  const char* p = text.data();
  const char* const end = p + text.size();
  while (p < end) {
    Frame& top = frames.back();
    if (top.string) {
      while (p < end && !string_stops[static_cast<unsigned char>(*p)]) ++p;
      if (p == end) break;
      const char c = *p;
      if (c == '\\') {
        p += end - p >= 2 ? 2 : 1;  // the escaped byte, if there is one
      } else if (c == '"' || c == '\n') {
        frames.pop_back();
        ++p;
      } else {  // `{` or `}`: doubled, a brace of the text; a lone `{` opens code
        const bool doubled = end - p >= 2 && p[1] == c;
        if (c == '{' && !doubled) frames.push_back({false, 1});
        p += doubled ? 2 : 1;
      }
      continue;
    }
    // Code: its words and the bytes between them, until a special byte (which may change
    // what is being read).
    for (;;) {
      while (p < end && code_kind(p) == other) ++p;
      if (p == end || code_kind(p) != word) break;
      const char* const begin = p;
      while (++p < end && code_kind(p) == word) {
      }
      f(std::string_view(begin, static_cast<std::size_t>(p - begin)));
    }
    if (p == end) break;
    const char c = *p;
    if (c == '#' && frames.size() == 1) {
      const void* newline = std::memchr(p, '\n', static_cast<std::size_t>(end - p));
      p = newline ? static_cast<const char*>(newline) : end;
      continue;
    }
    if (c == '"')
      frames.push_back({true, 0});
    else if (c == '{')
      ++top.braces;
    else if (c == '}' && frames.size() > 1 && --top.braces == 0)
      frames.pop_back();  // back in the string this interpolation is part of
    ++p;
  }
}

}  // namespace reckon
