// The evaluator end to end: load, check and evaluate programs and expressions.
// Laziness and memoization are proven by counting calls of a native function.
#include <catch2/catch.hpp>
#include <memory>
#include <string>
#include <vector>

#include "grammar/parse.hpp"
#include "interpreter/check/checker.hpp"
#include "interpreter/display/format.hpp"
#include "interpreter/evaluate/evaluator.hpp"
#include "interpreter/load/loader.hpp"
#include "interpreter/load/pipeline.hpp"
#include "interpreter/model/program.hpp"
#include "interpreter/values/units.hpp"
#include "stdlib/library.hpp"
#include "syntax/diagnostics.hpp"

using namespace reckon;
using Catch::Matchers::Contains;

namespace {

const char* const training_path = RECKON_SOURCE_DIR "/scenarios/training.rk";

Dimension of(Base b, int power = 1) { return Dimension::of(b, static_cast<std::int8_t>(power)); }

const Dimension none = Dimension::none();
const Dimension bytes = of(Base::information);
const Dimension seconds = of(Base::time);
const Dimension flops = of(Base::compute);
const Dimension tokens = of(Base::token);
const Dimension params = of(Base::param);
// W = kg*m^2/s^3
const Dimension watts = of(Base::mass) * of(Base::length, 2) * of(Base::time, -3);

// A loaded and checked program with one evaluator; expressions are parsed into
// files of their own, so error offsets are relative to the expression's text.
class Session {
 public:
  static std::unique_ptr<Session> text(const std::string& source) {
    auto s = std::unique_ptr<Session>(new Session);
    load_program_text(*s->program_, stdlib::standard_library(), "test.rk", source);
    s->finish();
    return s;
  }
  static std::unique_ptr<Session> file(const std::string& path) {
    auto s = std::unique_ptr<Session>(new Session);
    load_program(*s->program_, stdlib::standard_library(), path);
    s->finish();
    return s;
  }

  Program& program() { return *program_; }
  Evaluator& evaluator() { return *evaluator_; }
  void restart() { evaluator_ = std::make_unique<Evaluator>(*program_); }

  // Parses and checks `source` at file scope; throws UserErrors from the checker.
  const Expr& expression(const std::string& source) {
    last_file_ = program_->sources.add("expr", source);
    exprs_.push_back(parse_expression(program_->sources, last_file_));
    check_and_compile_expression(*program_, *exprs_.back(), Scope{});
    return *exprs_.back();
  }
  Value evaluate(const std::string& source) {
    const Expr& e = expression(source);
    return evaluator_->evaluate(e, Evaluator::Frame{});
  }
  FileId last_file() const { return last_file_; }

 private:
  Session() : program_(std::make_unique<Program>()) {}
  void finish() {
    check_and_compile(*program_);
    restart();
  }

  std::unique_ptr<Program> program_;
  std::unique_ptr<Evaluator> evaluator_;
  std::vector<ExprPtr> exprs_;
  FileId last_file_ = 0;
};

std::string dim_text(const Dimension& d) {
  return d.is_dimensionless() ? "(none)" : base_unit_string(d);
}

const NativeFunction& activation_memory() {
  const NativeFunction* f = stdlib::standard_library().natives->find("activation_memory");
  REQUIRE(f != nullptr);
  return *f;
}

}  // namespace

// --- laziness and memoization ---------------------------------------------------------

