// A list of records whose fields are numbers is kept as rows (ListBuilder,
// ListValue::make_rows): a `scan`'s states and a comprehension's records. It must read
// and show exactly as the same records kept as Values, fall back to Values when an
// element does not fit, and a loop that rebinds its local to element after element
// (ListValue::load, which writes into the local's record when nothing else refers to
// it) must never change a record something else holds.
#include <catch2/catch.hpp>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "grammar/parse.hpp"
#include "interpreter/display/format_table.hpp"
#include "interpreter/evaluate/evaluator.hpp"
#include "interpreter/load/loader.hpp"
#include "interpreter/load/pipeline.hpp"
#include "interpreter/model/program.hpp"
#include "interpreter/values/list_builder.hpp"
#include "stdlib/library.hpp"
#include "tests/unit/value_bits.hpp"

using namespace reckon;
using reckon::test::bits;

namespace {

const char* const source = R"(
record Served {
  finish: ms
  latency: ms
}
record Note {
  at: ms
  says: text
  extra: GB?
}
enum Kind { small, large }
record Sized {
  size: GB
  kind: Kind
  ok: bool
}
scenario Replay {
  input arrivals: [ms] = [x * 1 ms for x in 1 .. 300] + [0.5 ms, 3.25 ms]
  input service: ms = 0.8 ms
  served: [Served] = scan(arrivals, Served(finish: 0 ms, latency: 0 ms),
    (previous, t) => Served(finish: max(previous.finish, t) + service,
                            latency: max(previous.finish, t) + service - t))
}
case T = Replay()
)";

class Session {
 public:
  Session() {
    load_program_text(program_, stdlib::standard_library(), "test.rk", source);
    check_and_compile(program_);
    ev_ = std::make_unique<Evaluator>(program_, 4, true);
    ev_->elide_lists(1000);
  }
  Value eval(const std::string& text) {
    FileId f = program_.sources.add("expr", text);
    exprs_.push_back(parse_expression(program_.sources, f));
    check_and_compile_expression(program_, *exprs_.back(), Scope{});
    return ev_->evaluate(*exprs_.back(), Evaluator::Frame{});
  }
  Evaluator& ev() { return *ev_; }

 private:
  Program program_;
  std::vector<std::unique_ptr<Expr>> exprs_;
  std::unique_ptr<Evaluator> ev_;
};

// The same elements as an ordinary list of Values.
Value as_values(const Value& v) {
  return Value::adopt(ListValue::make(std::vector<Value>(v.list()->items())));
}

}  // namespace

TEST_CASE("a scan's records of numbers are rows that read and show as Values", "[lists]") {
  Session s;
  const Value served = s.eval("T.served");
  const ListValue& rows = *served.list();
  REQUIRE(rows.row_type() != nullptr);
  REQUIRE(rows.size() == 302);
  const Value values = as_values(served);
  REQUIRE(values.list()->row_type() == nullptr);
  CHECK(s.ev().show(served, std::nullopt) == s.ev().show(values, std::nullopt));
  DisplayOptions options;
  options.list_elements = 1000;
  CHECK(format_table(served, options, nullptr, "") == format_table(values, options, nullptr, ""));
  CHECK(table_summary(served) == "302 Served records");
  CHECK(bits(served) == bits(values));
  // Worked by hand: request 301 arrives at 0.5 ms, behind request 300, which finishes at
  // 300.8 ms; it finishes at 301.6 ms, 301.1 ms after it came.
  const Value r = rows.at(300);
  CHECK(r.record()->fields[0].number == Approx(0.3016).epsilon(1e-12));
  CHECK(r.record()->fields[1].number == Approx(0.3011).epsilon(1e-12));
  CHECK(rows.row_field(300, 1).number == r.record()->fields[1].number);
}

