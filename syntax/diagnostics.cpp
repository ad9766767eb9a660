#include "syntax/diagnostics.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace reckon {

std::string location(const SourceManager& sources, SourceRange range) {
  const SourceFile& file = sources.file(range.file);
  LineColumn at = file.position(range.begin);
  return fmt::format("{}:{}:{}", file.name(), at.line, at.column);
}

namespace {

// The source line and a caret under the range (clipped to the first line).
std::string excerpt(const SourceManager& sources, SourceRange range) {
  const SourceFile& file = sources.file(range.file);
  LineColumn at = file.position(range.begin);
  std::string_view line = file.line_text(at.line);
  std::string marker;
  for (std::uint32_t i = 1; i < at.column && i - 1 < line.size(); ++i)
    marker += line[i - 1] == '\t' ? '\t' : ' ';
  std::uint32_t width = 1;
  if (range.end > range.begin) {
    std::uint32_t room = static_cast<std::uint32_t>(line.size()) + 1 - at.column;
    width = std::max<std::uint32_t>(1, std::min(range.end - range.begin, room));
  }
  marker += '^';
  marker.append(width - 1, '~');
  return fmt::format("  {}\n  {}\n", line, marker);
}

}  // namespace

std::string error_label(const std::string& code) {
  return code.empty() ? std::string("error") : "error[" + code + "]";
}

std::string render(const SourceManager& sources, const Diagnostic& d) {
  std::string out;
  if (d.range) {
    out = fmt::format("{}: {}: {}\n", location(sources, *d.range), error_label(d.code), d.message);
    out += excerpt(sources, *d.range);
  } else {
    out = fmt::format("{}: {}\n", error_label(d.code), d.message);
  }
  for (const Note& n : d.notes) {
    if (n.range)
      out += fmt::format("{}: note: {}\n", location(sources, *n.range), n.message);
    else
      out += fmt::format("note: {}\n", n.message);
  }
  return out;
}

}  // namespace reckon