TEST_CASE("properties are evaluated lazily and once", "[evaluator][lazy]") {
  auto session = Session::file(training_path);
  const NativeFunction& native = activation_memory();
  stdlib::standard_library().natives->reset_counts();
  REQUIRE(native.calls == 0);

  struct Row {
    std::string ask;
    std::uint64_t calls;  // activation_memory calls so far
  };
  const std::vector<Row> rows = {
      // sequence = seq_len ?? workload.context_length needs no activations at all
      {"Gpt3ActivationsMicrobatch4.sequence", 0},
      // per_token_activations = activations(selective): one call
      {"Gpt3ActivationsMicrobatch4.per_token_activations", 1},
      // asked again: memoized
      {"Gpt3ActivationsMicrobatch4.per_token_activations", 1},
      // per_sequence_activations = per_token_activations / micro_batch: memoized
      {"Gpt3ActivationsMicrobatch4.per_sequence_activations", 1},
      // score_activations = activations(none) - activations(selective): only (none) is new
      {"Gpt3ActivationsMicrobatch4.score_activations", 2},
      // the method's calls are memoized by argument, however it is spelled
      {"Gpt3ActivationsMicrobatch4.activations(none)", 2},
      {"Gpt3ActivationsMicrobatch4.activations(Recompute.selective)", 2},
      {"Gpt3ActivationsMicrobatch4.activations(full)", 3},
      // checkpoint arithmetic needs no activation_memory calls
      {"Gpt3ActivationsMicrobatch4.segment_layers", 3},
      {"Gpt3ActivationsMicrobatch4.checkpointed_activations", 3},
      // another case is another instance
      {"Gpt3ActivationsMicrobatch8.per_token_activations", 4},
      {"Gpt3ActivationsMicrobatch8.per_token_activations", 4},
  };
  for (const Row& r : rows) {
    INFO(r.ask);
    session->evaluate(r.ask);
    CHECK(native.calls == r.calls);
  }

  // A new evaluator starts with nothing memoized.
  session->restart();
  session->evaluate("Gpt3ActivationsMicrobatch4.per_token_activations");
  CHECK(native.calls == 5);
}

TEST_CASE("instances are lazy through the Evaluator API", "[evaluator][lazy]") {
  auto session = Session::file(training_path);
  stdlib::standard_library().natives->reset_counts();
  const NativeFunction& native = activation_memory();
  const auto* c =
      dynamic_cast<const CaseDecl*>(session->program().find("Gpt3ActivationsMicrobatch4"));
  REQUIRE(c != nullptr);
  Evaluator& ev = session->evaluator();
  Instance* instance = &ev.instance_of(*c);
  CHECK(&ev.instance_of(*c) == instance);  // one instance per case
  const ScenarioDecl& s = *instance->scenario;
  struct Row {
    const char* property;
    std::uint64_t calls;
  };
  const std::vector<Row> rows = {
      {"sequence", 0},          {"per_token_activations", 1}, {"per_token_activations", 1},
      {"score_activations", 2}, {"score_share", 2},           {"line_items_total", 2},
  };
  for (const Row& r : rows) {
    INFO(r.property);
    int index = s.property_index(r.property);
    REQUIRE(index >= 0);
    ev.property(*instance, static_cast<std::size_t>(index), SourceRange{});
    CHECK(native.calls == r.calls);
    CHECK(instance->properties[static_cast<std::size_t>(index)].state == ThunkState::done);
  }
  // Nothing else was forced: `recompute_overhead` was never asked for.
  auto untouched = static_cast<std::size_t>(s.property_index("recompute_overhead"));
  CHECK(instance->properties[untouched].state == ThunkState::pending);
}

// --- dependency cycles and the depth bound ------------------------------------------------

namespace {

// Each cycle has a link inside an `if` branch: the checker reports only the cycles
// that always run (interpreter/check/check_cycles.hpp), and these run only when n > 0.
const std::string loop_text =
    "scenario Loop {\n"
    "  input n: count = 1\n"
    "  a: count = if n > 0 then b + n else 0\n"
    "  b: count = c * 2\n"
    "  c: count = a - 1\n"
    "  d: count = if n > 0 then d + 1 else 0\n"
    "  f(k: count): count = f(k) + 0\n"
    "  deep(k: count): count = deep(k + 1)\n"
    "}\n"
    "case L = Loop()\n";

}  // namespace

