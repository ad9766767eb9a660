// Reckon's evaluator on the seed case: per iteration a fresh Evaluator, a fresh instance
// of the case, and every non-method property forced (the work of `reckon run` for one
// case, without the printing: sweep::force_all_planned, which runs the scenario's plan
// once it has made it, after sweep::lazy_cases_first lazy fresh cases and a recorded one;
// `reckon_fresh_case_walk` is the lazy walk alone).
// Loading and checking the program is done once, outside the timed loop.
//
// Usage: reckon_bench FILE CASE [MILLISECONDS_PER_SAMPLE=200]
//        reckon_bench FILE CASE --profile N   (N fresh cases, untimed: for perf/callgrind)
//        reckon_bench FILE CASE --profile-walk N   (the same by the lazy walk alone)
//        reckon_bench FILE CASE --profile-sweep N   (N blocks of the planned sweep over
//                                                    micro_batch, one thread, untimed)
//        reckon_bench FILE CASE --profile-one-point N   (N fresh cases on the plan of every
//                                                        input, one point at a time, untimed)
//        reckon_bench FILE CASE --smoke       (the values, then both plans, the one point and
//                                              the fresh case's plan checked against the
//                                              evaluator bit for bit; no timing; exit 1 when
//                                              one is missing or differs: bench/run --smoke)
// With RECKON_PLAN_BASELINE=1 in the environment, planned batches run the loop compiled
// for the baseline instruction set even where the CPU has AVX2 (Plan::wide_loop), as on
// a CPU without it.
// Prints `value NAME BASE_VALUE` per property (the case as written), then
// `time NAME NS_PER_EVALUATION` lines; `n/a` where a measurement does not exist yet.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "interpreter/check/checker.hpp"
#include "interpreter/cli/malloc_options.hpp"
#include "interpreter/compiled/code.hpp"
#include "interpreter/evaluate/evaluator.hpp"
#include "interpreter/load/loader.hpp"
#include "interpreter/load/pipeline.hpp"
#include "interpreter/model/program.hpp"
#include "interpreter/sweep/force_planned.hpp"
#include "interpreter/sweep/sweep.hpp"
#include "measure.hpp"
#include "stdlib/library.hpp"
#include "syntax/diagnostics.hpp"

// jemalloc's options as `reckon` sets them (malloc_options.hpp), so that a fresh case
// allocates as `reckon run`'s does.
extern "C" {
extern const char* malloc_conf;
const char* malloc_conf = reckon::malloc_options;
}

