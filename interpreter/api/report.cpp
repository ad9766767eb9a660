#include "interpreter/api/report.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <set>
#include <vector>

#include "interpreter/api/cases.hpp"
#include "interpreter/api/display.hpp"
#include "interpreter/display/counted.hpp"
#include "interpreter/evaluate/failed_check.hpp"
#include "interpreter/model/signature.hpp"
#include "interpreter/sweep/force_planned.hpp"
#include "syntax/diagnostics.hpp"

namespace reckon::api {

namespace {

// Prints each distinct error once: a property's error is raised again by every
// property and check that uses it.
class Reporter {
 public:
  Reporter(const Program& p, std::ostream& err) : p_(p), err_(err) {}
  void operator()(const Diagnostic& d) {
    std::string text = render(p_.sources, d);
    if (seen_.insert(text).second) err_ << text;
  }

 private:
  const Program& p_;
  std::ostream& err_;
  std::set<std::string> seen_;
};

// Evaluates every input and property of a case into an aligned table. Returns
// false if any of them failed (the errors go to `report`).
bool print_case(Evaluator& ev, const CaseDecl& c, std::ostream& out, Reporter& report) {
  const ScenarioDecl& s = *c.scenario;
  Instance* inst = &case_instance(ev, c);
  // An infeasible case has no values to show: its broken constraint is the error.
  try {
    if (const auto broken = first_broken(ev, *inst, c)) {
      report(broken->diagnostic);
      out << fmt::format("{} = {}\n  infeasible: {}\n\n", c.name, s.name,
                         printable(broken->message));
      return false;
    }
  } catch (const UserError& e) {
    report(e.diagnostic());
    out << fmt::format("{} = {}\n  error: {}\n\n", c.name, s.name,
                       printable(e.diagnostic().message));
    return false;
  }
  // The rows below read the values (or raise their errors); a fresh case of a scenario
  // run before is forced by its plan (sweep/force_planned.hpp), to the same values.
  sweep::force_all_planned(ev, *inst);
  std::size_t width = 0;
  for (const Input& in : s.inputs) width = std::max(width, in.name.size());
  for (const Property& prop : s.properties) width = std::max(width, prop.name.size());
  bool ok = true;
  auto row = [&](const std::string& name, auto evaluate, const std::optional<DisplayUnit>& unit) {
    std::string shown;
    std::string rows;  // a map's entries or a list's records, under its row
    try {
      const Value v = evaluate();
      // Records with a `name` field show as that name: `Transformer "GPT-3 175B"`.
      Layout layout;
      layout.tables = true;
      layout.indent = "      ";
      layout.short_records = true;
      if (shows_as_table(v)) {
        shown = table_heading(v);
        rows = display(ev, v, unit, layout);
      } else {
        shown = display(ev, v, unit, layout);
      }
    } catch (const UserError& e) {
      report(e.diagnostic());
      shown = "error: " + printable(e.diagnostic().message);
      ok = false;
    }
    out << fmt::format("    {:<{}}  {}\n", name, width, shown) << rows;
  };
  out << fmt::format("{} = {}\n  inputs\n", c.name, s.name);
  for (std::size_t i = 0; i < s.inputs.size(); ++i)
    row(
        s.inputs[i].name, [&] { return ev.input(*inst, i, c.name_range); },
        input_unit(s.inputs[i]));
  out << "  properties\n";
  std::vector<std::string> methods;
  for (std::size_t i = 0; i < s.properties.size(); ++i) {
    const Property& prop = s.properties[i];
    if (prop.is_method) {
      std::string signature = prop.name + "(";
      for (std::size_t k = 0; k < prop.parameters.size(); ++k)
        signature += (k ? ", " : "") + prop.parameters[k].name;
      methods.push_back(signature + ")");
      continue;
    }
    row(
        prop.name, [&] { return ev.property(*inst, i, c.name_range); }, property_unit(prop, s));
  }
  if (!methods.empty()) {
    std::string list;
    for (const auto& m : methods) list += (list.empty() ? "" : ", ") + m;
    out << "  methods: " << list << "\n";
  }
  out << "\n";
  return ok;
}

}  // namespace

std::string answer_text(const Query& q) {
  const Evaluator& ev = *q.evaluator;
  const Value v = q.evaluate();
  const auto unit = q.unit();
  if (shows_as_table(v)) {
    Layout table;
    table.tables = true;
    return display(ev, v, unit, table);
  }
  return display(ev, v, unit) + "\n";
}

bool run_report(const Program& p, Evaluator& ev, std::ostream& out, std::ostream& err) {
  Reporter report(p, err);
  bool ok = true;
  for (const CaseDecl* c : p.main_decls<CaseDecl>(DeclKind::case_))
    ok = print_case(ev, *c, out, report) && ok;
  auto checks = p.main_decls<CheckDecl>(DeclKind::check);
  std::size_t failed = 0;
  for (const CheckDecl* c : checks) {
    std::string text(source_text(p, c->condition->range));
    // The line shows the check as written, its tolerance included.
    const std::string line =
        c->tolerance ? text + " within " + std::string(source_text(p, c->tolerance->range)) : text;
    std::string at = location(p.sources, c->range);
    CheckOutcome outcome;
    try {
      outcome = ev.run_check(*c);
    } catch (const UserError& e) {
      report(e.diagnostic());
      out << fmt::format("error  {}  {}\n", at, line);
      ++failed;
      continue;
    }
    out << fmt::format("{}  {}  {}\n", outcome.passed ? "ok   " : "FAIL ", at, line);
    if (outcome.passed) continue;
    ++failed;
    report(failed_check(p, *c, outcome));
  }
  if (!checks.empty()) {
    if (failed == 0)
      out << (checks.size() == 1 ? std::string("the check holds\n")
                                 : fmt::format("all {} checks hold\n", checks.size()));
    else
      out << fmt::format("{} of {} check{} did not hold\n", failed, checks.size(),
                         checks.size() == 1 ? "" : "s");
  }
  return ok && failed == 0;
}

std::string check_summary(const Program& p, const std::string& file) {
  return fmt::format("{}: ok ({}, {}, {})\n", file,
                     counted(p.main_decls<ScenarioDecl>(DeclKind::scenario).size(), "scenario"),
                     counted(p.main_decls<CaseDecl>(DeclKind::case_).size(), "case"),
                     counted(p.main_decls<CheckDecl>(DeclKind::check).size(), "check"));
}

}  // namespace reckon::api
