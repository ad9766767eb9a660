#include "interpreter/cli/commands.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <iostream>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <ostream>
#include <set>

#include "grammar/parse.hpp"
#include "interpreter/checker.hpp"
#include "interpreter/cli/guarded.hpp"
#include "interpreter/constraints.hpp"
#include "interpreter/counted.hpp"
#include "interpreter/evaluator.hpp"
#include "interpreter/explain.hpp"
#include "interpreter/failed_check.hpp"
#include "interpreter/format.hpp"
#include "interpreter/format_table.hpp"
#include "interpreter/maps.hpp"
#include "interpreter/pipeline.hpp"
#include "interpreter/suggest.hpp"
#include "interpreter/units.hpp"
#include "stdlib/library.hpp"
#include "syntax/diagnostics.hpp"

namespace reckon::cli {

namespace {

// Elements of a list `run`, `eval` and `explain` show on a terminal before eliding the
// rest.
constexpr std::size_t terminal_list_elements = 10;

// Whether lists written to `out` are elided (terminal_list_elements): only on a terminal,
// where they are read; a pipe or a file gets every element, since a program reading it
// may need the one that was elided (the element that sets a p99).
bool elides_lists(const std::ostream& out) { return &out == &std::cout && isatty(STDOUT_FILENO); }

std::string_view source_text(const Program& p, SourceRange r) {
  return std::string_view(p.sources.file(r.file).text()).substr(r.begin, r.end - r.begin);
}

// Records with a `name` field show as that name in tables: `Transformer "GPT-3 175B"`.
std::string show_compact(const Evaluator& ev, const Value& v, const std::optional<DisplayUnit>& u) {
  if (v.kind == ValueKind::record) {
    int index = v.record()->type->field_index("name");
    if (index >= 0) {
      const Value& name = v.record()->fields[static_cast<std::size_t>(index)];
      // Quoted as any text is shown, escapes included.
      if (name.kind == ValueKind::text) return v.record()->type->name + " " + ev.show(name, u);
    }
  }
  return ev.show(v, u);
}

// A map or a list of records as a table (format_table), in `unit` if given, its rows
// elided as the evaluator elides lists.
std::string table(const Evaluator& ev, const Value& v, const std::optional<DisplayUnit>& unit,
                  std::string_view indent) {
  DisplayOptions options;
  options.digits = ev.digits();
  options.list_elements = ev.list_elements();
  return format_table(v, options, unit ? &*unit : nullptr, indent);
}

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
  Instance* inst = &ev.instance_of(c);
  // An infeasible case has no values to show: its broken constraint is the error.
  try {
    if (const Requirement* broken = first_broken_constraint(ev, *inst)) {
      report(broken_constraint(ev, *inst, *broken,
                               {{c.name_range, "case `" + c.name + "` is defined here"}})
                 .diagnostic());
      out << fmt::format("{} = {}\n  infeasible: {}\n\n", c.name, s.name,
                         printable(constraint_message(ev, *inst, *broken)));
      return false;
    }
  } catch (const UserError& e) {
    report(e.diagnostic());
    out << fmt::format("{} = {}\n  error: {}\n\n", c.name, s.name,
                       printable(e.diagnostic().message));
    return false;
  }
  ev.force_all(*inst);  // the rows below read the values (or raise their errors)
  std::size_t width = 0;
  for (const Input& in : s.inputs) width = std::max(width, in.name.size());
  for (const Property& prop : s.properties) width = std::max(width, prop.name.size());
  bool ok = true;
  auto row = [&](const std::string& name, auto evaluate, const std::optional<DisplayUnit>& unit) {
    std::string shown;
    std::string rows;  // a map's entries or a list's records, under its row
    try {
      const Value v = evaluate();
      if (shown_as_table(v)) {
        shown = table_summary(v);
        rows = table(ev, v, unit, "      ");
      } else {
        shown = show_compact(ev, v, unit);
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
        s.inputs[i].name, [&] { return ev.input(*inst, i, c.name_range); }, s.inputs[i].display);
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
        prop.name, [&] { return ev.property(*inst, i, c.name_range); }, prop.display);
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

int run(const std::string& file, const Common& common, std::ostream& out, std::ostream& err) {
  auto program = std::make_unique<Program>();
  std::unique_ptr<Evaluator> evaluator;
  Program& p = *program;
  const int code = guarded(p, err, [&] {
    load_program(p, stdlib::standard_library(), file);
    check_and_compile(p);
    evaluator = std::make_unique<Evaluator>(p, common.digits);
    Evaluator& ev = *evaluator;
    if (elides_lists(out)) ev.elide_lists(terminal_list_elements);
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
          c->tolerance ? text + " within " + std::string(source_text(p, c->tolerance->range))
                       : text;
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
    return ok && failed == 0 ? 0 : 1;
  });
  if (common.leave_to_exit) {
    (void)evaluator.release();  // the values first: they point into the program
    (void)program.release();
  }
  return code;
}

namespace {

nlohmann::json json_value(const Evaluator& ev, const Value& v,
                          const std::optional<DisplayUnit>& unit, int digits,
                          const DisplayOptions* within = nullptr);

// A record as an object of its fields, each with its own value and unit: `units` (one per
// field: a list's columns, record_column_units) or, when empty, each field's as it is
// shown alone. `columns` (with `units`) are the columns' digits rules, so that a field's
// `display` is its cell of the table.
nlohmann::json json_record(const Evaluator& ev, const Value& v,
                           const std::vector<std::optional<DisplayUnit>>& units, int digits,
                           const std::vector<DisplayOptions>& columns = {}) {
  const RecordValue& r = *v.record();
  nlohmann::json fields = nlohmann::json::object();
  for (std::size_t k = 0; k < r.fields.size(); ++k) {
    const std::optional<DisplayUnit> unit =
        units.empty() ? field_display_unit(r.type->fields[k], r.fields[k], digits) : units[k];
    fields[r.type->fields[k].name] =
        json_value(ev, r.fields[k], unit, digits, columns.empty() ? nullptr : &columns[k]);
  }
  return fields;
}

// A record element of a list: its fields in the list's column units and digits rules.
nlohmann::json json_record_element(const Evaluator& ev, const Value& v,
                                   const std::vector<std::optional<DisplayUnit>>& units,
                                   const std::vector<DisplayOptions>& columns, int digits) {
  nlohmann::json j;
  j["display"] = ev.show(v, std::nullopt);
  j["value"] = json_record(ev, v, units, digits, columns);
  j["type"] = v.record()->type->name;
  j["unit"] = "";
  return j;
}

// `within`: the options of the list, map or table column `v` is a quantity of, so that
// its `display` is the text it has there (`1.000` in `[1.000, 2.500]`), with the unit.
nlohmann::json json_value(const Evaluator& ev, const Value& v,
                          const std::optional<DisplayUnit>& unit, int digits,
                          const DisplayOptions* within) {
  nlohmann::json j;
  j["display"] = ev.show(v, unit);
  switch (v.kind) {
    case ValueKind::quantity: {
      const std::optional<DisplayUnit> fits = Evaluator::fitting_unit(v, unit);
      DisplayUnit u = fits ? *fits : default_display_unit(v, digits);
      if (within) j["display"] = format_value(v, *within, &u);
      j["value"] = number_in_unit(v.number, u.scale);
      j["unit"] = u.symbol;
      j["base_value"] = v.number;
      j["base_unit"] = base_unit_string(v.dim);
      j["dimension"] = dimension_name(v.dim);
      break;
    }
    case ValueKind::boolean:
      j["value"] = v.truthy();
      break;
    case ValueKind::text:
      j["value"] = v.text();
      break;
    case ValueKind::none:
      j["value"] = nullptr;
      break;
    case ValueKind::list: {
      // An array of the elements as JSON of their own, every quantity in one unit.
      const std::optional<DisplayUnit> each =
          list_display_unit(*v.list(), digits, unit ? &*unit : nullptr);
      nlohmann::json items = nlohmann::json::array();
      // Records in a list: each field in its column's one unit, as the table shows it.
      DisplayOptions options;
      options.digits = digits;
      const std::vector<std::optional<DisplayUnit>> columns =
          record_column_units(*v.list(), digits);
      const std::vector<DisplayOptions> column_options = record_column_options(*v.list(), options);
      const DisplayOptions numbers = collection_options(v.list()->items(), each, options);
      for (const Value& x : v.list()->items())
        items.push_back(x.kind == ValueKind::record && !columns.empty()
                            ? json_record_element(ev, x, columns, column_options, digits)
                            : json_value(ev, x, each, digits, &numbers));
      j["value"] = std::move(items);
      if (each) j["unit"] = each->symbol;
      break;
    }
    case ValueKind::tuple: {
      // An array of the elements as JSON of their own, each in a unit of its own.
      nlohmann::json items = nlohmann::json::array();
      const auto& elements = v.tuple()->items();
      for (std::size_t i = 0; i < elements.size(); ++i) {
        const DisplayUnit* declared = unit ? unit->element(i) : nullptr;
        items.push_back(json_value(ev, elements[i],
                                   declared ? std::optional<DisplayUnit>(*declared) : std::nullopt,
                                   digits));
      }
      j["value"] = std::move(items);
      break;
    }
    case ValueKind::record:
      j["value"] = json_record(ev, v, {}, digits);
      j["type"] = v.record()->type->name;
      break;
    case ValueKind::map: {
      // An object of the keys (member names for an enumeration's), each value with its
      // own value and unit, all in the map's one unit.
      DisplayOptions options;
      options.digits = digits;
      const std::optional<DisplayUnit> shared =
          map_display_unit(*v.map(), options, unit ? &*unit : nullptr);
      // A JSON object has no order (this one's keys come out sorted, and consumers may
      // reorder them): `keys` lists them in the map's own order, as written.
      nlohmann::json entries = nlohmann::json::object();
      nlohmann::json keys = nlohmann::json::array();
      const MapValue& m = *v.map();
      const DisplayOptions numbers = collection_options(m.values, shared, options);
      // Records: each field in its column's unit and digits rule, as the table shows them.
      const std::vector<std::optional<DisplayUnit>> columns = record_column_units(m.values, digits);
      const std::vector<DisplayOptions> column_options = record_column_options(m.values, options);
      for (std::size_t i = 0; i < m.keys.size(); ++i) {
        const Value& k = m.keys[i];
        const std::string key = k.kind == ValueKind::text ? k.text() : key_text(k);
        entries[key] = m.values[i].kind == ValueKind::record && !columns.empty()
                           ? json_record_element(ev, m.values[i], columns, column_options, digits)
                           : json_value(ev, m.values[i], shared, digits, &numbers);
        keys.push_back(key);
      }
      j["value"] = std::move(entries);
      j["keys"] = std::move(keys);
      if (shared) j["unit"] = shared->symbol;
      break;
    }
    default:
      j["value"] = ev.show(v, unit);
      break;
  }
  if (!j.contains("unit")) j["unit"] = "";
  (void)digits;
  return j;
}

}  // namespace

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

std::pair<std::size_t, std::unique_ptr<Expr>> parse_set(Program& p, const ScenarioDecl& s,
                                                        const std::string& set) {
  auto eq = set.find('=');
  if (eq == std::string::npos || eq == 0)
    throw UsageError("E0603", "--set takes INPUT=VALUE, not `" + set + "`");
  std::string name = set.substr(0, eq);
  int index = s.input_index(name);
  if (index < 0) {
    std::vector<std::string> names;
    for (const Input& in : s.inputs) names.push_back(in.name);
    throw UserError(
        "E0309", "--set: `" + s.name + "` has no input `" + name + "`" + did_you_mean(name, names));
  }
  FileId f = p.sources.add("--set " + name, set.substr(eq + 1));
  ExprPtr e = parse_expression(p.sources, f);
  const Input& in = s.inputs[static_cast<std::size_t>(index)];
  check_and_compile_binding(p, *e, in.resolved, in.type, "input `" + name + "`");
  return std::make_pair(static_cast<std::size_t>(index), std::move(e));
}

namespace {

// What eval and explain share: the file loaded and checked (or the standard library
// alone), the case in scope with its --set overrides bound, and the expression checked
// in that scope.
struct Query {
  Program program;
  std::vector<ExprPtr> keep;  // the command line's expressions, alive while evaluated
  std::unique_ptr<Evaluator> evaluator;
  Instance* instance = nullptr;  // the case in scope, owned by the evaluator
  const CaseDecl* chosen = nullptr;
  Scope scope;
  Expr* expr = nullptr;

  Evaluator::Frame frame() const { return {instance, nullptr}; }
  bool on_terminal = false;  // lists are elided (not for --json)
};

// The file loaded and checked, the case chosen and its overrides bound. Throws the
// user's errors (UsageError for the command line's).
void prepare_scope(const EvalRequest& request, const Common& common, Query& q) {
  Program& p = q.program;
  if (request.file.empty())
    load_program_text(p, stdlib::standard_library(), "<stdlib>",
                      registry_imports(stdlib::standard_library()));
  else
    load_program(p, stdlib::standard_library(), request.file);
  check_and_compile(p);
  const CaseDecl* chosen = nullptr;
  auto cases = p.main_decls<CaseDecl>(DeclKind::case_);
  if (request.case_name) {
    Decl* d = p.find(*request.case_name);
    if (!d || d->kind != DeclKind::case_) {
      std::vector<std::string> names;
      for (const CaseDecl* c : cases) names.push_back(c->name);
      const std::string where = request.file.empty() ? "the standard library" : request.file;
      throw UserError("E0601", "no case named `" + *request.case_name + "` in " + where +
                                   did_you_mean(*request.case_name, names));
    }
    chosen = static_cast<const CaseDecl*>(d);
  } else if (!cases.empty()) {
    chosen = cases.front();
  }
  if (!request.sets.empty() && !chosen)
    throw UsageError("E0602",
                     fmt::format("--set needs a case, and {} defines none",
                                 request.file.empty() ? "the standard library" : request.file));
  q.evaluator = std::make_unique<Evaluator>(p, common.digits);
  if (q.on_terminal) q.evaluator->elide_lists(terminal_list_elements);
  if (chosen) q.instance = &q.evaluator->instance_of(*chosen);
  require_distinct_names("--set", "E0612", request.sets);
  for (const std::string& set : request.sets) {
    auto bound = parse_set(p, *chosen->scenario, set);
    q.keep.push_back(std::move(bound.second));
    q.evaluator->bind_input(*q.instance, bound.first, *q.keep.back());
  }
  q.chosen = chosen;
  if (chosen) q.scope.scenario = chosen->scenario;
}

// `text` parsed and checked in the scope prepare_scope() made, as q.expr.
void prepare_expression(const EvalRequest& request, const std::string& text, Query& q) {
  Program& p = q.program;
  FileId f = p.sources.add("<expr>", text);
  q.keep.push_back(parse_expression(p.sources, f));
  q.expr = q.keep.back().get();
  check_and_compile_expression(p, *q.expr, q.scope);
  // A case whose constraints are broken has no values: the expression may not read it.
  const CaseDecl* chosen = q.chosen;
  if (chosen && (request.case_name || reads_instance(*q.expr)))
    require_feasible(*q.evaluator, *q.instance,
                     {chosen->name_range, "case `" + chosen->name + "` is defined here"});
}

void prepare(const EvalRequest& request, const Common& common, Query& q) {
  prepare_scope(request, common, q);
  prepare_expression(request, request.expression, q);
}

}  // namespace

int eval(const EvalRequest& request, const Common& common, std::ostream& out, std::ostream& err) {
  auto query = std::make_unique<Query>();
  Query& q = *query;
  q.on_terminal = !request.json && elides_lists(out);
  // The value of q.expr, printed.
  auto print = [&](const std::string& text) {
    Evaluator& ev = *q.evaluator;
    Value v = ev.evaluate(*q.expr, q.frame());
    auto unit = Evaluator::declared_unit(*q.expr, q.scope.scenario);
    if (request.json) {
      nlohmann::json j = json_value(ev, v, unit, common.digits);
      j["expression"] = text;
      out << j.dump() << "\n";
    } else if (shown_as_table(v)) {
      out << table(ev, v, unit, "");
    } else {
      out << ev.show(v, unit) << "\n";
    }
  };
  const ErrorSink sink(err, request.json ? &out : nullptr);
  auto body = [&]() -> int {
    if (!request.lines) {
      prepare(request, common, q);
      print(request.expression);
      return 0;
    }
    // --lines: the scope once, then each line's expression in it, each with its own
    // answer (a value, or its error), in order.
    prepare_scope(request, common, q);
    int code = 0;
    std::string line;
    while (std::getline(*request.lines, line)) {
      if (!line.empty() && line.back() == '\r') line.pop_back();
      code = std::max(code, guarded(q.program, sink, [&] {
                        prepare_expression(request, line, q);
                        print(line);
                        return 0;
                      }));
      out.flush();
    }
    return code;
  };
  const int code = guarded(q.program, sink, body);
  if (common.leave_to_exit) (void)query.release();
  return code;
}

int explain(const EvalRequest& request, const ExplainOptions& options, const Common& common,
            std::ostream& out, std::ostream& err) {
  Query q;
  q.on_terminal = elides_lists(out);
  return guarded(q.program, err, [&]() -> int {
    prepare(request, common, q);
    auto steps = reckon::explain(q.program, *q.evaluator, *q.expr, q.frame(), options.depth);
    // The constraints the case in scope was found to meet (prepare() checked them), each
    // with its values written in.
    if (q.instance && (request.case_name || reads_instance(*q.expr)))
      for (const Requirement& r : q.instance->scenario->requirements) {
        auto met = reckon::explain(q.program, *q.evaluator, *r.condition, q.frame(), 0);
        if (met.empty()) continue;
        met.front().name = "require " + met.front().name;
        steps.push_back(std::move(met.front()));
      }
    out << render_explanation(steps, options.format);
    return 0;
  });
}

int check(const std::string& file, std::ostream& out, std::ostream& err) {
  Program p;
  return guarded(p, err, [&] {
    load_program(p, stdlib::standard_library(), file);
    // Only the check: `check` evaluates nothing, so compiled code would be memory spent
    // for nothing (the compiler reports no errors of its own; docs/performance.md).
    check_program(p);
    out << fmt::format("{}: ok ({}, {}, {})\n", file,
                       counted(p.main_decls<ScenarioDecl>(DeclKind::scenario).size(), "scenario"),
                       counted(p.main_decls<CaseDecl>(DeclKind::case_).size(), "case"),
                       counted(p.main_decls<CheckDecl>(DeclKind::check).size(), "check"));
    return 0;
  });
}

}  // namespace reckon::cli
