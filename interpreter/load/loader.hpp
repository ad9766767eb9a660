// Loading a program (docs/architecture.md, "The core's stages": load/): its main file or
// text, the prelude and its imports, each module parsed once, located errors on the way.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>

#include "interpreter/model/program.hpp"

namespace reckon {

class ParseCache;

// A load that parses only the standard library modules a program names (docs/
// performance.md, "Start-up"). The prelude's modules, and with `registries` the
// library's registries that the program imports, are parsed when a word of the program,
// of a module loaded or of `also_named` (text to be checked in the program later: an
// eval's expression) is a name one of them declares, with the modules they import and
// name in turn; a program that writes `every` gets them all. Sources, file ids and the
// order of modules are the eager load's, so a program that checks computes what it
// would with the whole library. Its errors may not be the same (a did-you-mean lists
// the names loaded): a caller retries a load, check or question that failed with the
// whole library (api::load_lazily), so every message is the eager load's.
struct LazyStdlib {
  bool registries = false;
  std::string_view also_named;
};

// Reads, parses and imports into `program` (which owns the sources, so errors can
// be printed after a throw). Throws UserError (a missing file, a syntax error, an
// import cycle) located where it happened. The whole prelude, or with `lazy`, what the
// program names of it.
void load_program(Program& program, const Library& library, const std::string& path,
                  const LazyStdlib* lazy = nullptr);
// Parse caches of the modules a program imports, by the loader's key of each module
// (`stdlib:NAME`, `file:PATH`).
using ParseCaches = std::unordered_map<std::string, std::unique_ptr<ParseCache>>;

// The same for a text that is not on disk (tests, the REPL, the language server). With
// a cache, the text is parsed through it (grammar/parse.hpp's ParseCache: the parse
// trees of the text's last version that parsed, which this one updates); with
// `module_caches`, the prelude's and the imported modules are too.
void load_program_text(Program& program, const Library& library, const std::string& name,
                       std::string text, ParseCache* cache = nullptr,
                       ParseCaches* module_caches = nullptr, const LazyStdlib* lazy = nullptr);

}  // namespace reckon
