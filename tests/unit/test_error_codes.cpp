// Error codes that a golden .rk file cannot produce: the import-depth limit (E0203)
// and a standard library module importing a file (E0205).
#include <catch2/catch.hpp>
#include <deque>
#include <string>

#include "interpreter/load/loader.hpp"
#include "interpreter/model/program.hpp"
#include "syntax/diagnostics.hpp"

using namespace reckon;

namespace {

std::string code_of(const Library& lib, const std::string& source) {
  Program p;
  try {
    load_program_text(p, lib, "test.rk", source);
  } catch (const UserError& e) {
    return e.diagnostic().code + ": " + e.diagnostic().message;
  }
  return "";
}

}  // namespace

TEST_CASE("imports nested deeper than the limit are error E0203") {
  // m0 imports m1, which imports m2, ... without end (module_source returns views, so
  // the texts are kept here).
  static std::deque<std::string> texts;
  Library lib;
  lib.module_source = [](std::string_view name) -> std::optional<std::string_view> {
    int n = std::stoi(std::string(name.substr(1)));
    return texts.emplace_back("import \"m" + std::to_string(n + 1) + "\"\n");
  };
  CHECK(code_of(lib, "import \"m0\"\n") == "E0203: imports nest deeper than 64 files");
}

TEST_CASE("a standard library module importing a file is error E0205") {
  Library lib;
  lib.module_source = [](std::string_view) -> std::optional<std::string_view> {
    return std::string_view("import \"other.rk\"\n");
  };
  CHECK(code_of(lib, "import \"m\"\n") == "E0205: a standard library module cannot import a file");
}