TEST_CASE("a dependency cycle is reported with every link", "[evaluator][cycle]") {
  struct Link {
    std::string from, to;
    std::string reference;  // the text where `from` uses `to` begins here
  };
  struct Row {
    std::string ask;
    std::string message;
    std::vector<Link> links;
    std::string where;  // location of the error: the reference that closes the cycle
  };
  const std::vector<Row> rows = {
      {"L.a",
       "dependency cycle: a -> b -> c -> a",
       {{"a", "b", "b + n"}, {"b", "c", "c * 2"}, {"c", "a", "a - 1"}},
       "test.rk:5:14"},  // "  c: count = " is 13 bytes: `a` is column 14 of line 5
      {"L.b",
       "dependency cycle: b -> c -> a -> b",
       {{"b", "c", "c * 2"}, {"c", "a", "a - 1"}, {"a", "b", "b + n"}},
       "test.rk:3:28"},  // "  a: count = if n > 0 then " is 27 bytes
      {"L.c",
       "dependency cycle: c -> a -> b -> c",
       {{"c", "a", "a - 1"}, {"a", "b", "b + n"}, {"b", "c", "c * 2"}},
       "test.rk:4:14"},
      {"L.d", "dependency cycle: d -> d", {{"d", "d", "d + 1"}}, "test.rk:6:28"},
      // a method called with the same argument inside itself
      {"L.f(1)",
       "dependency cycle: f(1) -> f(1)",
       {{"f(1)", "f(1)", "f(k) + 0"}},
       "test.rk:7:24"},  // "  f(k: count): count = " is 23 bytes
  };
  for (const Row& r : rows) {
    DYNAMIC_SECTION(r.ask) {
      auto session = Session::text(loop_text);
      const FileId main = session->program().main->file;
      bool threw = false;
      try {
        session->evaluate(r.ask);
      } catch (const UserError& e) {
        threw = true;
        const Diagnostic& d = e.diagnostic();
        CHECK(d.message == r.message);
        REQUIRE(d.range.has_value());
        CHECK(d.range->file == main);
        CHECK(d.range->begin == loop_text.find(r.links.back().reference));
        CHECK(location(session->program().sources, *d.range) == r.where);
        REQUIRE(d.notes.size() == r.links.size());
        for (std::size_t i = 0; i < r.links.size(); ++i) {
          const Link& link = r.links[i];
          INFO("link " << link.from << " -> " << link.to << ": " << d.notes[i].message);
          CHECK_THAT(d.notes[i].message, Contains("`" + link.from + "`"));
          CHECK_THAT(d.notes[i].message, Contains("`" + link.to + "`"));
          REQUIRE(d.notes[i].range.has_value());
          CHECK(d.notes[i].range->file == main);
          CHECK(d.notes[i].range->begin == loop_text.find(link.reference));
        }
        // Asked again, the failed property fails the same way (no new evaluation).
        try {
          session->evaluate(r.ask);
          FAIL("no error the second time");
        } catch (const UserError& again) {
          CHECK(again.diagnostic().message == r.message);
        }
      }
      CHECK(threw);
    }
  }
}

TEST_CASE("evaluation depth is bounded", "[evaluator][cycle]") {
  auto session = Session::text(loop_text);
  // deep(k) = deep(k + 1) never repeats an argument, so it is no cycle: it must hit
  // the depth limit (Evaluator::max_depth = 256) and fail as a located UserError.
  bool threw = false;
  try {
    session->evaluate("L.deep(0)");
  } catch (const UserError& e) {
    threw = true;
    const Diagnostic& d = e.diagnostic();
    CHECK_THAT(d.message, Contains("256"));
    CHECK_THAT(d.message, Contains("limit"));
    REQUIRE(d.range.has_value());
    CHECK(d.range->file == session->program().main->file);
    CHECK(d.range->begin == loop_text.find("deep(k + 1)"));
  }
  CHECK(threw);
  // The evaluator is still usable afterwards.
  CHECK(session->evaluate("L.n").number == 1);
}

// --- expressions at file scope ----------------------------------------------------------

namespace {

const std::string file_scope_text =
    "import \"models\"\n"
    "let maybe: token? = none\n"
    "let some: token? = 5 token\n"
    "let twice = 2 * (some ?? 0 token)\n";

}  // namespace

