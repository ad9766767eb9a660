// A fresh case forced by its scenario's plan (interpreter/sweep/force_planned.hpp) leaves
// exactly what the lazy walk leaves: for every case of every bundled scenario, as written
// and with its numeric inputs rebound to random values, each input and property (kind,
// number to the last bit, unit, how it shows) or its error (code, place, message), the
// steps counted (E0506's budget), every native's call count, and the method memo's
// entries. Each case as written is forced by the plan's path more often than a scenario's
// fresh cases are forced lazily before its plan is made (sweep::lazy_cases_first), so
// that the plan is made and then used, and compared every time; the programs below
// exercise what the plan must leave to the lazy walk.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cstring>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include "interpreter/check/checker.hpp"
#include "interpreter/compiled/code.hpp"
#include "interpreter/evaluate/evaluator.hpp"
#include "interpreter/load/loader.hpp"
#include "interpreter/load/pipeline.hpp"
#include "interpreter/model/native.hpp"
#include "interpreter/sweep/force_planned.hpp"
#include "stdlib/library.hpp"
#include "syntax/diagnostics.hpp"

namespace {

using namespace reckon;

// Everything a forced case leaves that a test, a user or a later evaluation can see.
struct Left {
  std::vector<std::string> values;  // per input, then per non-method property
  std::string states;               // of every input and property thunk, as forced
  std::vector<std::string> memo;    // per method call, sorted
  std::uint64_t steps = 0;
  std::vector<std::uint64_t> native_calls;  // per native of the registry
};

std::string bits(const Evaluator& ev, const Value& v) {
  std::uint64_t n;
  std::memcpy(&n, &v.number, sizeof n);
  return std::to_string(static_cast<int>(v.kind)) + ":" + std::to_string(n) + ":" +
         ev.show(v, std::nullopt);
}

std::vector<std::uint64_t> native_counts(const Program& p) {
  std::vector<std::uint64_t> counts;
  p.library->natives->each([&](const NativeFunction& f) { counts.push_back(f.calls); });
  return counts;
}

using Bindings = std::vector<std::pair<std::size_t, Value>>;
using Force = std::function<void(Evaluator&, Instance&)>;

Left force_case(const Program& p, const CaseDecl& c, const Bindings& bound, const Force& force) {
  Evaluator ev(p);
  Value held = ev.new_instance(c);
  Instance& self = *held.instance();
  for (const auto& [i, v] : bound) ev.bind_input_value(self, i, v, c.name_range);
  Left left;
  const std::vector<std::uint64_t> before = native_counts(p);
  const std::uint64_t steps = ev.steps_taken();
  force(ev, self);
  for (const Thunk& t : self.inputs) left.states += std::to_string(static_cast<int>(t.state));
  for (const Thunk& t : self.properties) left.states += std::to_string(static_cast<int>(t.state));
  left.steps = ev.steps_taken() - steps;
  left.native_calls = native_counts(p);
  for (std::size_t i = 0; i < before.size(); ++i) left.native_calls[i] -= before[i];
  auto read = [&](auto get) {
    try {
      left.values.push_back(bits(ev, get()));
    } catch (const UserError& e) {
      const Diagnostic& d = e.diagnostic();
      left.values.push_back(d.code + " " + std::to_string(d.range ? d.range->begin : 0) + " " +
                            d.message);
    }
  };
  const ScenarioDecl& s = *c.scenario;
  for (std::size_t i = 0; i < s.inputs.size(); ++i)
    read([&] { return ev.input(self, i, c.name_range); });
  for (std::size_t i = 0; i < s.properties.size(); ++i)
    if (!s.properties[i].is_method) read([&] { return ev.property(self, i, c.name_range); });
  self.methods.each([&](const MethodCall& call) {
    std::string entry = std::to_string(call.method);
    for (std::size_t i = 0; i < call.arguments.size(); ++i)
      entry += " " + bits(ev, call.arguments[i]);
    entry += call.result.state == ThunkState::done ? " -> " + bits(ev, call.result.value())
                                                   : " -> (not done)";
    left.memo.push_back(entry);
  });
  std::sort(left.memo.begin(), left.memo.end());
  return left;
}

// What force_all_planned stands for.
void walk(Evaluator& ev, Instance& self) { ev.force_all(self); }

void same(const Left& lazy, const Left& planned) {
  REQUIRE(lazy.values.size() == planned.values.size());
  for (std::size_t i = 0; i < lazy.values.size(); ++i) {
    INFO("value " << i);
    CHECK(lazy.values[i] == planned.values[i]);
  }
  CHECK(lazy.states == planned.states);
  CHECK(lazy.memo == planned.memo);
  CHECK(lazy.steps == planned.steps);
  CHECK(lazy.native_calls == planned.native_calls);
}

// Numeric inputs of `c` bound to its own value scaled by a random factor in [0.25, 4]
// (rounded for whole-number inputs): those the case binds, or (`all`) every one, those
// left to their defaults too (which a plan computes unless they are bound).
Bindings random_inputs(const Program& p, const CaseDecl& c, std::mt19937_64& rng, bool all) {
  std::uniform_real_distribution<double> factor(0.25, 4.0);
  Evaluator probe(p);
  Value held = probe.new_instance(c);
  Instance& self = *held.instance();
  Bindings out;
  for (std::size_t i = 0; i < self.inputs.size(); ++i) {
    Value v;
    try {
      v = probe.input(self, i, c.name_range);
    } catch (const UserError&) {
      continue;
    }
    if (v.kind != ValueKind::quantity) continue;
    if (!all && self.input_in_instance(i)) continue;  // left to its default
    double x = v.number * factor(rng);
    if (c.scenario->inputs[i].resolved.integer) x = std::max(1.0, std::round(x));
    out.emplace_back(i, Value::quantity(x, v.dim));
  }
  return out;
}

// Runs of the plan's path that make the plan and then use it a few times.
constexpr int runs_to_plan = sweep::lazy_cases_first + 4;

// Every case of `p`, each as written and `random` times with random inputs, forced by
// the lazy walk and by the plan's path (runs_to_plan times as written, three times with
// each random set): the number of scenarios that have a plan at the end.
std::size_t compare_program(const Program& p, int random, std::mt19937_64& rng) {
  std::vector<const ScenarioDecl*> scenarios;
  for (const CaseDecl* c : p.main_decls<CaseDecl>(DeclKind::case_)) {
    INFO("case " << c->name);
    for (int round = 0; round <= random; ++round) {
      const Bindings bound = round == 0 ? Bindings{} : random_inputs(p, *c, rng, round % 2 == 0);
      // The second walk: the first computes the program's constant lets, which every
      // later evaluation shares, so that its steps are not those of later cases.
      (void)force_case(p, *c, bound, walk);
      const Left lazy = force_case(p, *c, bound, walk);
      for (int k = 0; k < (round == 0 ? runs_to_plan : 3); ++k) {
        INFO("round " << round << ", planned run " << k);
        same(lazy, force_case(p, *c, bound, sweep::force_all_planned));
      }
    }
    if (std::find(scenarios.begin(), scenarios.end(), c->scenario) == scenarios.end())
      scenarios.push_back(c->scenario);
  }
  std::size_t planned = 0;
  for (const ScenarioDecl* s : scenarios) planned += sweep::has_settled_plan(*s);
  return planned;
}

void load(Program& p, const std::string& path_or_text, bool text = false) {
  if (text)
    load_program_text(p, stdlib::standard_library(), "test.rk", path_or_text);
  else
    load_program(p, stdlib::standard_library(), path_or_text);
  check_and_compile(p);
}

// Two calls of one method, and a division that fails where b is 3.5: both tests below
// start from it.
const char* const twice = R"(
## Two calls of one method: one memo entry where the arguments are equal.
scenario Twice {
  input a: number = 2
  input b: number = 3
  square(x: number): number = x * x + 1
  total: number = square(a) + square(b)
  ratio: number = a / (b - 3.5)
}
case TwiceApart = Twice()
)";

}  // namespace

