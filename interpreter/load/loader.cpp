// Loading a program: the prelude, then the main file and, depth first, its imports.
// Each module is loaded once; meeting a module that is still being loaded is an
// import cycle.
#include "interpreter/load/loader.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <bitset>
#include <cstdint>
#include <filesystem>

#include "grammar/parse.hpp"
#include "interpreter/check/checker.hpp"
#include "interpreter/load/input_file.hpp"
#include "interpreter/model/program.hpp"
#include "interpreter/model/stdlib_names.hpp"
#include "interpreter/model/suggest.hpp"
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

  // The lazy counterpart of load_prelude (LazyStdlib): the prelude's modules get their
  // sources (and so their file ids) where the eager load gives them, unparsed.
  void reserve_prelude(const LazyStdlib& lazy) {
    lazy_ = &lazy;
    for (const DeclaredName& d : lib_.declarations) declared_hashes_.set(hash_of(d.name));
    for (const std::string& name : lib_.prelude) reserve(name);
  }

  // Parses the reserved modules that what is loaded (or `also_named`) names, and those
  // that they name in turn, then puts the modules in the eager load's order.
  void load_named() {
    bool everything = false;
    // The last word searched for in each of a few slots (by hash): a word met again
    // names nothing new, as what it named was loaded when it was first met.
    std::array<std::string_view, 256> searched{};
    auto visit = [&](std::string_view word) {
      if (word == "every") everything = true;
      const std::size_t hash = hash_of(word);
      if (!declared_hashes_[hash]) return;
      std::string_view& seen = searched[hash % searched.size()];
      if (seen == word) return;
      seen = word;
      // std::equal_range, not std::ranges': clang's sanitizer build cannot instantiate the
      // latter over a span with libstdc++ 12.
      struct ByName {
        bool operator()(const DeclaredName& d, std::string_view w) const { return d.name < w; }
        bool operator()(std::string_view w, const DeclaredName& d) const { return w < d.name; }
      };
      auto [first, last] =
          std::equal_range(lib_.declarations.begin(), lib_.declarations.end(), word, ByName{});
      for (; first != last; ++first)
        if (auto index = find_reserved(first->module)) load_reserved(*index);
    };
    for_each_word(lazy_->also_named, visit);
    for (std::size_t scanned = 0; scanned < p_.modules.size() && !everything; ++scanned)
      for_each_word(p_.sources.file(p_.modules[scanned]->file).text(), visit);
    if (everything)  // `every(R)` gathers the lets of R in every module
      for (std::size_t i = 0; i < reserved_.size(); ++i) load_reserved(i);
    std::stable_sort(p_.modules.begin(), p_.modules.end(),
                     [&](const auto& a, const auto& b) { return eager_rank(*a) < eager_rank(*b); });
  }

  const Module* load_text(std::string key, std::string display, std::string text,
                          std::optional<SourceRange> imported_at, ParseCache* cache = nullptr,
                          std::optional<FileId> reserved = std::nullopt) {
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
    FileId id = reserved ? *reserved : p_.sources.add(display, std::move(text));
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
  // A stdlib module of a lazy load: its source added, its parse left until a program
  // names one of its declarations.
  struct Reserved {
    std::string name;
    FileId file;
    std::size_t rank = 0;  // where the eager load puts its module: after its imports
    bool loaded = false;
  };

  std::string display_name(const std::string& name) const {
    return lib_.module_display_name ? lib_.module_display_name(name) : "<stdlib>/" + name + ".rk";
  }

  // A program's words are mostly its own names: a bit per hash of the library's names
  // turns nearly all of them away before a search of the index. The hash reads the
  // length and three bytes, not every byte: it is asked of every word of the program.
  static std::size_t hash_of(std::string_view word) {
    const auto byte = [&](std::size_t i) { return static_cast<std::uint32_t>(word[i]) & 0xffu; };
    std::uint32_t h = static_cast<std::uint32_t>(word.size());
    if (!word.empty())
      h = ((h * 31 + byte(0)) * 31 + byte(word.size() / 2)) * 31 + byte(word.size() - 1);
    return (h * 2654435761u) >> (32 - declared_hash_log2);  // Knuth's multiplicative hash
  }

  std::optional<std::size_t> find_reserved(std::string_view name) const {
    for (std::size_t i = 0; i < reserved_.size(); ++i)
      if (reserved_[i].name == name) return i;
    return std::nullopt;
  }

  // Adds the source of stdlib module `name` and, first, of the modules it imports (their
  // `import` lines start at column 0), as the eager load would meet them.
  void reserve(const std::string& name) {
    if (find_reserved(name)) return;
    auto text = lib_.module_source ? lib_.module_source(name) : std::nullopt;
    if (!text) return;  // imported, it fails as the eager load's does
    // Most reserved modules are never parsed: a text compiled into the binary is not
    // copied unless it is (SourceFile::text).
    const FileId id = lib_.text_is_permanent && lib_.text_is_permanent(*text)
                          ? p_.sources.add(display_name(name), BorrowedText{*text})
                          : p_.sources.add(display_name(name), std::string(*text));
    const std::size_t index = reserved_.size();
    reserved_.push_back({name, id});
    const std::string_view source = p_.sources.file(id).view();
    constexpr std::string_view keyword = "import \"";
    for (std::size_t at = source.find(keyword); at != std::string_view::npos;
         at = source.find(keyword, at + 1)) {
      if (at > 0 && source[at - 1] != '\n') continue;
      const std::size_t begin = at + keyword.size();
      const std::size_t end = source.find('"', begin);
      if (end != std::string_view::npos) reserve(std::string(source.substr(begin, end - begin)));
    }
    reserved_[index].rank = next_rank_++;
  }

  void load_reserved(std::size_t index) {
    if (reserved_[index].loaded) return;
    const Reserved r = reserved_[index];
    load_text("stdlib:" + r.name, display_name(r.name), {}, std::nullopt, nullptr, r.file);
    reserved_[index].loaded = true;  // after: an import cycle is met in load_text
  }

  // The eager load's order of modules: the reserved ones first, as it loads them (the
  // prelude before the program; a program's imports of registries before the program),
  // then the others in the order they were loaded.
  std::size_t eager_rank(const Module& m) const {
    for (const Reserved& r : reserved_)
      if (r.file == m.file) return r.rank;
    return reserved_.size();
  }

  void load_stdlib(const std::string& name, std::optional<SourceRange> imported_at,
                   bool from_program = false) {
    if (lazy_) {
      // A program's import of a module the load may be lazy about only reserves it; a
      // stdlib module's imports are loaded with it.
      const bool lazy_about =
          find_reserved(name) ||
          (lazy_->registries && std::find(lib_.registries.begin(), lib_.registries.end(), name) !=
                                    lib_.registries.end());
      if (lazy_about && from_program) return reserve(name);
      if (auto index = find_reserved(name)) return load_reserved(*index);
    }
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
    load_text("stdlib:" + name, display_name(name), std::string(*text), imported_at);
  }

  void import(const ImportDecl& d, const std::string& importer_key) {
    const std::string& target = d.path;
    bool is_file =
        target.find('/') != std::string::npos || (target.size() > 3 && target.ends_with(".rk"));
    // The REPL's session module imports the registries for the user, as a file would.
    const bool from_program =
        importer_key.starts_with("file:") ||
        (!lib_.session_module.empty() && importer_key == "stdlib:" + lib_.session_module);
    if (!is_file) return load_stdlib(target, d.range, from_program);
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
  const LazyStdlib* lazy_ = nullptr;
  std::vector<Reserved> reserved_;
  static constexpr int declared_hash_log2 = 14;
  static constexpr std::size_t declared_hash_bits = std::size_t{1} << declared_hash_log2;
  std::bitset<declared_hash_bits> declared_hashes_;
  std::size_t next_rank_ = 0;
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

void load_program(Program& program, const Library& library, const std::string& path,
                  const LazyStdlib* lazy) {
  program.library = &library;
  Loader loader(program, library);
  if (lazy)
    loader.reserve_prelude(*lazy);
  else
    loader.load_prelude();
  try {
    program.main = loader.load_file(path, path, std::nullopt);
    if (lazy) loader.load_named();
  } catch (const UserError& e) {
    const Diagnostic& d = e.diagnostic();
    // A lazy load that fails is done again whole (api::load_lazily), which reports these.
    if (!lazy && d.range && program.sources.file(d.range->file).name() == path)
      throw_with_earlier_units(program, library, path, e);
    throw;
  }
}

void load_program_text(Program& program, const Library& library, const std::string& name,
                       std::string text, ParseCache* cache, ParseCaches* module_caches,
                       const LazyStdlib* lazy) {
  program.library = &library;
  Loader loader(program, library, module_caches);
  if (lazy)
    loader.reserve_prelude(*lazy);
  else
    loader.load_prelude();
  // Imports of files resolve relative to the current directory.
  std::error_code ec;
  std::string key = "file:" + (fs::current_path(ec) / name).string();
  program.main = loader.load_text(key, name, std::move(text), std::nullopt, cache);
  if (lazy) loader.load_named();
}

}  // namespace reckon
