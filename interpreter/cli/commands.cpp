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

#include "interpreter/api/display.hpp"
#include "interpreter/api/evaluation.hpp"
#include "interpreter/api/program.hpp"
#include "interpreter/api/query.hpp"
#include "interpreter/api/report.hpp"
#include "interpreter/api/shown_value.hpp"
#include "interpreter/cli/guarded.hpp"
#include "stdlib/library.hpp"
#include "syntax/diagnostics.hpp"
#include "syntax/walk.hpp"

namespace reckon::cli {

namespace {

// Elements of a list `run`, `eval` and `explain` show on a terminal before eliding the
// rest.
constexpr std::size_t terminal_list_elements = 10;

// Whether lists written to `out` are elided (terminal_list_elements): only on a terminal,
// where they are read; a pipe or a file gets every element, since a program reading it
// may need the one that was elided (the element that sets a p99).
bool elides_lists(const std::ostream& out) { return &out == &std::cout && isatty(STDOUT_FILENO); }

}  // namespace

int run(const std::string& file, const Common& common, std::ostream& out, std::ostream& err) {
  auto program = std::make_unique<Program>();
  std::unique_ptr<Evaluator> evaluator;
  Program& p = *program;
  const int code = guarded(p, err, [&] {
    api::load_lazily(p, stdlib::standard_library(), file, "", [&] { check_and_compile(p); });
    evaluator = std::make_unique<Evaluator>(p, common.digits);
    Evaluator& ev = *evaluator;
    if (elides_lists(out)) ev.elide_lists(terminal_list_elements);
    return api::run_report(p, ev, out, err) ? 0 : 1;
  });
  if (common.leave_to_exit) {
    (void)evaluator.release();  // the values first: they point into the program
    (void)program.release();
  }
  return code;
}

namespace {

// The `--json` object of a value: its ShownValue (interpreter/api/shown_value.hpp) as
// JSON, with nothing decided here but the names of the fields.
nlohmann::json json_of(const api::ShownValue& s) {
  using Kind = api::ShownValue::Kind;
  nlohmann::json j;
  j["display"] = s.display;
  switch (s.kind) {
    case Kind::quantity:
      j["value"] = s.value;
      j["unit"] = s.unit;
      j["base_value"] = s.base_value;
      j["base_unit"] = base_unit_string(s.dim);
      j["dimension"] = dimension_name(s.dim);
      break;
    case Kind::boolean:
      j["value"] = s.truth;
      break;
    case Kind::text:
      j["value"] = s.text;
      break;
    case Kind::none:
      j["value"] = nullptr;
      break;
    case Kind::list:
    case Kind::tuple:
    case Kind::set: {  // a set's elements in its order, and `"set": true`
      nlohmann::json items = nlohmann::json::array();
      for (const api::ShownValue& x : s.items) items.push_back(json_of(x));
      j["value"] = std::move(items);
      j["unit"] = s.unit;
      if (s.kind == Kind::set) j["set"] = true;
      break;
    }
    case Kind::record: {
      nlohmann::json fields = nlohmann::json::object();
      for (std::size_t k = 0; k < s.items.size(); ++k) fields[s.names[k]] = json_of(s.items[k]);
      j["value"] = std::move(fields);
      j["type"] = s.text;
      break;
    }
    case Kind::map: {
      // A JSON object has no order (this one's keys come out sorted, and consumers may
      // reorder them): `keys` lists them in the map's own order, as written.
      nlohmann::json entries = nlohmann::json::object();
      for (std::size_t k = 0; k < s.items.size(); ++k) entries[s.names[k]] = json_of(s.items[k]);
      j["value"] = std::move(entries);
      j["keys"] = s.names;
      // The keys as values: a count's key as a number, a quantity's with its unit.
      nlohmann::json key_values = nlohmann::json::array();
      for (const api::ShownValue& key : s.keys) key_values.push_back(json_of(key));
      j["key_values"] = std::move(key_values);
      j["unit"] = s.unit;
      break;
    }
    case Kind::member:
    case Kind::instance:
      j["value"] = s.display;
      break;
  }
  if (!j.contains("unit")) j["unit"] = "";
  return j;
}

// A question of `eval` or `explain` asked through the library API: the program loaded
// (the file, or the standard library alone), the case chosen, the overrides bound and
// the expression checked. The query is declared after the program, so it goes first.
struct Asked {
  Program program;
  api::Query query;
};

// The question `expression` asks in the request's case, with its overrides.
api::QueryRequest question(const EvalRequest& request, const std::string& expression,
                           const Common& common, bool on_terminal) {
  api::QueryRequest q;
  q.expression = expression;
  q.case_name = request.case_name;
  q.overrides = request.sets;
  q.program = api::program_name(request.file);
  q.digits = common.digits;
  if (on_terminal) q.list_elements = terminal_list_elements;
  return q;
}

void ask(const EvalRequest& request, const Common& common, bool on_terminal, Asked& asked) {
  // The standard library parsed as far as the program, the expression and the overrides
  // name it (the case's name is one of the program's).
  std::string named = request.expression;
  for (const std::string& spec : request.sets) named += "\n" + spec;
  api::load_lazily(
      asked.program, stdlib::standard_library(), request.file, named,
      [&] {
        check_and_compile(asked.program);
        api::prepare(asked.program, question(request, request.expression, common, on_terminal),
                     asked.query);
      },
      [&] { asked.query = api::Query{}; });
}

// The scenarios a question is about, in order of first mention: the chosen case's when
// the question reads it, then each whose case the expression names.
std::vector<const ScenarioDecl*> scenarios_asked(const api::Query& q) {
  std::vector<const ScenarioDecl*> out;
  auto add = [&](const ScenarioDecl* s) {
    if (s && std::find(out.begin(), out.end(), s) == out.end()) out.push_back(s);
  };
  if (q.requires_case && q.chosen) add(q.chosen->scenario);
  for_each_in_tree(*q.expr, [&](const Expr& x) {
    if (x.kind == ExprKind::name && x.ref == RefKind::instance)
      add(x.target_as<CaseDecl>().scenario);
  });
  return out;
}

// `explain --fallacies`: each scenario's `@fallacy` lines, as `fallacy_text` words them,
// or a line saying the scenario records none.
std::string render_fallacies(const std::vector<const ScenarioDecl*>& scenarios,
                             ExplainFormat format) {
  std::string out;
  if (scenarios.empty()) return "\nfallacies: the question reads no scenario\n";
  for (const ScenarioDecl* s : scenarios) {
    const std::vector<const Metadata*> all = fallacies(s->docs);
    switch (format) {
      case ExplainFormat::text:
        out += all.empty() ? fmt::format("\nfallacies of {}: none recorded\n", s->name)
                           : fmt::format("\nfallacies of {}:\n", s->name);
        for (const Metadata* f : all) out += "  - " + one_line(fallacy_text(*f)) + "\n";
        break;
      case ExplainFormat::markdown:
        out += fmt::format("\n**Fallacies of `{}`**{}\n\n", s->name,
                           all.empty() ? ": none recorded" : "");
        for (const Metadata* f : all) out += "- " + one_line(fallacy_text(*f)) + "\n";
        break;
      case ExplainFormat::latex:
        out += "\n\\paragraph{Fallacies of " + latex_escape(s->name) + "}" +
               (all.empty() ? " None recorded.\n" : "\n\\begin{itemize}\n");
        for (const Metadata* f : all)
          out += "\\item " + latex_escape(one_line(fallacy_text(*f))) + "\n";
        if (!all.empty()) out += "\\end{itemize}\n";
        break;
    }
  }
  return out;
}

}  // namespace

int eval(const EvalRequest& request, const Common& common, std::ostream& out, std::ostream& err) {
  auto asked = std::make_unique<Asked>();
  const bool on_terminal = !request.json && elides_lists(out);
  // The value of a prepared question, printed.
  auto print = [&](const api::Query& q, const std::string& text) {
    if (request.json) {
      nlohmann::json j = json_of(api::shown_value(*q.evaluator, q.evaluate(), q.unit()));
      j["expression"] = text;
      out << j.dump() << "\n";
    } else {
      out << api::answer_text(q);
    }
  };
  const ErrorSink sink(err, request.json ? &out : nullptr);
  auto body = [&]() -> int {
    if (!request.lines) {
      ask(request, common, on_terminal, *asked);
      print(asked->query, request.expression);
      return 0;
    }
    // --lines: the program loaded once, then each line asked in it, each with its own
    // answer (a value, or its error), in order.
    api::load(asked->program, stdlib::standard_library(), request.file);
    int code = 0;
    std::string line;
    while (std::getline(*request.lines, line)) {
      if (!line.empty() && line.back() == '\r') line.pop_back();
      code =
          std::max(code, guarded(asked->program, sink, [&] {
                     api::Query q;
                     api::prepare(asked->program, question(request, line, common, on_terminal), q);
                     print(q, line);
                     return 0;
                   }));
      out.flush();
    }
    return code;
  };
  const int code = guarded(asked->program, sink, body);
  if (common.leave_to_exit) (void)asked.release();
  return code;
}

int explain(const EvalRequest& request, const ExplainOptions& options, const Common& common,
            std::ostream& out, std::ostream& err) {
  Asked asked;
  return guarded(asked.program, err, [&]() -> int {
    ask(request, common, elides_lists(out), asked);
    out << render_explanation(api::explain(asked.program, asked.query, options.depth),
                              options.format);
    if (options.fallacies) out << render_fallacies(scenarios_asked(asked.query), options.format);
    return 0;
  });
}

int check(const std::string& file, const Common& common, std::ostream& out, std::ostream& err) {
  auto program = std::make_unique<Program>();
  Program& p = *program;
  const int code = guarded(p, err, [&] {
    // Only the check: `check` evaluates nothing, so compiled code would be memory spent
    // for nothing (the compiler reports no errors of its own; docs/performance.md).
    api::load_lazily(p, stdlib::standard_library(), file, "", [&] { check_program(p); });
    out << api::check_summary(p, file);
    return 0;
  });
  // Freeing a checked 10,000-line program took 8 M of its 86 M instructions.
  if (common.leave_to_exit) (void)program.release();
  return code;
}

}  // namespace reckon::cli
