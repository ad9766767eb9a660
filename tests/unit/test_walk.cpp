// The one descent into an expression (syntax/walk.hpp): for each kind of expression, the
// sub-expressions it visits, in order, with what each is to its holder and whether it
// sees the locals the holder binds. A table: the source of an expression, then its
// sub-expressions as `role index [local] text`.
#include <catch2/catch.hpp>
#include <string>
#include <utility>
#include <vector>

#include "grammar/parse.hpp"
#include "syntax/ast.hpp"
#include "syntax/diagnostics.hpp"
#include "syntax/source.hpp"
#include "syntax/walk.hpp"

using namespace reckon;

namespace {

std::string role_name(SubRole r) {
  switch (r) {
    case SubRole::operand:
      return "operand";
    case SubRole::callee:
      return "callee";
    case SubRole::argument:
      return "argument";
    case SubRole::binder:
      return "binder";
  }
  return "?";
}

// The text `e` was parsed from.
std::string written(const std::string& source, const Expr& e) {
  return source.substr(e.range.begin, e.range.end - e.range.begin);
}

}  // namespace

TEST_CASE("the descent visits every sub-expression, with its role", "[walk]") {
  struct Row {
    const char* source;
    std::vector<std::string> subs;
  };
  const std::vector<Row> rows = {
      {"1 + 2 * 3", {"operand 0 1", "operand 1 2 * 3"}},
      {"if a then b else c", {"operand 0 a", "operand 1 b", "operand 2 c"}},
      {"-x", {"operand 0 x"}},
      {"42 GB", {}},
      {"w.peak", {"operand 0 w"}},
      {"xs[1:2]", {"operand 0 xs", "operand 1 1", "operand 2 2"}},
      {"f(1, k: 2)", {"callee 0 f", "argument 0 1", "argument 1 2"}},
      {"w.f(x)", {"callee 0 w.f", "argument 0 x"}},
      {"T() with k: n + 1", {"operand 0 T()", "argument 0 n + 1"}},
      // the list it runs over is outside the locals; the element, the filter and the
      // names bound are inside
      {"[x * 2 for x in xs if x > 1]",
       {"operand 0 xs", "operand 1 [local] x * 2", "operand 2 [local] x > 1",
        "binder 0 [local] x"}},
      {"[a for (a, b) in ps]",
       {"operand 0 ps", "operand 1 [local] a", "binder 0 [local] a", "binder 1 [local] b"}},
      {"fold(xs, 0, (acc, v) => acc + v)",
       {"callee 0 fold", "argument 0 xs", "argument 1 0", "argument 2 (acc, v) => acc + v"}},
      {"{\"a\": 1, \"b\": n}",
       {"operand 0 \"a\"", "operand 1 1", "operand 2 \"b\"", "operand 3 n"}},
      {"(1, y)", {"operand 0 1", "operand 1 y"}},
      {"\"a{x:.2f}b\"", {"operand 0 a", "operand 1 {x:.2f}", "operand 2 b"}},
  };
  for (const Row& r : rows) {
    DYNAMIC_SECTION(r.source) {
      SourceManager sources;
      const FileId id = sources.add("test.rk", r.source);
      const std::string source = r.source;
      ExprPtr e = parse_expression(sources, id);
      std::vector<std::string> seen;
      for_each_subexpression(std::as_const(*e), [&](const Expr& sub, const SubPlace& at) {
        seen.push_back(role_name(at.role) + " " + std::to_string(at.index) +
                       (at.sees_locals ? " [local] " : " ") + written(source, sub));
      });
      CHECK(seen == r.subs);
    }
  }
}

TEST_CASE("a lambda's body sees its parameters", "[walk]") {
  const std::string source = "(acc, v) => acc + v";
  SourceManager sources;
  ExprPtr call = parse_expression(sources, sources.add("test.rk", "fold(xs, 0, " + source + ")"));
  const Expr& lambda = *call->arguments.at(2).value;
  REQUIRE(lambda.kind == ExprKind::lambda);
  std::vector<std::string> seen;
  for_each_subexpression(lambda, [&](const Expr& sub, const SubPlace& at) {
    seen.push_back(role_name(at.role) + " " + std::to_string(at.index) +
                   (at.sees_locals ? " [local]" : ""));
    (void)sub;
  });
  CHECK(seen ==
        std::vector<std::string>{"operand 0 [local]", "binder 0 [local]", "binder 1 [local]"});
}

TEST_CASE("the tree walk visits every node once, each before those under it", "[walk]") {
  const std::string source = "max([x * k for x in xs], f(y, z: 2))";
  SourceManager sources;
  ExprPtr e = parse_expression(sources, sources.add("test.rk", source));
  std::vector<std::string> seen;
  for_each_in_tree(std::as_const(*e), [&](const Expr& x) { seen.push_back(written(source, x)); });
  // max(...), its callee, the comprehension (xs, x * k, x, k, the binder x), then f's
  // call (f, y, 2): 12 nodes, counted in the source by hand.
  CHECK(seen == std::vector<std::string>{source, "max", "[x * k for x in xs]", "xs", "x * k", "x",
                                         "k", "x", "f(y, z: 2)", "f", "y", "2"});
}

TEST_CASE("the descent may change what it visits", "[walk]") {
  SourceManager sources;
  ExprPtr e = parse_expression(sources, sources.add("test.rk", "a + b"));
  for_each_subexpression(*e, [](Expr& sub, const SubPlace&) { sub.text = "c"; });
  CHECK(e->operands[0]->text == "c");
  CHECK(e->operands[1]->text == "c");
}
