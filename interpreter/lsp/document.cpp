#include "interpreter/lsp/document.hpp"

#include <algorithm>
#include <cctype>
#include <cstdio>

namespace reckon::lsp {

namespace {

// The length of the UTF-8 sequence a lead byte starts (1 for a stray continuation
// byte or an invalid lead, which editors show as one replacement character).
std::size_t sequence_length(unsigned char lead) {
  if (lead < 0x80) return 1;
  if ((lead >> 5) == 0x6) return 2;
  if ((lead >> 4) == 0xE) return 3;
  if ((lead >> 3) == 0x1E) return 4;
  return 1;
}

std::size_t line_start(std::string_view text, std::uint32_t line) {
  std::size_t at = 0;
  for (std::uint32_t l = 0; l < line; ++l) {
    std::size_t newline = text.find('\n', at);
    if (newline == std::string_view::npos) return text.size();
    at = newline + 1;
  }
  return at;
}

}  // namespace

std::size_t offset_of(std::string_view text, Position p) {
  std::size_t at = line_start(text, p.line);
  std::uint32_t units = 0;
  while (at < text.size() && text[at] != '\n' && units < p.character) {
    if (text[at] == '\r' && at + 1 < text.size() && text[at + 1] == '\n') break;
    std::size_t n =
        std::min(sequence_length(static_cast<unsigned char>(text[at])), text.size() - at);
    units += n == 4 ? 2 : 1;  // a character outside the BMP is a surrogate pair
    at += n;
  }
  return at;
}

Position position_of(std::string_view text, std::size_t offset) {
  offset = std::min(offset, text.size());
  Position p;
  std::size_t at = 0;
  while (true) {
    std::size_t newline = text.find('\n', at);
    if (newline == std::string_view::npos || newline >= offset) break;
    ++p.line;
    at = newline + 1;
  }
  while (at < offset) {
    std::size_t n =
        std::min(sequence_length(static_cast<unsigned char>(text[at])), text.size() - at);
    p.character += n == 4 ? 2 : 1;
    at += n;
  }
  return p;
}

nlohmann::json to_json(Position p) { return {{"line", p.line}, {"character", p.character}}; }

Position position_from_json(const nlohmann::json& j) {
  auto number = [&](const char* key) -> std::uint32_t {
    if (!j.is_object() || !j.contains(key) || !j[key].is_number_integer()) return 0;
    auto v = j[key].get<std::int64_t>();
    return v < 0 ? 0 : static_cast<std::uint32_t>(std::min<std::int64_t>(v, UINT32_MAX));
  };
  return {number("line"), number("character")};
}

void apply_change(Document& doc, const nlohmann::json& change) {
  std::string text = change.value("text", "");
  if (!change.contains("range")) {
    doc.text = std::move(text);
    return;
  }
  const auto& range = change["range"];
  std::size_t begin =
      offset_of(doc.text, position_from_json(range.value("start", nlohmann::json())));
  std::size_t end = offset_of(doc.text, position_from_json(range.value("end", nlohmann::json())));
  if (end < begin) std::swap(begin, end);
  doc.text.replace(begin, end - begin, text);
}

std::string path_of_uri(std::string_view uri) {
  constexpr std::string_view scheme = "file://";
  if (!uri.starts_with(scheme)) return "";
  std::string_view rest = uri.substr(scheme.size());
  std::string path;
  for (std::size_t i = 0; i < rest.size(); ++i) {
    unsigned int byte = 0;
    if (rest[i] == '%' && i + 2 < rest.size() &&
        std::sscanf(std::string(rest.substr(i + 1, 2)).c_str(), "%2x", &byte) == 1) {
      path += static_cast<char>(byte);
      i += 2;
    } else {
      path += rest[i];
    }
  }
  return path;
}

std::string uri_of_path(std::string_view path) {
  static const char* hex = "0123456789ABCDEF";
  std::string uri = "file://";
  for (char c : path) {
    auto u = static_cast<unsigned char>(c);
    if (std::isalnum(u) || c == '/' || c == '-' || c == '_' || c == '.' || c == '~') {
      uri += c;
    } else {
      uri += '%';
      uri += hex[u >> 4];
      uri += hex[u & 15];
    }
  }
  return uri;
}

Document& DocumentStore::open(const std::string& uri, std::string text, std::int64_t version) {
  Document& d = documents_[uri];
  d.uri = uri;
  d.path = path_of_uri(uri);
  d.text = std::move(text);
  d.version = version;
  return d;
}

Document* DocumentStore::find(const std::string& uri) {
  auto it = documents_.find(uri);
  return it == documents_.end() ? nullptr : &it->second;
}

}  // namespace reckon::lsp
