// The documents the client has open, as it last sent them: full text on open, then
// incremental changes (a range of the old text replaced), which is what the server
// announces (TextDocumentSyncKind::Incremental). LSP positions count lines from 0 and
// characters in UTF-16 code units; the interpreter's ranges count bytes of UTF-8.
#pragma once

#include <cstdint>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

namespace reckon::lsp {

struct Position {
  std::uint32_t line = 0;
  std::uint32_t character = 0;  // UTF-16 code units
};

// The byte offset of `p` in `text`: a line past the end is the end of the text, a
// character past the end of its line the end of that line (as the protocol asks).
std::size_t offset_of(std::string_view text, Position p);
// The position of the byte offset `offset` (clamped to the text).
Position position_of(std::string_view text, std::size_t offset);

nlohmann::json to_json(Position p);
Position position_from_json(const nlohmann::json& j);

struct Document {
  std::string uri;
  std::string path;  // the file path the uri names ("" when it names none)
  std::string text;
  std::int64_t version = 0;
};

// Applies one `TextDocumentContentChangeEvent`: with a range, that range replaced by
// `text`; without, the whole text.
void apply_change(Document& doc, const nlohmann::json& change);

// `file:///a/b%20c.rk` -> `/a/b c.rk`; "" for another scheme.
std::string path_of_uri(std::string_view uri);
// `/a/b c.rk` -> `file:///a/b%20c.rk`.
std::string uri_of_path(std::string_view path);

class DocumentStore {
 public:
  Document& open(const std::string& uri, std::string text, std::int64_t version);
  void close(const std::string& uri) { documents_.erase(uri); }
  Document* find(const std::string& uri);
  const std::map<std::string, Document>& all() const { return documents_; }

 private:
  std::map<std::string, Document> documents_;
};

}  // namespace reckon::lsp