TEST_CASE("a fresh case by its scenario's plan leaves what the lazy walk leaves",
          "[force_planned][compiled]") {
  const char* const files[] = {"training.rk",       "serving.rk",
                               "distributed.rk",    "reliability.rk",
                               "economics.rk",      "edge.rk",
                               "finetuning.rk",     "serving_slo.rk",
                               "sustainability.rk", "hardware_comparison.rk",
                               "cloud_training.rk"};
  std::mt19937_64 rng(28);
  std::size_t planned = 0;
  for (const char* f : files) {
    INFO("file " << f);
    Program p;
    load(p, std::string(RECKON_SOURCE_DIR "/scenarios/") + f);
    planned += compare_program(p, 2, rng);
  }
  // The seed scenario runs by its plan, and so do others (a plan refused everywhere
  // would pass the comparisons above without testing the plan).
  Program seed;
  load(seed, std::string(RECKON_SOURCE_DIR "/scenarios/training.rk"));
  const auto* c = static_cast<const CaseDecl*>(seed.find("Gpt3ActivationsMicrobatch4"));
  REQUIRE(c);
  for (int k = 0; k < runs_to_plan; ++k) force_case(seed, *c, {}, sweep::force_all_planned);
  CHECK(sweep::has_settled_plan(*c->scenario));
  // Seven when this was written: ActivationMemory, TrainingBudget, CheckpointedJob,
  // ClusterTraining, LlmServing, RegionalFootprint and TrainingRunCost (the others have
  // a condition on an input, or a list); ten since the plan computes the inputs a case
  // leaves to their defaults (a condition on one of them folds).
  CHECK(planned >= 10);
}

