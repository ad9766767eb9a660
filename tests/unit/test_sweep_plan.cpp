// Planned sweeps compute exactly what the lazy evaluator computes. For every case of
// every bundled scenario, each numeric input is varied over random values around the
// case's own, every plain property is shown, and points are run through the plan (in
// batches and one by one) and compared with a fresh lazy evaluation, bit for bit.
// Points the lazy evaluator rejects must fail in the plan's run too, with the same code.
#include <catch2/catch.hpp>
#include <cstring>
#include <random>
#include <string>
#include <tuple>
#include <vector>

#include "interpreter/check/checker.hpp"
#include "interpreter/evaluate/evaluator.hpp"
#include "interpreter/load/loader.hpp"
#include "interpreter/load/pipeline.hpp"
#include "interpreter/sweep/sweep.hpp"
#include "stdlib/library.hpp"

namespace {

using namespace reckon;

bool same_bits(double a, double b) { return std::memcmp(&a, &b, sizeof a) == 0; }

// Every property of the scenario that a sweep can show, as name expressions checked in
// the scenario's scope (kept alive by `keep`).
std::vector<const Expr*> shown(Program& p, const ScenarioDecl& s, std::vector<ExprPtr>& keep) {
  std::vector<const Expr*> out;
  for (const Property& prop : s.properties) {
    if (prop.is_method || prop.resolved.optional) continue;
    TypeKind k = prop.resolved.kind;
    if (k != TypeKind::quantity && k != TypeKind::boolean && k != TypeKind::enumeration) continue;
    auto e = std::make_unique<Expr>(ExprKind::name, prop.range);
    e->text = prop.name;
    check_and_compile_expression(p, *e, Scope{&s, nullptr});
    out.push_back(e.get());
    keep.push_back(std::move(e));
  }
  return out;
}

// Axes over the case's numeric inputs: `count` values each, the case's own value scaled
// by random factors in [0.25, 4], rounded for whole-number inputs (at least 1).
std::vector<sweep::Axis> random_axes(Evaluator& ev, const CaseDecl& c, std::mt19937_64& rng,
                                     std::size_t count) {
  Instance* inst = &ev.instance_of(c);
  std::uniform_real_distribution<double> factor(0.25, 4.0);
  std::vector<sweep::Axis> axes;
  const ScenarioDecl& s = *c.scenario;
  for (std::size_t i = 0; i < s.inputs.size() && axes.size() < 4; ++i) {
    Value v;
    try {
      v = ev.input(*inst, i, c.name_range);
    } catch (const UserError&) {
      continue;
    }
    if (v.kind != ValueKind::quantity) continue;
    sweep::Axis axis{s.inputs[i].name, i, c.name_range, {}};
    for (std::size_t k = 0; k < count; ++k) {
      double x = v.number * factor(rng);
      if (s.inputs[i].resolved.integer) x = std::max(1.0, std::round(x));
      axis.values.push_back(Value::quantity(x, v.dim));
    }
    axes.push_back(std::move(axis));
  }
  return axes;
}

struct Tally {
  std::size_t compared = 0, failed = 0, planned_cases = 0;
};

void compare_case(Program& p, const CaseDecl& c, std::mt19937_64& rng, Tally& tally) {
  std::vector<ExprPtr> keep;
  Evaluator ev(p);
  sweep::Space space;
  space.case_decl = &c;
  space.axes = random_axes(ev, c, rng, 6);
  if (space.axes.empty()) return;
  space.show = shown(p, *c.scenario, keep);
  for (const Requirement& r : c.scenario->requirements) space.require.push_back(r.condition.get());
  sweep::Runner runner(p, space);
  INFO("case " << c.name << (runner.planned() ? "" : ": not planned: " + runner.why_unplanned()));
  CHECK(runner.planned());  // every bundled scenario is plannable
  if (runner.planned()) ++tally.planned_cases;

  // The whole space in batches on two threads, and a random sample of points alone.
  sweep::Block all;
  runner.run(0, static_cast<std::size_t>(space.size()), 2, all);
  std::uniform_int_distribution<std::uint64_t> pick(0, space.size() - 1);
  for (int n = 0; n < 60; ++n) {
    std::uint64_t point = pick(rng);
    sweep::Block one;
    runner.run(point, 1, 1, one);
    const std::size_t width = runner.target_count();
    INFO("point " << point);
    try {
      std::vector<Value> expected = sweep::evaluate_lazily(p, space, point);
      REQUIRE(one.status[0] != sweep::Status::failed);
      bool infeasible = false;
      for (std::size_t t = space.show.size(); t < width; ++t)
        infeasible = infeasible || !expected[t].truthy();
      if (infeasible) {  // its values are never shown; both engines must say so
        CHECK(one.status[0] == sweep::Status::infeasible);
        CHECK(all.status[point] == sweep::Status::infeasible);
        ++tally.compared;
        continue;
      }
      REQUIRE(all.status[point] != sweep::Status::failed);
      for (std::size_t t = 0; t < width; ++t) {
        INFO("target " << t << ": lazy " << expected[t].number << ", planned " << one.value(0, t));
        CHECK(same_bits(expected[t].number, one.value(0, t)));
        CHECK(same_bits(expected[t].number, all.value(point, t)));
      }
      ++tally.compared;
    } catch (const UserError& e) {
      CHECK(one.status[0] == sweep::Status::failed);
      REQUIRE(one.first_error);
      CHECK(one.first_error->second.code == e.diagnostic().code);
      CHECK(all.status[point] == sweep::Status::failed);
      ++tally.failed;
    }
  }
}

}  // namespace

