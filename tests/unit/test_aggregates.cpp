// The builtins over lists from `sum` on, one table row per builtin and case: the value
// and unit of the result, empty lists, and the located errors of bad calls. Expected
// values are worked by hand in each row's comment.
#include <catch2/catch.hpp>
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

// Lists the rows use, declared once: `gb` sizes, `ms` latencies, `none_gb` an empty [GB].
const char* const prelude = R"(
record Gpu {
  name: text
  memory: GB
}
let gb: [GB] = [4 GB, 1 GB, 2 GB]
let ms: [ms] = [3 ms, 5 ms, 7 ms, 3 ms]
let counts: [count] = [2, 3, 4]
let none_gb: [GB] = []
let none_counts: [count] = []
let none_flags: [bool] = []
let flags = [true, false, true]
let fleet = [Gpu(name: "A100", memory: 80 GB), Gpu(name: "V100", memory: 32 GB)]
)";

class Session {
 public:
  Session() : program_(std::make_unique<Program>()) {
    load_program_text(*program_, stdlib::standard_library(), "test.rk", prelude);
    check_and_compile(*program_);
    evaluator_ = std::make_unique<Evaluator>(*program_);
  }
  // Parses, checks and evaluates `source` at file scope.
  Value evaluate(const std::string& source) {
    const FileId file = program_->sources.add("expr", source);
    exprs_.push_back(parse_expression(program_->sources, file));
    check_and_compile_expression(*program_, *exprs_.back(), Scope{});
    return evaluator_->evaluate(*exprs_.back(), Evaluator::Frame{});
  }
  std::string show(const Value& v) { return evaluator_->show(v, std::nullopt); }

 private:
  std::unique_ptr<Program> program_;
  std::unique_ptr<Evaluator> evaluator_;
  std::vector<ExprPtr> exprs_;
};

Session& session() {
  static Session s;
  return s;
}

// The code of the error `source` raises, checking or evaluating; "" if none.
std::string error_code(const std::string& source) {
  try {
    session().evaluate(source);
  } catch (const UserErrors& e) {
    return e.diagnostics().at(0).code;
  } catch (const UserError& e) {
    return e.diagnostic().code;
  }
  return "";
}

}  // namespace

