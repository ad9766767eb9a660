#include "interpreter/api/cases.hpp"

#include "interpreter/evaluate/constraints.hpp"

namespace reckon::api {

const CaseDecl* case_showing(const Program& p, const std::string& preferred,
                             const ScenarioDecl* scenario) {
  if (!preferred.empty())
    if (const Decl* d = p.find(preferred); d && d->kind == DeclKind::case_) {
      const auto* c = static_cast<const CaseDecl*>(d);
      if (!scenario || c->scenario == scenario) return c;
    }
  for (const CaseDecl* c : p.main_decls<CaseDecl>(DeclKind::case_))
    if (!scenario || c->scenario == scenario) return c;
  return nullptr;
}

Instance& case_instance(Evaluator& ev, const CaseDecl& c) { return ev.instance_of(c); }

std::optional<BrokenConstraint> first_broken(Evaluator& ev, Instance& inst, const CaseDecl& c) {
  const Requirement* broken = first_broken_constraint(ev, inst);
  if (!broken) return std::nullopt;
  return BrokenConstraint{
      broken_constraint(ev, inst, *broken,
                        {{c.name_range, "case `" + c.name + "` is defined here"}})
          .diagnostic(),
      constraint_message(ev, inst, *broken)};
}

Value variant_instance(Evaluator& ev, const CaseDecl& c, const std::vector<Binding>& bindings) {
  Value instance = ev.new_instance(c);
  for (const Binding& b : bindings)
    ev.bind_input_value(*instance.instance(), b.input, b.value, b.at);
  return instance;
}

bool holds_constraints(Evaluator& ev, Instance& inst) { return feasible(ev, inst); }

}  // namespace reckon::api