TEST_CASE("expressions evaluate to base values with dimensions", "[evaluator][expr]") {
  struct Row {
    std::string source;
    ValueKind kind;
    double value;  // in base units; booleans as 1 and 0
    Dimension dim;
  };
  const ValueKind q = ValueKind::quantity;
  const ValueKind b = ValueKind::boolean;
  const std::vector<Row> rows = {
      // arithmetic and precedence
      {"1 + 2 * 3", q, 7, none},        // 1 + 6
      {"(1 + 2) * 3", q, 9, none},      // 3 * 3
      {"10 - 4 - 3", q, 3, none},       // (10 - 4) - 3
      {"2 * 3 / 4", q, 1.5, none},      // 6 / 4
      {"2 ^ 10", q, 1024, none},        // 2^10
      {"-2 ^ 2", q, -4, none},          // -(2^2)
      {"2 ^ 3 ^ 2", q, 512, none},      // 2^(3^2) = 2^9
      {"2 ^ -1", q, 0.5, none},         // 1/2
      {"4 ^ 0.5", q, 2, none},          // sqrt(4)
      {"7 // 2", q, 3, none},           // floor(3.5)
      {"-7 // 2", q, -4, none},         // floor(-3.5)
      {"7 % 3", q, 1, none},            // 7 - 3*2
      {"-7 % 3", q, 2, none},           // -7 - 3*floor(-7/3) = -7 + 9
      {"7.5 % 2", q, 1.5, none},        // 7.5 - 2*3
      {"10 GB // 3 GB", q, 3, none},    // floor(10/3)
      {"10 GB % 3 GB", q, 1e9, bytes},  // 10 GB - 3 * 3 GB = 1 GB
      // units and conversions: values stay in base units
      {"1 GiB -> MiB", q, 1073741824, bytes},                          // 2^30 B
      {"1 GiB / 1 MiB", q, 1024, none},                                // 2^30 / 2^20
      {"1 GB + 1 GiB", q, 2073741824, bytes},                          // 10^9 + 2^30
      {"1.5 h -> min", q, 5400, seconds},                              // 1.5 * 3600
      {"1e3 ms -> s", q, 1, seconds},                                  // 1000 * 10^-3
      {"8 bit", q, 1, bytes},                                          // 8/8
      {"1 Gbit / 1 s", q, 1.25e8, bytes / seconds},                    // 10^9 / 8
      {"2 kWh / 1 h", q, 2000, watts},                                 // 2 * 3.6e6 J / 3600 s
      {"989 TFLOP/s * 1 h", q, 3.5604e18, flops},                      // 989e12 * 3600
      {"GiB", q, 1073741824, bytes},                                   // a unit name is a quantity
      {"16 GB^2", q, 1.6e19, bytes * bytes},                           // 16 * (10^9)^2
      {"6 * 175e9 param * 300e9 token", q, 3.15e23, params * tokens},  // 6 * 1.75e11 * 3e11
      // counting units: a plain number stands for any count
      {"2 * 3 token", q, 6, tokens},
      {"1 token + 2", q, 3, tokens},
      {"2 + 1 token", q, 3, tokens},
      // ?? and if
      {"maybe ?? 7 token", q, 7, tokens},
      {"some ?? 7 token", q, 5, tokens},
      {"some ?? 7", q, 5, tokens},
      {"maybe ?? 7", q, 7, tokens},  // the optional side's unit carries over
      {"none ?? 3", q, 3, none},
      {"twice", q, 10, tokens},  // 2 * (some ?? 0 token) = 2 * 5
      {"if 1 < 2 then 10 GB else 20 GB", q, 1e10, bytes},
      {"if false then 1 else 2", q, 2, none},
      {"if true and not false then 1 s else 2 s", q, 1, seconds},
      // builtins
      {"min(3 GB, 2 GiB, 4e9 B)", q, 2147483648, bytes},  // 2^31 < 3e9 < 4e9
      {"max(1, 5, 3)", q, 5, none},
      {"max(1 token, 2)", q, 2, tokens},
      {"sqrt(16 GB^2)", q, 4e9, bytes},          // sqrt(1.6e19 B^2) = 4e9 B
      {"sqrt(2)", q, 1.4142135623730951, none},  // sqrt(2)
      {"round(2.5)", q, 3, none},                // halves round away from zero
      {"round(-2.5)", q, -3, none},
      {"floor(-1.5)", q, -2, none},
      {"ceil(1.2)", q, 2, none},
      {"abs(-3 s)", q, 3, seconds},
      {"log2(1024)", q, 10, none},  // 2^10
      {"log10(1e6)", q, 6, none},
      {"ln(exp(2))", q, 2, none},
      // natives and records
      {"training_flops(1 param, 1 token)", q, 6, flops},  // 6 P D
      {"decode_flops(175e9 param)", q, 3.5e11, flops},    // 2 P per token
      {"GPT3_175B.layers", q, 96, none},
      {"GPT3_175B.context_length", q, 2048, tokens},
      {"activation_memory(96, 2048 token, 4, 12288, 96, 2 B, selective)", q, 328564998144,
       bytes},  // 34 * 2048 * 4 * 12288 * 96
      // comparisons: quantities are equal within a relative 1e-12
      {"1 GB == 1000 MB", b, 1, none},
      {"1 GiB == 1024 MiB", b, 1, none},
      {"0.1 + 0.2 == 0.3", b, 1, none},  // 0.30000000000000004
      {"1 == 1 + 1e-13", b, 1, none},    // within 1e-12
      {"1 == 1 + 1e-11", b, 0, none},    // outside 1e-12
      {"1 != 1 + 1e-11", b, 1, none},
      {"1 + 1e-13 <= 1", b, 1, none},  // equal within 1e-12, so <= holds
      {"1 >= 1 + 1e-13", b, 1, none},
      {"1 + 1e-13 < 1", b, 0, none},
      {"3 GB < 2 GiB", b, 0, none},  // 3e9 > 2147483648
      {"3 GB > 2 GiB", b, 1, none},
      {"2048 token == 2048", b, 1, none},
      {"maybe == none", b, 1, none},
      {"some == none", b, 0, none},
      {"\"a\" == \"a\"", b, 1, none},
      {"Recompute.full != Recompute.none", b, 1, none},
      {"not (1 > 2) and true", b, 1, none},
      {"false or 1 GB == 1e9 B", b, 1, none},
  };
  auto session = Session::text(file_scope_text);
  for (const Row& r : rows) {
    DYNAMIC_SECTION(r.source) {
      Value v;
      try {
        v = session->evaluate(r.source);
      } catch (const UserError& e) {
        FAIL("UserError: " << e.what());
      } catch (const UserErrors& e) {
        FAIL("UserErrors: " << e.diagnostics().at(0).message);
      }
      REQUIRE(v.kind == r.kind);
      CHECK(v.number == Approx(r.value).epsilon(1e-12));
      INFO("dimension " << dim_text(v.dim) << ", expected " << dim_text(r.dim));
      if (r.kind == ValueKind::quantity) CHECK(v.dim == r.dim);
    }
  }
}

