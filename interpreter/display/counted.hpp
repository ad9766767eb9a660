// "1 scenario", "2 scenarios": a count with its noun in the right number, for the
// summaries the REPL and the CLI print.
#pragma once

#include <cstddef>
#include <string>

namespace reckon {

// `noun` is the singular; the plural adds an "s".
inline std::string counted(std::size_t n, const std::string& noun) {
  return std::to_string(n) + " " + noun + (n == 1 ? "" : "s");
}

}  // namespace reckon
