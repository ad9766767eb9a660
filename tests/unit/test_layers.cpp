// The interpreter's stages and the seams between its layers: checking does not compile
// (the pipeline does both, in order), resolved names carry typed declarations, and the
// REPL's session module is a Library option rather than a name the checker knows.
#include <catch2/catch.hpp>
#include <optional>
#include <string>
#include <type_traits>
#include <variant>

#include "interpreter/check/checker.hpp"
#include "interpreter/compiled/code.hpp"
#include "interpreter/evaluate/evaluator.hpp"
#include "interpreter/load/loader.hpp"
#include "interpreter/load/pipeline.hpp"
#include "interpreter/model/program.hpp"
#include "stdlib/library.hpp"
#include "syntax/diagnostics.hpp"

using namespace reckon;

namespace {

const LetDecl& let_named(const Program& p, const char* name) {
  const Decl* d = p.find(name);
  REQUIRE(d != nullptr);
  REQUIRE(d->kind == DeclKind::let);
  return static_cast<const LetDecl&>(*d);
}

// Two stdlib modules that both define `rate`, and a main file reading it.
Library two_rates(std::string session_module, bool named_like_the_repl) {
  Library lib = stdlib::standard_library();
  lib.module_source =
      [base = lib.module_source](std::string_view name) -> std::optional<std::string_view> {
    if (name == "notes") return std::string_view("let rate = 2\n");
    if (name == "other") return std::string_view("let rate = 3\n");
    return base(name);  // the prelude
  };
  lib.module_display_name = [named_like_the_repl](std::string_view name) {
    return named_like_the_repl && name == "notes" ? std::string("<session>")
                                                  : "<stdlib>/" + std::string(name) + ".rk";
  };
  lib.session_module = std::move(session_module);
  return lib;
}

const char* reads_rate = "import \"other\"\nimport \"notes\"\nlet y = rate\n";

}  // namespace

TEST_CASE("checking does not compile; the pipeline checks, then compiles") {
  Program p;
  load_program_text(p, stdlib::standard_library(), "test.rk", "let x = 2 * 3\n");
  check_program(p);
  const LetDecl& x = let_named(p, "x");
  // Checked: typed. Not compiled: no code, no constant-let store.
  CHECK(x.value->type.is_quantity());
  CHECK(x.value->code == nullptr);
  CHECK(p.constant_lets == nullptr);
  // A checked program that was never compiled still evaluates, by the tree walk (2 * 3).
  CHECK(Evaluator(p).evaluate(*x.value, {}).number == 6);
  compile_program(p);
  CHECK(x.value->code != nullptr);
  CHECK(p.constant_lets != nullptr);

  Program q;
  load_program_text(q, stdlib::standard_library(), "test.rk", "let x = 2 * 3\n");
  check_and_compile(q);
  CHECK(let_named(q, "x").value->code != nullptr);
  CHECK(Evaluator(q).evaluate(*let_named(q, "x").value, {}).number == 6);
}

TEST_CASE("a resolved name holds its declaration's type, not an untyped pointer") {
  static_assert(!std::is_same_v<decltype(Expr::target), const void*>);
  Program p;
  load_program_text(p, stdlib::standard_library(), "test.rk", "let x = 2\nlet y = x + 1\n");
  check_and_compile(p);
  const Expr& use = *let_named(p, "y").value->operands.at(0);
  REQUIRE(use.ref == RefKind::let);
  CHECK(&use.target_as<LetDecl>() == &let_named(p, "x"));
  CHECK(std::get_if<const CaseDecl*>(&use.target) == nullptr);
  // Asking for the wrong kind is an exception, not a misread pointer.
  CHECK_THROWS_AS(use.target_as<CaseDecl>(), std::bad_variant_access);
  // A literal resolves to no declaration.
  CHECK_FALSE(let_named(p, "y").value->operands.at(1)->has_target());
}

TEST_CASE("the session module is the Library's option, not a module name") {
  // As the session module, `notes` shadows the other stdlib module's `rate`.
  {
    Library lib = two_rates("notes", false);
    Program p;
    load_program_text(p, lib, "test.rk", reads_rate);
    check_and_compile(p);
    const Expr& use = *let_named(p, "y").value;
    CHECK(p.sources.file(use.target_as<LetDecl>().range.file).name() == "<stdlib>/notes.rk");
    CHECK(Evaluator(p).evaluate(use, {}).number == 2);
  }
  // Shown as "<session>" but not the session module: both are plain stdlib modules, and
  // one layer defining `rate` twice is an error.
  {
    Library lib = two_rates("", true);
    Program p;
    load_program_text(p, lib, "test.rk", reads_rate);
    CHECK_THROWS_AS(check_and_compile(p), UserErrors);
  }
}
