// The bundled training scenario expresses the seed page completely
// (../shared/seed/activation-memory-scenario.txt): every input, property and method it
// names, each documented, each property with a declared unit, and the scenario's notes.
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "interpreter/check/checker.hpp"
#include "interpreter/load/loader.hpp"
#include "interpreter/load/pipeline.hpp"
#include "interpreter/model/program.hpp"
#include "stdlib/library.hpp"

namespace {

using namespace reckon;

const ScenarioDecl& activation_memory(Program& p) {
  load_program(p, stdlib::standard_library(), RECKON_SOURCE_DIR "/scenarios/training.rk");
  check_and_compile(p);
  Decl* d = p.find("ActivationMemory");
  REQUIRE(d);
  REQUIRE(d->kind == DeclKind::scenario);
  return static_cast<const ScenarioDecl&>(*d);
}

}  // namespace

TEST_CASE("training.rk has every input of the seed page, documented") {
  Program p;
  const ScenarioDecl& s = activation_memory(p);
  // The seed's seven fields, in its order.
  const std::vector<std::string> inputs = {
      "workload",     "micro_batch",        "seq_len", "precision_bytes", "normalization_per_layer",
      "ffn_multiple", "checkpoint_segments"};
  REQUIRE(s.inputs.size() == inputs.size());
  for (std::size_t i = 0; i < inputs.size(); ++i) {
    INFO(inputs[i]);
    CHECK(s.inputs[i].name == inputs[i]);
    CHECK_FALSE(s.inputs[i].docs.text.empty());
  }
}

TEST_CASE("training.rk has every property and method of the seed page, documented with units") {
  Program p;
  const ScenarioDecl& s = activation_memory(p);
  // The seed's Attributes table less its seven inputs: 20 derived properties.
  const std::vector<std::string> properties = {"checkpointed_activations",
                                               "ffn_activations_per_layer",
                                               "forward_equivalents",
                                               "line_items_per_layer",
                                               "line_items_total",
                                               "live_segment",
                                               "per_sequence_activations",
                                               "per_token_activations",
                                               "per_token_bytes_coefficient",
                                               "projection_activations_per_layer",
                                               "recompute_forward_equivalents",
                                               "recompute_overhead",
                                               "score_activations",
                                               "score_activations_per_layer",
                                               "score_bytes_coefficient",
                                               "score_share",
                                               "segment_input",
                                               "segment_inputs",
                                               "segment_layers",
                                               "sequence"};
  const std::vector<std::string> methods = {"activations", "checkpoint_memory_units"};
  for (const auto& name : properties) {
    INFO(name);
    int i = s.property_index(name);
    REQUIRE(i >= 0);
    const Property& prop = s.properties[static_cast<std::size_t>(i)];
    CHECK_FALSE(prop.is_method);
    CHECK(prop.declared != nullptr);
    CHECK_FALSE(prop.docs.text.empty());
  }
  for (const auto& name : methods) {
    INFO(name);
    int i = s.property_index(name);
    REQUIRE(i >= 0);
    const Property& prop = s.properties[static_cast<std::size_t>(i)];
    CHECK(prop.is_method);
    CHECK(prop.parameters.size() == 1);
    CHECK(prop.declared != nullptr);
    CHECK_FALSE(prop.docs.text.empty());
  }
}

TEST_CASE("training.rk carries the seed page's notes") {
  Program p;
  const ScenarioDecl& s = activation_memory(p);
  CHECK(s.docs.text ==
        "Activation memory of workload at a micro-batch, under each recomputation strategy.");
  std::vector<std::string> keys;
  for (const Metadata& m : s.docs.metadata) {
    keys.push_back(m.key);
    CHECK_FALSE(m.text.empty());
  }
  CHECK(keys == std::vector<std::string>{"equation", "assumes", "excludes", "source"});
}
