// The Language Server Protocol's base protocol: JSON-RPC messages framed by a
// `Content-Length: N` header and a blank line (`\r\n\r\n`), then N bytes of JSON.
#pragma once

#include <iosfwd>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

namespace reckon::lsp {

// One message's body as read: the JSON text, or nothing at the end of the stream.
// Throws UserError E0920 for a header the protocol does not allow (no Content-Length,
// a length that is not a number or is over max_message_bytes, a body cut short): the
// stream cannot be resynchronized after it.
std::optional<std::string> read_message(std::istream& in);

// `message` framed, written and flushed.
void write_message(std::ostream& out, const nlohmann::json& message);

// The largest body accepted (a 16 MiB document, escaped, fits).
inline constexpr std::size_t max_message_bytes = 64u << 20;

}  // namespace reckon::lsp