TEST_CASE("what a fresh case's plan leaves to the lazy walk", "[force_planned][compiled]") {
  Program p;
  load(p, std::string(twice) + R"(
case TwiceEqual = Twice(b: 2)
case TwiceAtPole = Twice(b: 3.5)

## A condition on an input: no plan. (Were `a` left to its default, the plan would
## compute it, a constant, and fold the condition.)
scenario Branch {
  input a: number = 2
  pick: number = if a > 1 then a * 10 else a
}
case BranchHigh = Branch(a: 2)
case BranchLow = Branch(a: 0.5)

## Defaults the plan computes, one from another input: a case that binds it, or whose
## default is not whole, is left to the walk.
scenario Defaults {
  input a: number = 2
  input n: count = round(sqrt(a * 8)) * a
  half: number = n / 2 + a
}
case DefaultsAll = Defaults(a: 3)
case DefaultsBound = Defaults(a: 3, n: 7)
case DefaultsNotWhole = Defaults(a: 1.5)

## Inputs a fresh case's plan forces at once (a literal, `none`, a program constant) and
## those it leaves to the walk (an expression), in either order.
let Three = 3
scenario Bound {
  input a: number
  input n: count
  input m: number? = none
  total: number = a * n + (m ?? 0)
}
case BoundAtOnce = Bound(a: 2, n: Three)
case BoundByCode = Bound(a: 2, n: 1 + 2)
case BoundFirstByCode = Bound(a: 1 + 1, n: 3, m: none)

## A let that is not a program constant: no plan.
case Base = Twice()
let Doubled = Base.total * 2
scenario Reads {
  input a: number = 1
  twice: number = Doubled + a
}
case ReadsOne = Reads()
)",
       true);
  auto case_named = [&](const char* name) {
    const auto* c = static_cast<const CaseDecl*>(p.find(name));
    REQUIRE(c);
    return c;
  };
  auto check_case = [&](const char* name) {
    INFO("case " << name);
    const CaseDecl& c = *case_named(name);
    (void)force_case(p, c, {}, walk);  // the program's constant lets computed (above)
    const Left lazy = force_case(p, c, {}, walk);
    for (int k = 0; k < runs_to_plan; ++k)
      same(lazy, force_case(p, c, {}, sweep::force_all_planned));
    return lazy;
  };
  // The plan is made from one of TwiceApart's fresh cases and used from the next.
  check_case("TwiceApart");
  REQUIRE(sweep::has_settled_plan(*case_named("TwiceApart")->scenario));
  // b = a: the walk calls square once and finds the second call in its memo (one entry,
  // fewer steps); the plan computes both, sees the arguments equal and leaves the case
  // to the walk.
  const Left equal = check_case("TwiceEqual");
  CHECK(equal.memo.size() == 1);
  // A division by zero: the plan is unsure, and the walk reports the error where it is.
  const Left pole = check_case("TwiceAtPole");
  CHECK(pole.values.back().rfind("E0", 0) == 0);
  CHECK(sweep::has_settled_plan(*case_named("TwiceApart")->scenario));
  // Inputs bound by value (a sweep point as a caller makes it) run by the plan too.
  const CaseDecl& apart = *case_named("TwiceApart");
  for (double b : {0.5, 2.0, 3.5, 7.0}) {
    INFO("b = " << b);
    const Bindings bound = {{1, Value::quantity(b)}};
    same(force_case(p, apart, bound, walk), force_case(p, apart, bound, sweep::force_all_planned));
    CHECK(sweep::has_settled_plan(*apart.scenario));
  }
  check_case("BranchHigh");
  check_case("BranchLow");
  CHECK_FALSE(sweep::has_settled_plan(*case_named("BranchHigh")->scenario));
  check_case("ReadsOne");
  CHECK_FALSE(sweep::has_settled_plan(*case_named("ReadsOne")->scenario));
  // n = round(sqrt(24)) * 3 = 15 by the plan; 7 as bound; round(sqrt(12)) * 1.5 = 4.5 is
  // not a count (an error the walk reports).
  const Left all = check_case("DefaultsAll");
  REQUIRE(sweep::has_settled_plan(*case_named("DefaultsAll")->scenario));
  CHECK(all.values[1].substr(all.values[1].rfind(':')) == ":15");
  const Left bound_n = check_case("DefaultsBound");
  CHECK(bound_n.values[1].substr(bound_n.values[1].rfind(':')) == ":7");
  const Left odd = check_case("DefaultsNotWhole");
  CHECK(odd.values[1].rfind("E0", 0) == 0);
  CHECK(sweep::has_settled_plan(*case_named("DefaultsAll")->scenario));
  // 2 * 3 + 0 = 6 each way: the first case's inputs are forced without the walk, the
  // others' up to the one whose binding is code, and the walk forces the rest; the steps
  // (compared by `same`) are the walk's either way.
  const Left at_once = check_case("BoundAtOnce");
  REQUIRE(sweep::has_settled_plan(*case_named("BoundAtOnce")->scenario));
  CHECK(at_once.values.back().substr(at_once.values.back().rfind(':')) == ":6");
  CHECK(check_case("BoundByCode").values.back() == at_once.values.back());
  CHECK(check_case("BoundFirstByCode").values.back() == at_once.values.back());
  CHECK(sweep::has_settled_plan(*case_named("BoundAtOnce")->scenario));
}

