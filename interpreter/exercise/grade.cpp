// Grading submitted answers (grade.hpp).
#include "interpreter/exercise/grade.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <limits>
#include <string_view>

#include "interpreter/exercise/slips.hpp"
#include "interpreter/model/suggest.hpp"
#include "interpreter/values/units.hpp"

namespace reckon::exercise {

namespace {

std::string trim(std::string_view s) {
  auto b = s.find_first_not_of(" \t\r\n");
  if (b == std::string_view::npos) return "";
  auto e = s.find_last_not_of(" \t\r\n");
  return std::string(s.substr(b, e - b + 1));
}

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

// How near `value` lies to `expected`, relative to it (expected is not 0).
double deviation(double value, double expected) {
  return std::fabs(value - expected) / std::fabs(expected);
}

// A slip in the written unit lands within this of the key (or within the tolerance,
// for an answer that is wrong anyway); it then marks an answer wrong even within the
// tolerance if it is also nearer the key than the answer as written.
constexpr double slip_window = 5e-3;

// An exact answer may differ from the key by this much, relative: the key's number is
// snapped by up to 4 ulps when shown in a unit (format.cpp), and reading it back in that
// unit rounds twice more.
constexpr double exact_slack = 8 * std::numeric_limits<double>::epsilon();

// A slip in the model is matched within the exercise's tolerance, but never closer than
// this: a perturbed key is computed along another path than the key, and an exact
// answer (`within 0`) may be rounded as the key is.
constexpr double model_slack = 1e-9;

// A wrong answer within this many tolerances of the key is told the tolerance: it nearly
// made it. Further off, the tolerance says nothing useful.
constexpr double near_miss = 10;

// Two slips at once (one in the model, one in the unit written) are named only when the
// answer meets them this closely, as a student who computed them would (to 4 digits):
// each slip in the unit puts a second key 2.4% or more from each perturbed one, and
// within the tolerance a wrong answer would meet one of them by chance too often.
constexpr double combined_window = 1e-3;

// The most slips named in one "could be either".
constexpr std::size_t max_named = 3;

// One slip named, or several, none chosen: "could be either: A; or B".
std::string one_or_either(const std::vector<std::string>& named) {
  if (named.size() == 1) return named.front();
  std::string either = "could be either";
  for (std::size_t i = 0; i < named.size() && i < max_named; ++i)
    either += (i == 0 ? ": " : "; or ") + named[i];
  if (named.size() > max_named) either += fmt::format("; or {} more", named.size() - max_named);
  return either;
}

}  // namespace

std::vector<CsvRow> parse_csv(const std::string& text) {
  std::vector<CsvRow> rows;
  std::size_t i = 0, line = 1;
  while (i < text.size()) {
    CsvRow row;
    row.line = line;
    std::string field;
    bool quoted = false, any = false;
    for (;;) {
      if (i == text.size()) {
        if (quoted) row.problem = "unterminated quoted field";
        break;
      }
      char c = text[i++];
      if (quoted) {
        if (c == '"' && i < text.size() && text[i] == '"') {
          field += '"';
          ++i;
        } else if (c == '"') {
          quoted = false;
        } else {
          if (c == '\n') ++line;
          field += c;
        }
        continue;
      }
      if (c == '"') {
        quoted = true;
        any = true;
      } else if (c == ',') {
        row.fields.push_back(std::move(field));
        field.clear();
        any = true;
      } else if (c == '\n') {
        ++line;
        break;
      } else if (c != '\r') {
        field += c;
        any = any || c != ' ';
      }
    }
    row.fields.push_back(std::move(field));
    if (any || row.fields.size() > 1 || !row.problem.empty()) rows.push_back(std::move(row));
  }
  return rows;
}

bool is_answers_header(const CsvRow& row) {
  std::vector<std::string> header;
  for (const auto& f : row.fields) header.push_back(lower(trim(f)));
  return header == std::vector<std::string>{"variant", "exercise", "answer"};
}

Grade Grader::grade(const CsvRow& row) {
  Grade g;
  g.line = row.line;
  if (row.fields.size() > 0) g.variant = trim(row.fields[0]);
  if (row.fields.size() > 1) g.exercise = trim(row.fields[1]);
  if (row.fields.size() > 2) g.answer = trim(row.fields[2]);
  auto malformed = [&](std::string why) {
    g.status = "malformed";
    g.feedback = std::move(why);
    return g;
  };
  if (!row.problem.empty()) return malformed(row.problem);
  if (row.fields.size() != 3)
    return malformed(
        fmt::format("expected 3 fields (variant, exercise, answer), got {}", row.fields.size()));
  int variant = 0;
  bool digits =
      !g.variant.empty() && g.variant.size() <= 9 &&
      std::all_of(g.variant.begin(), g.variant.end(), [](char c) { return c >= '0' && c <= '9'; });
  if (digits) variant = std::stoi(g.variant);
  if (variant < 1 || variant > variants_)
    return malformed(
        fmt::format("unknown variant `{}` (the sheet has variants 1 to {})", g.variant, variants_));
  const ExerciseDecl* x = book_.find(g.exercise);
  if (!x) {
    std::vector<std::string> names;
    for (const ExerciseDecl* e : book_.exercises()) names.push_back(e->name);
    return malformed("unknown exercise `" + g.exercise + "`" + did_you_mean(g.exercise, names));
  }
  Expected& want = expected(*x, variant);
  g.expected = want.shown;
  if (g.answer.empty()) return malformed("empty answer");
  if (x->answer->type.kind == TypeKind::boolean) return yes_no(g, want);
  ReadAnswer given =
      reader_.read(g.answer, fmt::format("{}:{}", answers_, g.line), x->case_decl->scenario);
  if (!given.problem.empty()) return malformed(given.problem);
  if (auto wrong = wrong_dimension(given, want)) {
    g.status = "wrong-dimension";
    g.feedback = *wrong;
    return g;
  }
  grade_value(g, given, want);
  return g;
}

Grader::Expected& Grader::expected(const ExerciseDecl& x, int variant) {
  auto [it, inserted] = expected_.try_emplace({&x, variant});
  if (!inserted) return it->second;
  Variant v = book_.variant(x, variant);
  Expected& want = it->second;
  want.exercise = &x;
  want.variant = variant;
  want.value = book_.answer(v);
  if (want.value.kind == ValueKind::quantity) want.value.dim = x.answer->type.dim;
  want.shown = book_.key(v);
  auto unit = book_.answer_unit(x);
  want.unit = unit ? unit->symbol : base_unit_string(want.value.dim);
  want.tolerance = book_.tolerance(x);
  want.declared = declared_slips(book_, v);
  return want;
}

std::optional<std::string> Grader::wrong_dimension(const ReadAnswer& given, const Expected& want) {
  const Dimension &a = given.value.dim, &e = want.value.dim;
  if (a == e) return std::nullopt;
  if (a.is_dimensionless() && e.physical().is_dimensionless()) return std::nullopt;
  if (a.physical() == e.physical() && !a.is_dimensionless())
    return counting_feedback(a, e, given.unit_text.empty() ? base_unit_string(a) : given.unit_text,
                             want.unit);
  std::string why = "expected " + describe_dimension(e) + ", got " + describe_dimension(a);
  if (a.is_dimensionless()) why += ": give the unit";
  return why;
}

void Grader::grade_value(Grade& g, const ReadAnswer& given, Expected& want) {
  double e = want.value.number, a = given.value.number;
  // `within 0` asks for the exact value, but a unit's scale is not exact in binary (the
  // key's 0.1 GB is read as 0.1 * 1e9): the few ulps of that rounding are allowed.
  const double tolerance = std::max(want.tolerance, exact_slack);
  bool within = std::fabs(a - e) <= tolerance * std::fabs(e);
  if (e == 0) {
    g.status = within ? "correct" : "wrong-value";
    if (!within) g.feedback = "expected " + want.shown;
    return;
  }
  // A slip the instructor declared comes before any the grader finds: the first one
  // declared that the answer meets within the tolerance.
  if (!within)
    for (const DeclaredSlip& d : want.declared)
      if (d.value.number != 0 ? deviation(a, d.value.number) <= tolerance : a == 0) {
        g.status = "wrong-value";
        g.ratio = a / e;
        g.credit = d.credit;
        g.feedback = d.feedback;
        if (d.credit > 0) g.feedback += fmt::format(" (credit {:g})", d.credit);
        return;
      }
  // The reading of the answer in the twin of the unit written that is nearest the key.
  std::vector<UnitSlip> twins = unit_slips(a, given.unit);
  std::optional<UnitSlip> twin;
  for (const UnitSlip& s : twins)
    if (!twin || deviation(s.value, e) < deviation(twin->value, e)) twin = s;
  double off = twin ? deviation(twin->value, e) : 0;
  bool twin_fits = twin && (within ? off <= slip_window && off < deviation(a, e)
                                   : off <= std::max(want.tolerance, slip_window));
  if (within && !twin_fits) {
    g.status = "correct";
    return;
  }
  g.status = "wrong-value";
  double r = a / e;
  g.ratio = r;
  g.feedback = "off by a factor of " + fmt::format("{:.4g}", r);
  // A slip in the unit written; one in the model (which knows the derivation); the table
  // of common factors (which knows only the ratio); a slip in the model with one in the
  // unit on top.
  if (twin_fits) {
    // Out of tolerance, a slip in the model may explain the answer as well: both are said.
    std::vector<std::string> named{twin->hint};
    if (!within)
      for (std::string& m : model_slip(a, false, twins, want)) named.push_back(std::move(m));
    g.feedback += ": " + one_or_either(named);
  } else if (auto named = model_slip(a, false, twins, want); !named.empty())
    g.feedback += ": " + one_or_either(named);
  else if (auto hint = ratio_slip(r, want.value.dim, e, std::max(want.tolerance, slip_window)))
    g.feedback += ": " + *hint;
  else if (auto both = model_slip(a, true, twins, want); !both.empty())
    g.feedback += ": " + one_or_either(both);
  else if (want.tolerance == 0)
    g.feedback += " (the answer is exact)";
  else if (std::fabs(r - 1) <= near_miss * want.tolerance)
    g.feedback += " (the tolerance is " + percent(want.tolerance) + ")";
}

std::vector<std::string> Grader::model_slip(double a, bool unit_slip,
                                            const std::vector<UnitSlip>& twins, Expected& want) {
  if (!want.model)
    want.model = model_slips(book_, book_.variant(*want.exercise, want.variant), want.tolerance);
  const double window = std::max(want.tolerance, model_slack);
  // Without a unit slip, the slips whose key the answer meets as written. With one, those
  // it meets read in a decimal/binary twin of the unit written: a slip in the unit on top
  // of one in the model. A factor of the ratio table on top (1.024, 8, 1000) would meet
  // some perturbed key by chance too often to name (a 1.37 is 4/3 x 1.024).
  std::vector<std::string> named;
  auto name = [&](std::string explanation) {
    if (std::find(named.begin(), named.end(), explanation) == named.end())
      named.push_back(std::move(explanation));
  };
  for (const ModelSlip& m : *want.model)
    if (!unit_slip && deviation(a, m.value) <= window) name(m.explanation);
  for (const UnitSlip& t : twins)
    for (const ModelSlip& m : *want.model)
      if (unit_slip && !t.bits && deviation(t.value, m.value) <= combined_window)
        name(m.explanation + ", and " + t.hint);
  return named;
}

Grade Grader::yes_no(Grade& g, const Expected& want) {
  std::string a = lower(g.answer);
  bool yes = a == "yes" || a == "true" || a == "y";
  bool no = a == "no" || a == "false" || a == "n";
  if (!yes && !no) {
    g.status = "malformed";
    g.feedback = "expected yes or no";
    return g;
  }
  bool right = yes == want.value.truthy();
  g.status = right ? "correct" : "wrong-value";
  if (!right) g.feedback = "the answer is " + std::string(want.value.truthy() ? "yes" : "no");
  return g;
}

}  // namespace reckon::exercise
