// Every native with a formula (`@formula` in the standard library, native_formula.hpp)
// computes what its formula says: the formula with sample arguments written in, read and
// evaluated as Reckon, equals the native called with the same arguments, in value and in
// dimension. A formula that drifts from its native would show a worked solution whose
// last line does not follow from the line before.
#include <catch2/catch.hpp>
#include <cmath>
#include <iterator>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "grammar/parse.hpp"
#include "interpreter/evaluate/evaluator.hpp"
#include "interpreter/load/loader.hpp"
#include "interpreter/load/pipeline.hpp"
#include "interpreter/model/native_formula.hpp"
#include "interpreter/model/program.hpp"
#include "stdlib/library.hpp"

namespace {

using namespace reckon;

struct Prelude {
  Program p;
  std::unique_ptr<Evaluator> ev;
  std::vector<ExprPtr> keep;
  Prelude() {
    load_program_text(p, stdlib::standard_library(), "<formulas>", "");
    check_and_compile(p);
    ev = std::make_unique<Evaluator>(p, 6);
  }
  Value eval(const std::string& text) {
    FileId f = p.sources.add("<formula>", text);
    keep.push_back(parse_expression(p.sources, f));
    check_and_compile_expression(p, *keep.back(), {});
    Value v = ev->evaluate(*keep.back(), {});
    v.dim = keep.back()->type.dim;
    return v;
  }
};

// Sample values of a parameter, as Reckon text: every member of an enumeration, `true`
// and `false`, or one number in the declared unit, distinct per parameter (7, 11, 13, ...)
// so that a formula that swaps two parameters is caught.
std::vector<std::string> samples(const Parameter& param, std::size_t index) {
  static const int primes[] = {7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43};
  // Parameters whose every value takes its own branch of a formula.
  if (param.name == "zero_stage") return {"0", "1", "2", "3"};
  if (param.name == "model_chunks") return {"1", "3"};
  if (param.name == "acceptance_rate") return {"0.7", "1"};
  // Shares of a whole (a utilisation, an efficiency, a probability), which the natives
  // take only below 1; distinct per parameter as the other numbers are.
  static const std::set<std::string> fractions = {"utilization",
                                                  "efficiency",
                                                  "compute_efficiency",
                                                  "bandwidth_efficiency",
                                                  "memory_utilization",
                                                  "parallel_fraction",
                                                  "overlap",
                                                  "contention",
                                                  "coherency",
                                                  "quantile",
                                                  "availability"};
  if (fractions.count(param.name))
    return {std::to_string(primes[index % std::size(primes)] / 50.0)};
  if (param.name == "switch_radix") return {"48"};  // a fat tree's radix is even
  if (param.name == "top_k") return {"2"};          // at most the experts
  const Type& t = param.resolved;
  if (t.kind == TypeKind::enumeration) {  // qualified: `none` alone is the none literal
    std::vector<std::string> members;
    for (const std::string& m : t.enumeration->members)
      members.push_back(t.enumeration->name + "." + m);
    return members;
  }
  if (t.kind == TypeKind::boolean) return {"true", "false"};
  std::string number = std::to_string(primes[index % std::size(primes)]);
  if (!param.type.unit.text.empty() && param.type.unit.text != "count" &&
      param.type.unit.text != "number")
    number += " " + param.type.unit.text;
  return {number};
}

}  // namespace

