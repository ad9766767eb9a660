// Loading a program: the prelude, then the main file and, depth first, its imports.
// Each module is loaded once; meeting a module that is still being loaded is an
// import cycle.
#include <fmt/format.h>

#include <algorithm>
#include <filesystem>

#include "grammar/parse.hpp"
#include "interpreter/checker.hpp"
#include "interpreter/input_file.hpp"
#include "interpreter/program.hpp"
#include "interpreter/suggest.hpp"
#include "syntax/diagnostics.hpp"

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
  Loader(Program& program, const Library& library, ParseCaches* caches = nullptr)
      : p_(program), lib_(library), caches_(caches) {}

  void load_prelude() {
    for (const std::string& name : lib_.prelude) load_stdlib(name, std::nullopt);
  }

  const Module* load_text(std::string key, std::string display, std::string text,
                          std::optional<SourceRange> imported_at, ParseCache* cache = nullptr) {
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
    if (!cache && caches_) {
      auto& kept = (*caches_)[key];
      if (!kept) kept = std::make_unique<ParseCache>();
      cache = kept.get();
    }
    auto module = cache ? parse_module(p_.sources, id, *cache) : parse_module(p_.sources, id);
    module->name = display;
    module->is_stdlib = key.starts_with("stdlib:");
    module->is_session = !lib_.session_module.empty() && key == "stdlib:" + lib_.session_module;
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
    std::string message = too_large_message(display, size, max_input_bytes);
    if (imported_at) throw UserError(*imported_at, "E0206", message);
    throw UserError("E0206", message);
  }

  const Module* load_file(const fs::path& path, std::string display,
                          std::optional<SourceRange> imported_at) {
    std::error_code ec;
    fs::path canonical = fs::weakly_canonical(path, ec);
    std::string key = ec ? path.string() : canonical.string();
    std::optional<std::string> text;
    if (lib_.file_overlay) text = lib_.file_overlay(key);
    try {
      if (!text) text = read_input_file(path.string(), display, max_input_bytes);
    } catch (UserError& e) {  // an import's problem is shown at the import
      if (imported_at) e.diagnostic().range = *imported_at;
      throw;
    }
    return load_text("file:" + key, std::move(display), std::move(*text), imported_at);
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
  ParseCaches* caches_;
};

}  // namespace

namespace {

// How many failing lines are blanked, one after another, before giving up on a file,
// and the largest file tried at all: each try parses and checks the file again, which a
// syntax error in a file of many megabytes should not multiply.
constexpr int max_blanked_lines = 4;
constexpr std::size_t max_salvaged_bytes = 1 << 20;

// A syntax error stops the parse of a file, so the checker never sees the lines before
// it: an unknown unit two lines above a `40 %` went unreported, though it is the first
// error in the file. So the file (`path`, whose parse failed with `error`) is parsed
// again with each failing line blanked (offsets unchanged) until it parses, and checked
// in a scratch program; its unknown units (E0302) above the first failing line are
// reported with the syntax error, in file order. Other errors of that check are not:
// they may come from what the blanked lines held (a name defined there). Files over
// 1 MiB get the syntax error alone.
[[noreturn]] void throw_with_earlier_units(const Program& program, const Library& library,
                                           const std::string& path, const UserError& error) {
  const Diagnostic& first = error.diagnostic();
  if (!first.range || !first.code.starts_with("E01")) throw error;
  const FileId file = first.range->file;
  std::string text = program.sources.file(file).text();
  if (text.size() > max_salvaged_bytes) throw error;
  auto line_of = [&](std::uint32_t offset) {
    offset = std::min<std::uint32_t>(offset, static_cast<std::uint32_t>(text.size()));
    std::size_t newline = offset == 0 ? std::string::npos : text.rfind('\n', offset - 1);
    std::size_t begin = newline == std::string::npos ? 0 : newline + 1;
    std::size_t end = std::min(text.find('\n', offset), text.size());
    return std::pair{begin, end};
  };
  const std::size_t failing_line = line_of(first.range->begin).first;
  for (int blanked = 0; blanked < max_blanked_lines; ++blanked) {
    std::optional<SourceRange> failed = first.range;
    if (blanked > 0) {
      Program scratch;
      try {
        load_program_text(scratch, library, path, text);
        check_program(scratch);
        failed.reset();
      } catch (const UserErrors& errors) {
        std::vector<Diagnostic> units;
        for (const Diagnostic& d : errors.diagnostics())
          if (d.code == "E0302" && d.range && scratch.sources.file(d.range->file).name() == path &&
              d.range->begin < failing_line)
            units.push_back(
                Diagnostic{SourceRange{file, d.range->begin, d.range->end}, d.message, {}, d.code});
        if (units.empty()) throw error;
        units.push_back(first);
        throw UserErrors(std::move(units));
      } catch (const UserError& e) {
        // Another syntax error further on: blank its line too. Anything else ends the
        // attempt (the checker found no unknown unit in what it saw).
        const Diagnostic& d = e.diagnostic();
        if (!d.range || !d.code.starts_with("E01") ||
            scratch.sources.file(d.range->file).name() != path)
          throw error;
        failed = d.range;
      }
      if (!failed) throw error;  // checks once its failing lines are gone
    }
    auto [begin, end] = line_of(failed->begin);
    if (begin < failing_line && blanked > 0) throw error;  // not making progress
    std::fill(text.begin() + static_cast<std::ptrdiff_t>(begin),
              text.begin() + static_cast<std::ptrdiff_t>(end), ' ');
  }
  throw error;
}

}  // namespace

void load_program(Program& program, const Library& library, const std::string& path) {
  program.library = &library;
  Loader loader(program, library);
  loader.load_prelude();
  try {
    program.main = loader.load_file(path, path, std::nullopt);
  } catch (const UserError& e) {
    const Diagnostic& d = e.diagnostic();
    if (d.range && program.sources.file(d.range->file).name() == path)
      throw_with_earlier_units(program, library, path, e);
    throw;
  }
}

void load_program_text(Program& program, const Library& library, const std::string& name,
                       std::string text, ParseCache* cache, ParseCaches* module_caches) {
  program.library = &library;
  Loader loader(program, library, module_caches);
  loader.load_prelude();
  // Imports of files resolve relative to the current directory.
  std::error_code ec;
  std::string key = "file:" + (fs::current_path(ec) / name).string();
  program.main = loader.load_text(key, name, std::move(text), std::nullopt, cache);
}

}  // namespace reckon
