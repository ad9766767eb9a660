// The builtin documentation table (interpreter/builtin_docs.hpp) against the names the
// checker resolves: a builtin added to the checker without an entry fails here, so the
// REPL's `:doc` and the language server's hover never answer "nothing is named" for it.
#include <catch2/catch.hpp>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "interpreter/builtin_docs.hpp"
#include "interpreter/check_with.hpp"
#include "interpreter/checker.hpp"
#include "interpreter/lists.hpp"
#include "interpreter/maps.hpp"

namespace {

using namespace reckon;

// Every name the checker treats as a builtin call: the numeric builtins (checker.cpp),
// the builtins over lists (check_lists.cpp, check_aggregates.cpp, check_tuples.cpp), over
// maps (check_maps.cpp) and on constraints (check_with.cpp).
std::vector<std::string_view> checker_builtins() {
  std::vector<std::string_view> names(numeric_builtin_names.begin(), numeric_builtin_names.end());
  for (auto n : list_builtin_names) names.push_back(n);
  for (auto n : map_builtin_names) names.push_back(n);
  for (auto n : constraint_builtin_names) names.push_back(n);
  return names;
}

}  // namespace

TEST_CASE("every builtin has documentation") {
  for (std::string_view name : checker_builtins()) {
    INFO(name);
    const BuiltinDoc* doc = find_builtin_doc(name);
    REQUIRE(doc != nullptr);
    CHECK(doc->signature.starts_with(std::string(name) + "("));
    CHECK(!doc->text.empty());
  }
}

TEST_CASE("the builtin documentation names only builtins, each once") {
  const auto known = checker_builtins();
  const std::set<std::string_view> names(known.begin(), known.end());
  std::set<std::string_view> seen;
  for (const BuiltinDoc& doc : builtin_docs()) {
    INFO(doc.name);
    CHECK(names.contains(doc.name));
    CHECK(seen.insert(doc.name).second);
  }
  // min and max are both numeric builtins and list builtins: one entry, both forms.
  CHECK(names.size() == builtin_docs().size());
  CHECK(find_builtin_doc("min")->signature == "min(a, b, ...), min(xs)");
  CHECK(find_builtin_doc("max")->signature == "max(a, b, ...), max(xs)");
  CHECK(find_builtin_doc("no_such_builtin") == nullptr);
}
