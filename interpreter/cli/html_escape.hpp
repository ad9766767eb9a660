// Text from a user's file shown in HTML or XML is data: `<`, `>`, `&` and `"` become
// entities, so a prompt holding `<script>` or `onerror=` shows as written and runs
// nothing (reckon doc's pages, exercises export's Moodle XML and PrairieLearn files).
#pragma once

#include <string>
#include <string_view>

namespace reckon::cli {

inline std::string html_escape(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (char c : s) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

// `s` as text an XML 1.0 document may hold: each byte that does not begin valid UTF-8
// (a stray continuation, an overlong form, a surrogate, beyond U+10FFFF), and each control
// character XML forbids even as an entity (all below U+0020 but tab, newline and
// carriage return), becomes U+FFFD. A file's text reaches an XML export whatever bytes
// it holds; the document must still parse.
inline std::string xml_safe(std::string_view s) {
  constexpr std::string_view replacement = "\xEF\xBF\xBD";
  std::string out;
  out.reserve(s.size());
  auto byte = [&](std::size_t i) { return static_cast<unsigned char>(s[i]); };
  for (std::size_t i = 0; i < s.size();) {
    unsigned char b = byte(i);
    if (b < 0x80) {
      bool allowed = b >= 0x20 || b == '\t' || b == '\n' || b == '\r';
      out += allowed ? std::string_view(&s[i], 1) : replacement;
      ++i;
      continue;
    }
    std::size_t length = b >= 0xC2 && b <= 0xDF   ? 2
                         : b >= 0xE0 && b <= 0xEF ? 3
                         : b >= 0xF0 && b <= 0xF4 ? 4
                                                  : 0;
    bool valid = length > 0 && i + length <= s.size();
    for (std::size_t k = 1; valid && k < length; ++k) valid = (byte(i + k) & 0xC0) == 0x80;
    if (valid && length > 2) {
      unsigned char second = byte(i + 1);
      valid = !(b == 0xE0 && second < 0xA0) && !(b == 0xED && second > 0x9F) &&
              !(b == 0xF0 && second < 0x90) && !(b == 0xF4 && second > 0x8F);
    }
    if (!valid) {
      out += replacement;
      ++i;
      continue;
    }
    out += s.substr(i, length);
    i += length;
  }
  return out;
}

}  // namespace reckon::cli
