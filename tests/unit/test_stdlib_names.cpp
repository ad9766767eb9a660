// The lazy load of the standard library (LazyStdlib, docs/performance.md "Start-up"):
// its index of declared names agrees with the parser, and what it loads is the eager
// load's, in the eager load's order and file ids.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "grammar/parse.hpp"
#include "interpreter/program.hpp"
#include "interpreter/stdlib_names.hpp"
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

}  // namespace

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
