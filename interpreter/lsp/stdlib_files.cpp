#include "interpreter/lsp/stdlib_files.hpp"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace reckon::lsp {

namespace fs = std::filesystem;

StdlibFiles::StdlibFiles(const Library& library) : library_(library) {
  fs::path base;
  if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg && *xdg)
    base = xdg;
  else if (const char* home = std::getenv("HOME"); home && *home)
    base = fs::path(home) / ".cache";
  else {
    std::error_code ec;
    base = fs::temp_directory_path(ec);
  }
  directory_ = (base / "reckon" / "stdlib").string();
}

std::string StdlibFiles::path(const std::string& name) {
  auto text = library_.module_source ? library_.module_source(name) : std::nullopt;
  if (!text || name.empty() || name.find('/') != std::string::npos) return "";
  fs::path file = fs::path(directory_) / (name + ".rk");
  std::error_code ec;
  fs::create_directories(directory_, ec);
  {
    std::ifstream existing(file, std::ios::binary);
    std::stringstream held;
    held << existing.rdbuf();
    if (existing && held.str() == *text) return file.string();
  }
  std::ofstream write(file, std::ios::binary | std::ios::trunc);
  write << *text;
  return write ? file.string() : "";
}

}  // namespace reckon::lsp
