// What start-up leaves undone until it is needed (docs/performance.md, "Start-up against
// GNU units"): the standard library's module texts are borrowed from the binary, not
// copied, and the natives' registry is filled when it is first read.
#include <atomic>
#include <catch2/catch.hpp>
#include <functional>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "interpreter/load/loader.hpp"
#include "interpreter/model/native.hpp"
#include "interpreter/model/program.hpp"
#include "stdlib/embedded_modules.hpp"
#include "stdlib/library.hpp"
#include "syntax/source.hpp"

using namespace reckon;

namespace {

// Whether `text` lies inside one of the module texts compiled into the binary.
bool inside_embedded(std::string_view text) {
  const std::less_equal<const char*> at_or_before;
  for (const stdlib::EmbeddedModule& m : stdlib::embedded_modules())
    if (at_or_before(m.text.data(), text.data()) &&
        at_or_before(text.data() + text.size(), m.text.data() + m.text.size()))
      return true;
  return false;
}

}  // namespace

TEST_CASE("startup: a borrowed text is read in place and shows as a copy would") {
  static const std::string kept = "let a = 1\r\nlet b = 2\nlet c = a +\n";
  SourceManager sources;
  const FileId borrowed = sources.add("borrowed.rk", BorrowedText{kept});
  const FileId owned = sources.add("owned.rk", std::string(kept));
  const SourceFile& b = sources.file(borrowed);
  const SourceFile& o = sources.file(owned);
  CHECK(b.view().data() == kept.data());  // no copy for a view, nor for positions
  CHECK(b.position(23).line == o.position(23).line);
  CHECK(b.position(23).column == o.position(23).column);
  CHECK(b.position(23).line == 3);  // "let a = 1\r\n" and "let b = 2\n" are 11 + 10 bytes
  CHECK(b.position(23).column == 3);
  for (std::uint32_t line = 0; line <= 4; ++line) CHECK(b.line_text(line) == o.line_text(line));
  CHECK(b.line_text(1) == "let a = 1");  // without the \r, as for an owned text
  CHECK(b.text() == kept);               // the copy, made when a string is asked for
  CHECK(b.text().data() != kept.data());
  CHECK(&b.text() == &b.text());  // made once
  CHECK(b.view().data() == kept.data());
}

TEST_CASE("startup: a borrowed text loses its byte-order mark as an owned one does") {
  static const std::string kept = "\xEF\xBB\xBFlet a = 1\n";
  SourceManager sources;
  const SourceFile& b = sources.file(sources.add("b.rk", BorrowedText{kept}));
  const SourceFile& o = sources.file(sources.add("o.rk", std::string(kept)));
  CHECK(b.view() == "let a = 1\n");
  CHECK(b.text() == o.text());
}

TEST_CASE("startup: only the standard library's own texts are permanent") {
  const Library& lib = stdlib::standard_library();
  REQUIRE(lib.text_is_permanent);
  const std::optional<std::string_view> memory = lib.module_source("memory");
  REQUIRE(memory);
  CHECK(lib.text_is_permanent(*memory));
  CHECK(lib.text_is_permanent(memory->substr(10, 20)));
  const std::string copy(*memory);
  CHECK_FALSE(lib.text_is_permanent(copy));
  // A text running past the end of a module (over its terminating NUL) is not inside it.
  CHECK_FALSE(lib.text_is_permanent(std::string_view(memory->data() + 1, memory->size())));
}

TEST_CASE("startup: the lazy load borrows the modules it does not parse") {
  const Library& lib = stdlib::standard_library();
  Program p;
  const LazyStdlib how{.registries = true, .also_named = "1 + 1"};
  load_program_text(p, lib, "<stdlib>", registry_imports(lib), nullptr, nullptr, &how);
  REQUIRE(p.main);
  // The modules' sources come before the program's own (the eager load's file ids).
  REQUIRE(p.main->file > 0);
  for (FileId id = 0; id < p.main->file; ++id) {
    INFO(p.sources.file(id).name());
    CHECK(inside_embedded(p.sources.file(id).view()));
  }
  CHECK_FALSE(inside_embedded(p.sources.file(p.main->file).view()));
}

TEST_CASE("startup: a module parsed from a borrowed text gives the eager load's program") {
  // The session's module, which changes per input, is not permanent: copied as before.
  const Library& lib = stdlib::standard_library();
  Program lazy;
  const LazyStdlib how{.registries = true, .also_named = "H100.memory"};
  load_program_text(lazy, lib, "<stdlib>", registry_imports(lib), nullptr, nullptr, &how);
  Program eager;
  load_program_text(eager, lib, "<stdlib>", registry_imports(lib));
  for (const auto& m : lazy.modules) {
    INFO(m->name);
    CHECK(lazy.sources.file(m->file).text() == eager.sources.file(m->file).text());
    CHECK(lazy.sources.file(m->file).name() == eager.sources.file(m->file).name());
  }
}

namespace {

std::atomic<int> fills{0};

// A registry of one native, `twice`, counting how often it is filled.
void fill_one(NativeRegistry& r) {
  fills.fetch_add(1);
  NativeFunction f;
  f.name = "twice";
  f.is_constant = true;
  r.add(std::move(f));
}

}  // namespace

TEST_CASE("startup: a registry with a fill is filled when first read, once") {
  fills = 0;
  const NativeRegistry registry(&fill_one);
  CHECK(fills == 0);  // not when made
  const NativeFunction* twice = registry.find("twice");
  CHECK(fills == 1);
  REQUIRE(twice != nullptr);
  CHECK(twice->is_constant);
  CHECK(registry.find("thrice") == nullptr);
  CHECK(registry.find("twice") == twice);  // the same entry, not a second fill
  CHECK(fills == 1);

  fills = 0;
  const NativeRegistry counted(&fill_one);
  counted.reset_counts();  // reading the counts fills it too
  CHECK(fills == 1);
  CHECK(counted.find("twice")->calls == 0);
}

TEST_CASE("startup: threads that read an unfilled registry together fill it once") {
  fills = 0;
  const NativeRegistry registry(&fill_one);
  std::vector<const NativeFunction*> found(8, nullptr);
  {
    std::vector<std::thread> readers;
    for (std::size_t i = 0; i < found.size(); ++i)
      readers.emplace_back([&, i] { found[i] = registry.find("twice"); });
    for (auto& t : readers) t.join();
  }
  CHECK(fills == 1);
  for (const NativeFunction* f : found) CHECK(f == found[0]);
  CHECK(found[0] != nullptr);
}

TEST_CASE("startup: the standard library's natives are found through its lazy registry") {
  const Library& lib = stdlib::standard_library();
  REQUIRE(lib.natives != nullptr);
  // A native each of two modules declares (stdlib/modules/memory.rk, serving.rk): the
  // registry filled on the first lookup holds every module's natives.
  CHECK(lib.natives->find("activation_memory") != nullptr);
  CHECK(lib.natives->find("mmc_utilization") != nullptr);
  CHECK(lib.natives->find("no_such_native") == nullptr);
}