TEST_CASE("aggregates: values and units", "[aggregates]") {
  struct Row {
    const char* source;
    const char* shown;  // as `reckon eval` shows it, unit included
  };
  const std::vector<Row> rows = {
      // 4 + 1 + 2 = 7 GB; the empty list's sum is 0 in its element's unit.
      {"sum(gb)", "7 GB"},
      {"sum(none_gb)", "0 B"},
      {"sum(counts)", "9"},
      // 2 * 3 * 4 = 24; the empty product is 1.
      {"product(counts)", "24"},
      {"product(none_counts)", "1"},
      // min and max return an element; two arguments are the numeric builtins.
      {"min(gb)", "1 GB"},
      {"max(ms)", "7 ms"},
      {"min(2 s, 3 s)", "2 s"},
      // (3 + 5 + 7 + 3) / 4 = 4.5 ms
      {"mean(ms)", "4.500 ms"},
      // (2 + 3 + 4) / 3 = 3: a count's mean is a number
      {"mean(counts)", "3"},
      {"count(flags)", "2"},
      {"count(ms, x => x > 4 ms)", "2"},
      {"count(none_gb, x => x > 1 GB)", "0"},
      {"any(flags)", "true"},
      {"any(none_flags)", "false"},
      {"all(flags)", "false"},
      {"all(none_flags)", "true"},
      {"all(gb, x => x >= 1 GB)", "true"},
      {"any(gb, x => x > 4 GB)", "false"},
      {"sort(gb)", "[1, 2, 4] GB"},
      {"sort(none_gb)", "[]"},
      {"sort(gb, by: x => -x)", "[4, 2, 1] GB"},
      {"sort([\"b\", \"c\", \"a\"])", "[\"a\", \"b\", \"c\"]"},
      {"argmax(fleet, by: g => g.memory).name", "\"A100\""},
      {"argmin(fleet, by: g => g.memory).name", "\"V100\""},
      // sorted [3, 3, 5, 7], h = 3q: q = 0.5 gives 3 + 0.5 * 2 = 4; q = 0.25, h = 0.75,
      // 3 + 0.75 * 0 = 3; q = 0.99, h = 2.97, 5 + 0.97 * 2 = 6.94
      {"quantile(ms, 0.5)", "4 ms"},
      {"quantile(ms, 0.25)", "3 ms"},
      {"quantile(ms, 0.99)", "6.940 ms"},
      {"quantile(ms, 0)", "3 ms"},
      {"quantile(ms, 1)", "7 ms"},
      {"first(gb)", "4 GB"},
      {"last(gb)", "2 GB"},
      // 0 + 4 + 1 + 2 = 7 GB; scan keeps every step: 4, 5, 7
      {"fold(gb, 0 GB, (acc, x) => acc + x)", "7 GB"},
      {"scan(gb, 0 GB, (acc, x) => acc + x)", "[4, 5, 7] GB"},
      {"fold(none_gb, 1 GB, (acc, x) => acc + x)", "1 GB"},
      {"scan(none_gb, 0 GB, (acc, x) => acc + x)", "[]"},
      // the largest so far: max(0, 4) = 4, max(4, 1) = 4, max(4, 2) = 4
      {"scan(gb, 0 GB, (acc, x) => max(acc, x))", "[4, 4, 4] GB"},
      // a record as the accumulator
      {"fold(fleet, Gpu(name: \"\", memory: 0 GB), (best, g) => if g.memory > best.memory "
       "then g else best).name",
       "\"A100\""},
      // lambdas nest, and see the names around them: for t = 2 GB, 4 GB is above it
      {"[count(gb, x => x > t) for t in [0 GB, 2 GB]]", "[3, 1]"},
      {"count(gb, x => any(gb, y => y > x))", "2"},
  };
  for (const Row& r : rows) {
    INFO(r.source);
    CHECK(session().show(session().evaluate(r.source)) == r.shown);
  }
}

TEST_CASE("aggregates: located errors", "[aggregates]") {
  struct Row {
    const char* source;
    const char* code;
  };
  const std::vector<Row> rows = {
      {"x => x", "E0370"},                          // a lambda that is no argument
      {"len(x => x)", "E0370"},                     // nor one of a builtin that calls none
      {"fold(gb, 0 GB, x => x)", "E0371"},          // one parameter where fold gives two
      {"count(gb, 3)", "E0371"},                    // a value where a function is wanted
      {"sum(fleet)", "E0372"},                      // records have no sum
      {"count(gb)", "E0372"},                       // count without a condition needs bools
      {"sort(fleet)", "E0373"},                     // records have no order of their own
      {"count(gb, x => x)", "E0373"},               // the condition is a size
      {"argmax(fleet, by: g => g.name)", "E0373"},  // argmax compares quantities
      {"fold(gb, 0, (acc, x) => x)", "E0374"},      // gives a size, where 0 is no size
      {"product(gb)", "E0375"},                     // GB^3 here, GB^4 for four elements
      {"quantile(ms, 1.5)", "E0376"},               // q from 0 to 1
      {"quantile(ms, 1 s)", "E0376"},
      {"sum(3 GB)", "E0337"},              // not a list
      {"sum(gb, gb)", "E0311"},            // one argument
      {"sort(gb, key: x => x)", "E0313"},  // the key is `by:`
      {"min(none_gb)", "E0545"},           // nothing to take the least of
      {"max(none_gb)", "E0545"},
      {"mean(none_gb)", "E0545"},
      {"quantile(none_gb, 0.5)", "E0545"},
      {"first(none_gb)", "E0545"},
      {"last(none_gb)", "E0545"},
      {"argmin(none_gb, by: x => x)", "E0545"},
      {"quantile(ms, len(ms) / 2)", "E0546"},  // q = 4 / 2 = 2
  };
  for (const Row& r : rows) {
    INFO(r.source);
    CHECK(error_code(r.source) == r.code);
  }
}
