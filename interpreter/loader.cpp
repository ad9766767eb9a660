// Loading a program: the prelude, then the main file and, depth first, its imports.
// Each module is loaded once; meeting a module that is still being loaded is an
// import cycle.
#include <fmt/format.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <vector>

#include "grammar/parse.hpp"
#include "interpreter/diagnostics.hpp"
#include "interpreter/program.hpp"
#include "interpreter/suggest.hpp"

namespace reckon {

namespace {

namespace fs = std::filesystem;

struct Pending {
  std::string key;
  std::string display;
  std::optional<SourceRange> imported_at;
};

class Loader {
 public:
  Loader(Program& program, const Library& library) : p_(program), lib_(library) {}

  void load_prelude() {
    for (const std::string& name : lib_.prelude) load_stdlib(name, std::nullopt);
  }

  const Module* load_text(std::string key, std::string display, std::string text,
                          std::optional<SourceRange> imported_at) {
    if (auto it = loaded_.find(key); it != loaded_.end()) return it->second;
    for (std::size_t i = 0; i < stack_.size(); ++i) {
      if (stack_[i].key != key) continue;
      std::string path;
      for (std::size_t j = i; j < stack_.size(); ++j) path += stack_[j].display + " -> ";
      path += display;
      throw UserError(*imported_at, "E0202", "import cycle: " + path);
    }
    if (stack_.size() >= max_import_depth)
      throw UserError(*imported_at, "E0203",
                      "imports nest deeper than " + std::to_string(max_import_depth) + " files");
    if (text.size() > max_input_bytes) too_large(display, text.size(), imported_at);
    FileId id = p_.sources.add(display, std::move(text));
    auto module = parse_module(p_.sources, id);
    module->name = display;
    module->is_stdlib = key.starts_with("stdlib:");
    stack_.push_back({key, display, imported_at});
    for (const auto& d : module->decls)
      if (d->kind == DeclKind::import) import(static_cast<const ImportDecl&>(*d), key);
    stack_.pop_back();
    const Module* result = module.get();
    p_.modules.push_back(std::move(module));
    loaded_.emplace(std::move(key), result);
    return result;
  }

  [[noreturn]] static void too_large(const std::string& display, std::uintmax_t size,
                                     std::optional<SourceRange> imported_at) {
    std::string message = fmt::format("`{}` is too large: {} bytes (the limit is {} MiB, {} bytes)",
                                      display, size, max_input_bytes >> 20, max_input_bytes);
    if (imported_at) throw UserError(*imported_at, "E0206", message);
    throw UserError("E0206", message);
  }

  const Module* load_file(const fs::path& path, std::string display,
                          std::optional<SourceRange> imported_at) {
    std::ifstream in(path, std::ios::binary);
    if (!in || fs::is_directory(path)) {
      std::string message = "cannot open `" + display + "`";
      if (imported_at) throw UserError(*imported_at, "E0201", message);
      throw UserError("E0201", message);
    }
    std::error_code size_ec;
    auto size = fs::file_size(path, size_ec);
    if (!size_ec && size > max_input_bytes) too_large(display, size, imported_at);
    // The size check above sees only regular files: a device or a pipe (`/dev/zero`) is
    // read in pieces and refused as soon as it passes the limit.
    // The buffer is on the heap: loading recurses once per import level (up to
    // max_import_depth), and 64 KiB frames would need 4 MiB of stack for that alone.
    std::string text;
    std::vector<char> buffer(1 << 16);
    while (in.read(buffer.data(), static_cast<std::streamsize>(buffer.size())), in.gcount() > 0) {
      text.append(buffer.data(), static_cast<std::size_t>(in.gcount()));
      if (text.size() > max_input_bytes) too_large(display, text.size(), imported_at);
    }
    std::error_code ec;
    fs::path canonical = fs::weakly_canonical(path, ec);
    return load_text("file:" + (ec ? path.string() : canonical.string()), std::move(display),
                     std::move(text), imported_at);
  }

 private:
  void load_stdlib(const std::string& name, std::optional<SourceRange> imported_at) {
    auto text = lib_.module_source ? lib_.module_source(name) : std::nullopt;
    if (!text) {
      std::vector<std::string> names;
      if (lib_.module_names) names = lib_.module_names();
      std::string known;
      for (const auto& n : names) known += (known.empty() ? "" : ", ") + n;
      std::string suggestion = did_you_mean(name, names);
      std::string message = "no standard library module `" + name + "`" +
                            (suggestion.empty() ? " (there are: " + known + "; a file path"
                                                : suggestion + " (a file path") +
                            " needs a `/` or the `.rk` ending)";
      throw UserError(*imported_at, "E0204", message);
    }
    std::string display =
        lib_.module_display_name ? lib_.module_display_name(name) : "<stdlib>/" + name + ".rk";
    load_text("stdlib:" + name, display, std::string(*text), imported_at);
  }

  void import(const ImportDecl& d, const std::string& importer_key) {
    const std::string& target = d.path;
    bool is_file =
        target.find('/') != std::string::npos || (target.size() > 3 && target.ends_with(".rk"));
    if (!is_file) return load_stdlib(target, d.range);
    if (!importer_key.starts_with("file:"))
      throw UserError(d.range, "E0205", "a standard library module cannot import a file");
    fs::path base = fs::path(importer_key.substr(5)).parent_path();
    const SourceFile& importer = p_.sources.file(d.range.file);
    fs::path shown = fs::path(importer.name()).parent_path() / target;
    load_file(base / target, shown.lexically_normal().string(), d.range);
  }

  Program& p_;
  const Library& lib_;
  std::vector<Pending> stack_;
  std::unordered_map<std::string, const Module*> loaded_;
};

}  // namespace

void load_program(Program& program, const Library& library, const std::string& path) {
  program.library = &library;
  Loader loader(program, library);
  loader.load_prelude();
  program.main = loader.load_file(path, path, std::nullopt);
}

void load_program_text(Program& program, const Library& library, const std::string& name,
                       std::string text) {
  program.library = &library;
  Loader loader(program, library);
  loader.load_prelude();
  // Imports of files resolve relative to the current directory.
  std::error_code ec;
  std::string key = "file:" + (fs::current_path(ec) / name).string();
  program.main = loader.load_text(key, name, std::move(text), std::nullopt);
}

}  // namespace reckon
