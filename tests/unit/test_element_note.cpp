// The note a failing comprehension adds (interpreter/evaluate/element_note.hpp): which element it
// was at and, short, what that element held, so that a user sees which input broke. Each
// body below divides by zero at exactly one element, worked out by hand in its comment.
#include <catch2/catch.hpp>
#include <memory>
#include <string>
#include <vector>

#include "grammar/parse.hpp"
#include "interpreter/evaluate/element_note.hpp"
#include "interpreter/evaluate/evaluator.hpp"
#include "interpreter/load/loader.hpp"
#include "interpreter/load/pipeline.hpp"
#include "interpreter/model/program.hpp"
#include "stdlib/library.hpp"
#include "syntax/diagnostics.hpp"

using namespace reckon;

namespace {

const char* const declarations = R"(
record Gpu {
  name: text
  memory: GB
}
record Link {
  bandwidth: GB/s
  latency: us
}
let fleet = [Gpu(name: "H100", memory: 80 GB), Gpu(name: "empty", memory: 0 GB)]
let links = [Link(bandwidth: 900 GB/s, latency: 1 us), Link(bandwidth: 0 GB/s, latency: 2 us)]
let tiers = {"hot": 1 GB, "cold": 0 GB}
let buffers = [("kv", 2 GB), ("none", 0 GB)]
let long_names = ["short", "a name far longer than a note gives one value"]
)";

class Notes {
 public:
  Notes() {
    load_program_text(program_, stdlib::standard_library(), "test.rk", declarations);
    check_and_compile(program_);
    evaluator_ = std::make_unique<Evaluator>(program_);
  }
  // The notes of the error evaluating `source`, one per line ("" if none is raised).
  std::string notes(const std::string& source) {
    FileId f = program_.sources.add("expr", source);
    exprs_.push_back(parse_expression(program_.sources, f));
    check_and_compile_expression(program_, *exprs_.back(), Scope{});
    try {
      evaluator_->evaluate(*exprs_.back(), Evaluator::Frame{});
    } catch (const UserError& e) {
      std::string out;
      for (const Note& n : e.diagnostic().notes) out += n.message + "\n";
      return out;
    }
    return "";
  }

 private:
  Program program_;
  std::vector<std::unique_ptr<Expr>> exprs_;
  std::unique_ptr<Evaluator> evaluator_;
};

}  // namespace

TEST_CASE("an element note shows the element that failed", "[lists]") {
  Notes n;
  // fleet[1] has 0 GB of memory: a record with a name, by its type and name.
  CHECK(n.notes("[1 TB / g.memory for g in fleet]") ==
        "at element 1 of this list (Gpu \"empty\")\n");
  // links[1] has 0 GB/s: a record without a name, by its type and first field, in the
  // field's declared unit.
  CHECK(n.notes("[1 GB / l.bandwidth for l in links]") ==
        "at element 1 of this list (Link(bandwidth: 0 GB/s, ...))\n");
  // "cold" holds 0 GB: a map's entry by its key and value.
  CHECK(n.notes("[1 GB / v for (k, v) in tiers]") == "at entry 1 of this map (\"cold\": 0 GB)\n");
  // ("none", 0 GB): a tuple, taken apart by the pattern or bound whole.
  CHECK(n.notes("[1 GB / b for (a, b) in buffers]") ==
        "at element 1 of this list (\"none\", 0 GB)\n");
  CHECK(n.notes("[1 GB / p[1] for p in buffers]") ==
        "at element 1 of this list (\"none\", 0 GB)\n");
  // The second name has 45 characters (47 quoted): cut at 37 and `...`, 40 in all.
  CHECK(n.notes("[1 / (if s == \"short\" then 1 else 0) for s in long_names]") ==
        "at element 1 of this list (\"a name far longer than a note gives ...)\n");
  // A list element: its first 3 elements, the rest counted. [1 .. 10] has one element,
  // of length 10.
  CHECK(n.notes("[1 / (len(x) - 10) for x in [1 .. 10]]") ==
        "at element 0 of this list ([1, 2, 3, ... 7 more])\n");
}

TEST_CASE("short_value cuts a long value at a character boundary", "[lists]") {
  // `"`, 35 a's, then a 2-byte é at bytes 36 and 37: a cut at 37 would split it, so the
  // cut moves back to 36 and nothing of it shows.
  const std::string text = std::string(35, 'a') + "\xc3\xa9" + "bbbbbb";
  Value v = Value::adopt(TextValue::make(text));
  const std::string shown = short_value(v, std::nullopt);
  CHECK(shown == "\"" + std::string(35, 'a') + "...");
}