TEST_CASE("type errors are found before evaluation", "[evaluator][checker]") {
  struct Row {
    std::string source;
    std::string message;
    std::string at;  // the error begins where this text first occurs
  };
  const std::vector<Row> rows = {
      {"1 B + 1 s", "cannot add B (information) and s (time)", "+"},
      {"1 GB - 2 flop", "cannot subtract B (information) and flop (compute)", "-"},
      {"1 s < 1 B", "cannot compare s (time) and B (information)", "<"},
      {"1 GB == 1 s", "cannot compare B (information) and s (time)", "=="},
      {"1 s % 1 B",
       "cannot take the remainder of s (time) by B (information): the divisor must be of the "
       "dividend's dimension, or a plain number",
       "%"},
      {"1 s // 1 B",
       "cannot divide (`//`) s (time) by B (information): the divisor must be of the dividend's "
       "dimension, or a plain number",
       "//"},
      {"1 token + 1 param", "cannot add token (token count) and param (parameter count)", "+"},
      {"1 GB * 1 token + 1 GB * 1 param",
       "cannot add B*token (information times tokens) and B*param (information times params)", "+"},
      {"1 GB -> s", "cannot convert B (information) to s (time)", "1 GB"},
      {"2 ^ 1 GB", "an exponent must be a plain number, not B (information)", "1 GB"},
      {"1 GB ^ 0.5",
       "the exponent of B (information) must be a whole number written in place (like 2 or -1)",
       "0.5"},
      {"sqrt(1 GB)", "cannot take the square root of B (information)", "sqrt"},
      {"log2(1 s)", "`log2` needs a plain number, not s (time)", "1 s"},
      {"min(1 GB, 1 s)", "`min` of B (information) and s (time)", "1 s"},
      {"sqrt(1, 2)", "`sqrt` takes one argument", "sqrt"},
      {"if 1 then 2 else 3", "the condition of `if` must be a bool, not count", "1"},
      {"if true then 1 GB else 1 s", "the branches of `if` differ: B (information) and s (time)",
       "if"},
      {"not 1", "`not` needs a bool, not count", "not"},
      {"1 and true", "`and` needs bools, not count", "1"},
      {"-true", "cannot negate bool", "-"},
      {"\"a\" + 1",
       "cannot join text and count with `+`, which joins two texts; to put a value into a "
       "text, interpolate it: \"...{1}\"",
       "+"},
      {"\"a\" - \"b\"", "`-` needs a number or quantity, not text", "\"a\""},
      {"\"{1 GB:.2f}\" + 1 GB",
       "cannot join text and B (information) with `+`, which joins two texts; to put a value "
       "into a text, interpolate it: \"...{1 GB}\"",
       "+"},
      {"\"n = {true:.1f}\"",
       "a digits format (`:.1f`) shows a number, and this is bool; "
       "remove the format to show it as it is",
       ":.1f"},
      {"1 GB ?? 1 s", "the two sides of `??` differ: B (information) and s (time)", "??"},
      {"maybe + 1 token", "this may be none; give a fallback with `??` before using `+`", "maybe"},
      {"zzqqx + 1", "unknown name `zzqqx`", "zzqqx"},
      {"3 GBs", "unknown unit `GBs`; did you mean `GB`?", "GBs"},
      {"GPT3_175B.layer", "`Transformer` has no field `layer`; did you mean `layers`?", "layer"},
      {"checkpoint_memory(96)", "`checkpoint_memory` needs argument `checkpoints`",
       "checkpoint_memory"},
      {"training_flops(1 param, 1 B)",
       "argument `tokens` must be token (token count), not B (information)", "1 B"},
      {"activation_memory(96, 2048 token, 4, 12288, 96, 2 B, sideways)",
       "unknown Recompute `sideways` (the values are none, selective, full)", "sideways"},
  };
  auto session = Session::text(file_scope_text);
  for (const Row& r : rows) {
    DYNAMIC_SECTION(r.source) {
      bool threw = false;
      try {
        session->expression(r.source);
      } catch (const UserErrors& e) {
        threw = true;
        REQUIRE(!e.diagnostics().empty());
        const Diagnostic& d = e.diagnostics().front();
        CHECK(d.message == r.message);
        REQUIRE(d.range.has_value());
        CHECK(d.range->file == session->last_file());
        CHECK(d.range->begin == r.source.find(r.at));
      }
      CHECK(threw);
    }
  }
}