TEST_CASE("every native's formula computes what the native does") {
  Prelude prelude;
  std::set<std::string> with_formula;
  for (const auto& module : prelude.p.modules) {
    for (const auto& d : module->decls) {
      if (d->kind != DeclKind::native) continue;
      const auto& n = static_cast<const NativeDecl&>(*d);
      const std::string formula = native_formula(n);
      if (formula.empty()) continue;
      with_formula.insert(n.name);
      std::vector<std::string> names;
      std::vector<std::vector<std::string>> values;
      for (std::size_t i = 0; i < n.parameters.size(); ++i) {
        names.push_back(n.parameters[i].name);
        values.push_back(samples(n.parameters[i], i));
      }
      // Every combination of the samples (only enumerations and bools have more than one).
      std::vector<std::size_t> at(names.size(), 0);
      for (;;) {
        std::vector<std::string> chosen;
        std::string call = n.name + "(";
        for (std::size_t i = 0; i < names.size(); ++i) {
          chosen.push_back(values[i][at[i]]);
          call += (i ? ", " : "") + names[i] + ": " + chosen.back();
        }
        call += ")";
        const std::string written = substitute_formula(formula, names, chosen);
        CAPTURE(call, written);
        Value native = prelude.eval(call);
        Value by_formula = prelude.eval(written);
        CHECK(by_formula.dim == native.dim);
        CHECK(std::fabs(by_formula.number - native.number) <= 1e-12 * std::fabs(native.number));
        std::size_t i = 0;
        while (i < at.size() && ++at[i] == values[i].size()) at[i++] = 0;
        if (i == at.size()) break;
      }
    }
  }
  // The natives the bundled exercises, scenarios and solvers call (all but the ones
  // that search: the M/M/c server counts and quantile of the response time, the best
  // draft length).
  for (const char* name : {"kv_cache_bytes",
                           "activation_memory",
                           "model_weights_memory",
                           "checkpoint_memory",
                           "model_state_memory",
                           "training_flops",
                           "decode_flops",
                           "prefill_flops",
                           "ring_allreduce_time",
                           "tree_allreduce_time",
                           "hierarchical_allreduce_time",
                           "energy_consumption",
                           "carbon_emissions",
                           "electricity_cost",
                           "device_hours_cost",
                           "fleet_tco",
                           "activation_memory_parallel",
                           "first_stage_activation_memory",
                           "model_state_bytes_per_param",
                           "training_checkpoint_bytes",
                           "paged_kv_fragmentation",
                           "paged_kv_cache_bytes",
                           "ring_tree_crossover_size",
                           "ridge_point",
                           "training_time",
                           "pipeline_bubble_fraction",
                           "young_daly_interval",
                           "daly_checkpoint_interval",
                           "cluster_mtbf",
                           "failure_probability",
                           "steady_state_availability",
                           "checkpoint_goodput",
                           "node_mtbf",
                           "work_lost_per_failure",
                           "expected_work_lost",
                           "tensor_parallel_comm_time",
                           "training_step_time_3d",
                           "chinchilla_loss",
                           "compute_optimal_params",
                           "compute_optimal_tokens",
                           "data_bound_step_time",
                           "mmc_utilization",
                           "mmc_mean_wait",
                           "mmc_mean_response_time",
                           "mmc_wait_quantile",
                           "mmc_p50_wait",
                           "mmc_p99_wait",
                           "time_to_first_token",
                           "inter_token_latency",
                           "decode_tokens_per_second",
                           "kv_cache_max_batch",
                           "speculative_speedup",
                           "continuous_batching_itl",
                           "quantized_weight_memory",
                           "lora_params",
                           "lora_training_memory",
                           "amortized_embodied_carbon",
                           "lifecycle_carbon",
                           "water_consumption",
                           "transformer_iteration_flops",
                           "model_flops_utilization",
                           "hardware_flops_utilization",
                           "mmc_wait_probability",
                           "k_of_n_availability",
                           "chinchilla_optimal_tokens"}) {
    CAPTURE(name);
    CHECK(with_formula.count(name) == 1);
  }
}

TEST_CASE("a formula's names are replaced as whole words, values parenthesized as needed") {
  CHECK(substitute_formula("2 * layers * layers_x", {"layers"}, {"32"}) == "2 * 32 * layers_x");
  CHECK(substitute_formula("a + b", {"a", "b"}, {"-1", "1 GB + 2 GB"}) == "(-1) + (1 GB + 2 GB)");
  CHECK(substitute_formula("p * w", {"p", "w"}, {"7e9 param", "2 B/param"}) ==
        "7e9 param * 2 B/param");
  // A quantity that divides is the divisor whole: `7 / 11 s/token` is refused (1/3 GB).
  CHECK(substitute_formula("b / t", {"b", "t"}, {"7", "11 s/token"}) == "7 / (11 s/token)");
  CHECK(substitute_formula("b / t", {"b", "t"}, {"7", "11"}) == "7 / 11");
}
