// Source texts and ranges. Every AST node carries a SourceRange (byte offsets);
// lines and columns are computed only when a diagnostic is printed.
#pragma once

#include <cstdint>
#include <memory>
#include <mutex>
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

class SourceFile {
 public:
  SourceFile(std::string name, std::string text);

  const std::string& name() const { return name_; }
  const std::string& text() const { return text_; }
  LineColumn position(std::uint32_t offset) const;
  std::string_view line_text(std::uint32_t line) const;

 private:
  // Where each line starts, indexed when a position is first asked for: most texts (the
  // standard library's modules, loaded by every program) are never shown in a message.
  const std::vector<std::uint32_t>& line_starts() const;

  std::string name_;
  std::string text_;
  mutable std::once_flag indexed_;  // positions may be asked from several threads
  mutable std::vector<std::uint32_t> line_starts_;
};

// Owns every text the interpreter has read, so ranges stay valid for the whole run.
class SourceManager {
 public:
  FileId add(std::string name, std::string text);
  const SourceFile& file(FileId id) const { return *files_.at(id); }

 private:
  std::vector<std::unique_ptr<SourceFile>> files_;
};

}  // namespace reckon
