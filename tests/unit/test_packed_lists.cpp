// Packed lists (interpreter/values/value.hpp, ListValue): a list of quantities of one dimension
// kept as doubles. Whatever reads a list must not tell a packed list from the same list
// of Values: each aggregate, indexing, slicing, printing and equality give the same
// Value, to the bit, for both; and only lists of quantities of one dimension pack.
#include <catch2/catch.hpp>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "grammar/parse.hpp"
#include "interpreter/evaluate/evaluator.hpp"
#include "interpreter/load/loader.hpp"
#include "interpreter/load/pipeline.hpp"
#include "interpreter/model/program.hpp"
#include "stdlib/library.hpp"
#include "syntax/diagnostics.hpp"

using namespace reckon;

namespace {

// The standard library, and expressions checked and evaluated at file scope by the
// compiled evaluator and by the tree walk.
class Packed {
 public:
  Packed() {
    load_program_text(program_, stdlib::standard_library(), "test.rk", "");
    check_and_compile(program_);
    compiled_ = std::make_unique<Evaluator>(program_);
    tree_ = std::make_unique<Evaluator>(program_, 4, false);
  }
  Value value(const std::string& source, bool compiled = true) {
    FileId f = program_.sources.add("expr", source);
    exprs_.push_back(parse_expression(program_.sources, f));
    check_and_compile_expression(program_, *exprs_.back(), Scope{});
    return (compiled ? *compiled_ : *tree_).evaluate(*exprs_.back(), Evaluator::Frame{});
  }
  // "CODE: message" of what evaluating `source` raises, "" if nothing.
  std::string error(const std::string& source, bool compiled = true) {
    try {
      value(source, compiled);
    } catch (const UserError& e) {
      return e.diagnostic().code + ": " + e.diagnostic().message;
    }
    return "";
  }
  // The notes of the error evaluating `source`, one per line.
  std::string error_notes(const std::string& source, bool compiled = true) {
    try {
      value(source, compiled);
    } catch (const UserError& e) {
      std::string out;
      for (const Note& n : e.diagnostic().notes) out += n.message + "\n";
      return out;
    }
    return "";
  }
  std::string show(const Value& v) const { return compiled_->show(v, std::nullopt); }

 private:
  Program program_;
  std::vector<std::unique_ptr<Expr>> exprs_;
  std::unique_ptr<Evaluator> compiled_;
  std::unique_ptr<Evaluator> tree_;
};

// The same Value to the bit: kind, number, dimension, and for lists every element.
void same(const Value& a, const Value& b) {
  REQUIRE(a.kind == b.kind);
  if (a.list()) {
    REQUIRE(a.list()->size() == b.list()->size());
    for (std::size_t i = 0; i < a.list()->size(); ++i) same(a.list()->at(i), b.list()->at(i));
    return;
  }
  if (a.tuple()) {
    REQUIRE(a.tuple()->size() == b.tuple()->size());
    for (std::size_t i = 0; i < a.tuple()->size(); ++i)
      same(a.tuple()->items()[i], b.tuple()->items()[i]);
    return;
  }
  CHECK(std::memcmp(&a.number, &b.number, sizeof(double)) == 0);
  CHECK(a.dim == b.dim);
}

// 0.5 GB .. 12 GB in steps of 0.5 GB, written one by one, each in parentheses, which
// the fast number-list parser leaves to the generic list literal: a list of Values.
std::string value_list() {
  std::string s = "[";
  for (int i = 1; i <= 24; ++i) s += (i > 1 ? ", " : "") + ("(" + std::to_string(i * 0.5) + " GB)");
  return s + "]";
}

}  // namespace

TEST_CASE("a packed list and the same list of Values give the same results", "[lists]") {
  Packed p;
  const std::string values = value_list();
  const std::string xs_packed = "[x * 1 GB for x in 0.5 .. 12 step 0.5]";
  const Value a = p.value(xs_packed);
  const Value b = p.value(values);
  REQUIRE(a.list()->packed());
  REQUIRE(!b.list()->packed());
  same(a, b);
  CHECK(p.show(a) == p.show(b));
  // `==` compares them element by element, packed against Values.
  CHECK(p.value(xs_packed + " == " + values).number == 1);
  CHECK(p.value(xs_packed + " == sort(" + values + ", by: x => -x)").number == 0);
  // Every aggregate, indexing and slicing, over a shuffled list with a repeat: the
  // second half first, then the first, then 3 GB again.
  auto shuffled = [](const std::string& xs) {
    return "(" + xs + "[12:] + " + xs + "[:12] + " + xs + "[5:6])";
  };
  const std::vector<std::string> uses = {
      "sum(XS)",
      "product([x / 1 GB for x in XS])",
      "mean(XS)",
      "min(XS)",
      "max(XS)",
      "len(XS)",
      "count(XS, x => x > 3 GB)",
      "any(XS, x => x > 11 GB)",
      "all(XS, x => x > 1 GB)",
      "sort(XS)",
      "sort(XS, by: x => -x)",
      "argmin(XS, x => (x - 3 GB) * (x - 3 GB) / 1 GB)",
      "argmax(XS, x => x)",
      "quantile(XS, 0.37)",
      "first(XS)",
      "last(XS)",
      "fold(XS, 0 GB, (a, x) => a + x)",
      "scan(XS, 0 GB, (a, x) => max(a, x))",
      "XS[3]",
      "XS[-1]",
      "XS[2:7]",
      "XS[:-20]",
      "XS[30:]",
      "XS + XS",
      "zip(XS, XS)[4]",
      "pairs(XS)[0]",
      "enumerate(XS)[24]",
      "[x * 2 for x in XS]",
      "[x for x in XS if x > 6 GB]",
      "[x / 1 GB > 6 for x in XS]",
      "XS == sort(XS)",
      "XS == XS",
  };
  for (const std::string& use : uses) {
    auto with = [&](const std::string& xs) {
      std::string s = use;
      for (std::size_t at; (at = s.find("XS")) != std::string::npos;)
        s.replace(at, 2, shuffled(xs));
      return s;
    };
    INFO(use);
    const Value x = p.value(with(xs_packed));
    const Value y = p.value(with(values));
    same(x, y);
    CHECK(p.show(x) == p.show(y));
    // The tree walk makes Values where compiled code makes a packed list: the same.
    same(p.value(with(xs_packed), false), x);
  }
}