// A case forced by its plan holds numbers in every property thunk, for good, and says so
// (Instance::plain_properties, which lets its destructor pass over them); one the walk
// forced does not. A method's own thunk, which the plan leaves pending, is never entered:
// asked for without arguments it is refused, planned or not (LeakSanitizer, in the
// sanitizer stage, sees whatever a skipped thunk would have leaked).
TEST_CASE("a planned case's properties are plain numbers, and a method has no value alone",
          "[force_planned][compiled]") {
  Program p;
  load(p, std::string(twice) + "case TwiceAtPole = Twice(b: 3.5)\n", true);
  const auto* apart = static_cast<const CaseDecl*>(p.find("TwiceApart"));
  const auto* pole = static_cast<const CaseDecl*>(p.find("TwiceAtPole"));
  REQUIRE(apart);
  REQUIRE(pole);
  auto index = [&](const char* name) {
    return static_cast<std::size_t>(apart->scenario->property_index(name));
  };
  const std::size_t square = index("square"), total = index("total"), ratio = index("ratio");
  auto forced = [&](const CaseDecl& c) {
    auto ev = std::make_unique<Evaluator>(p);
    Instance& self = ev->instance_of(c);
    sweep::force_all_planned(*ev, self);
    return std::pair<std::unique_ptr<Evaluator>, Instance*>(std::move(ev), &self);
  };
  for (int k = 0; k < runs_to_plan; ++k) (void)forced(*apart);
  REQUIRE(sweep::has_settled_plan(*apart->scenario));
  auto [ev, self] = forced(*apart);
  CHECK(self->plain_properties);
  // total = (2 * 2 + 1) + (3 * 3 + 1) = 15; ratio = 2 / (3 - 3.5) = -4.
  CHECK(ev->property(*self, total, apart->name_range).number == 15);
  CHECK(ev->property(*self, ratio, apart->name_range).number == -4);
  CHECK(self->properties[square].state == ThunkState::pending);
  CHECK_THROWS_AS(ev->property(*self, square, apart->name_range), std::logic_error);
  CHECK(self->properties[square].state == ThunkState::pending);
  // The method's calls, square(2) = 5 and square(3) = 10, are memo entries, not its thunk.
  std::vector<double> results;
  self->methods.each([&](const MethodCall& c) {
    CHECK(c.method == square);
    results.push_back(c.result.value().number);
  });
  std::sort(results.begin(), results.end());
  CHECK(results == std::vector<double>{5, 10});
  // A division by zero: the plan is unsure, the walk forces the case and keeps the error.
  auto [walked_ev, walked] = forced(*pole);
  CHECK_FALSE(walked->plain_properties);
  CHECK(walked->properties[ratio].state == ThunkState::failed);
  CHECK_THROWS_AS(walked_ev->property(*walked, square, pole->name_range), std::logic_error);
}