TEST_CASE("planned sweeps equal the lazy evaluator to the last bit on random points") {
  // Batches run on the loop compiled for AVX2 where the CPU has it (Plan::wide_loop), and
  // on the baseline loop: both are compared, in turn.
  const bool cpu_wide = sweep::Plan::wide_loop();
  std::vector<bool> loops = {false};
  if (cpu_wide) loops.push_back(true);
  for (bool wide : loops) {
    INFO("AVX2 loop: " << wide);
    sweep::Plan::wide_loop() = wide;
    std::mt19937_64 rng(20261130);
    Tally tally;
    for (const char* file :
         {"training.rk", "serving.rk", "distributed.rk", "reliability.rk", "economics.rk"}) {
      Program p;
      load_program(p, stdlib::standard_library(),
                   std::string(RECKON_SOURCE_DIR "/scenarios/") + file);
      check_and_compile(p);
      for (const CaseDecl* c : p.main_decls<CaseDecl>(DeclKind::case_))
        compare_case(p, *c, rng, tally);
    }
    // Most random points are valid; the comparison must have happened at scale.
    CHECK(tally.planned_cases >= 15);
    CHECK(tally.compared >= 600);
  }
  sweep::Plan::wide_loop() = cpu_wide;
}

// A block holds a target at a time (column-major). A batch's instructions write the
// targets they compute straight into the block's columns (Runner::run_part); the other
// targets are copied there: a constant (d), a register shown twice (e is a's), and a
// varied input (f is x). An odd number of points in a block and in each thread's part
// leaves a last batch of a few lanes, which must write those lanes and no more.
TEST_CASE("planned sweep blocks hold every target of every point at odd widths and counts") {
  Program p;
  load_program_text(p, stdlib::standard_library(), "rows.rk",
                    "scenario Rows {\n"
                    "  input x: number = 1\n"
                    "  a = x * 2\n"
                    "  b = x + 0.5\n"
                    "  c = 3 - x\n"
                    "  d = 7\n"
                    "  e = a\n"
                    "  f = x\n"
                    "}\n"
                    "case C = Rows()\n");
  check_and_compile(p);
  const auto* c = static_cast<const CaseDecl*>(p.find("C"));
  REQUIRE(c);
  std::vector<ExprPtr> keep;
  sweep::Space space;
  space.case_decl = c;
  std::vector<Value> xs;
  for (int i = 0; i < 131; ++i) xs.push_back(Value::quantity(i));  // x = 0 .. 130
  space.axes.push_back({"x", 0, c->name_range, xs});
  space.show = shown(p, *c->scenario, keep);
  sweep::Runner runner(p, space);
  REQUIRE(runner.planned());
  REQUIRE(runner.target_count() == 6);
  // Three instructions (a, b, c); e is a's register, d a constant's, f the input's.
  const sweep::Plan& plan = *runner.plan();
  CHECK(plan.instruction_count() == 3);
  CHECK(plan.target_register(4) == plan.target_register(0));
  CHECK(!plan.written(plan.target_register(3)));
  CHECK(!plan.written(plan.target_register(5)));
  // Points [begin, begin + count) on one and two threads: 131 (two batches of 64 and 3
  // lanes), 67 from point 5 (parts of 33 and 34 on two threads).
  for (auto [begin, count, jobs] : {std::tuple{0, 131, 1u}, {0, 131, 2u}, {5, 67, 2u}}) {
    sweep::Block block;
    runner.run(begin, count, jobs, block);
    REQUIRE(block.values.size() == static_cast<std::size_t>(count) * 6);
    for (int k = 0; k < count; ++k) {
      // Point i has x = i: a = 2i, b = i + 0.5, c = 3 - i, d = 7, e = a, f = i, all exact
      // in binary.
      const double x = begin + k;
      const auto i = static_cast<std::size_t>(k);
      INFO("begin " << begin << ", jobs " << jobs << ", point " << x);
      CHECK(block.status[i] == sweep::Status::kept);
      CHECK(block.value(i, 0) == 2 * x);
      CHECK(block.value(i, 1) == x + 0.5);
      CHECK(block.value(i, 2) == 3 - x);
      CHECK(block.value(i, 3) == 7);
      CHECK(block.value(i, 4) == 2 * x);
      CHECK(block.value(i, 5) == x);
      // The same through row(), as the sweep's outputs read a point.
      double row[6];
      block.row(i, row);
      CHECK(row[0] == 2 * x);
      CHECK(row[5] == x);
    }
  }
}