TEST_CASE("ranges, long number literals and numeric comprehensions are packed", "[lists]") {
  Packed p;
  CHECK(p.value("1 .. 10").list()->packed());
  CHECK(p.value("1 GB .. 1 TB times 2").list()->packed());
  // 16 numbers in one unit: the fast parser's number_list.
  CHECK(p.value("[1 s, 2 s, 3 s, 4 s, 5 s, 6 s, 7 s, 8 s, 9 s, 10 s, 11 s, 12 s, 13 s, 14 s, "
                "15 s, 16 s]")
            .list()
            ->packed());
  CHECK(p.value("[x * 2 for x in 1 .. 10 if x > 3]").list()->packed());
  CHECK(p.value("(1 .. 10)[2:4]").list()->packed());
  CHECK(p.value("sort(1 .. 10)").list()->packed());
  CHECK(p.value("(1 .. 3) + (4 .. 5)").list()->packed());
  // A packed list's dimension is its elements'.
  const Value gb = p.value("[x * 1 GB for x in 1 .. 3]");
  CHECK(gb.list()->dimension() == p.value("1 GB").dim);
  CHECK(gb.list()->at(2).number == 3e9);  // 3 GB in bytes
}

TEST_CASE("lists other than quantities of one dimension are never packed", "[lists]") {
  Packed p;
  // Short literals, texts, booleans, tuples, records of lists, and a literal where a
  // count's plain numbers take its unit, element by element.
  CHECK_FALSE(p.value("[1 GB, 2 GB]").list()->packed());
  CHECK_FALSE(p.value("[1 token, 2]").list()->packed());
  CHECK_FALSE(p.value("[\"a\", \"b\"]").list()->packed());
  CHECK_FALSE(p.value("[x > 3 for x in 1 .. 10]").list()->packed());
  CHECK_FALSE(p.value("[(x, x * 1 GB) for x in 1 .. 10]").list()->packed());
  CHECK_FALSE(p.value("[if x > 3 then \"big\" else \"small\" for x in 1 .. 10]").list()->packed());
  CHECK_FALSE(p.value("[[x] for x in 1 .. 3]").list()->packed());
  // A body that is not pure code (it reads a list) makes Values, packed source or not.
  CHECK_FALSE(p.value("[len(1 .. x) for x in 1 .. 10]").list()->packed());
  // A join of a packed list and a list of Values is a list of Values.
  CHECK_FALSE(p.value("(1 .. 3) + [4, 5]").list()->packed());
}

TEST_CASE("a packed comprehension fails as the tree walk does", "[lists]") {
  Packed p;
  // 1 / (x - 5) divides by zero at x = 5: the same located error either way.
  for (const std::string& source : {std::string("[1 / (x - 5) for x in 1 .. 10]"),
                                    std::string("[x for x in 1 .. 10 if 1 / (x - 7) > 0]"),
                                    std::string("[x * 1e300 * 1e10 for x in 1 .. 10]")}) {
    INFO(source);
    const std::string compiled = p.error(source);
    CHECK(!compiled.empty());
    CHECK(compiled == p.error(source, false));
    CHECK(p.error_notes(source) == p.error_notes(source, false));
  }
  // Both name the element that failed, and what it held: x = 5 is element 4 of 1 .. 10
  // (from 0); x = 7 in the filter, element 6; in a block of 128 run at once (1 .. 300),
  // x = 200 is element 199, found by running the block again element by element.
  CHECK(p.error_notes("[1 / (x - 5) for x in 1 .. 10]") == "at element 4 of this list (5)\n");
  CHECK(p.error_notes("[1 / (x - 5) for x in 1 .. 10]", false) ==
        "at element 4 of this list (5)\n");
  CHECK(p.error_notes("[x for x in 1 .. 10 if 1 / (x - 7) > 0]") ==
        "at element 6 of this list (7)\n");
  CHECK(p.error_notes("[1 / (x - 200) for x in 1 .. 300]") ==
        "at element 199 of this list (200)\n");
  CHECK(p.error_notes("[1 / (x - 200) for x in 1 .. 300]", false) ==
        "at element 199 of this list (200)\n");
  // A quantity in the unit the list is written in: 2 KiB is element 1 of [1, 2, 3] KiB
  // (1 KiB / (x - 2 KiB) divides by zero there), not 2.048 kB.
  CHECK(p.error_notes("[1 KiB / (x - 2 KiB) for x in [1 KiB, 2 KiB, 3 KiB]]") ==
        "at element 1 of this list (2 KiB)\n");
}
