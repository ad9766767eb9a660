// Reading a submitted answer in a scope of its own (answer.hpp).
#include "interpreter/exercise/answer.hpp"

#include <fmt/format.h>

#include <cctype>
#include <map>
#include <optional>
#include <stdexcept>
#include <utility>

#include "grammar/parse.hpp"
#include "interpreter/check/checker.hpp"
#include "interpreter/exercise/answer_text.hpp"
#include "interpreter/load/loader.hpp"
#include "interpreter/load/pipeline.hpp"
#include "interpreter/model/builtins.hpp"
#include "interpreter/model/suggest.hpp"
#include "interpreter/model/type_names.hpp"
#include "interpreter/values/units.hpp"
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

// Units spelt out that have one meaning (`tok/s`, `hours`: suggest.hpp's unit_spelled;
// `gibibytes`, `milliseconds`: answer_text.hpp's spelled_prefixed_unit) read as their
// symbol. The language keeps one spelling per unit, the one values are shown in; a
// student's answer is read, not kept, so it may use another.
void spell_units(Expr& e) {
  for_each_in_tree(e, [](Expr& x) {
    if (!x.unit) return;
    for (UnitFactor& f : x.unit->factors) {
      if (find_unit(f.name)) continue;
      if (std::string_view symbol = unit_spelled(f.name); !symbol.empty())
        f.name = symbol;
      else if (std::string prefixed = spelled_prefixed_unit(f.name); !prefixed.empty())
        f.name = prefixed;
    }
  });
}

// The prefixes that are not units themselves (`m` is the metre): `14 G` names no unit.
bool is_prefix_alone(std::string_view name) {
  for (std::string_view p :
       {"k", "M", "G", "T", "P", "E", "Ki", "Mi", "Gi", "Ti", "Pi", "Ei", "u", "n", "p"})
    if (name == p) return true;
  return false;
}