TEST_CASE("a comprehension's records are rows when their fields are plain", "[lists]") {
  Session s;
  // Quantities, an enumeration member and a boolean: one kind and unit per field.
  const Value sized =
      s.eval("[Sized(size: x * 1 GB, kind: Kind.small, ok: x > 2) for x in 1 .. 5]");
  REQUIRE(sized.list()->row_type() != nullptr);
  CHECK(s.ev().show(sized, std::nullopt) == s.ev().show(as_values(sized), std::nullopt));
  // A field read as a comprehension's whole body is compiled code (one local_field):
  // a boolean field stays a boolean, a quantity keeps its unit.
  const std::string made = "[Sized(size: x * 1 GB, kind: Kind.small, ok: x > 2) for x in 1 .. 5]";
  CHECK(s.ev().show(s.eval("[r.ok for r in " + made + "]"), std::nullopt) ==
        "[false, false, true, true, true]");
  CHECK(s.ev().show(s.eval("[r.size for r in " + made + "]"), std::nullopt) ==
        "[1, 2, 3, 4, 5] GB");
  // Members of one enumeration are its index and the same declaration: rows too.
  const Value mixed = s.eval(
      "[Sized(size: x * 1 GB, kind: if x > 2 then Kind.large else Kind.small, ok: true) for x "
      "in 1 .. 5]");
  CHECK(mixed.list()->row_type() != nullptr);
  CHECK(bits(mixed) == bits(as_values(mixed)));
  CHECK(s.ev().show(s.eval("[r.kind for r in [Sized(size: x * 1 GB, kind: if x > 2 then "
                           "Kind.large else Kind.small, ok: true) for x in 1 .. 5]]"),
                    std::nullopt) == "[small, small, large, large, large]");
}

TEST_CASE("an element that does not fit the rows so far makes a list of Values", "[lists]") {
  Session s;
  // An optional field none in the first records and a quantity later; a built text.
  const Value notes = s.eval(
      "[Note(at: x * 1 ms, says: \"n\", extra: if x > 3 then x * 1 GB else none) for x in 1 .. "
      "6]");
  REQUIRE(notes.list()->size() == 6);
  CHECK(notes.list()->row_type() == nullptr);
  CHECK(s.ev().show(s.eval("[n.extra for n in [Note(at: x * 1 ms, says: \"n\", extra: if x > 3 "
                           "then x * 1 GB else none) for x in 1 .. 6]]"),
                    std::nullopt) == "[none, none, none, 4, 5, 6] GB");
  const Value built = s.eval("[Note(at: x * 1 ms, says: \"n{x}\") for x in 1 .. 3]");
  CHECK(built.list()->row_type() == nullptr);
  CHECK(s.ev().show(s.eval("[n.says for n in [Note(at: x * 1 ms, says: \"n{x}\") for x in 1 .. "
                           "3]]"),
                    std::nullopt) == "[\"n1\", \"n2\", \"n3\"]");
}

TEST_CASE("rebinding a loop's local never changes a record held elsewhere", "[lists]") {
  Session s;
  // The comprehension binds r to each element of the rows in turn (ListValue::load). Each
  // element kept whole, inside a list or a tuple, must stay its own record.
  const Value kept = s.eval("[[r] for r in T.served]");
  const Value pairs = s.eval("[(r, r.latency) for r in T.served]");
  const Value served = s.eval("T.served");
  REQUIRE(kept.list()->size() == 302);
  for (std::size_t i = 0; i < 302; ++i) {
    INFO(i);
    CHECK(bits(kept.list()->at(i).list()->at(0)) == bits(served.list()->at(i)));
    CHECK(bits(pairs.list()->at(i).tuple()->at(0)) == bits(served.list()->at(i)));
  }
  // The records themselves, kept by a comprehension that returns them: rows again, equal.
  const Value copied = s.eval("[r for r in T.served if r.latency > 1 ms]");
  CHECK(copied.list()->size() == 2);
  CHECK(s.ev().show(copied, std::nullopt) ==
        s.ev().show(s.eval("[T.served[300], T.served[301]]"), std::nullopt));
}

TEST_CASE("ListBuilder counts the bytes of the layout it chose", "[lists]") {
  Session s;
  const Value served = s.eval("T.served");
  ListBuilder rows;
  for (const Value& r : served.list()->items()) rows.push_back(r);
  CHECK(rows.size() == 302);
  CHECK(rows.bytes() == 302 * 2 * sizeof(double));
  ListBuilder values;
  values.push_back(Value::quantity(1));
  values.push_back(served.list()->at(0));
  CHECK(values.bytes() == 2 * sizeof(Value));
  const Value made = Value::adopt(values.make());
  CHECK(made.list()->row_type() == nullptr);
  CHECK(values.size() == 0);
}
