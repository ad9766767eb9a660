#include "python/src/session.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <limits>
#include <stdexcept>

#include "interpreter/api/display.hpp"
#include "interpreter/api/program.hpp"
#include "interpreter/api/query.hpp"
#include "interpreter/api/sweep_run.hpp"
#include "interpreter/exercise/key_program.hpp"
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

CaseInfo info_of(const ScenarioDecl& s) {
  CaseInfo info;
  info.scenario = s.name;
  for (const Input& in : s.inputs) info.inputs.push_back(member_of(in.name, in.resolved, in.docs));
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
  return info;
}

// A question asked through the library API in `p`, which the query points into.
void ask(Program& p, const std::string& path, const std::string& expression,
         const std::optional<std::string>& case_name, const std::vector<std::string>& sets,
         int digits, const std::optional<std::string>& within, api::Query& q) {
  api::QueryRequest question;
  question.within = within;
  question.expression = expression;
  question.case_name = case_name;
  question.overrides = sets;
  question.program = api::program_name(path);
  question.digits = digits;
  api::prepare(p, question, q);
}

ExplainFormat explain_format(const std::string& name) {
  if (std::optional<ExplainFormat> format = api::explain_format_named(name)) return *format;
  throw UserError("E0915",
                  "explain's format is text, markdown (or md) or latex, not `" + name + "`");
}

}  // namespace

Session::Session(const std::string& path) : path_(path), program_(std::make_unique<Program>()) {
  Program& p = *program_;
  failing_as_python(p, [&] { api::load(p, stdlib::standard_library(), path); });
}

Session::~Session() = default;

std::vector<CaseInfo> Session::cases() const {
  std::vector<CaseInfo> out;
  for (const CaseDecl* c : program_->main_decls<CaseDecl>(DeclKind::case_)) {
    CaseInfo info = info_of(*c->scenario);
    info.name = c->name;
    info.docs = docs_of(c->docs);
    out.push_back(std::move(info));
  }
  return out;
}

CaseInfo Session::scenario(const std::string& name) const {
  const Decl* d = program_->find(name);
  if (!d || d->kind != DeclKind::scenario) {
    const std::string message = "no scenario named `" + name + "`";
    throw Failure{"E0601", message, "", 0, 0, render("E0601", message), {}};
  }
  CaseInfo info = info_of(*static_cast<const ScenarioDecl*>(d));
  info.docs = docs_of(d->docs);
  return info;
}

api::ShownValue Session::evaluate(const std::string& expression,
                                  const std::optional<std::string>& case_name,
                                  const std::vector<std::string>& sets, int digits,
                                  const std::optional<std::string>& within) {
  std::lock_guard<std::mutex> lock(mutex_);
  Program& p = *program_;
  return failing_as_python(p, [&] {
    api::Query q;
    ask(p, path_, expression, case_name, sets, digits, within, q);
    return api::shown_value(*q.evaluator, q.evaluate(), q.unit());
  });
}

std::string Session::explain(const std::string& expression,
                             const std::optional<std::string>& case_name,
                             const std::vector<std::string>& sets, int depth,
                             const std::string& format, int digits,
                             const std::optional<std::string>& within) {
  std::lock_guard<std::mutex> lock(mutex_);
  Program& p = *program_;
  return failing_as_python(p, [&] {
    const ExplainFormat chosen_format = explain_format(format);
    api::Query q;
    ask(p, path_, expression, case_name, sets, digits, within, q);
    return render_explanation(api::explain(p, q, depth), chosen_format);
  });
}

