// The builtin table (interpreter/model/builtins.hpp) against the enums the checker and the
// evaluators dispatch on: every member of every family has one row, named as the checker
// resolves it, and every name is documented once, so the REPL's `:doc` and the language
// server's hover never answer "nothing is named" for a builtin.
#include <catch2/catch.hpp>
#include <set>
#include <string>
#include <string_view>

#include "interpreter/model/builtins.hpp"

namespace {

using namespace reckon;

// Every member of a family's enum, by its row: found again by name in that family.
template <class Member>
void check_family(int members, BuiltinFamily family) {
  for (int m = 0; m < members; ++m) {
    const BuiltinInfo& b = builtin_info(static_cast<Member>(m));
    INFO(b.name);
    CHECK(b.family == family);
    CHECK(b.member == m);
    CHECK(find_builtin(b.name, family) == &b);
    const BuiltinInfo* doc = find_builtin_doc(b.name);
    REQUIRE(doc != nullptr);
    CHECK(doc->signature.starts_with(std::string(b.name) + "("));
    CHECK(!doc->doc.empty());
  }
}

}  // namespace

TEST_CASE("every builtin has a row and documentation") {
  check_family<Builtin>(static_cast<int>(Builtin::shift_right) + 1, BuiltinFamily::numeric);
  check_family<ListBuiltin>(static_cast<int>(ListBuiltin::set) + 1, BuiltinFamily::list);
  check_family<MapBuiltin>(static_cast<int>(MapBuiltin::values) + 1, BuiltinFamily::map);
  check_family<ConstraintBuiltin>(static_cast<int>(ConstraintBuiltin::violations) + 1,
                                  BuiltinFamily::constraint);
  // 16 numeric + 41 over lists, texts and sets (solve the 41st) + 2 over maps + 2 on
  // constraints.
  CHECK(builtins().size() == 61);
}

TEST_CASE("the builtin documentation names each builtin once") {
  std::set<std::string_view> seen;
  for (const BuiltinInfo& doc : builtin_docs()) {
    INFO(doc.name);
    CHECK(seen.insert(doc.name).second);
  }
  std::set<std::string_view> all;
  for (const BuiltinInfo& b : builtins()) all.insert(b.name);
  CHECK(seen == all);
  // min and max are both numeric builtins and list builtins: one entry, both forms.
  CHECK(builtin_docs().size() == builtins().size() - 2);
  CHECK(find_builtin_doc("min")->signature == "min(a, b, ...), min(xs)");
  CHECK(find_builtin_doc("max")->signature == "max(a, b, ...), max(xs)");
  CHECK(find_builtin_doc("no_such_builtin") == nullptr);
  CHECK(find_list_builtin("min") == ListBuiltin::min);
  CHECK(find_numeric_builtin("min") == Builtin::min);
  CHECK(find_numeric_builtin("len") == std::nullopt);
}

TEST_CASE("the seeded random builtins name their parameters") {
  const BuiltinInfo& choice = builtin_info(ListBuiltin::random_choice);
  REQUIRE(choice.parameters.size() == 3);
  CHECK(choice.parameters[0] == "xs");
  CHECK(choice.parameters[2] == "n");
  CHECK(builtin_info(ListBuiltin::sum).parameters.empty());
}
