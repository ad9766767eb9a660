// Lists (docs/language.md, "Lists"): how literals are typed, indexing at both ends, the
// limits, and that the type of a list keeps Type (and so Expr) at its size.
#include <catch2/catch.hpp>
#include <memory>
#include <string>
#include <vector>

#include "grammar/parse.hpp"
#include "interpreter/check/checker.hpp"
#include "interpreter/evaluate/evaluator.hpp"
#include "interpreter/load/loader.hpp"
#include "interpreter/load/pipeline.hpp"
#include "interpreter/model/program.hpp"
#include "interpreter/model/type_names.hpp"
#include "interpreter/values/lists.hpp"
#include "stdlib/library.hpp"
#include "syntax/diagnostics.hpp"

using namespace reckon;

namespace {

// The standard library, and expressions checked and evaluated at file scope.
class Lists {
 public:
  Lists() {
    load_program_text(program_, stdlib::standard_library(), "test.rk", "");
    check_and_compile(program_);
    evaluator_ = std::make_unique<Evaluator>(program_);
  }
  const Expr& checked(const std::string& source) {
    FileId f = program_.sources.add("expr", source);
    exprs_.push_back(parse_expression(program_.sources, f));
    check_and_compile_expression(program_, *exprs_.back(), Scope{});
    return *exprs_.back();
  }
  std::string type_of(const std::string& source) { return describe(checked(source).type); }
  Value value(const std::string& source) {
    return evaluator_->evaluate(checked(source), Evaluator::Frame{});
  }
  // The code of the first error checking or evaluating `source` raises, "" if none.
  std::string error(const std::string& source) {
    try {
      value(source);
    } catch (const UserErrors& e) {
      return e.diagnostics().front().code;
    } catch (const UserError& e) {
      return e.diagnostic().code;
    }
    return "";
  }
  std::string message(const std::string& source) {
    try {
      value(source);
    } catch (const UserError& e) {
      return e.diagnostic().message;
    }
    return "";
  }

 private:
  Program program_;
  std::unique_ptr<Evaluator> evaluator_;
  std::vector<ExprPtr> exprs_;
};

}  // namespace

TEST_CASE("a list literal's type is its elements' common type", "[lists]") {
  Lists l;
  CHECK(l.type_of("[784, 256, 128, 10]") == "[count]");
  CHECK(l.type_of("[1, 2.5]") == "[number]");  // a fraction among integers
  CHECK(l.type_of("[1 GB, 2 MB]") == "[B]");
  // A plain number beside a count takes the count, as `if` does.
  CHECK(l.type_of("[1 token, 2]") == "[token]");
  CHECK(l.type_of("[2, 1 token]") == "[token]");
  CHECK(l.type_of("[1 GB, none]") == "[B?]");
  CHECK(l.type_of("[none, 1 GB]") == "[B?]");
  CHECK(l.type_of("[\"a\", \"b\"]") == "[text]");
  CHECK(l.type_of("[[1, 2], [3.5]]") == "[[number]]");
  CHECK(l.type_of("[[1, 2], []]") == "[[count]]");
  CHECK(l.type_of("1 .. 8") == "[count]");
  CHECK(l.type_of("0.5 .. 8") == "[number]");
  CHECK(l.type_of("0 s .. 1 s step 0.25 s") == "[s]");
  CHECK(l.type_of("len([1, 2])") == "count");
  CHECK(l.type_of("[1 GB, 2 GB][0]") == "B (information)");
  CHECK(l.error("[1 GB, 2 s]") == "E0331");
  CHECK(l.error("[1 token, 1 param]") == "E0331");
  CHECK(l.error("[1, \"a\"]") == "E0331");
  CHECK(l.error("[]") == "E0330");
  CHECK(l.error("[none]") == "E0330");
  // Equal element types are one interned type: the ids compare equal.
  CHECK(Type::list_of(Type::quantity({}, true)).element_id ==
        Type::list_of(Type::quantity({}, true)).element_id);
  CHECK(Type::list_of(Type::quantity({}, true)).element_id !=
        Type::list_of(Type::quantity({}, false)).element_id);
}

