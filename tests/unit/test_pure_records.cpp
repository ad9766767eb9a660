// A lambda's body, or a comprehension's, that makes a record of fields of pure code
// (Evaluator::PerElement, interpreter/evaluate/evaluate_pure.cpp) runs each field by run_pure
// rather than through the tree walk: it must give the tree walk's Values to the bit,
// count the same steps (E0506's budget) and raise the same located errors. And the
// fast number-list parser's short decimals (grammar/number_list.hpp) must be the doubles
// from_chars gives.
#include <catch2/catch.hpp>
#include <charconv>
#include <cstdio>
#include <cstring>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "grammar/number_list.hpp"
#include "grammar/parse.hpp"
#include "interpreter/evaluate/evaluator.hpp"
#include "interpreter/load/loader.hpp"
#include "interpreter/load/pipeline.hpp"
#include "interpreter/model/program.hpp"
#include "stdlib/library.hpp"
#include "syntax/diagnostics.hpp"
#include "tests/unit/value_bits.hpp"

using namespace reckon;
using reckon::test::bits;

namespace {

// A program (records, a scenario and its case `T`) and expressions over it evaluated
// by a compiled evaluator and by the tree walk, each with its own steps counted.
class Both {
 public:
  explicit Both(const std::string& source) {
    load_program_text(program_, stdlib::standard_library(), "test.rk", source);
    check_and_compile(program_);
  }
  struct Result {
    std::string shown;  // the value as shown, or the error: code, offset, message
    std::uint64_t steps = 0;
    bool failed = false;
  };
  Result run(const std::string& source, bool compiled) {
    FileId f = program_.sources.add("expr", source);
    exprs_.push_back(parse_expression(program_.sources, f));
    check_and_compile_expression(program_, *exprs_.back(), Scope{});
    Evaluator ev(program_, 4, compiled);
    ev.elide_lists(1000);
    Result r;
    try {
      const Value v = ev.evaluate(*exprs_.back(), Evaluator::Frame{});
      r.shown = ev.show(v, std::nullopt) + "\n" + bits(v);
    } catch (const UserError& e) {
      const Diagnostic& d = e.diagnostic();
      r.failed = true;
      r.shown = d.code + " " + std::to_string(d.range ? d.range->begin : 0) + " " + d.message;
    }
    r.steps = ev.steps_taken();
    return r;
  }
  // Evaluates `source` both ways: the same text shown, the same numbers to the bit, the
  // same steps; returns the compiled result.
  Result same(const std::string& source) {
    INFO(source);
    const Result tree = run(source, false);
    const Result compiled = run(source, true);
    CHECK(tree.shown == compiled.shown);
    CHECK(tree.steps == compiled.steps);
    CHECK(tree.failed == compiled.failed);
    return compiled;
  }

 private:
  Program program_;
  std::vector<std::unique_ptr<Expr>> exprs_;
};

const char* const replay = R"(
record Served {
  finish: ms
  latency: ms
}
record Tagged {
  at: ms
  slot: count
  note: ms = 2 ms
}
scenario Replay {
  input arrivals: [ms] = [x * 1 ms for x in 1 .. 400] + [0.5 ms, 3.25 ms, 7 ms]
  input service: ms = 0.8 ms
  input zero: ms = 0 ms
  gap: ms = service / 2
  served: [Served] = scan(arrivals, Served(finish: 0 ms, latency: 0 ms),
    (previous, t) => Served(finish: max(previous.finish, t) + service,
                            latency: max(previous.finish, t) + service - t))
}
case T = Replay()
)";

}  // namespace