namespace {

using reckon::CaseDecl;
using reckon::Evaluator;
using reckon::Instance;
using reckon::Program;
using reckon::ScenarioDecl;
using reckon::Value;

// Every non-method property of a fresh instance of `c`; returns their sum, in base units.
// With `micro_batch`, that input is bound first (a sweep point done the way a caller
// can today: a fresh case with one input replaced).
// `walk`: by Evaluator::force_all alone, never the scenario's plan.
double evaluate_fresh(const Program& p, const CaseDecl& c, std::optional<std::size_t> input,
                      double value, bool walk = false) {
  Evaluator ev(p);
  Instance* inst = &ev.instance_of(c);
  if (input) ev.bind_input_value(*inst, *input, Value::quantity(value), c.name_range);
  if (walk)
    ev.force_all(*inst);
  else
    reckon::sweep::force_all_planned(ev, *inst);  // as `reckon run` evaluates a case
  // The non-method properties as EveryValue lists them (each Property is a few hundred
  // bytes: skipping the methods among them cost as much as reading a value).
  double acc = 0;
  for (std::uint32_t i : c.scenario->every_value->properties)
    acc += ev.property(*inst, i, c.name_range).number;
  return acc;
}

// ---------------------------------------------------------------------------------------
// Planned sweeps (interpreter/sweep/): the engine `reckon sweep` runs, measured per point
// over a block of 65,536 points (Runner::run: the plan over batches of 64, the inputs'
// registers, the targets copied out, the status of each point). Every non-method
// property is a target. `open` lists the inputs varied: with micro_batch alone, all
// that does not depend on it is folded, as in a real sweep over micro-batches; with
// every input (the workload record as its numeric fields) nothing of the case is
// folded but constants: a fresh case per point. Checks once that the plan's values
// equal the evaluator's to the last bit.
struct Planned {
  std::vector<reckon::ExprPtr> keep;
  reckon::sweep::Space space;
  std::unique_ptr<reckon::sweep::Runner> runner;
};

std::unique_ptr<Planned> plan_case(Program& p, const CaseDecl& c, bool every_input) {
  auto planned = std::make_unique<Planned>();
  reckon::sweep::Space& space = planned->space;
  space.case_decl = &c;
  const ScenarioDecl& s = *c.scenario;
  Evaluator ev(p);
  Instance* inst = &ev.instance_of(c);
  for (std::size_t i = 0; i < s.inputs.size(); ++i) {
    const bool is_micro_batch = s.inputs[i].name == "micro_batch";
    if (!every_input && !is_micro_batch) continue;
    Value v = ev.input(*inst, i, c.name_range);
    if (v.is_none()) continue;  // a none cannot vary in a plan; it stays a constant
    reckon::sweep::Axis axis{s.inputs[i].name, i, c.name_range, {v}};
    if (is_micro_batch) {  // 1..8 over and over: 65,536 points
      axis.values.clear();
      for (int k = 0; k < 65536; ++k) axis.values.push_back(Value::quantity(1 + (k & 7)));
    }
    space.axes.push_back(std::move(axis));
  }
  for (const reckon::Property& prop : s.properties) {
    if (prop.is_method) continue;
    auto e = std::make_unique<reckon::Expr>(reckon::ExprKind::name, prop.range);
    e->text = prop.name;
    reckon::check_and_compile_expression(p, *e, reckon::Scope{&s, nullptr});
    space.show.push_back(e.get());
    planned->keep.push_back(std::move(e));
  }
  planned->runner = std::make_unique<reckon::sweep::Runner>(p, space);
  if (!planned->runner->planned()) {
    std::fprintf(stderr, "not planned: %s\n", planned->runner->why_unplanned().c_str());
    return nullptr;
  }
  // The plan against the lazy evaluator, bit for bit, on the first 8 points.
  reckon::sweep::Block block;
  planned->runner->run(0, 8, 1, block);
  for (std::uint64_t point = 0; point < 8; ++point) {
    std::vector<Value> lazy = reckon::sweep::evaluate_lazily(p, space, point);
    for (std::size_t t = 0; t < lazy.size(); ++t)
      if (const double planned = block.value(point, t);
          std::memcmp(&lazy[t].number, &planned, sizeof(double))) {
        std::fprintf(stderr, "planned value %zu of point %lu differs from the evaluator's\n", t,
                     static_cast<unsigned long>(point));
        return nullptr;
      }
  }
  return planned;
}

// One call runs `n` times over a block of 65,536 points (Runner::run on `threads`
// threads); a sample is per point (Interleaved's `per`).
constexpr std::size_t planned_block = 65536;

std::function<double(long)> planned_body(const Planned* planned, unsigned threads) {
  auto out = std::make_shared<reckon::sweep::Block>();
  return [planned, threads, out](long n) {
    double acc = 0;
    for (long i = 0; i < n; ++i) {
      planned->runner->run(0, planned_block, threads, *out);
      acc += out->values[static_cast<std::size_t>(i) % out->values.size()];
    }
    return acc;
  };
}
// The plan of every input run on one point at a time (Plan::run, one lane), its
// registers filled from the case's own inputs each time as a fresh instance would be:
// the least that a register-based force_all, run once per instance, would cost (issue
// #28's lazy fresh case). Empty when the one point's values are not the lazy
// evaluator's to the last bit.
std::function<double(long)> one_point_body(const Program& p, const CaseDecl& c,
                                           const Planned* planned) {
  const reckon::sweep::Plan& plan = *planned->runner->plan();
  std::vector<double> start = plan.registers();
  Evaluator ev(p);
  Instance* inst = &ev.instance_of(c);
  for (std::size_t k = 0; k < planned->space.axes.size(); ++k)
    for (auto [reg, x] :
         plan.flatten(k, ev.input(*inst, planned->space.axes[k].input, c.name_range)))
      start[reg] = x;
  std::vector<double> r = start;
  if (!plan.run(r.data())) return {};
  for (std::size_t t = 0; t < planned->space.show.size(); ++t) {
    const double lazy = ev.evaluate(*planned->space.show[t], {inst, nullptr}).number;
    if (std::memcmp(&lazy, &r[plan.target_register(t)], sizeof(double))) {
      std::fprintf(stderr, "one point's value %zu differs from the evaluator's\n", t);
      return {};
    }
  }
  const std::size_t targets = planned->space.show.size();
  return [&plan, start, targets](long n) {
    double acc = 0;
    std::vector<double> r(start.size());
    for (long i = 0; i < n; ++i) {
      std::copy(start.begin(), start.end(), r.begin());
      if (!plan.run(r.data())) return acc;  // cannot happen: checked above
      for (std::size_t t = 0; t < targets; ++t) acc += r[plan.target_register(t)];
    }
    return acc;
  };
}
// Whether fresh cases of `c` run by their scenario's plan (after the lazy ones it takes to
// make it), each property to the last bit what the lazy walk gives, with micro_batch as
// written and bound to 1..8.
bool fresh_case_planned(const Program& p, const CaseDecl& c, std::size_t micro_batch) {
  for (int round = 0; round <= reckon::sweep::lazy_cases_first; ++round)
    (void)evaluate_fresh(p, c, std::nullopt, 0);
  if (!reckon::sweep::has_settled_plan(*c.scenario)) {
    std::fprintf(stderr, "fresh cases of %s do not run by a plan\n", c.name.c_str());
    return false;
  }
  const ScenarioDecl& s = *c.scenario;
  for (int mb = 0; mb <= 8; ++mb) {
    Evaluator planned(p), lazy(p);
    Instance& a = planned.instance_of(c);
    Instance& b = lazy.instance_of(c);
    if (mb > 0) {
      planned.bind_input_value(a, micro_batch, Value::quantity(mb), c.name_range);
      lazy.bind_input_value(b, micro_batch, Value::quantity(mb), c.name_range);
    }
    reckon::sweep::force_all_planned(planned, a);
    lazy.force_all(b);
    for (std::size_t i = 0; i < s.properties.size(); ++i) {
      if (s.properties[i].is_method) continue;
      const double x = planned.property(a, i, c.name_range).number;
      const double y = lazy.property(b, i, c.name_range).number;
      if (std::memcmp(&x, &y, sizeof x)) {
        std::fprintf(stderr, "the fresh case's plan gives %s = %.17g, the walk %.17g\n",
                     s.properties[i].name.c_str(), x, y);
        return false;
      }
    }
  }
  return true;
}
// ---------------------------------------------------------------------------------------

void print_time(const char* name, std::optional<double> ns) {
  if (ns)
    std::printf("time %s %.3f\n", name, *ns);
  else
    std::printf("time %s n/a\n", name);
  std::fflush(stdout);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: reckon_bench FILE CASE [MILLISECONDS_PER_SAMPLE]\n");
    return 2;
  }
  const std::string file = argv[1];
  const std::string case_name = argv[2];
  if (const char* baseline = std::getenv("RECKON_PLAN_BASELINE"); baseline && *baseline == '1')
    reckon::sweep::Plan::wide_loop() = false;
  const bool profile = argc > 4 && std::string(argv[3]) == "--profile";
  const bool profile_walk = argc > 4 && std::string(argv[3]) == "--profile-walk";
  const bool profile_sweep = argc > 4 && std::string(argv[3]) == "--profile-sweep";
  const bool profile_one_point = argc > 4 && std::string(argv[3]) == "--profile-one-point";
  const bool smoke = argc > 3 && std::string(argv[3]) == "--smoke";
  const double ms =
      argc > 3 && !profile && !profile_walk && !profile_sweep && !profile_one_point && !smoke
          ? std::atof(argv[3])
          : 200;

