// Tuples (docs/language.md, "Tuples"): their types, interned as a whole; literals and
// element access typed per position; zip, pairs, enumerate and join with units and
// empty lists; and tuple patterns in comprehensions and lambdas over tuples.
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
#include "stdlib/library.hpp"
#include "syntax/diagnostics.hpp"

using namespace reckon;

namespace {

// The standard library, and expressions checked and evaluated at file scope.
class Tuples {
 public:
  Tuples() {
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
  std::string shown(const std::string& source) {
    return evaluator_->show(value(source), std::nullopt);
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
    } catch (const UserErrors& e) {
      return e.diagnostics().front().message;
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

TEST_CASE("tuple types are interned as a whole and keep Type's size", "[tuples]") {
  const Type count = Type::quantity({}, true);
  const Type gb = Type::quantity(Dimension::of(Base::information));
  const Type a[] = {count, gb};
  const Type b[] = {gb, count};
  const Type t = Type::tuple_of(a);
  CHECK(t.is_tuple());
  CHECK(t.tuple_elements().size() == 2);
  CHECK(Type::tuple_of(a).element_id == t.element_id);
  CHECK(Type::tuple_of(b).element_id != t.element_id);  // order matters
  CHECK(describe(t) == "(count, B)");
  CHECK(Type::list_of(gb).tuple_elements().empty());
  CHECK(sizeof(Type) == 48);
}

TEST_CASE("tuple literals and elements are typed per position", "[tuples]") {
  Tuples t;
  CHECK(t.type_of("(784, 256)") == "(count, count)");
  CHECK(t.type_of("(1 GB, 2 s, \"x\")") == "(B, s, text)");
  CHECK(t.type_of("(1 GB, 2 s)[1]") == "s (time)");
  CHECK(t.type_of("(80 GB)") == "B (information)");  // `(x)` stays grouping
  CHECK(t.type_of("[(1, 2 GB), (3, 4 GB)]") == "[(count, B)]");
  CHECK(t.value("(1 GB, 2 s)[0]").number == 1e9);
  CHECK(t.shown("(784, 256)") == "(784, 256)");
  CHECK(t.shown("(1 GB, 2 s)") == "(1 GB, 2 s)");
  CHECK(t.value("(1, 2 GB) == (1, 2000 MB)").truthy());
  CHECK_FALSE(t.value("(1, 2 GB) == (1, 3 GB)").truthy());
  CHECK(t.error("(1, 2)[2]") == "E0379");
  CHECK(t.message("(1, 2)[2]") ==
        "index 2 is out of range: the tuple (count, count) has 2 elements (indexes 0 or 1)");
  CHECK(t.error("(1, 2)[-1]") == "E0379");
  CHECK(t.error("(1, 2)[len([1]) - 1]") == "E0378");
  CHECK(t.error("(1, 2)[0.5]") == "E0378");
  CHECK(t.error("(none, 2)") == "E0377");
  // The right side is typed as the left (as a list literal is), so the element that does
  // not fit is the one reported.
  CHECK(t.error("(1, 2 GB) == (1, 2 s)") == "E0402");
  CHECK(t.message("(1, 2 GB) == (1, 2 s)") ==
        "element 1 of the tuple must be B (information), not s (time)");
  CHECK(t.error("(1, 2) == (1, 2, 3)") == "E0408");
}

TEST_CASE("zip, pairs and enumerate make lists of tuples", "[tuples]") {
  Tuples t;
  CHECK(t.type_of("zip([1, 2], [1 GB, 2 GB])") == "[(count, B)]");
  CHECK(t.type_of("pairs([1 s, 2 s])") == "[(s, s)]");
  CHECK(t.type_of("enumerate([\"a\", \"b\"])") == "[(count, text)]");
  CHECK(t.shown("zip([1, 2], [1 GB, 2 GB])") == "[(1, 1 GB), (2, 2 GB)]");
  // Adjacent pairs of [784, 256, 128, 10]: (784, 256), (256, 128), (128, 10).
  CHECK(t.shown("pairs([784, 256, 128, 10])") == "[(784, 256), (256, 128), (128, 10)]");
  CHECK(t.shown("enumerate([\"a\", \"b\"])") == "[(0, \"a\"), (1, \"b\")]");
  // Empty lists, and a list of one, which has no adjacent pair.
  CHECK(t.value("len(zip([1][1:], [2][1:]))").number == 0);
  CHECK(t.value("len(pairs([1 GB]))").number == 0);
  CHECK(t.value("len(pairs([1][1:]))").number == 0);
  CHECK(t.value("len(enumerate([1][1:]))").number == 0);
  // Lists of different lengths are refused where zip runs.
  CHECK(t.error("zip([1, 2, 3], [1, 2])") == "E0525");
  CHECK(t.message("zip([1, 2, 3], [1, 2])") ==
        "`zip` needs two lists of one length: the first has 3 elements, the second 2; slice "
        "the longer one, as in `xs[:2]`, to pair the first 2");
  CHECK(t.error("zip([1, 2])") == "E0311");
  CHECK(t.error("pairs(3)") == "E0337");
  CHECK(t.error("enumerate([1], [2])") == "E0311");
}

TEST_CASE("tuple patterns and lambdas take tuples apart", "[tuples]") {
  Tuples t;
  // Dense layers from [784, 256, 128, 10]: 784*256+256 = 200,960, 256*128+128 = 32,896,
  // 128*10+10 = 1,290; total 235,146.
  CHECK(t.shown("[a * b + b for (a, b) in pairs([784, 256, 128, 10])]") == "[200960, 32896, 1290]");
  CHECK(
      t.value("fold(pairs([784, 256, 128, 10]), 0, (acc, p) => acc + p[0] * p[1] + p[1])").number ==
      235146);
  // Sorted by the second element: 3 s, 5 s, 9 s -> "b", "c", "a".
  CHECK(t.shown("[p[0] for p in sort(zip([\"a\", \"b\", \"c\"], [9 s, 3 s, 5 s]), by: p => "
                "p[1])]") == "[\"b\", \"c\", \"a\"]");
  CHECK(t.shown("[i * x for (i, x) in enumerate([1 GB, 2 GB, 3 GB]) if i > 0]") == "[2, 6] GB");
  CHECK(t.error("[a for (a, b, c) in pairs([1, 2])]") == "E0380");
  CHECK(t.error("[a for (a, b) in [1, 2]]") == "E0333");
}

TEST_CASE("join makes a text, and len counts a map's entries", "[tuples]") {
  Tuples t;
  CHECK(t.shown("join([\"a\", \"b\", \"c\"], \", \")") == "\"a, b, c\"");
  CHECK(t.shown("join([\"a\"], \"-\")") == "\"a\"");
  CHECK(t.shown("join([\"a\"][1:], \"-\")") == "\"\"");
  CHECK(t.type_of("join([\"a\"], \"\")") == "text");
  CHECK(t.error("join([1, 2], \", \")") == "E0381");
  CHECK(t.error("join([\"a\"], 1)") == "E0381");
  CHECK(t.error("join(\"a\", \"b\")") == "E0381");
  CHECK(t.value("len({\"a\": 1 GB, \"b\": 2 GB, \"c\": 3 GB})").number == 3);
  CHECK(t.type_of("len({\"a\": 1 GB})") == "count");
  CHECK(t.error("len(3)") == "E0337");
}
