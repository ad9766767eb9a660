// The lazy load of the standard library (LazyStdlib, docs/performance.md "Start-up"):
// its index of declared names agrees with the parser, and what it loads is the eager
// load's, in the eager load's order and file ids.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "grammar/parse.hpp"
#include "interpreter/load/loader.hpp"
#include "interpreter/model/program.hpp"
#include "interpreter/model/stdlib_names.hpp"
#include "stdlib/embedded_modules.hpp"
#include "stdlib/library.hpp"

using namespace reckon;

namespace {

// Each module's name and file id, in the program's order.
std::vector<std::pair<std::string, FileId>> modules_of(const Program& p) {
  std::vector<std::pair<std::string, FileId>> out;
  for (const auto& m : p.modules) out.emplace_back(m->name, m->file);
  return out;
}

std::vector<std::string> names_loaded(const Program& p) {
  std::vector<std::string> out;
  for (const auto& m : p.modules) out.push_back(m->name);
  return out;
}

// The scan as first written, a byte at a time with the state looked up at every byte:
// the reference the faster for_each_word must agree with, word for word.
std::vector<std::string> reference_words(std::string_view text) {
  std::vector<std::string> words;
  auto is_word = [](unsigned char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
           c >= 0x80;
  };
  struct Frame {
    bool string;
    int braces;
  };
  std::vector<Frame> frames{{false, 0}};
  std::size_t i = 0;
  const std::size_t n = text.size();
  while (i < n) {
    Frame& top = frames.back();
    const char c = text[i];
    if (top.string) {
      if (c == '\\') {
        i += 2;
      } else if (c == '"' || c == '\n') {
        frames.pop_back();
        ++i;
      } else if (c == '{' || c == '}') {
        const bool doubled = i + 1 < n && text[i + 1] == c;
        if (c == '{' && !doubled) frames.push_back({false, 1});
        i += doubled ? 2 : 1;
      } else {
        ++i;
      }
    } else if (is_word(static_cast<unsigned char>(c))) {
      const std::size_t begin = i;
      while (i < n && is_word(static_cast<unsigned char>(text[i]))) ++i;
      words.emplace_back(text.substr(begin, i - begin));
    } else if (c == '#' && frames.size() == 1) {
      while (i < n && text[i] != '\n') ++i;
    } else {
      if (c == '"')
        frames.push_back({true, 0});
      else if (c == '{')
        ++top.braces;
      else if (c == '}' && frames.size() > 1 && --top.braces == 0)
        frames.pop_back();
      ++i;
    }
  }
  return words;
}

std::vector<std::string> scanned_words(std::string_view text) {
  std::vector<std::string> words;
  for_each_word(text, [&](std::string_view w) { words.emplace_back(w); });
  return words;
}

}  // namespace

TEST_CASE("stdlib names: the word scan agrees with the byte-at-a-time reference") {
  // Every stdlib module and bundled .rk file, whole and cut short at random places (in a
  // string, an escape, an interpolation), and with random bytes of the scan's alphabet
  // put in: the same words, in the same order.
  std::vector<std::string> texts;
  for (const stdlib::EmbeddedModule& m : stdlib::embedded_modules()) texts.emplace_back(m.text);
  for (const char* dir : {"tests/lang", "scenarios", "examples"}) {
    const std::filesystem::path root = std::filesystem::path(RECKON_SOURCE_DIR) / dir;
    if (!std::filesystem::exists(root)) continue;
    for (const auto& entry : std::filesystem::recursive_directory_iterator(root)) {
      if (entry.path().extension() != ".rk") continue;
      std::ifstream in(entry.path());
      std::stringstream s;
      s << in.rdbuf();
      texts.push_back(s.str());
    }
  }
  REQUIRE(texts.size() > 100);
  std::mt19937 random(28);
  const std::string alphabet = "\\\"{}#\n a_1\xc2\xb5";
  const std::size_t whole = texts.size();
  texts.reserve(whole * 5);  // the edits below are pushed while texts[t] is read
  for (std::size_t t = 0; t < whole; ++t) {
    const std::string& text = texts[t];
    for (int k = 0; k < 4 && !text.empty(); ++k) {
      std::string edited = text.substr(0, random() % text.size());
      for (int j = 0; j < 8 && !edited.empty(); ++j)
        edited.insert(random() % edited.size(), 1, alphabet[random() % alphabet.size()]);
      texts.push_back(std::move(edited));
    }
  }
  for (const std::string& text : texts) {
    INFO(text);
    CHECK(scanned_words(text) == reference_words(text));
  }
}