TEST_CASE("planned sweeps find the infeasible points the lazy evaluator finds") {
  Program p;
  load_program_text(p, stdlib::standard_library(), "parallel.rk",
                    "scenario Parallel {\n"
                    "  input gpus: count = 8\n"
                    "  input tp: count = 1\n"
                    "  require tp <= gpus else \"tp {tp} exceeds {gpus} GPUs\"\n"
                    "  require gpus % tp == 0 else \"tp must divide the GPUs\"\n"
                    "  dp = gpus // tp\n"
                    "}\n"
                    "case C = Parallel()\n");
  check_and_compile(p);
  const auto* c = static_cast<const CaseDecl*>(p.find("C"));
  REQUIRE(c);
  const ScenarioDecl& s = *c->scenario;
  std::vector<ExprPtr> keep;
  sweep::Space space;
  space.case_decl = c;
  auto values = [](std::initializer_list<double> xs) {
    std::vector<Value> out;
    for (double x : xs) out.push_back(Value::quantity(x));
    return out;
  };
  space.axes.push_back({"gpus", 0, c->name_range, values({4, 8, 12})});
  space.axes.push_back({"tp", 1, c->name_range, values({1, 2, 3, 8})});
  space.show = shown(p, s, keep);
  for (const Requirement& r : s.requirements) space.require.push_back(r.condition.get());
  sweep::Runner runner(p, space);
  REQUIRE(runner.planned());
  sweep::Block all;
  runner.run(0, 12, 2, all);
  // By hand: tp must be at most gpus and divide it. gpus 4: tp 1, 2 kept, 3 (4 % 3 = 1)
  // and 8 (8 > 4) not; gpus 8: 1, 2, 8 kept, 3 (8 % 3 = 2) not; gpus 12: 1, 2, 3 kept,
  // 8 (12 % 8 = 4) not.
  const std::vector<bool> feasible = {true,  true, false, false, true, true,
                                      false, true, true,  true,  true, false};
  for (std::size_t point = 0; point < 12; ++point) {
    INFO("point " << point);
    CHECK((all.status[point] == sweep::Status::kept) == feasible[point]);
    CHECK((all.status[point] == sweep::Status::infeasible) == !feasible[point]);
    // The lazy evaluator agrees on every target of a feasible point, and on the
    // constraints' conditions of every point up to the first broken one.
    std::vector<Value> lazy = sweep::evaluate_lazily(p, space, point);
    const std::size_t width = runner.target_count();
    for (std::size_t t = 0; t < width; ++t) {
      if (!feasible[point] && t < space.show.size()) continue;
      CHECK(same_bits(lazy[t].number, all.value(point, t)));
      if (t >= space.show.size() && lazy[t].number == 0) break;
    }
    CHECK(sweep::broken_constraint_at(p, space, point).has_value() == !feasible[point]);
  }
  // The message of the first broken constraint, interpolated: gpus 4, tp 8 is point 3.
  auto broken = sweep::broken_constraint_at(p, space, 3);
  REQUIRE(broken);
  CHECK(broken->second == "tp 8 exceeds 4 GPUs");
}

