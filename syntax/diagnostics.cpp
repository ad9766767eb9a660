#include "syntax/diagnostics.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace reckon {

namespace {

// Characters a terminal would act on rather than show, so an echoed line or a quoted
// name could hide or reorder what the user reads (a NUL, an escape sequence, a
// right-to-left override): they are shown as `\x00` or `<U+202E>` instead.
bool is_invisible_format(char32_t c) {
  return c == 0x061C || (c >= 0x200B && c <= 0x200F) || (c >= 0x202A && c <= 0x202E) ||
         (c >= 0x2060 && c <= 0x2069) || c == 0xFEFF;
}

// One character of a source line as printed: its bytes in the source, its text and width.
struct Glyph {
  std::uint32_t size = 1;  // bytes of the source
  std::string shown;
  std::uint32_t width = 1;  // columns on a terminal (a tab is one, echoed as a tab)
};

// The UTF-8 sequence at `s` (length and code point), or length 0 if it is not valid.
std::pair<std::uint32_t, char32_t> decode(std::string_view s) {
  auto byte = [&](std::size_t i) { return static_cast<unsigned char>(s[i]); };
  unsigned char lead = byte(0);
  std::uint32_t length = lead >= 0xF0 && lead <= 0xF4   ? 4
                         : lead >= 0xE0 && lead <= 0xEF ? 3
                         : lead >= 0xC2 && lead <= 0xDF ? 2
                                                        : 0;
  if (length == 0 || s.size() < length) return {0, 0};
  char32_t c = lead & (0x7F >> length);
  for (std::uint32_t i = 1; i < length; ++i) {
    if ((byte(i) & 0xC0) != 0x80) return {0, 0};
    c = (c << 6) | (byte(i) & 0x3F);
  }
  bool overlong = (length == 3 && c < 0x800) || (length == 4 && c < 0x10000);
  if (overlong || c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF)) return {0, 0};
  return {length, c};
}

Glyph glyph_at(std::string_view s) {
  auto b = static_cast<unsigned char>(s[0]);
  if (b == '\t') return {1, "\t", 1};
  if (b < 0x20 || b == 0x7F) return {1, fmt::format("\\x{:02X}", b), 4};
  if (b < 0x80) return {1, std::string(1, s[0]), 1};
  auto [length, c] = decode(s);
  if (length == 0) return {1, fmt::format("\\x{:02X}", b), 4};
  if (is_invisible_format(c))
    return {length, fmt::format("<U+{:04X}>", static_cast<std::uint32_t>(c)), 8};
  return {length, std::string(s.substr(0, length)), 1};
}

std::vector<Glyph> glyphs_of(std::string_view line) {
  std::vector<Glyph> out;
  for (std::size_t i = 0; i < line.size(); i += out.back().size)
    out.push_back(glyph_at(line.substr(i)));
  return out;
}

// Longest echoed line, in columns; a longer one is shown as a window around the caret.
constexpr std::uint32_t max_echo_columns = 200;
// Columns of the window kept before the caret.
constexpr std::uint32_t echo_lead_columns = 80;