TEST_CASE("stdlib names: the index of each module is its parsed declarations' names") {
  const Library& lib = stdlib::standard_library();
  // std::is_sorted, not std::ranges': clang cannot instantiate the latter over a span
  // with libstdc++ 12 (the sanitizer build).
  CHECK(
      std::is_sorted(lib.declarations.begin(), lib.declarations.end(),
                     [](const DeclaredName& a, const DeclaredName& b) { return a.name < b.name; }));
  for (const stdlib::EmbeddedModule& m : stdlib::embedded_modules()) {
    SourceManager sources;
    const FileId id = sources.add(std::string(m.name), std::string(m.text));
    auto module = parse_module(sources, id);
    std::vector<std::string> parsed;
    for (const auto& d : module->decls)
      if (!d->name.empty()) parsed.push_back(d->name);
    std::vector<std::string> indexed;
    for (const DeclaredName& n : lib.declarations)
      if (n.module == m.name) indexed.emplace_back(n.name);
    std::sort(parsed.begin(), parsed.end());
    std::sort(indexed.begin(), indexed.end());
    INFO(m.name);
    CHECK(!parsed.empty());
    CHECK(indexed == parsed);
  }
}

TEST_CASE("stdlib names: the words code names") {
  struct Row {
    std::string_view text;
    std::vector<std::string> words;
  };
  const std::vector<Row> rows = {
      {"H100.memory + 2*x_1 -> µs", {"H100", "memory", "2", "x_1", "µs"}},
      {"a # b c\n## d e\nf", {"a", "f"}},
      {R"(g("h {i -> GB} {{j}} \" k") + l)", {"g", "i", "GB", "l"}},
      {R"("{m({n: 1}) + "{o}"} p" q)", {"m", "n", "1", "o", "q"}},
      {"\"open string\nr", {"r"}},
  };
  for (const Row& row : rows) {
    std::vector<std::string> words;
    for_each_word(row.text, [&](std::string_view w) { words.emplace_back(w); });
    INFO(row.text);
    CHECK(words == row.words);
  }
}

TEST_CASE("stdlib names: a program that names nothing of the library loads none of it") {
  const Library& lib = stdlib::standard_library();
  Program lazy;
  const LazyStdlib how{.registries = true, .also_named = "1 + 1"};
  load_program_text(lazy, lib, "<stdlib>", registry_imports(lib), nullptr, nullptr, &how);
  CHECK(names_loaded(lazy) == std::vector<std::string>{"<stdlib>"});
  // The sources are the eager load's all the same, so file ids are too.
  Program eager;
  load_program_text(eager, lib, "<stdlib>", registry_imports(lib));
  CHECK(lazy.main->file == eager.main->file);
}

TEST_CASE("stdlib names: `every` loads everything, in the eager load's order and file ids") {
  const Library& lib = stdlib::standard_library();
  Program lazy;
  const LazyStdlib how{.registries = true, .also_named = "every(Accelerator)"};
  load_program_text(lazy, lib, "<stdlib>", registry_imports(lib), nullptr, nullptr, &how);
  Program eager;
  load_program_text(eager, lib, "<stdlib>", registry_imports(lib));
  CHECK(modules_of(lazy) == modules_of(eager));
}

TEST_CASE("stdlib names: a name loads its module and what that module names") {
  const Library& lib = stdlib::standard_library();
  Program p;
  const LazyStdlib how{.registries = true, .also_named = "H100.memory"};
  load_program_text(p, lib, "<stdlib>", registry_imports(lib), nullptr, nullptr, &how);
  auto loaded = names_loaded(p);
  CHECK(std::find(loaded.begin(), loaded.end(), "<stdlib>/hardware.rk") != loaded.end());
  INFO(fmt::format("{}", fmt::join(loaded, ", ")));
  CHECK(std::find(loaded.begin(), loaded.end(), "<stdlib>/models.rk") == loaded.end());
  CHECK(loaded.back() == "<stdlib>");
  // A file's import of a prelude module is only reserved: the module is parsed if named.
  Program q;
  const LazyStdlib file_lazily{};
  load_program_text(q, lib, "test.rk", "import \"memory\"\nlet x = 1\n", nullptr, nullptr,
                    &file_lazily);
  CHECK(names_loaded(q) == std::vector<std::string>{"test.rk"});
  Program r;
  load_program_text(r, lib, "test.rk", "import \"memory\"\nlet x = Optimizer.adam\n", nullptr,
                    nullptr, &file_lazily);
  CHECK(names_loaded(r).front() == "<stdlib>/memory.rk");
}
