#include "interpreter/api/query.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <stdexcept>

#include "grammar/parse.hpp"
#include "interpreter/api/display.hpp"
#include "interpreter/api/usage_error.hpp"
#include "interpreter/evaluate/constraints.hpp"
#include "interpreter/load/pipeline.hpp"
#include "interpreter/model/suggest.hpp"

namespace reckon::api {

void load(Program& p, const Library& library, const std::string& file) {
  if (file.empty())
    load_program_text(p, library, "<stdlib>", registry_imports(library));
  else
    load_program(p, library, file);
  check_and_compile(p);
}

void load_lazily(Program& p, const Library& library, const std::string& file,
                 std::string_view also_named, const std::function<void()>& then,
                 const std::function<void()>& forget) {
  const LazyStdlib lazy{.registries = file.empty(), .also_named = also_named};
  try {
    if (file.empty())
      load_program_text(p, library, "<stdlib>", registry_imports(library), nullptr, nullptr, &lazy);
    else
      load_program(p, library, file, &lazy);
    then();
    return;
  } catch (const UserError&) {
  } catch (const UserErrors&) {
  }
  if (forget) forget();
  p = Program{};
  if (file.empty())
    load_program_text(p, library, "<stdlib>", registry_imports(library));
  else
    load_program(p, library, file);
  then();
}

std::string program_name(const std::string& file) {
  return file.empty() ? "the standard library" : file;
}

const CaseDecl* choose_case(const Program& p, const std::optional<std::string>& name,
                            const std::string& what, bool overrides) {
  const CaseDecl* chosen = nullptr;
  auto cases = p.main_decls<CaseDecl>(DeclKind::case_);
  if (name) {
    Decl* d = p.find(*name);
    if (!d || d->kind != DeclKind::case_) {
      std::vector<std::string> names;
      for (const CaseDecl* c : cases) names.push_back(c->name);
      throw UserError("E0601",
                      "no case named `" + *name + "` in " + what + did_you_mean(*name, names));
    }
    chosen = static_cast<const CaseDecl*>(d);
  } else if (!cases.empty()) {
    chosen = cases.front();
  }
  if (overrides && !chosen)
    throw UsageError("E0602", fmt::format("--set needs a case, and {} defines none", what));
  return chosen;
}

std::string trim_assignment_name(const std::string& spec) {
  auto eq = spec.find('=');
  if (eq == std::string::npos) return spec;
  constexpr const char* blanks = " \t";
  std::string name = spec.substr(0, eq);
  auto first = name.find_first_not_of(blanks);
  name = first == std::string::npos ? ""
                                    : name.substr(first, name.find_last_not_of(blanks) - first + 1);
  std::string value = spec.substr(eq + 1);
  value.erase(0, std::min(value.find_first_not_of(blanks), value.size()));
  return name + "=" + value;
}

void require_distinct_names(const std::string& flag, const std::string& code,
                            const std::vector<std::string>& specs) {
  std::map<std::string, const std::string*> seen;
  for (const std::string& spec : specs) {
    std::string name = spec.substr(0, spec.find('='));
    auto [at, fresh] = seen.emplace(name, &spec);
    if (!fresh)
      throw UsageError(code, fmt::format("{} gives `{}` twice (`{}` and `{}`): give each input "
                                         "once",
                                         flag, name, *at->second, spec));
  }
}

std::pair<std::size_t, std::unique_ptr<Expr>> parse_override(Program& p, const ScenarioDecl& s,
                                                             const std::string& spec) {
  auto eq = spec.find('=');
  if (eq == std::string::npos || eq == 0)
    throw UsageError("E0603", "--set takes INPUT=VALUE, not `" + spec + "`");
  std::string name = spec.substr(0, eq);
  int index = s.input_index(name);
  if (index < 0) {
    std::vector<std::string> names;
    for (const Input& in : s.inputs) names.push_back(in.name);
    throw UserError("E0309", "--set: `" + s.name + "` has no input `" + name + "`" +
                                 did_you_mean_input(name, names));
  }
  FileId f = p.sources.add("--set " + name, spec.substr(eq + 1));
  ExprPtr e = parse_expression(p.sources, f);
  const Input& in = s.inputs[static_cast<std::size_t>(index)];
  check_and_compile_binding(p, *e, in.resolved, in.type, "input `" + name + "`");
  return std::make_pair(static_cast<std::size_t>(index), std::move(e));
}

std::optional<DisplayUnit> Query::unit() const { return expression_unit(*expr, scope.scenario); }

void prepare(Program& p, const QueryRequest& request, Query& q) {
  std::vector<std::string> specs;
  for (const std::string& spec : request.overrides) specs.push_back(trim_assignment_name(spec));
  q.chosen = choose_case(p, request.case_name, request.program, !specs.empty());
  q.evaluator = std::make_unique<Evaluator>(p, request.digits);
  q.evaluator->elide_lists(request.list_elements);
  if (q.chosen) q.instance = &q.evaluator->instance_of(*q.chosen);
  require_distinct_names("--set", "E0612", specs);
  std::vector<const Expr*> overrides;  // each override's value, for the notes of E0535
  for (const std::string& spec : specs) {
    auto bound = parse_override(p, *q.chosen->scenario, spec);
    q.keep.push_back(std::move(bound.second));
    overrides.push_back(q.keep.back().get());
    q.evaluator->bind_input(*q.instance, bound.first, *q.keep.back());
  }
  if (request.within) {
    FileId w = p.sources.add("<case>", *request.within);
    q.keep.push_back(parse_expression(p.sources, w));
    Expr& made = *q.keep.back();
    if (q.chosen) q.scope.scenario = q.chosen->scenario;
    check_and_compile_expression(p, made, q.scope);
    if (made.type.kind != TypeKind::instance)  // the package asks only in cases it was given
      throw std::invalid_argument("`" + *request.within + "` is not a case");
    if (q.chosen && reads_instance(made))
      require_feasible(*q.evaluator, *q.instance,
                       {q.chosen->name_range, "case `" + q.chosen->name + "` is defined here"});
    q.within = q.evaluator->evaluate(made, q.frame());
    q.instance = q.within.instance();
    q.scope.scenario = q.instance->scenario;
    require_feasible(*q.evaluator, *q.instance, {made.range, "the case is made here"});
  }
  FileId f = p.sources.add("<expr>", request.expression);
  q.keep.push_back(parse_expression(p.sources, f));
  q.expr = q.keep.back().get();
  if (q.chosen && !request.within) q.scope.scenario = q.chosen->scenario;
  check_and_compile_expression(p, *q.expr, q.scope);
  // A case whose constraints are broken has no values: the expression may not read it.
  q.requires_case = q.chosen && !request.within && (request.case_name || reads_instance(*q.expr));
  if (!q.requires_case) return;
  try {
    require_feasible(*q.evaluator, *q.instance,
                     {q.chosen->name_range, "case `" + q.chosen->name + "` is defined here"});
  } catch (UserError& e) {
    // The case as written may be feasible: name the overrides that made it what it is.
    for (std::size_t i = 0; i < overrides.size(); ++i)
      e.diagnostic().notes.push_back(
          {overrides[i]->range,
           fmt::format("the case's input is overridden here (`--set {}`)", specs[i])});
    throw;
  }
}

std::optional<ExplainFormat> explain_format_named(std::string_view name) {
  if (name == "text") return ExplainFormat::text;
  if (name == "md" || name == "markdown") return ExplainFormat::markdown;
  if (name == "latex") return ExplainFormat::latex;
  return std::nullopt;
}

std::vector<ExplainStep> explain(const Program& p, const Query& q, int depth) {
  auto steps = reckon::explain(p, *q.evaluator, *q.expr, q.frame(), depth);
  if (q.requires_case)
    for (const Requirement& r : q.instance->scenario->requirements) {
      auto met = reckon::explain(p, *q.evaluator, *r.condition, q.frame(), 0);
      if (met.empty()) continue;
      met.front().name = "require " + met.front().name;
      steps.push_back(std::move(met.front()));
    }
  return steps;
}

}  // namespace reckon::api
