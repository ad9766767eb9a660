// Reading a submitted answer in a scope of its own (answer.hpp).
#include "interpreter/exercise/answer.hpp"

#include <fmt/format.h>

#include <map>
#include <optional>
#include <stdexcept>

#include "grammar/parse.hpp"
#include "interpreter/checker.hpp"
#include "interpreter/pipeline.hpp"
#include "interpreter/type_names.hpp"
#include "interpreter/units.hpp"
#include "syntax/diagnostics.hpp"
#include "syntax/walk.hpp"

namespace reckon::exercise {

namespace {

// The one information unit an expression is written in (`2 * 0.25 kB`, `1 kB + 24 B`
// has two), if it has no call or conversion. Every term of a sum has the dimension of the
// whole, so with one information unit u the value is proportional to u's scale to the
// power of the dimension's information exponent, whatever combines the literals.
std::optional<std::string> sole_information_unit(const Expr& e) {
  std::optional<std::string> unit;
  bool alone = true;
  auto note = [&](const std::string& name) {
    const UnitInfo* u = find_unit(name);
    if (!u || u->dim[Base::information] == 0) return;
    if (unit && *unit != name) alone = false;
    unit = name;
  };
  for_each_in_tree(e, [&](const Expr& x) {
    if (x.kind == ExprKind::call || x.kind == ExprKind::convert) alone = false;
    if (x.kind == ExprKind::number && x.unit)
      for (const UnitFactor& f : x.unit->factors) note(f.name);
    if (x.kind == ExprKind::name && x.ref == RefKind::unit) note(x.text);
  });
  return alone ? unit : std::nullopt;
}

}  // namespace

AnswerReader::AnswerReader(const Program& file, int digits) : file_(file) {
  // The answer scope sees the prelude of the library the exercise file was loaded with.
  load_program_text(scope_, *file.library, "<answer scope>", "");
  check_and_compile(scope_);
  evaluator_ = std::make_unique<Evaluator>(scope_, digits);
}

// What `e` (or a name inside it) names of the exercise file that the answer scope lacks,
// as "`X` (a case in training.rk)"; "" if nothing.
std::string AnswerReader::forbidden_name(const Expr& e, const ScenarioDecl* scenario) const {
  std::string found;
  for_each_in_tree(e, [&](const Expr& x) {
    if (!found.empty() || x.kind != ExprKind::name) return;
    const std::string& n = x.text;
    if (scope_.find(n) || find_unit(n)) return;  // the answer scope has it
    std::string what;
    if (scenario && scenario->input_index(n) >= 0) {
      what = "an input of " + scenario->name;
    } else if (int i = scenario ? scenario->property_index(n) : -1; i >= 0) {
      bool method = scenario->properties[static_cast<std::size_t>(i)].is_method;
      what = (method ? "a method of " : "a property of ") + scenario->name;
    } else if (const Decl* d = file_.find(n)) {
      static const std::map<DeclKind, std::string> kinds = {
          {DeclKind::record, "a record type"},
          {DeclKind::enumeration, "an enumeration"},
          {DeclKind::scenario, "a scenario"},
          {DeclKind::case_, "a case"},
          {DeclKind::let, "a let"},
          {DeclKind::native, "a function"},
          {DeclKind::exercise, "an exercise"},
          {DeclKind::sweep, "a sweep"},
      };
      auto it = kinds.find(d->kind);
      what = (it == kinds.end() ? "a declaration" : it->second) + " in " +
             file_.sources.file(d->range.file).name();
    } else {
      return;
    }
    found = "`" + n + "` (" + what + ")";
  });
  return found;
}

ReadAnswer AnswerReader::read(const std::string& answer, const std::string& where,
                              const ScenarioDecl* scenario) {
  ReadAnswer out;
  std::string text = answer;
  double scale = 1;
  if (!text.empty() && text.back() == '%') {
    text.pop_back();
    scale = 0.01;
  }
  FileId f = scope_.sources.add(where, text);
  try {
    keep_.push_back(parse_expression(scope_.sources, f));
    Expr& e = *keep_.back();
    try {
      check_and_compile_expression(scope_, e, {});
    } catch (const std::runtime_error&) {  // UserError or UserErrors
      // Names the answer scope lacks but the exercise file has get their own message.
      if (std::string name = forbidden_name(e, scenario); !name.empty()) {
        out.problem =
            "an answer may not name " + name + ": write the value itself, a number with its unit";
        return out;
      }
      throw;
    }
    if (!e.type.is_quantity() || e.type.optional) {
      out.problem = "expected a number with a unit, not " + describe(e.type);
      return out;
    }
    out.value = evaluator_->evaluate(e, {});
    out.value.dim = e.type.dim;
    out.value.number *= scale;
    const Expr* lone = &e;
    if (lone->kind == ExprKind::unary && lone->op == Op::neg) lone = lone->operands.front().get();
    if (scale != 1) {
      // a percentage has no unit
    } else if (lone->kind == ExprKind::number && lone->unit) {
      out.unit = lone->unit->factors;
      out.unit_text = lone->unit->text;
    } else if (auto u = sole_information_unit(e); u && e.type.dim[Base::information] != 0) {
      out.unit.push_back({*u, e.type.dim[Base::information], {}});
    }
  } catch (const UserError& e) {
    out.problem = unreadable(e.diagnostic(), f);
  } catch (const UserErrors& e) {
    out.problem = unreadable(e.diagnostics().front(), f);
  }
  return out;
}

std::string AnswerReader::unreadable(const Diagnostic& d, FileId f) const {
  if (!d.range || d.range->file != f) return "cannot read the answer: " + d.message;
  LineColumn at = scope_.sources.file(f).position(d.range->begin);
  return fmt::format("cannot read the answer at column {}: {}", at.column, d.message);
}

}  // namespace reckon::exercise