  Program p;
  try {
    reckon::load_program(p, reckon::stdlib::standard_library(), file);
    reckon::check_and_compile(p);
  } catch (const reckon::UserError& e) {
    std::fprintf(stderr, "%s", reckon::render(p.sources, e.diagnostic()).c_str());
    return 1;
  } catch (const reckon::UserErrors& e) {
    for (const auto& d : e.diagnostics())
      std::fprintf(stderr, "%s", reckon::render(p.sources, d).c_str());
    return 1;
  }
  const CaseDecl* c = nullptr;
  for (const CaseDecl* d : p.main_decls<CaseDecl>(reckon::DeclKind::case_))
    if (d->name == case_name) c = d;
  if (!c) {
    std::fprintf(stderr, "no case %s in %s\n", case_name.c_str(), file.c_str());
    return 1;
  }
  const ScenarioDecl& s = *c->scenario;
  const int mb = s.input_index("micro_batch");
  if (mb < 0) {
    std::fprintf(stderr, "scenario %s has no input micro_batch\n", s.name.c_str());
    return 1;
  }
  const auto micro_batch = static_cast<std::size_t>(mb);

  {
    Evaluator ev(p);
    Instance* inst = &ev.instance_of(*c);
    for (std::size_t i = 0; i < s.properties.size(); ++i)
      if (!s.properties[i].is_method)
        std::printf("value %s %.17g\n", s.properties[i].name.c_str(),
                    ev.property(*inst, i, c->name_range).number);
  }
  std::fflush(stdout);
  if (profile || profile_walk) {
    const long n = std::atol(argv[4]);
    double acc = 0;
    // The lazy cases and the recorded one first, in both counts: N less 1 is N - 1 cases
    // by the plan.
    if (profile)
      for (int i = 0; i <= reckon::sweep::lazy_cases_first; ++i)
        acc += evaluate_fresh(p, *c, std::nullopt, 0);
    for (long i = 0; i < n; ++i) acc += evaluate_fresh(p, *c, std::nullopt, 0, profile_walk);
    reckon::bench::sink = acc;
    return 0;
  }

