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
  // The natives the bundled exercises and the serving problem sets expand.
  for (const char* name :
       {"kv_cache_bytes", "activation_memory", "model_weights_memory", "checkpoint_memory",
        "model_state_memory", "training_flops", "decode_flops"}) {
    CAPTURE(name);
    CHECK(with_formula.count(name) == 1);
  }
}

TEST_CASE("a formula's names are replaced as whole words, values parenthesized as needed") {
  CHECK(substitute_formula("2 * layers * layers_x", {"layers"}, {"32"}) == "2 * 32 * layers_x");
  CHECK(substitute_formula("a + b", {"a", "b"}, {"-1", "1 GB + 2 GB"}) == "(-1) + (1 GB + 2 GB)");
  CHECK(substitute_formula("p * w", {"p", "w"}, {"7e9 param", "2 B/param"}) ==
        "7e9 param * 2 B/param");
}
