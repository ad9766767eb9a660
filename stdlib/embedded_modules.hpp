// The stdlib's Reckon modules (stdlib/modules/*.rk), compiled into the binary by
// stdlib/embed.cmake so `reckon` needs no files at run time.
#pragma once

#include <span>
#include <string_view>

#include "interpreter/model/program.hpp"

namespace reckon::stdlib {

struct EmbeddedModule {
  std::string_view name;  // the file name without .rk: what `import` names
  std::string_view text;
};

std::span<const EmbeddedModule> embedded_modules();
// The top-level names the modules declare, each with its module, sorted by name.
std::span<const DeclaredName> embedded_declarations();

}  // namespace reckon::stdlib
