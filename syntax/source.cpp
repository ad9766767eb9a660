#include "syntax/source.hpp"

#include <algorithm>
#include <cstring>

namespace reckon {

SourceFile::SourceFile(std::string name, std::string text)
    : name_(std::move(name)), text_(std::move(text)) {}

SourceFile::SourceFile(std::string name, BorrowedText text)
    : name_(std::move(name)), borrowed_(text.text) {}

const std::string& SourceFile::text() const {
  if (borrowed_) std::call_once(copied_, [this] { text_.assign(*borrowed_); });
  return text_;
}

const std::vector<std::uint32_t>& SourceFile::line_starts() const {
  std::call_once(indexed_, [this] {
    line_starts_.push_back(0);
    // memchr, which reads many bytes at a time: a pasted trace is a 1.4 MB line.
    const std::string_view text = view();
    const char* const begin = text.data();
    const char* const end = begin + text.size();
    for (const char* p = begin;
         (p = static_cast<const char*>(std::memchr(p, '\n', static_cast<std::size_t>(end - p))));)
      line_starts_.push_back(static_cast<std::uint32_t>(++p - begin));
  });
  return line_starts_;
}

LineColumn SourceFile::position(std::uint32_t offset) const {
  const std::vector<std::uint32_t>& starts = line_starts();
  auto it = std::upper_bound(starts.begin(), starts.end(), offset);
  auto line = static_cast<std::uint32_t>(it - starts.begin());
  return {line, offset - starts[line - 1] + 1};
}

std::string_view SourceFile::line_text(std::uint32_t line) const {
  const std::vector<std::uint32_t>& starts = line_starts();
  if (line == 0 || line > starts.size()) return {};
  std::uint32_t begin = starts[line - 1];
  std::uint32_t end =
      line < starts.size() ? starts[line] - 1 : static_cast<std::uint32_t>(view().size());
  std::string_view text = view().substr(begin, end - begin);
  if (!text.empty() && text.back() == '\r') text.remove_suffix(1);
  return text;
}

FileId SourceManager::add(std::string name, std::string text) {
  // A UTF-8 byte-order mark is not part of the program (editors on Windows add it).
  if (text.starts_with("\xEF\xBB\xBF")) text.erase(0, 3);
  files_.push_back(std::make_unique<SourceFile>(std::move(name), std::move(text)));
  return static_cast<FileId>(files_.size() - 1);
}

FileId SourceManager::add(std::string name, BorrowedText text) {
  if (text.text.starts_with("\xEF\xBB\xBF")) text.text.remove_prefix(3);
  files_.push_back(std::make_unique<SourceFile>(std::move(name), text));
  return static_cast<FileId>(files_.size() - 1);
}

}  // namespace reckon