TEST_CASE("records of pure fields in scan, fold and comprehensions are the tree walk's",
          "[lists]") {
  Both both(replay);
  for (const std::string& source : {
           std::string("[r.latency for r in T.served]"),
           std::string("[r.finish for r in T.served]"),
           // The state of a fold a record; a property (`gap`) read by its fields.
           std::string("fold(T.arrivals, Served(finish: 0 ms, latency: 0 ms), (p, t) => "
                       "Served(finish: max(p.finish, t) + T.gap, latency: p.latency + t))"),
           // A body of pure code (no record): a number per element.
           std::string("fold(T.arrivals, 0 ms, (acc, t) => acc + t * 2)"),
           std::string("[Served(finish: x * 1 ms, latency: x * 2 ms) for x in 1 .. 50]"),
           // A default field (`note`) and a whole-number field.
           std::string("[Tagged(at: x * 1 ms, slot: x) for x in 1 .. 20 if x > 3]"),
           std::string("argmax(T.served, by: r => r.latency)"),
           // A field as the whole body: compiled at its root (one local_field).
           std::string("[r.finish for r in T.served if r.latency > 1 ms]"),
           std::string("sort(T.served, by: r => r.finish)"),
           std::string("last(T.served).finish"),
       }) {
    const Both::Result r = both.same(source);
    CHECK(!r.failed);
  }
  // The values themselves, worked by hand: arrivals 1, 2, 3 ms, service 0.8 ms, so no
  // request waits; the 401st (0.5 ms) arrives before the 400th's finish, 400.8 ms, and
  // waits: its latency is 400.8 + 0.8 - 0.5 = 401.1 ms.
  auto shown = [&](const std::string& source) {
    const std::string s = both.run(source, true).shown;
    return s.substr(0, s.find('\n'));
  };
  CHECK(shown("T.served[0].latency") == "800 us");
  CHECK(shown("T.served[400].latency") == "401.1 ms");
}

TEST_CASE("an error in a record's field is the tree walk's, at the same element", "[lists]") {
  Both both(replay);
  for (const std::string& source : {
           // 1 / (t - 3 ms) divides by zero at the third arrival.
           std::string("scan(T.arrivals, Served(finish: 0 ms, latency: 0 ms), (p, t) => "
                       "Served(finish: t, latency: 1 ms * 1 ms / (t - 3 ms)))"),
           // The same through an input read by the field, `zero`.
           std::string("fold(T.arrivals, Served(finish: 0 ms, latency: 0 ms), (p, t) => "
                       "Served(finish: t, latency: t * 1 ms / T.zero))"),
           std::string("[Served(finish: x * 1 ms, latency: 1 ms / (x - 7)) for x in 1 .. 10]"),
           // Not a whole number for a `count` field (E0503), at x = 2.5.
           std::string("[Tagged(at: x * 1 ms, slot: x) for x in 0.5 .. 5 step 0.5]"),
           // An overflow (E0502).
           std::string("scan(1 .. 40, Served(finish: 1 ms, latency: 0 ms), (p, x) => "
                       "Served(finish: p.finish * 1e300, latency: p.latency))"),
       }) {
    const Both::Result r = both.same(source);
    CHECK(r.failed);
  }
}

TEST_CASE("numbers of the number-list scan are the doubles from_chars gives", "[grammar]") {
  // Up to 15 digits without an exponent take the scan's own conversion; longer ones and
  // exponents go to from_chars. Either way the double is from_chars's, to the bit, and
  // the scan stops where the number ends.
  std::mt19937_64 rng(25);
  std::uniform_int_distribution<int> digit(0, 9), length(1, 19);
  for (int n = 0; n < 100000; ++n) {
    std::string s;
    const int digits = length(rng);
    for (int i = 0; i < digits; ++i) s += static_cast<char>('0' + digit(rng));
    if (digits > 1 && n % 4 != 0) s.insert(1 + static_cast<std::size_t>(n) % (digits - 1), ".");
    if (n % 7 == 0) s += "e-" + std::to_string(n % 12);
    const std::size_t written = s.size();
    s += " ms";
    double fast = 0, reference = 0;
    std::size_t i = 0;
    INFO(s);
    REQUIRE(grammar::number_list_detail::scan_number(s, i, fast));
    CHECK(i == written);
    std::from_chars(s.data(), s.data() + written, reference);
    REQUIRE(std::memcmp(&fast, &reference, sizeof fast) == 0);
  }
  // What the grammar does not read as a number, and values the generic path reports.
  for (const std::string bad : {"", ".5", "1.", "1e", "1e+", "x1", "1e300"}) {
    double x = 0;
    std::size_t i = 0;
    INFO(bad);
    CHECK_FALSE(grammar::number_list_detail::scan_number(bad, i, x));
  }
}
