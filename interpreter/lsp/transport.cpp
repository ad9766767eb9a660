#include "interpreter/lsp/transport.hpp"

#include <cctype>
#include <istream>
#include <ostream>

#include "syntax/diagnostics.hpp"

namespace reckon::lsp {

namespace {

[[noreturn]] void broken(const std::string& why) {
  throw UserError("E0920", "the language client sent a message the protocol does not allow: " +
                               why + " (`reckon lsp` speaks LSP over standard input)");
}

std::string lowercase(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

}  // namespace

std::optional<std::string> read_message(std::istream& in) {
  std::optional<std::size_t> length;
  bool any_header = false;
  std::string line;
  while (true) {
    if (!std::getline(in, line)) {
      if (!any_header) return std::nullopt;  // the client closed the stream between messages
      broken("the stream ended inside a header");
    }
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty()) {
      if (!any_header) continue;  // stray blank lines between messages
      break;
    }
    any_header = true;
    auto colon = line.find(':');
    if (colon == std::string::npos) broken("a header line without `:` (`" + line + "`)");
    std::string name = lowercase(line.substr(0, colon));
    std::string value = line.substr(colon + 1);
    while (!value.empty() && value.front() == ' ') value.erase(value.begin());
    if (name != "content-length") continue;  // Content-Type and others: nothing to do
    if (value.empty() || value.size() > 12 ||
        value.find_first_not_of("0123456789") != std::string::npos)
      broken("Content-Length `" + value + "` is not a number of bytes");
    length = std::stoull(value);
    if (*length > max_message_bytes)
      broken("Content-Length " + value + " is over the limit of " +
             std::to_string(max_message_bytes) + " bytes");
  }
  if (!length) broken("a message without a Content-Length header");
  std::string body(*length, '\0');
  in.read(body.data(), static_cast<std::streamsize>(*length));
  if (static_cast<std::size_t>(in.gcount()) != *length)
    broken("the stream ended inside a message body");
  return body;
}

void write_message(std::ostream& out, const nlohmann::json& message) {
  // Invalid UTF-8 in a document's text is replaced rather than thrown on.
  std::string body = message.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  out << "Content-Length: " << body.size() << "\r\n\r\n" << body;
  out.flush();
}

}  // namespace reckon::lsp
