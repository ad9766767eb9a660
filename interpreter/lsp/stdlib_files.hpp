// Where the standard library's modules, which are compiled into `reckon`, are shown to
// an editor: each is written to `reckon/stdlib/NAME.rk` in the user's cache
// directory ($XDG_CACHE_HOME, else ~/.cache, else the temporary directory), and go to
// definition and references into it use `file://` URIs of those copies, which every
// editor opens. The copies are rewritten when their text differs from the embedded one.
#pragma once

#include <string>

#include "interpreter/api/program.hpp"

namespace reckon::lsp {

class StdlibFiles {
 public:
  explicit StdlibFiles(const Library& library);
  // The path of the module `name`'s copy ("" if it could not be written).
  std::string path(const std::string& name);
  const std::string& directory() const { return directory_; }

 private:
  const Library& library_;
  std::string directory_;
};

}  // namespace reckon::lsp