TEST_CASE("evaluation errors are located", "[evaluator][errors]") {
  struct Row {
    std::string source;
    std::string message;
    std::string at;  // the error begins where this text first occurs
  };
  const std::vector<Row> rows = {
      {"7 // 0", "integer division by zero", "0"},
      {"1 GB // 0 B", "integer division by zero", "0 B"},
      {"(7 // 0) + 1", "integer division by zero", "0)"},
      {"1 / 0", "division by zero", "0"},
      {"5 % 0", "remainder of a division by zero", "0"},
      {"1e308 * 10", "arithmetic overflow: the result is infinite", "1e308"},
      {"1e308 + 1e308", "arithmetic overflow: the result is infinite", "1e308"},
      {"exp(1000)", "arithmetic overflow: the result is infinite", "exp"},
      {"10 ^ 400", "arithmetic overflow: the result is infinite", "10"},
      {"sqrt(-4)", "`sqrt` needs a value that is not negative, but the argument is -4", "-4"},
      {"log2(0)", "`log2` needs a positive value, but the argument is 0", "0"},
      {"ln(-1)", "`ln` needs a positive value, but the argument is -1", "-1"},
      {"checkpoint_memory(96, 0)",
       "`checkpoint_memory`: number of checkpoints must be positive (got 0)", "checkpoint_memory"},
      {"activation_memory(96, 2048 token, 4, 0, 96)",
       "`activation_memory`: hidden size must be positive (got 0)", "activation_memory"},
  };
  auto session = Session::text(file_scope_text);
  for (const Row& r : rows) {
    DYNAMIC_SECTION(r.source) {
      bool threw = false;
      try {
        session->evaluate(r.source);
      } catch (const UserError& e) {
        threw = true;
        const Diagnostic& d = e.diagnostic();
        CHECK(d.message == r.message);
        REQUIRE(d.range.has_value());
        CHECK(d.range->file == session->last_file());
        CHECK(d.range->begin == r.source.find(r.at));
      }
      CHECK(threw);
    }
  }
}

TEST_CASE("a failing let fails where it is defined, every time", "[evaluator][errors]") {
  const std::string text = "let broken = 1 // 0\nlet user = broken + 1\n";
  auto session = Session::text(text);
  struct Row {
    std::string ask;
  };
  const std::vector<Row> rows = {{"user"}, {"broken"}, {"user * 2"}};
  for (const Row& r : rows) {
    INFO(r.ask);
    try {
      session->evaluate(r.ask);
      FAIL("no error");
    } catch (const UserError& e) {
      CHECK(e.diagnostic().message == "integer division by zero");
      REQUIRE(e.diagnostic().range.has_value());
      CHECK(e.diagnostic().range->file == session->program().main->file);
      CHECK(e.diagnostic().range->begin == text.find("0\n"));
    }
  }
}