  // Every benchmark below takes its samples in turns with the others (measure.hpp).
  reckon::bench::Interleaved benchmarks;
  // A fresh case, all properties, exactly as written.
  benchmarks.add("reckon_fresh_case", [&](long n) {
    double acc = 0;
    for (long i = 0; i < n; ++i) acc += evaluate_fresh(p, *c, std::nullopt, 0);
    return acc;
  });
  // The lazy walk alone (Evaluator::force_all), as the first two fresh cases run.
  benchmarks.add("reckon_fresh_case_walk", [&](long n) {
    double acc = 0;
    for (long i = 0; i < n; ++i) acc += evaluate_fresh(p, *c, std::nullopt, 0, true);
    return acc;
  });
  // The same with micro_batch bound to 1..8: a sweep point as a caller can do it today.
  benchmarks.add("reckon_fresh_case_bound", [&](long n) {
    double acc = 0;
    for (long i = 0; i < n; ++i)
      acc += evaluate_fresh(p, *c, micro_batch, static_cast<double>(1 + (i & 7)));
    return acc;
  });
  // Several threads by the wall clock, one by its CPU time (measure.hpp).
  const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
  benchmarks.add("reckon_fresh_case_bound_all_cores",
                 reckon::bench::on_threads(cores,
                                           [&](unsigned, long n) {
                                             double acc = 0;
                                             for (long i = 0; i < n; ++i)
                                               acc +=
                                                   evaluate_fresh(p, *c, micro_batch,
                                                                  static_cast<double>(1 + (i & 7)));
                                             return acc;
                                           }),
                 reckon::bench::Clock::wall);

  auto over_micro_batch = plan_case(p, *c, false);
  if (profile_sweep) {
    if (!over_micro_batch) return 1;
    reckon::bench::sink = planned_body(over_micro_batch.get(), 1)(std::atol(argv[4]));
    return 0;
  }
  auto every_input = plan_case(p, *c, true);
  std::function<double(long)> one_point;
  if (every_input) one_point = one_point_body(p, *c, every_input.get());
  if (profile_one_point) {
    if (!one_point) return 1;
    reckon::bench::sink = one_point(std::atol(argv[4]));
    return 0;
  }
  const bool fresh_planned = fresh_case_planned(p, *c, micro_batch);
  if (smoke) {
    // Both plans exist today, the one point, and the fresh case's plan; one that
    // disappears or differs is a regression.
    reckon::bench::sink = evaluate_fresh(p, *c, micro_batch, 2);
    return over_micro_batch && every_input && one_point && fresh_planned ? 0 : 1;
  }
  const auto per_point = static_cast<double>(planned_block);
  std::vector<const char*> unplanned;
  if (over_micro_batch) {
    benchmarks.add("planned_sweep_1_core", planned_body(over_micro_batch.get(), 1),
                   reckon::bench::Clock::thread_cpu, per_point);
    benchmarks.add("planned_sweep_all_cores", planned_body(over_micro_batch.get(), cores),
                   reckon::bench::Clock::wall, per_point);
  } else {
    unplanned = {"planned_sweep_1_core", "planned_sweep_all_cores"};
  }
  if (every_input)
    benchmarks.add("planned_fresh_case_1_core", planned_body(every_input.get(), 1),
                   reckon::bench::Clock::thread_cpu, per_point);
  else
    unplanned.push_back("planned_fresh_case_1_core");
  if (one_point)
    benchmarks.add("planned_fresh_case_one_point", one_point);
  else
    unplanned.push_back("planned_fresh_case_one_point");
  for (const auto& [name, ns] : benchmarks.run(ms, 7)) print_time(name.c_str(), ns);
  for (const char* name : unplanned) print_time(name, std::nullopt);
  std::printf("cores %u\n", cores);
  return 0;
}