TEST_CASE("a plan folds what does not vary and keeps what does") {
  Program p;
  load_program(p, stdlib::standard_library(), RECKON_SOURCE_DIR "/scenarios/training.rk");
  check_and_compile(p);
  const auto* c = static_cast<const CaseDecl*>(p.find("Gpt3ActivationsMicrobatch4"));
  REQUIRE(c);
  const ScenarioDecl& s = *c->scenario;
  std::vector<ExprPtr> keep;
  auto name = [&](const char* text) {
    auto e = std::make_unique<Expr>(ExprKind::name, SourceRange{});
    e->text = text;
    check_and_compile_expression(p, *e, Scope{&s, nullptr});
    keep.push_back(std::move(e));
    return keep.back().get();
  };
  sweep::Space space;
  space.case_decl = c;
  auto micro_batch = static_cast<std::size_t>(s.input_index("micro_batch"));
  space.axes.push_back({"micro_batch",
                        micro_batch,
                        c->name_range,
                        {Value::quantity(1), Value::quantity(2), Value::quantity(4)}});
  // forward_equivalents uses no varied input: a constant, no instructions at all.
  space.show = {name("forward_equivalents")};
  sweep::Runner constant(p, space);
  REQUIRE(constant.planned());
  CHECK(constant.plan()->instruction_count() == 0);
  // per_sequence_activations = activations(selective) / micro_batch: one native call and
  // a division. micro_batch's values are whole, so the native's count argument needs no
  // check at run time.
  space.show = {name("per_sequence_activations")};
  sweep::Runner varying(p, space);
  REQUIRE(varying.planned());
  CHECK(varying.plan()->instruction_count() == 2);
  // A fractional micro-batch brings the check back, and that point fails as it would
  // in the evaluator (E0503), while the whole ones around it do not.
  sweep::Space fractional = space;
  fractional.axes[0].values = {Value::quantity(1), Value::quantity(2.5), Value::quantity(4)};
  sweep::Runner checked(p, fractional);
  REQUIRE(checked.planned());
  CHECK(checked.plan()->instruction_count() == 3);
  sweep::Block f;
  checked.run(0, 3, 1, f);
  CHECK(f.status[0] == sweep::Status::kept);
  CHECK(f.status[1] == sweep::Status::failed);
  CHECK(f.status[2] == sweep::Status::kept);
  REQUIRE(f.first_error);
  CHECK(f.first_error->second.code == "E0503");
  sweep::Block b;
  varying.run(0, 3, 1, b);
  // 34 s b h L bytes per micro-batch (Korthikanti et al. 2022, Table 2, selective),
  // divided by b: 34 * 2048 * 12288 * 96 B = 82,141,249,536 B for every micro-batch.
  for (std::size_t i = 0; i < 3; ++i) CHECK(b.value(i, 0) == Approx(82141249536.0).epsilon(1e-12));
}

