// Source texts and ranges. Every AST node carries a SourceRange (byte offsets);
// lines and columns are computed only when a diagnostic is printed.
#pragma once

#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace reckon {

using FileId = std::uint32_t;

struct SourceRange {
  FileId file = 0;
  std::uint32_t begin = 0;
  std::uint32_t end = 0;
};

struct LineColumn {
  std::uint32_t line = 1;    // 1-based
  std::uint32_t column = 1;  // 1-based, in bytes
};

// A text that lives longer than any SourceFile that borrows it (the standard library's
// modules, compiled into the binary): kept as a view, copied only when asked for as a
// std::string.
struct BorrowedText {
  std::string_view text;
};

class SourceFile {
 public:
  SourceFile(std::string name, std::string text);
  SourceFile(std::string name, BorrowedText text);

  const std::string& name() const { return name_; }
  // The text as a string (a borrowed text is copied the first time: the parser and most
  // readers want a std::string, but most borrowed texts are never read).
  const std::string& text() const;
  // The text without a copy.
  std::string_view view() const { return borrowed_ ? *borrowed_ : std::string_view(text_); }
  LineColumn position(std::uint32_t offset) const;
  std::string_view line_text(std::uint32_t line) const;

 private:
  // Where each line starts, indexed when a position is first asked for: most texts (the
  // standard library's modules, loaded by every program) are never shown in a message.
  const std::vector<std::uint32_t>& line_starts() const;

  std::string name_;
  std::optional<std::string_view> borrowed_;
  mutable std::string text_;        // a borrowed text's copy, made by text()
  mutable std::once_flag copied_;   // texts may be asked for from several threads
  mutable std::once_flag indexed_;  // and positions too
  mutable std::vector<std::uint32_t> line_starts_;
};

// Owns every text the interpreter has read, so ranges stay valid for the whole run.
class SourceManager {
 public:
  FileId add(std::string name, std::string text);
  // `text` must stay valid and unchanged for as long as this manager does.
  FileId add(std::string name, BorrowedText text);
  const SourceFile& file(FileId id) const { return *files_.at(id); }

 private:
  std::vector<std::unique_ptr<SourceFile>> files_;
};

}  // namespace reckon
