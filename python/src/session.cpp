#include "python/src/session.hpp"

#include <fmt/format.h>

#include <sstream>
#include <stdexcept>

#include "grammar/parse.hpp"
#include "interpreter/cli/commands.hpp"
#include "interpreter/constraints.hpp"
#include "interpreter/evaluator.hpp"
#include "interpreter/explain.hpp"
#include "interpreter/format.hpp"
#include "interpreter/format_table.hpp"
#include "interpreter/instance.hpp"
#include "interpreter/maps.hpp"
#include "interpreter/pipeline.hpp"
#include "interpreter/suggest.hpp"
#include "interpreter/type_names.hpp"
#include "interpreter/units.hpp"
#include "interpreter/written_unit.hpp"
#include "stdlib/library.hpp"

namespace reckon::python {

Failure failure_of(const SourceManager& sources, const Diagnostic& d) {
  Failure f{d.code, d.message, "", 0, 0, render(sources, d), {}};
  if (d.range) {
    const SourceFile& file = sources.file(d.range->file);
    LineColumn at = file.position(d.range->begin);
    f.file = file.name();
    f.line = static_cast<int>(at.line);
    f.column = static_cast<int>(at.column);
  }
  for (const Note& n : d.notes) f.notes.push_back(n.message);
  return f;
}

namespace {

// Runs `body`, turning the user's errors into a Failure located in `program`'s sources
// (the first error's fields, every error's text).
template <typename Body>
auto failing_as_python(const Program& program, Body body) -> decltype(body()) {
  try {
    return body();
  } catch (const UserError& e) {
    throw failure_of(program.sources, e.diagnostic());
  } catch (const UserErrors& e) {
    Failure first = failure_of(program.sources, e.diagnostics().front());
    first.rendered.clear();
    for (const Diagnostic& d : e.diagnostics()) first.rendered += render(program.sources, d);
    throw first;
  }
}

std::string docs_of(const Docs& docs) { return docs.text; }

MemberInfo member_of(const std::string& name, const Type& type, const Docs& docs) {
  MemberInfo m;
  m.name = name;
  m.type = describe(type);
  m.text = type.kind == TypeKind::text;
  m.docs = docs_of(docs);
  return m;
}

Converted convert(const Evaluator& ev, const Value& v, const std::optional<DisplayUnit>& unit,
                  const DisplayOptions* within = nullptr);

// A record: each field in its declared unit, or in `columns` (one per field: a list's
// column units, record_column_units) with the columns' digits rules (`rules`) when given.
Converted convert_record(const Evaluator& ev, const Value& v,
                         const std::vector<std::optional<DisplayUnit>>* columns,
                         const std::vector<DisplayOptions>* rules = nullptr) {
  Converted c;
  c.shown = ev.show(v, std::nullopt);
  c.kind = Converted::Kind::record;
  const RecordValue& r = *v.record();
  c.text = r.type->name;
  for (std::size_t i = 0; i < r.fields.size(); ++i) {
    c.names.push_back(r.type->fields[i].name);
    c.items.push_back(convert(ev, r.fields[i], columns ? (*columns)[i] : r.type->fields[i].display,
                              rules && i < rules->size() ? &(*rules)[i] : nullptr));
  }
  return c;
}

// The value `v` of an expression shown in `unit` (nullopt: a readable one), as the
// command line's --json gives it: a quantity of a list, map or table column (`within`
// its collection's digits rule and notation) shown as it reads there.
Converted convert(const Evaluator& ev, const Value& v, const std::optional<DisplayUnit>& unit,
                  const DisplayOptions* within) {
  Converted c;
  c.shown = ev.show(v, unit);
  const int digits = ev.digits();
  switch (v.kind) {
    case ValueKind::none:
      break;
    case ValueKind::quantity: {
      c.kind = Converted::Kind::quantity;
      c.number = v.number;
      c.dim = v.dim;
      const std::optional<DisplayUnit> fits = Evaluator::fitting_unit(v, unit);
      const DisplayUnit u = fits ? *fits : default_display_unit(v, digits);
      c.unit = u.symbol;
      c.scale = u.scale;
      if (within) c.shown = format_value(v, *within, &u);
      break;
    }
    case ValueKind::boolean:
      c.kind = Converted::Kind::boolean;
      c.number = v.truthy() ? 1 : 0;
      break;
    case ValueKind::text:
      c.kind = Converted::Kind::text;
      c.text = v.text();
      break;
    case ValueKind::enumeration:
      c.kind = Converted::Kind::member;
      c.text = v.enumeration()->members.at(static_cast<std::size_t>(v.number));
      break;
    case ValueKind::record:
      return convert_record(ev, v, nullptr);
    case ValueKind::instance: {
      c.kind = Converted::Kind::instance;
      const Instance& inst = *v.instance();
      c.text = std::string(inst.name);
      c.names.push_back(inst.scenario->name);
      break;
    }
    case ValueKind::list: {
      c.kind = Converted::Kind::list;
      const std::optional<DisplayUnit> each =
          list_display_unit(*v.list(), digits, unit ? &*unit : nullptr);
      // Records: each field in its column's one unit, as the terminal's table shows it
      // (and the HTML table, display.py, puts that unit in the column's heading).
      const std::vector<std::optional<DisplayUnit>> columns =
          record_column_units(*v.list(), digits);
      DisplayOptions options;
      options.digits = digits;
      const std::vector<DisplayOptions> rules = record_column_options(*v.list(), options);
      const DisplayOptions numbers = collection_options(v.list()->items(), each, options);
      for (const Value& x : v.list()->items())
        c.items.push_back(x.kind == ValueKind::record && !columns.empty()
                              ? convert_record(ev, x, &columns, &rules)
                              : convert(ev, x, each, &numbers));
      break;
    }
    case ValueKind::tuple: {
      // Each element in its declared or written unit if it has one (`(text, us)`), else
      // a readable unit of its own, as `reckon eval --json` gives it.
      c.kind = Converted::Kind::tuple;
      const auto& elements = v.tuple()->items();
      for (std::size_t i = 0; i < elements.size(); ++i) {
        const DisplayUnit* declared = unit ? unit->element(i) : nullptr;
        c.items.push_back(convert(ev, elements[i],
                                  declared ? std::optional<DisplayUnit>(*declared) : std::nullopt));
      }
      break;
    }
    case ValueKind::map: {
      c.kind = Converted::Kind::map;
      DisplayOptions options;
      options.digits = digits;
      const MapValue& m = *v.map();
      const std::optional<DisplayUnit> shared =
          map_display_unit(m, options, unit ? &*unit : nullptr);
      const DisplayOptions numbers = collection_options(m.values, shared, options);
      for (std::size_t i = 0; i < m.keys.size(); ++i) {
        const Value& k = m.keys[i];
        c.names.push_back(k.kind == ValueKind::text ? k.text() : key_text(k));
        c.items.push_back(convert(ev, m.values[i], shared, &numbers));
      }
      break;
    }
  }
  return c;
}

// What evaluate and explain share (the command line's `prepare`): the case in scope with
// its `sets` bound, and the expression checked in its scope.
struct Query {
  std::vector<ExprPtr> keep;  // the expressions, alive while evaluated
  std::unique_ptr<Evaluator> evaluator;
  Instance* instance = nullptr;
  const CaseDecl* chosen = nullptr;
  Scope scope;
  Expr* expr = nullptr;
  Evaluator::Frame frame() const { return {instance, nullptr}; }
};

void prepare(Program& p, const std::string& where, const std::string& expression,
             const std::optional<std::string>& case_name, const std::vector<std::string>& sets,
             int digits, Query& q) {
  auto cases = p.main_decls<CaseDecl>(DeclKind::case_);
  if (case_name) {
    Decl* d = p.find(*case_name);
    if (!d || d->kind != DeclKind::case_) {
      std::vector<std::string> names;
      for (const CaseDecl* c : cases) names.push_back(c->name);
      throw UserError("E0601", "no case named `" + *case_name + "` in " + where +
                                   did_you_mean(*case_name, names));
    }
    q.chosen = static_cast<const CaseDecl*>(d);
  } else if (!cases.empty()) {
    q.chosen = cases.front();
  }
  if (!sets.empty() && !q.chosen)
    throw UserError("E0602", fmt::format("--set needs a case, and {} defines none", where));
  q.evaluator = std::make_unique<Evaluator>(p, digits);
  if (q.chosen) q.instance = &q.evaluator->instance_of(*q.chosen);
  cli::require_distinct_names("--set", "E0612", sets);
  for (const std::string& set : sets) {
    auto bound = cli::parse_set(p, *q.chosen->scenario, cli::trim_assignment_name(set));
    q.keep.push_back(std::move(bound.second));
    q.evaluator->bind_input(*q.instance, bound.first, *q.keep.back());
  }
  FileId f = p.sources.add("<expr>", expression);
  q.keep.push_back(parse_expression(p.sources, f));
  q.expr = q.keep.back().get();
  if (q.chosen) q.scope.scenario = q.chosen->scenario;
  check_and_compile_expression(p, *q.expr, q.scope);
  if (q.chosen && (case_name || reads_instance(*q.expr)))
    require_feasible(*q.evaluator, *q.instance,
                     {q.chosen->name_range, "case `" + q.chosen->name + "` is defined here"});
}

ExplainFormat explain_format(const std::string& name) {
  if (name == "text") return ExplainFormat::text;
  if (name == "markdown" || name == "md") return ExplainFormat::markdown;  // md: the CLI's name
  if (name == "latex") return ExplainFormat::latex;
  throw UserError("E0915",
                  "explain's format is text, markdown (or md) or latex, not `" + name + "`");
}

}  // namespace

Session::Session(const std::string& path) : path_(path), program_(std::make_unique<Program>()) {
  Program& p = *program_;
  failing_as_python(p, [&] {
    const Library& lib = stdlib::standard_library();
    if (path.empty())
      load_program_text(p, lib, "<stdlib>", registry_imports(lib));
    else
      load_program(p, lib, path);
    check_and_compile(p);
  });
}

Session::~Session() = default;

std::vector<CaseInfo> Session::cases() const {
  std::vector<CaseInfo> out;
  for (const CaseDecl* c : program_->main_decls<CaseDecl>(DeclKind::case_)) {
    CaseInfo info;
    info.name = c->name;
    info.docs = docs_of(c->docs);
    const ScenarioDecl& s = *c->scenario;
    info.scenario = s.name;
    for (const Input& in : s.inputs)
      info.inputs.push_back(member_of(in.name, in.resolved, in.docs));
    for (const Property& pr : s.properties) {
      MemberInfo m = member_of(pr.name, pr.resolved, pr.docs);
      if (!pr.is_method) {
        info.properties.push_back(std::move(m));
        continue;
      }
      for (const Parameter& par : pr.parameters) {
        m.parameters.push_back(par.name);
        m.text_parameters.push_back(par.resolved.kind == TypeKind::text);
      }
      info.methods.push_back(std::move(m));
    }
    out.push_back(std::move(info));
  }
  return out;
}

Converted Session::evaluate(const std::string& expression,
                            const std::optional<std::string>& case_name,
                            const std::vector<std::string>& sets, int digits) {
  std::lock_guard<std::mutex> lock(mutex_);
  Program& p = *program_;
  return failing_as_python(p, [&] {
    Query q;
    prepare(p, path_.empty() ? "the standard library" : path_, expression, case_name, sets, digits,
            q);
    Value v = q.evaluator->evaluate(*q.expr, q.frame());
    return convert(*q.evaluator, v, Evaluator::declared_unit(*q.expr, q.scope.scenario));
  });
}

std::string Session::explain(const std::string& expression,
                             const std::optional<std::string>& case_name,
                             const std::vector<std::string>& sets, int depth,
                             const std::string& format, int digits) {
  std::lock_guard<std::mutex> lock(mutex_);
  Program& p = *program_;
  return failing_as_python(p, [&] {
    const ExplainFormat chosen_format = explain_format(format);
    Query q;
    prepare(p, path_.empty() ? "the standard library" : path_, expression, case_name, sets, digits,
            q);
    auto steps = reckon::explain(p, *q.evaluator, *q.expr, q.frame(), depth);
    // The constraints the case was found to meet, as `reckon explain` shows them.
    if (q.instance && (case_name || reads_instance(*q.expr)))
      for (const Requirement& r : q.instance->scenario->requirements) {
        auto met = reckon::explain(p, *q.evaluator, *r.condition, q.frame(), 0);
        if (met.empty()) continue;
        met.front().name = "require " + met.front().name;
        steps.push_back(std::move(met.front()));
      }
    return render_explanation(steps, chosen_format);
  });
}

namespace {

Session& standard_session() {
  static Session session("");
  return session;
}

}  // namespace

std::pair<double, Dimension> unit_of(const std::string& text) {
  std::optional<Dimension> dim = unit_dimension(text);
  if (!dim) {
    std::vector<std::string> names;
    for (const UnitInfo& u : all_units()) names.push_back(u.symbol);
    const std::string message = "`" + text + "` is not a unit" + did_you_mean(text, names);
    throw Failure{"E0912", message, "", 0, 0, render("E0912", message), {}};
  }
  // The scale as the interpreter composes it for `1 UNIT`, so that `.to()` agrees with
  // `-> UNIT` to the last bit.
  Converted one = standard_session().evaluate("1 " + text, std::nullopt, {}, 4);
  return {one.number, *dim};
}

std::pair<std::string, double> display_unit_of(double base, const Dimension& dim, int digits) {
  DisplayUnit u = default_display_unit(Value::quantity(base, dim), digits);
  return {u.symbol, u.scale};
}

std::string sweep_csv(const SweepCall& call) {
  cli::SweepRequest request;
  request.file = call.file;
  request.name = call.name;
  request.vary = call.vary;
  request.show = call.show;
  request.where = call.where;
  request.sets = call.sets;
  request.minimize = call.minimize;
  request.maximize = call.maximize;
  request.jobs = call.jobs;
  request.shard = call.shard;
  request.infeasible = call.infeasible;
  request.skip_errors = call.skip_errors;
  request.format = "csv";
  request.progress = false;
  std::optional<Failure> failure;
  request.on_error = [&](const SourceManager& sources, const Diagnostic& d) {
    if (!failure)
      failure = failure_of(sources, d);
    else
      failure->rendered += render(sources, d);
  };
  std::ostringstream out, err;
  cli::Common common;
  common.digits = call.digits;
  const int status = cli::sweep(request, common, out, err);
  if (failure) throw *failure;
  if (status != 0)  // no diagnostic, but a failure all the same: not the user's error
    throw std::runtime_error("reckon sweep failed: " + err.str());
  return out.str();
}

}  // namespace reckon::python