// --- the training scenario's seed values ----------------------------------------------------

TEST_CASE("training scenario: Gpt3ActivationsMicrobatch4", "[evaluator][training]") {
  // s b h L = 2048 * 4 * 12288 * 96 = 9,663,676,416 (GPT-3 175B, Brown et al. 2020,
  // Table 2.1; micro-batch 4).
  const double sbhl = 2048.0 * 4 * 12288 * 96;
  struct Row {
    std::string ask;
    double value;
    Dimension dim;
    std::string shown;  // in the declared unit, 4 digits
  };
  const std::vector<Row> rows = {
      // the context length of GPT-3: 2048 token
      {"Gpt3ActivationsMicrobatch4.sequence", 2048, tokens, "2048 token"},
      // 34 s b h L = 328,564,998,144 B (Korthikanti et al. 2022, Table 2)
      // declared `B`, a step of the ladder, which chooses (display rule 1): 328.6 GB
      {"Gpt3ActivationsMicrobatch4.activations(selective)", 34 * sbhl, bytes, "328.6 GB"},
      // (34 + 5 a s / h) s b h L, 5 * 96 * 2048 / 12288 = 80: 114 * 9,663,676,416
      {"Gpt3ActivationsMicrobatch4.activations(none)", 114 * sbhl, bytes, "1.102 TB"},
      // 2 s b h L = 19,327,352,832 B
      {"Gpt3ActivationsMicrobatch4.activations(full)", 2 * sbhl, bytes, "19.33 GB"},
      // 80 / (34 + 80) = 0.7017543859649122
      {"Gpt3ActivationsMicrobatch4.score_share", 80.0 / 114, none, "0.7018"},
      // 6 P D / 2 P D = 3
      {"Gpt3ActivationsMicrobatch4.forward_equivalents", 3, none, "3"},
      // 8 P D / 6 P D - 1 = 1/3
      {"Gpt3ActivationsMicrobatch4.recompute_overhead", 1.0 / 3, none, "0.3333"},
      // 328,564,998,144 B = 328.564998144 GB
      {"Gpt3ActivationsMicrobatch4.per_token_activations", 34 * sbhl, bytes, "328.6 GB"},
      // 80 * 9,663,676,416 = 773,094,113,280 B
      {"Gpt3ActivationsMicrobatch4.score_activations", 80 * sbhl, bytes, "773.1 GB"},
      // round(sqrt(96)) = round(9.798) = 10 segments; 96 // 10 = 9 layers each
      {"Gpt3ActivationsMicrobatch4.checkpoint_segments", 10, none, "10"},
      {"Gpt3ActivationsMicrobatch4.segment_layers", 9, none, "9"},
      // k + L / k = 10 + 96/10 = 19.6
      {"Gpt3ActivationsMicrobatch4.checkpoint_memory_units(10)", 19.6, none, "19.60"},
      // twice the micro-batch, twice the activations: 2 * 328,564,998,144 = 657,129,996,288 B
      {"Gpt3ActivationsMicrobatch8.per_token_activations", 68 * sbhl, bytes, "657.1 GB"},
  };
  auto session = Session::file(training_path);
  for (const Row& r : rows) {
    DYNAMIC_SECTION(r.ask) {
      const Expr& e = session->expression(r.ask);
      Value v = session->evaluator().evaluate(e, Evaluator::Frame{});
      REQUIRE(v.kind == ValueKind::quantity);
      CHECK(v.number == Approx(r.value).epsilon(1e-12));
      INFO("dimension " << dim_text(v.dim));
      CHECK(v.dim == r.dim);
      CHECK(session->evaluator().show(v, Evaluator::declared_unit(e)) == r.shown);
    }
  }
}

TEST_CASE("training scenario: every check passes", "[evaluator][training]") {
  auto session = Session::file(training_path);
  auto checks = session->program().main_decls<CheckDecl>(DeclKind::check);
  // 11 checks of the seed's activation-memory scenario, 7 of the training budget.
  REQUIRE(checks.size() == 18);
  for (const CheckDecl* c : checks) {
    INFO(location(session->program().sources, c->range));
    CheckOutcome outcome = session->evaluator().run_check(*c);
    INFO(outcome.left << " vs " << outcome.right);
    CHECK(outcome.passed);
  }
}
