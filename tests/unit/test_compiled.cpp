// Compiled code (interpreter/code.hpp) computes exactly what the tree walk computes. For
// every case of every bundled scenario, as written and with its numeric inputs rebound
// to random values, one evaluator with compiled code and one without force every input
// and property, every method call the files' checks make, and every check: values must
// agree to the last bit (kind, number, unit, how they show), errors must be the same
// error at the same place, and the natives must have been called as often (laziness
// and memoization are the same). The golden error tests (tests/lang/*-fail-*) check the
// compiled path's messages against outputs first made by the tree walk.
#include <catch2/catch.hpp>
#include <cstring>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "interpreter/checker.hpp"
#include "interpreter/code.hpp"
#include "interpreter/diagnostics.hpp"
#include "interpreter/evaluator.hpp"
#include "interpreter/format.hpp"
#include "stdlib/library.hpp"

namespace {

using namespace reckon;

const char* const bundled[] = {"training.rk",    "serving.rk",   "distributed.rk",
                               "reliability.rk", "economics.rk", "exercises/training.rk"};

// A value or the error raised for it, as a test compares them.
struct Outcome {
  std::optional<Value> value;
  std::string error;  // code, location and message
};

template <typename F>
Outcome outcome(F f) {
  Outcome o;
  try {
    o.value = f();
  } catch (const UserError& e) {
    const Diagnostic& d = e.diagnostic();
    o.error = d.code + " " + std::to_string(d.range ? d.range->begin : 0) + " " + d.message;
  }
  return o;
}

void same(const Outcome& tree, const Outcome& compiled, const Evaluator& show) {
  REQUIRE(tree.error == compiled.error);
  REQUIRE(tree.value.has_value() == compiled.value.has_value());
  if (!tree.value) return;
  const Value& a = *tree.value;
  const Value& b = *compiled.value;
  CHECK(a.kind == b.kind);
  CHECK(std::memcmp(&a.number, &b.number, sizeof a.number) == 0);
  CHECK(a.dim == b.dim);
  CHECK(show.show(a, std::nullopt) == show.show(b, std::nullopt));
}

std::uint64_t total_calls(const Program& p) {
  std::uint64_t n = 0;
  for (const auto& m : p.modules)
    for (const auto& d : m->decls)
      if (d->kind == DeclKind::native)
        if (const NativeFunction* f = static_cast<const NativeDecl&>(*d).implementation)
          n += f->calls;
  return n;
}

// Numeric inputs of `c` rebound to the case's own value scaled by a random factor in
// [0.25, 4] (rounded for whole-number inputs), the same in both evaluators.
void rebind(const Program& p, Evaluator& tree, Instance& a, Evaluator& compiled, Instance& b,
            const CaseDecl& c, std::mt19937_64& rng) {
  const ScenarioDecl& s = *c.scenario;
  std::uniform_real_distribution<double> factor(0.25, 4.0);
  Evaluator probe(p, 4, false);
  for (std::size_t i = 0; i < s.inputs.size(); ++i) {
    Value held = probe.new_instance(c);  // the only reference to the instance
    Instance& fresh = *held.instance();
    Value v;
    try {
      v = probe.input(fresh, i, c.name_range);
    } catch (const UserError&) {
      continue;
    }
    if (v.kind != ValueKind::quantity) continue;
    double x = v.number * factor(rng);
    if (s.inputs[i].resolved.integer) x = std::max(1.0, std::round(x));
    tree.bind_input_value(a, i, Value::quantity(x, v.dim), c.name_range);
    compiled.bind_input_value(b, i, Value::quantity(x, v.dim), c.name_range);
  }
}

struct Tally {
  std::size_t values = 0, errors = 0, cases = 0;
};

void compare_case(Program& p, const CaseDecl& c, bool random, std::mt19937_64& rng, Tally& tally) {
  INFO("case " << c.name << (random ? " with random inputs" : ""));
  Evaluator tree(p, 4, false);
  Evaluator compiled(p, 4, true);
  Value a_holder = tree.new_instance(c);
  Value b_holder = compiled.new_instance(c);
  Instance& a = *a_holder.instance();
  Instance& b = *b_holder.instance();
  if (random) rebind(p, tree, a, compiled, b, c, rng);

  p.library->natives->reset_counts();
  tree.force_all(a);
  const std::uint64_t tree_calls = total_calls(p);
  p.library->natives->reset_counts();
  compiled.force_all(b);
  CHECK(total_calls(p) == tree_calls);

  const ScenarioDecl& s = *c.scenario;
  for (std::size_t i = 0; i < s.inputs.size(); ++i) {
    INFO("input " << s.inputs[i].name);
    same(outcome([&] { return tree.input(a, i, c.name_range); }),
         outcome([&] { return compiled.input(b, i, c.name_range); }), compiled);
  }
  for (std::size_t i = 0; i < s.properties.size(); ++i) {
    if (s.properties[i].is_method) continue;
    INFO("property " << s.properties[i].name);
    Outcome x = outcome([&] { return tree.property(a, i, c.name_range); });
    same(x, outcome([&] { return compiled.property(b, i, c.name_range); }), compiled);
    ++(x.value ? tally.values : tally.errors);
  }
  ++tally.cases;
}

Program load(const char* file) {
  Program p;
  load_program(p, stdlib::standard_library(), std::string(RECKON_SOURCE_DIR "/scenarios/") + file);
  check_program(p);
  return p;
}

}  // namespace

TEST_CASE("compiled code equals the tree walk on every bundled case, to the last bit") {
  std::mt19937_64 rng(20261201);
  Tally tally;
  for (const char* file : bundled) {
    INFO(file);
    Program p = load(file);
    for (const CaseDecl* c : p.main_decls<CaseDecl>(DeclKind::case_)) {
      compare_case(p, *c, false, rng, tally);
      for (int k = 0; k < 8; ++k) compare_case(p, *c, true, rng, tally);
    }
  }
  WARN(tally.cases << " cases, " << tally.values << " values, " << tally.errors << " errors");
  CHECK(tally.cases >= 150);
  CHECK(tally.values >= 1500);
}

TEST_CASE("compiled code runs every bundled check and method call as the tree walk does") {
  for (const char* file : bundled) {
    INFO(file);
    Program p = load(file);
    Evaluator tree(p, 4, false);
    Evaluator compiled(p, 4, true);
    for (const CheckDecl* check : p.main_decls<CheckDecl>(DeclKind::check)) {
      CheckOutcome x = tree.run_check(*check);
      CheckOutcome y = compiled.run_check(*check);
      CHECK(x.passed == y.passed);
      CHECK(x.left == y.left);
      CHECK(x.right == y.right);
    }
  }
}

TEST_CASE("the checker compiles the seed scenario's numeric properties") {
  Program p = load("training.rk");
  const auto* s = static_cast<const ScenarioDecl*>(p.find("ActivationMemory"));
  REQUIRE(s);
  std::size_t compiled = 0, properties = 0;
  for (const Property& prop : s->properties) {
    ++properties;
    if (prop.body->code) ++compiled;
  }
  // Every property and method of the seed scenario computes from numbers, `sequence`
  // (`seq_len ?? workload.context_length`) and `per_token_activations` (a method call)
  // included, so none of it is left to the tree walk.
  INFO(compiled << " of " << properties);
  CHECK(compiled == properties);
  REQUIRE(s->every_value);
  // One entry per input and per property that is not a method.
  std::size_t plain = 0;
  for (const Property& prop : s->properties) plain += prop.is_method ? 0 : 1;
  CHECK(s->every_value->starts.size() == s->inputs.size() + plain);
}
