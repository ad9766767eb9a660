#include "interpreter/values/text_value.hpp"

#include <fmt/format.h>

#include "syntax/diagnostics.hpp"

namespace reckon {

TextValue* TextValue::make(std::string text) { return new TextValue(std::move(text)); }

void check_text_size(std::size_t bytes, SourceRange at) {
  if (bytes <= max_text_bytes) [[likely]]
    return;
  throw UserError(at, "E0530",
                  fmt::format("this text would be {} bytes long; a text is at most {} MiB", bytes,
                              max_text_bytes >> 20));
}

Value built_text(std::string s, SourceRange at) {
  check_text_size(s.size(), at);
  return Value::adopt(TextValue::make(std::move(s)));
}

}  // namespace reckon
