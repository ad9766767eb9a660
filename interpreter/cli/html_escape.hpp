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

}  // namespace reckon::cli
