// libFuzzer target: the parser alone. Any input must parse or fail with a located
// UserError; anything else (a crash, another exception, a sanitizer report) is a bug.
#include <cstddef>
#include <cstdint>
#include <string>

#include "grammar/parse.hpp"
#include "syntax/diagnostics.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  reckon::SourceManager sources;
  reckon::FileId file =
      sources.add("fuzz.rk", std::string(reinterpret_cast<const char*>(data), size));
  try {
    reckon::parse_module(sources, file);
  } catch (const reckon::UserError& e) {
    (void)reckon::render(sources, e.diagnostic());  // rendering must cope with any range
  }
  return 0;
}