void Session::check_overrides(const std::string& case_name, const std::vector<std::string>& sets) {
  std::lock_guard<std::mutex> lock(mutex_);
  Program& p = *program_;
  failing_as_python(p, [&] {
    std::vector<std::string> specs;
    for (const std::string& spec : sets) specs.push_back(api::trim_assignment_name(spec));
    const CaseDecl* c = api::choose_case(p, case_name, api::program_name(path_), !specs.empty());
    api::require_distinct_names("--set", "E0612", specs);
    for (const std::string& spec : specs) (void)api::parse_override(p, *c->scenario, spec);
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
  api::ShownValue one = standard_session().evaluate("1 " + text, std::nullopt, {}, 4);
  return {one.base_value, *dim};
}

std::pair<std::string, double> display_unit_of(double base, const Dimension& dim, int digits) {
  DisplayUnit u = api::readable_unit(base, dim, digits);
  return {u.symbol, u.scale};
}

namespace {

// Collects the kept points' cells into typed columns, each cell as the CSV writer would
// write it (api::SweepCells), without the text in between.
class ColumnSink : public api::SweepSink {
 public:
  ColumnSink(const sweep::Space& space, const std::vector<api::Column>& columns, int digits)
      : cells_(space, columns, digits) {
    for (const api::Column& c : columns) {
      SweepColumn out;
      out.name = c.name;
      out.unit = c.unit.symbol;
      out.kind = c.kind == ValueKind::quantity  ? SweepColumn::Kind::number
                 : c.kind == ValueKind::boolean ? SweepColumn::Kind::boolean
                                                : SweepColumn::Kind::text;
      table_.push_back(std::move(out));
    }
  }
  void row(const std::vector<std::size_t>& at, const double* values) override {
    constexpr double missing = std::numeric_limits<double>::quiet_NaN();
    for (std::size_t i = 0; i < table_.size(); ++i) {
      const api::Column& c = cells_.columns()[i];
      SweepColumn& out = table_[i];
      const bool none = cells_.is_none(c, at);
      switch (out.kind) {
        case SweepColumn::Kind::number:
          out.numbers.push_back(none ? missing : cells_.number_in_column_unit(c, at, values));
          break;
        case SweepColumn::Kind::boolean:
          out.numbers.push_back(none ? missing : cells_.number(c, at, values) != 0 ? 1 : 0);
          break;
        case SweepColumn::Kind::text:
          out.texts.push_back(none ? std::nullopt
                                   : std::optional<std::string>(cells_.text(c, at, values, true)));
          break;
      }
    }
  }
  std::vector<SweepColumn> take() { return std::move(table_); }

 private:
  api::SweepCells cells_;
  std::vector<SweepColumn> table_;
};

}  // namespace

GradeResult grade_answer(const std::string& key_program, const std::string& answer, int digits) {
  Program p;
  return failing_as_python(p, [&] {
    exercise::Grade g =
        exercise::grade_with_key(p, stdlib::standard_library(), key_program, answer, digits);
    return GradeResult{g.status, g.expected, g.feedback, g.ratio};
  });
}

std::vector<SweepColumn> sweep_table(const SweepCall& call) {
  Program p;
  api::PreparedSweep prepared;  // points into the program: declared after it
  return failing_as_python(p, [&] {
    api::SweepSpec spec;
    spec.file = api::program_name(call.file);
    spec.name = call.name;
    spec.vary = call.vary;
    spec.show = call.show;
    spec.where = call.where;
    spec.sets = call.sets;
    spec.minimize = call.minimize;
    spec.maximize = call.maximize;
    spec.shard = call.shard;
    spec.infeasible = call.infeasible;
    spec.skip_errors = call.skip_errors;
    api::check_sweep_spec(spec);
    api::load(p, stdlib::standard_library(), call.file);
    api::prepare_sweep(p, spec, prepared);
    std::optional<std::vector<Value>> first;
    try {
      first = sweep::evaluate_lazily(p, prepared.space, 0);
    } catch (const UserError&) {  // raised when the point comes up
    }
    const std::vector<api::Column> columns =
        api::sweep_columns(p, prepared.space, first ? &*first : nullptr);
    sweep::Runner runner(p, prepared.space);
    ColumnSink sink(prepared.space, columns, call.digits);
    const api::SweepOutcome outcome =
        api::run_sweep(p, spec, prepared, columns, runner,
                       static_cast<unsigned>(std::max(0, call.jobs)), sink, call.digits);
    if (outcome.error) throw failure_of(p.sources, *outcome.error);
    api::require_best(prepared, outcome);
    return sink.take();
  });
}

}  // namespace reckon::python
