// The unit a value shows in when nothing is asked (interpreter/model/written_unit.hpp,
// shown_unit): a name of a property is looked up in its scenario, and without one nothing
// is known. Asked without the scenario, it used to ask itself again through the binary
// ladder's search and recursed until the stack ran out (found by the element notes).
#include <catch2/catch.hpp>

#include "interpreter/load/loader.hpp"
#include "interpreter/load/pipeline.hpp"
#include "interpreter/model/program.hpp"
#include "interpreter/model/written_unit.hpp"
#include "stdlib/library.hpp"

using namespace reckon;

TEST_CASE("a property's name shows in its unit, and in none without its scenario", "[units]") {
  Program program;
  load_program_text(program, stdlib::standard_library(), "test.rk", R"(
scenario Buffers {
  sizes = [1 KiB, 1 MiB]
  total = sum(sizes)
}
)");
  check_and_compile(program);
  const auto* s = static_cast<const ScenarioDecl*>(program.find("Buffers"));
  REQUIRE(s);
  const Expr& total = *s->properties[1].body;
  REQUIRE(total.arguments.size() == 1);
  const Expr& sizes = *total.arguments[0].value;
  REQUIRE(sizes.kind == ExprKind::name);
  REQUIRE(sizes.ref == RefKind::property);
  // Written in KiB and MiB: the binary ladder, starting at KiB.
  const std::optional<DisplayUnit> in_scenario = shown_unit(sizes, s);
  REQUIRE(in_scenario);
  CHECK(in_scenario->symbol == "KiB");
  CHECK(in_scenario->ladder);
  CHECK_FALSE(shown_unit(sizes, nullptr));
}
