// Issue #14's memory finding: checking cost about 70 bytes per byte of source, most of it
// syntax tree nodes (docs/performance.md, "Memory"). The sizes below decide which
// allocation size class each node takes (jemalloc's classes run 192, 224, 256, 320, 384),
// so a field added to Expr or LetDecl is a measurable cost; these tests make it a
// decision. And the two pieces of machinery the savings rest on: CompactVector, and the
// parser's node arena giving its chunks back between declarations.
#include <catch2/catch.hpp>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "interpreter/evaluate/evaluator.hpp"
#include "interpreter/load/loader.hpp"
#include "interpreter/load/pipeline.hpp"
#include "interpreter/model/program.hpp"
#include "stdlib/library.hpp"
#include "syntax/ast.hpp"
#include "syntax/compact_vector.hpp"

namespace {

using namespace reckon;

TEST_CASE("syntax tree nodes fit their allocation size classes", "[memory]") {
  // On main before issue #14's change: Expr 288 bytes (a 320-byte allocation), LetDecl
  // 352 (384), Property 352.
  CHECK(sizeof(Expr) <= 256);
  CHECK(sizeof(LetDecl) <= 256);
  CHECK(sizeof(Property) <= 256);
  CHECK(sizeof(CompactVector<ExprPtr>) == 16);
}

TEST_CASE("CompactVector keeps its elements through growth, moves and copies", "[memory]") {
  CompactVector<std::unique_ptr<std::string>> v;
  CHECK(v.empty());
  for (int i = 0; i < 100; ++i) v.push_back(std::make_unique<std::string>(std::to_string(i)));
  REQUIRE(v.size() == 100);
  CHECK(*v.front() == "0");
  CHECK(*v.back() == "99");
  CHECK(*v[42] == "42");
  CHECK(sizeof(v) == 16);
  CHECK_THROWS_AS(v.at(100), std::out_of_range);
  CompactVector<std::unique_ptr<std::string>> moved = std::move(v);
  CHECK(v.empty());  // NOLINT(bugprone-use-after-move): a moved-from vector is empty
  CHECK(moved.size() == 100);
  int sum = 0;
  for (const auto& s : moved) sum += std::stoi(*s);
  CHECK(sum == 99 * 100 / 2);  // 0 + 1 + ... + 99

  CompactVector<int> ints;
  ints.assign(3, -1);
  CHECK((ints.size() == 3 && ints[0] == -1 && ints[2] == -1));
  ints.push_back(ints[0]);  // an element of itself, at full capacity: made before moving
  ints.push_back(ints[3]);
  CHECK(ints.size() == 5);
  CHECK(ints[4] == -1);
  CompactVector<int> copy = ints;
  copy[0] = 7;
  CHECK(ints[0] == -1);
  CHECK(copy.size() == 5);
  ints.clear();
  CHECK(ints.empty());

  std::vector<int> source{1, 2, 3};
  CompactVector<int> from_vector = std::move(source);
  CHECK((from_vector.size() == 3 && from_vector[2] == 3));
}

TEST_CASE("a scenario larger than many node chunks parses, and what follows it", "[memory]") {
  // 20,000 properties make over 100,000 parse-tree nodes in one declaration (many chunks
  // of the parser's arena, the largest 256 KiB); after it the arena gives back all but
  // one chunk, and the lets after it are parsed in that one. p_k = k + 1 tokens, so
  // p_19999 is 20,000.
  const std::size_t n = 20000;
  std::string text = "scenario Chain {\n  input start: token = 1 token\n  p0: token = start\n";
  for (std::size_t i = 1; i < n; ++i)
    text += "  p" + std::to_string(i) + ": token = p" + std::to_string(i - 1) + " + 1 token\n";
  text += "}\ncase Long = Chain()\n";
  for (int i = 0; i < 2000; ++i)
    text += "let size_" + std::to_string(i) + " = " + std::to_string(i) + " GB * 2\n";
  Program p;
  load_program_text(p, stdlib::standard_library(), "chain.rk", text);
  check_and_compile(p);
  const auto* c = dynamic_cast<const CaseDecl*>(p.find("Long"));
  REQUIRE(c != nullptr);
  Evaluator ev(p);
  Instance& instance = ev.instance_of(*c);
  const ScenarioDecl& s = *instance.scenario;
  REQUIRE(s.properties.size() == n);
  // Forced upwards in steps, as one demand 20,000 links deep is E0505 (256 at once).
  for (std::size_t k = 0; k < n; k += 100) ev.property(instance, k, SourceRange{});
  const Value& last = ev.property(instance, n - 1, SourceRange{});
  CHECK(last.number == 20000);
  const auto* let = dynamic_cast<const LetDecl*>(p.find("size_1999"));
  REQUIRE(let != nullptr);
  REQUIRE(let->value != nullptr);
  CHECK(let->value->operands.size() == 2);  // 1999 GB * 2
  CHECK(let->value->operands[0]->number == 1999);
}

}  // namespace