// `//`, `%`, floor, ceil and round take their operands in the written unit: the plan does
// it with the same functions (interpreter/values/operations.hpp). Values on and near the
// boundaries where base-unit arithmetic went wrong (300 ms // 100 ms was 2).
TEST_CASE("planned sweeps do integer operations in the written unit, as the evaluator does") {
  Program p;
  load_program_text(p, stdlib::standard_library(), "ops.rk",
                    "scenario Ops {\n  input t: ms = 300 ms\n  input len: cm = 29 cm\n"
                    "  input x: h = 1.5 h\n  input e: kWh = 2.4 kWh\n"
                    "  steps = t // 100 ms\n  left = t % 100 ms\n  whole_cm = len // 1 cm\n"
                    "  hours = floor(x)\n  up = ceil(x)\n  energy = round(e)\n"
                    "  halves = x // 2\n  rest = e % 3\n  zero = t // (t - t)\n}\n"
                    "case C = Ops()\n");
  check_and_compile(p);
  const auto* c = static_cast<const CaseDecl*>(p.find("C"));
  REQUIRE(c);
  const ScenarioDecl& s = *c->scenario;
  // Each value as its literal makes it: the number times the unit's scale.
  auto axis = [&](const char* name, double scale, std::vector<double> numbers) {
    sweep::Axis a{name, static_cast<std::size_t>(s.input_index(name)), c->name_range, {}};
    for (double x : numbers)
      a.values.push_back(Value::quantity(x * scale, s.inputs[a.input].resolved.dim));
    return a;
  };
  sweep::Space space;
  space.case_decl = c;
  space.axes = {axis("t", 1e-3, {100, 200, 300, 700, -700, 0.3, 1000}),
                axis("len", 1e-2, {29, 57, 58, 0.5}), axis("x", 3600, {1.5, 2.5, -1.5, 7}),
                axis("e", 3.6e6, {2.4, 2.5, -2.5, 3.6})};
  std::vector<ExprPtr> keep;
  space.show = shown(p, s, keep);
  {
    // `zero` divides by zero at every point: the plan marks the point, and the evaluator
    // reports the error.
    sweep::Runner runner(p, space);
    REQUIRE(runner.planned());
    sweep::Block all;
    runner.run(0, static_cast<std::size_t>(space.size()), 2, all);
    for (std::uint64_t point = 0; point < space.size(); ++point) {
      INFO("point " << point);
      CHECK(all.status[point] == sweep::Status::failed);
      CHECK_THROWS_AS(sweep::evaluate_lazily(p, space, point), UserError);
    }
  }
  // Without it, every point computes, bit for bit as the evaluator.
  space.show.pop_back();
  sweep::Runner runner(p, space);
  REQUIRE(runner.planned());
  sweep::Block ok;
  runner.run(0, static_cast<std::size_t>(space.size()), 2, ok);
  const std::size_t n = runner.target_count();
  for (std::uint64_t point = 0; point < space.size(); ++point) {
    INFO("point " << point);
    std::vector<Value> expected = sweep::evaluate_lazily(p, space, point);
    REQUIRE(ok.status[point] != sweep::Status::failed);
    for (std::size_t t = 0; t < n; ++t) {
      INFO("target " << t << ": lazy " << expected[t].number << ", planned " << ok.value(point, t));
      CHECK(same_bits(expected[t].number, ok.value(point, t)));
    }
    sweep::Block alone;  // one point, not in a batch
    runner.run(point, 1, 1, alone);
    for (std::size_t t = 0; t < n; ++t) CHECK(same_bits(expected[t].number, alone.value(0, t)));
  }
  // Point 2 * 4 * 4 * 4 is t = 300 ms with the first of every other axis: 3 steps, 0 ms left.
  std::vector<Value> first = sweep::evaluate_lazily(p, space, 2 * 4 * 4 * 4);
  CHECK(first[0].number == 3);
  CHECK(first[1].number == 0);
  CHECK(first[2].number == 29);  // 29 cm // 1 cm
}

// A varied number beyond a native's 64-bit integer parameter: the plan's raw call refuses
// it (no cast), and the point's error is the evaluator's E0510 naming the parameter.
TEST_CASE("planned sweeps refuse a native integer argument out of range") {
  Program p;
  load_program_text(p, stdlib::standard_library(), "nodes.rk",
                    "scenario Fleet {\n  input nodes: count = 4\n"
                    "  mtbf = cluster_mtbf(1000 h, nodes)\n}\ncase C = Fleet()\n");
  check_and_compile(p);
  const auto* c = static_cast<const CaseDecl*>(p.find("C"));
  REQUIRE(c);
  sweep::Space space;
  space.case_decl = c;
  // 2^63 is the first double beyond std::int64_t; 2^62 fits.
  space.axes = {sweep::Axis{"nodes",
                            0,
                            c->name_range,
                            {Value::quantity(4), Value::quantity(9223372036854775808.0),
                             Value::quantity(4611686018427387904.0)}}};
  std::vector<ExprPtr> keep;
  space.show = shown(p, *c->scenario, keep);
  sweep::Runner runner(p, space);
  REQUIRE(runner.planned());
  for (unsigned jobs : {1u, 2u}) {
    sweep::Block block;
    runner.run(0, 3, jobs, block);
    CHECK(block.status[0] != sweep::Status::failed);
    CHECK(block.status[1] == sweep::Status::failed);
    CHECK(block.status[2] != sweep::Status::failed);
    REQUIRE(block.first_error);
    CHECK(block.first_error->second.code == "E0510");
    CHECK(block.first_error->second.message.find("argument `nodes` of `cluster_mtbf`") !=
          std::string::npos);
  }
}