TEST_CASE("indexes count from 0, and from the end when negative", "[lists]") {
  Lists l;
  // [10, 20, 30]: 0 -> 10, 2 -> 30, -1 -> 30, -3 -> 10.
  CHECK(l.value("[10, 20, 30][0]").number == 10);
  CHECK(l.value("[10, 20, 30][2]").number == 30);
  CHECK(l.value("[10, 20, 30][-1]").number == 30);
  CHECK(l.value("[10, 20, 30][-3]").number == 10);
  CHECK(l.error("[10, 20, 30][3]") == "E0520");
  CHECK(l.error("[10, 20, 30][-4]") == "E0520");
  CHECK(l.message("[10, 20, 30][3]") ==
        "index 3 is out of range: the list has 3 elements (indexes 0 to 2, or -3 to -1 from "
        "the end)");
  CHECK(l.error("[10, 20, 30][1.5]") == "E0336");
  CHECK(l.error("[10, 20, 30][3 / 2]") == "E0521");
  CHECK(l.error("[10, 20, 30][1 GB]") == "E0336");
  CHECK(l.error("(80 GB)[0]") == "E0335");
}

TEST_CASE("lists have a length limit, met before anything is made", "[lists]") {
  Lists l;
  // 1,000,000 elements are ordinary: a range and a comprehension over it.
  CHECK(l.value("len([x * 2 + 1 for x in 1 .. 1000000])").number == 1e6);
  // The last of 2x + 1 for x = 1,000,000 is 2,000,001.
  CHECK(l.value("[x * 2 + 1 for x in 1 .. 1000000][-1]").number == 2000001);
  // At the limit exactly: 1 .. 10,000,000 has 10,000,000 elements.
  CHECK(l.value("len(1 .. 1e7)").number == static_cast<double>(max_list_length));
  // One more is refused, by the range or by a join.
  CHECK(l.error("1 .. 1e7 + 1") == "E0522");
  CHECK(l.error("(1 .. 1e7) + [1]") == "E0522");
  // A range too long to count in memory is refused from its count: 1e300 elements.
  CHECK(l.error("0 .. 1e300") == "E0522");
  CHECK(l.error("1 .. 1e300 times 1.0000001") == "E0522");
}

TEST_CASE("comprehensions bind their names for the body and the filter only", "[lists]") {
  Lists l;
  // Evens of 1 .. 10 squared: 4, 16, 36, 64, 100.
  const Value v = l.value("[x * x for x in 1 .. 10 if x % 2 == 0]");
  REQUIRE(v.list());
  std::vector<double> got;
  for (const Value& x : v.list()->items()) got.push_back(x.number);
  CHECK(got == std::vector<double>{4, 16, 36, 64, 100});
  // Outside, `x` is a unit-less unknown name again.
  CHECK(l.error("[x for x in [1]][0] + x") == "E0316");
  // Names nest: the inner body sees both.
  CHECK(l.value("[[x * 10 + y for y in 1 .. 2] for x in 1 .. 3][2][1]").number == 32);
}

TEST_CASE("a comprehension's later clauses are kept where its element was", "[lists]") {
  Lists l;
  const Expr& e = l.checked("[(a, b) for a in 1 .. 3 if a > 1 for b in 1 .. a]");
  REQUIRE(e.kind == ExprKind::comprehension);
  CHECK_FALSE(is_clause(e));
  REQUIRE(e.operands.size() == 3);  // 1 .. 3, the clause, a > 1
  const Expr& clause = *e.operands[1];
  CHECK(is_clause(clause));
  REQUIRE(clause.operands.size() == 2);  // 1 .. a and the element: no `if`
  CHECK(&comprehension_element(e) == clause.operands[1].get());
  CHECK(clause.slot == e.slot + 1);  // its name bound after the first clause's
  CHECK(describe(e.type) == describe(clause.type));
  CHECK(describe(e.type) == "[(count, count)]");
  // [(a, b) for a in range(1, 4) if a > 1 for b in range(1, a + 1)] in Python:
  // (2, 1), (2, 2), (3, 1), (3, 2), (3, 3).
  CHECK(l.value("len([(a, b) for a in 1 .. 3 if a > 1 for b in 1 .. a])").number == 5);
  CHECK(l.value("[(a, b) for a in 1 .. 3 if a > 1 for b in 1 .. a][3] == (3, 2)").truthy());
  // An element computed by pure code makes a packed list, as one clause's does:
  // [a * b for a in [1, 2] for b in [1, 2, 3]] is [1, 2, 3, 2, 4, 6] (GB).
  const Value sizes = l.value("[a * b for a in [1 GB, 2 GB] for b in 1 .. 3]");
  REQUIRE(sizes.list());
  CHECK(sizes.list()->packed());
  CHECK(sizes.list()->numbers() == std::vector<double>{1e9, 2e9, 3e9, 2e9, 4e9, 6e9});
}