// Whether a and b differ by one letter changed, added or removed.
bool one_edit_apart(std::string_view a, std::string_view b) {
  if (a.size() > b.size()) std::swap(a, b);
  if (b.size() - a.size() > 1) return false;
  std::size_t i = 0;
  while (i < a.size() && a[i] == b[i]) ++i;
  if (a.size() == b.size()) return i < a.size() && a.substr(i + 1) == b.substr(i + 1);
  return a.substr(i) == b.substr(i + 1);
}

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// `N/A`, `lots`, `I don't know`: read as Reckon, each would be an unknown name with a
// guess at a function spelt like it (`N` -> `ln`), which helps no student. (An answer
// that names the exercise file without a digit, `kib`, is told so first.)
constexpr const char* no_number =
    "there is no number in this answer: write it as a number (with its unit, if it has one), "
    "as in `14 GB` or `182`";

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
  std::string text = forgiving_text(answer);
  double scale = 1;
  if (!text.empty() && text.back() == '%') {
    text.pop_back();
    scale = 0.01;
  }
  FileId f = scope_.sources.add(where, text);
  try {
    keep_.push_back(parse_expression(scope_.sources, f));
    Expr& e = *keep_.back();
    spell_units(e);
    // `182 sequences` for a count of sequences: the noun is the question's, and dropping
    // it leaves the plain number the grader compares with the count. A unit is never
    // dropped: `182 GB` stays a memory size.
    Expr* lone = &e;
    if (lone->kind == ExprKind::unary && lone->op == Op::neg) lone = lone->operands.front().get();
    if (lone->kind == ExprKind::number && lone->unit && lone->unit->factors.size() == 1 &&
        lone->unit->factors.front().exponent == 1 && !find_unit(lone->unit->factors.front().name) &&
        is_counted_noun(lone->unit->factors.front().name, scenario))
      lone->unit.reset();
    try {
      check_and_compile_expression(scope_, e, {});
    } catch (const std::runtime_error&) {  // UserError or UserErrors
      // Names the answer scope lacks but the exercise file has get their own message.
      if (std::string name = forbidden_name(e, scenario); !name.empty()) {
        out.problem =
            "an answer may not name " + name + ": write the value itself, a number with its unit";
        return out;
      }
      if (!has_digit(text)) {
        out.problem = no_number;
        return out;
      }
      if (std::string word = unknown_word(e); !word.empty()) {
        out.problem = word;
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
  const std::string& text = scope_.sources.file(f).text();
  if (!has_digit(text)) return no_number;
  std::string why = d.message;
  if (d.range && d.range->file == f)
    why = fmt::format("at column {}, {}", scope_.sources.file(f).position(d.range->begin).column,
                      d.message);
  // `0,37` is left alone by forgiving_text (a decimal comma, or a list?): say which.
  bool comma = false;
  for (std::size_t i = 1; i + 1 < text.size(); ++i)
    comma = comma || (text[i] == ',' && std::isdigit(static_cast<unsigned char>(text[i - 1])) &&
                      std::isdigit(static_cast<unsigned char>(text[i + 1])));
  return "write only the answer, a number with its unit (`14 GB`)" +
         std::string(comma ? ", with a decimal point (`0.5`, not `0,5`)" : "") +
         ": Reckon cannot read it (" + why + ")";
}

std::string AnswerReader::unknown_word(const Expr& e) const {
  std::set<std::string> bound;  // names a comprehension or a lambda binds
  for_each_in_tree(e, [&](const Expr& x) {
    for_each_subexpression(x, [&](const Expr& sub, const SubPlace& at) {
      if (at.role == SubRole::binder)
        for_each_in_tree(sub, [&](const Expr& n) {
          if (n.kind == ExprKind::name) bound.insert(n.text);
        });
    });
  });
  std::string found;
  for_each_in_tree(e, [&](const Expr& x) {
    if (!found.empty()) return;
    if (x.unit) {
      for (const UnitFactor& u : x.unit->factors) {
        if (find_unit(u.name)) continue;
        if (is_prefix_alone(u.name)) {
          found = "`" + u.name + "` is a prefix, not a unit: write the whole unit, as in `" +
                  u.name + "B` or `" + u.name + "bit`";
        } else {
          // A curated hint (`Gb` -> `Gbit`), or a unit one keystroke away from a word long
          // enough to be a typo (`GBB` -> `GB`); a letter or two (`G`) is too short to
          // guess from (`g`, grams, for `G` crosses dimensions), and a word further away
          // is no typo (`apples` is not `samples`).
          std::string hint = unit_hint(u.name);
          if (hint.empty() && u.name.size() >= 3)
            for (const UnitInfo& info : all_units())
              if (one_edit_apart(u.name, info.symbol)) {
                hint = "; did you mean `" + info.symbol + "`?";
                break;
              }
          found = "`" + u.name + "` is not a unit" + hint;
        }
        return;
      }
    }
    if (x.kind != ExprKind::name || x.ref != RefKind::unresolved || bound.count(x.text)) return;
    if (scope_.find(x.text) || find_unit(x.text) || find_builtin_doc(x.text)) return;
    found = "`" + x.text +
            "` is not a number, a unit or a function: write the answer as a number with its "
            "unit, as in `14 GB`";
  });
  return found;
}

const std::set<std::string>& AnswerReader::prompt_words(const ScenarioDecl* scenario) {
  auto [it, fresh] = prompt_words_.try_emplace(scenario);
  if (!fresh) return it->second;
  for (const ExerciseDecl* x : file_.main_decls<ExerciseDecl>(DeclKind::exercise)) {
    if (!x->case_decl || x->case_decl->scenario != scenario) continue;
    for (const PromptPiece& piece : x->prompt) {
      std::string word;
      for (char c : piece.text + " ") {
        if (std::isalpha(static_cast<unsigned char>(c))) {
          word += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        } else {
          if (word.size() >= 3) it->second.insert(word);
          word.clear();
        }
      }
    }
  }
  return it->second;
}

bool AnswerReader::is_counted_noun(const std::string& word, const ScenarioDecl* scenario) {
  const std::set<std::string>& words = prompt_words(scenario);
  const std::string w = lower(word);
  // The prompt's word, or its singular or plural (`sequence` for `sequences`).
  auto has = [&](const std::string& x) { return words.count(x) > 0; };
  if (has(w) || has(w + "s") || has(w + "es")) return true;
  if (w.size() > 1 && w.back() == 's' && has(w.substr(0, w.size() - 1))) return true;
  return w.size() > 2 && w.ends_with("es") && has(w.substr(0, w.size() - 2));
}

}  // namespace reckon::exercise