// The source line and a caret under the range (clipped to the first line), with
// invisible characters made visible and a long line cut to a window around the caret.
std::string excerpt(const SourceManager& sources, SourceRange range) {
  const SourceFile& file = sources.file(range.file);
  LineColumn at = file.position(range.begin);
  std::string_view whole = file.line_text(at.line);
  // Only the bytes that can reach the window are decoded, so a diagnostic on a line of
  // megabytes costs no more than one on a short line: a character takes at most 4 bytes
  // and at least one column.
  const std::size_t caret_byte = std::min<std::size_t>(at.column - 1, whole.size());
  std::size_t lo = caret_byte > 4 * echo_lead_columns ? caret_byte - 4 * echo_lead_columns : 0;
  while (lo > 0 && lo < caret_byte && (static_cast<unsigned char>(whole[lo]) & 0xC0) == 0x80)
    ++lo;  // not in the middle of a character
  const std::string_view line = whole.substr(lo, caret_byte - lo + 4 * max_echo_columns);
  const bool cut_before = lo > 0, cut_after = lo + line.size() < whole.size();
  std::vector<Glyph> glyphs = glyphs_of(line);
  // Columns before each glyph, and the glyphs the range covers.
  std::vector<std::uint32_t> column(glyphs.size() + 1, 0);
  std::size_t caret = glyphs.size(), caret_end = glyphs.size();
  std::uint32_t byte = 0;
  const auto first = static_cast<std::uint32_t>(at.column - 1 - lo);
  const std::uint32_t last = first + (range.end > range.begin ? range.end - range.begin : 1);
  for (std::size_t g = 0; g < glyphs.size(); ++g) {
    column[g + 1] = column[g] + glyphs[g].width;
    if (caret == glyphs.size() && byte + glyphs[g].size > first) caret = g;
    if (caret_end == glyphs.size() && byte >= last) caret_end = g;
    byte += glyphs[g].size;
  }
  if (caret_end <= caret) caret_end = caret + 1;
  const std::uint32_t total = column.back();
  std::uint32_t from = 0, to = total + 1;  // columns shown (one past the line: a caret at its end)
  if (total > max_echo_columns || cut_before || cut_after) {
    from = column[caret] > echo_lead_columns ? column[caret] - echo_lead_columns : 0;
    to = std::min(total + 1, from + max_echo_columns);
  }
  std::string shown = from > 0 || cut_before ? "..." : "";
  std::string marker(shown.size(), ' ');
  for (std::size_t g = 0; g < glyphs.size(); ++g) {
    if (column[g] < from || column[g + 1] > to) continue;
    shown += glyphs[g].shown;
    if (g < caret)
      marker += glyphs[g].shown == "\t" ? std::string("\t") : std::string(glyphs[g].width, ' ');
  }
  if (to <= total || cut_after) shown += "...";
  // The caret's first column, then tildes to the end of the range or of the window.
  std::uint32_t start = column[std::min(caret, glyphs.size())];
  std::uint32_t stop = column[std::min(caret_end, glyphs.size())];
  std::uint32_t width = stop > start ? std::min(stop, to) - start : 1;
  marker += '^';
  if (width > 1) marker.append(width - 1, '~');
  return fmt::format("  {}\n  {}\n", shown, marker);
}

}  // namespace

std::string printable(std::string_view text) {
  std::string out;
  for (std::size_t i = 0; i < text.size();) {
    if (text[i] == '\n' || text[i] == '\t') {
      out += text[i++];
      continue;
    }
    Glyph g = glyph_at(text.substr(i));
    out += g.shown;
    i += g.size;
  }
  return out;
}

std::string location(const SourceManager& sources, SourceRange range) {
  const SourceFile& file = sources.file(range.file);
  LineColumn at = file.position(range.begin);
  return fmt::format("{}:{}:{}", printable(file.name()), at.line, at.column);
}

std::string error_label(const std::string& code) {
  return code.empty() ? std::string("error") : "error[" + code + "]";
}

std::string render(const SourceManager& sources, const Diagnostic& d) {
  std::string out;
  if (d.range) {
    out = fmt::format("{}: {}: {}\n", location(sources, *d.range), error_label(d.code),
                      printable(d.message));
    out += excerpt(sources, *d.range);
  } else {
    out = fmt::format("{}: {}\n", error_label(d.code), printable(d.message));
  }
  for (const Note& n : d.notes) {
    if (n.range)
      out += fmt::format("{}: note: {}\n", location(sources, *n.range), printable(n.message));
    else
      out += fmt::format("note: {}\n", printable(n.message));
  }
  return out;
}

std::string render(const std::string& code, const std::string& message) {
  return render(SourceManager(), Diagnostic{std::nullopt, message, {}, code});
}

}  // namespace reckon
