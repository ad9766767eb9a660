// Texts built at run time (interpreter/values/value.hpp's TextValue): reference counting through
// every way a Value is copied, moved, assigned and overwritten; literal texts untouched;
// equality between built and literal texts; built texts outliving their evaluator.
#include <catch2/catch.hpp>
#include <functional>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "grammar/parse.hpp"
#include "interpreter/evaluate/evaluator.hpp"
#include "interpreter/load/loader.hpp"
#include "interpreter/load/pipeline.hpp"
#include "interpreter/model/program.hpp"
#include "interpreter/values/text_value.hpp"
#include "stdlib/library.hpp"
#include "syntax/diagnostics.hpp"

using namespace reckon;

// GCC 12 at -O3 follows a destructor's release() into a Value it cannot prove unshared
// (a quantity or literal text whose kind it lost track of across the CHECKs) and warns
// of a write to a null object; every such path is guarded by shared() at run time.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wstringop-overflow"
#endif

namespace {

// A built text with one extra reference held by the test, so that its count can be read
// after every step (and the object is still there to read); released at the end.
struct Probe {
  TextValue* text = TextValue::make("built");  // the probe's reference
  Probe() = default;
  Probe(const Probe&) = delete;
  Probe& operator=(const Probe&) = delete;
  ~Probe() { release(text); }
  std::uint32_t holders() const { return text->references.load() - 1; }  // less the probe's
  Value value() const {
    retain(text);
    return Value::adopt(text);
  }
};

std::unique_ptr<Program> program(const std::string& text) {
  auto p = std::make_unique<Program>();
  load_program_text(*p, stdlib::standard_library(), "test.rk", text);
  check_and_compile(*p);
  return p;
}

Value evaluate(Program& p, Evaluator& ev, const std::string& text, std::vector<ExprPtr>& keep) {
  FileId f = p.sources.add("expr", text);
  keep.push_back(parse_expression(p.sources, f));
  check_and_compile_expression(p, *keep.back(), Scope{});
  return ev.evaluate(*keep.back(), {});
}

}  // namespace

TEST_CASE("a built text counts the values that hold it") {
  struct Row {
    const char* what;
    std::function<void(const Probe&)> steps;  // checks holders() as it goes
  };
  const std::vector<Row> rows = {
      {"adopt, then destroy",
       [](const Probe& p) {
         {
           Value v = p.value();
           CHECK(p.holders() == 1);
           CHECK(v.owned_text == 1);
           CHECK(v.text() == "built");
         }
         CHECK(p.holders() == 0);
       }},
      {"copy construction",
       [](const Probe& p) {
         Value a = p.value();
         Value b = a;
         CHECK(p.holders() == 2);
         CHECK(b.text() == "built");
         CHECK(b.identity() == a.identity());
       }},
      {"move construction leaves none behind",
       [](const Probe& p) {
         Value a = p.value();
         Value b = std::move(a);
         CHECK(p.holders() == 1);
         CHECK(a.is_none());        // NOLINT: the moved-from state is specified
         CHECK(a.owned_text == 0);  // NOLINT
         CHECK(b.text() == "built");
       }},
      {"copy assignment over a quantity, a literal text and itself",
       [](const Probe& p) {
         const auto literal = std::make_unique<const std::string>("literal");
         Value a = p.value();
         Value q = Value::quantity(1.5);
         q = a;
         CHECK(p.holders() == 2);
         Value t = Value::text_of(*literal);
         t = a;
         CHECK(p.holders() == 3);
         const Value& same = t;
         t = same;  // self-assignment keeps the count
         CHECK(p.holders() == 3);
         t = Value::text_of(*literal);  // a literal over a built text releases it
         CHECK(p.holders() == 2);
         CHECK(t.owned_text == 0);
         CHECK(t.text() == "literal");
       }},
      {"move assignment releases what it overwrites",
       [](const Probe& p) {
         Value a = p.value();
         Value b = p.value();
         CHECK(p.holders() == 2);
         b = std::move(a);
         CHECK(p.holders() == 1);
         Value other = Value::adopt(TextValue::make("other"));
         other = std::move(b);
         CHECK(p.holders() == 1);
         CHECK(other.text() == "built");
       }},
      {"set_plain over a built text releases it",
       [](const Probe& p) {
         Value a = p.value();
         a.set_plain(2, ValueKind::quantity, Dimension{});
         CHECK(p.holders() == 0);
         CHECK(a.owned_text == 0);
         CHECK(a.number == 2);
       }},
      {"copies on four threads",
       [](const Probe& p) {
         const Value shared = p.value();
         std::vector<std::thread> threads;
         for (int t = 0; t < 4; ++t)
           threads.emplace_back([&] {
             for (int i = 0; i < 20000; ++i) {
               Value copy = shared;
               Value moved = std::move(copy);
             }
           });
         for (auto& t : threads) t.join();
         CHECK(p.holders() == 1);
       }},
  };
  for (const Row& r : rows) {
    DYNAMIC_SECTION(r.what) {
      Probe p;
      r.steps(p);
      CHECK(p.holders() == 0);  // every holder made in the row is gone
    }
  }
}

TEST_CASE("a literal text refers to its string and counts nothing") {
  static const std::string literal = "as written";
  Value a = Value::text_of(literal);
  Value b = a;
  CHECK(a.owned_text == 0);
  CHECK(b.identity() == &literal);
  CHECK(&b.text() == &literal);
}

TEST_CASE("built and literal texts compare by their characters") {
  auto p = program("let n = 2\nlet name = \"llama\"\n");
  Evaluator ev(*p);
  std::vector<ExprPtr> keep;
  struct Row {
    const char* expression;
    bool expected;
  };
  const Row rows[] = {
      {"\"{n}\" == \"2\"", true},
      {"\"a\" + \"b\" == \"ab\"", true},
      {"\"{name}-{n}\" == name + \"-2\"", true},
      {"\"{n}\" != \"2\"", false},
      {"\"{n} \" == \"2\"", false},  // a trailing space counts
      {"\"\" + \"\" == \"\"", true},
  };
  for (const Row& r : rows) {
    INFO(r.expression);
    Value v = evaluate(*p, ev, r.expression, keep);
    REQUIRE(v.kind == ValueKind::boolean);
    CHECK(v.truthy() == r.expected);
  }
}

TEST_CASE("a built text outlives the evaluator and the memo that made it") {
  auto p = program(
      "scenario S {\n  input n: count = 3\n  label(k: count): text = \"{k} of {n}\"\n"
      "  shown = label(2) + \"!\"\n}\ncase C = S()\n");
  std::vector<ExprPtr> keep;
  Value shown;
  {
    Evaluator ev(*p);
    shown = evaluate(*p, ev, "C.shown", keep);
    REQUIRE(shown.owned_text == 1);
  }
  // The evaluator, its instance and the method memo holding `label(2)` are gone.
  CHECK(shown.text() == "2 of 3!");
}

TEST_CASE("a text is refused past its limit, where it would be built") {
  try {
    check_text_size(max_text_bytes + 1, SourceRange{});
    FAIL("no error");
  } catch (const UserError& e) {
    CHECK(e.diagnostic().code == "E0530");
  }
  CHECK_NOTHROW(check_text_size(max_text_bytes, SourceRange{}));
}
