// The wrong answers worth feedback for a variant's key (feedback_answers.hpp).
#include "interpreter/exercise/feedback_answers.hpp"

#include <fmt/format.h>

#include <cmath>

#include "interpreter/api/display.hpp"
#include "interpreter/exercise/declared_slips.hpp"
#include "interpreter/exercise/model_slips.hpp"
#include "interpreter/exercise/slips.hpp"

namespace reckon::exercise {

KeyReading read_key(Workbook& book, AnswerReader& reader, const Variant& v) {
  const ExerciseDecl& x = *v.exercise;
  KeyReading key;
  key.value = book.answer(v);
  key.text = book.key(v);
  if (x.answer->type.kind == TypeKind::boolean) return key;
  // The key reads back as the grader reads an answer: its unit and factors are those a
  // student writing the key would have written.
  ReadAnswer read = reader.read(key.text, x.name, x.case_decl->scenario);
  if (!read.problem.empty() || read.unit_text.empty()) return key;
  key.unit = read.unit_text;
  key.factors = read.unit;
  ReadAnswer one = reader.read("1 " + key.unit, x.name, x.case_decl->scenario);
  if (one.problem.empty() && one.value.number > 0) key.scale = one.value.number;
  return key;
}

std::string exact_number(const KeyReading& key, double base_value) {
  return fmt::format("{}", api::number_in(base_value, key.scale));
}

std::vector<FeedbackAnswer> feedback_answers(Workbook& book, AnswerReader& reader, Grader& grader,
                                             const Variant& v) {
  const ExerciseDecl& x = *v.exercise;
  std::vector<FeedbackAnswer> out;
  if (x.answer->type.kind == TypeKind::boolean) return out;
  KeyReading key = read_key(book, reader, v);
  const double e = key.value.number;
  if (e == 0 || !std::isfinite(e)) return out;
  std::vector<double> candidates;
  for (const UnitSlip& s : unit_slips(e, key.factors)) {
    if (s.value == 0 || !std::isfinite(s.value)) continue;
    candidates.push_back(s.value);
    candidates.push_back(e * (e / s.value));  // the same slip the other way round
  }
  // Then the slips found in the model (a factor left out, one layer, a total given per
  // token): an LMS that compares numbers can still name these, each at its value.
  for (const ModelSlip& m : model_slips(book, v, book.tolerance(x)))
    if (m.value != 0 && std::isfinite(m.value)) candidates.push_back(m.value);
  auto near = [](double a, double b) { return std::fabs(a - b) <= 1e-12 * std::fabs(b); };
  // The exercise's own slips first: the grader matches them before its tables, and their
  // feedback and credit are the instructor's.
  for (const DeclaredSlip& s : declared_slips(book, v))
    if (!near(s.value.number, e)) out.push_back({s.value.number, s.feedback, s.credit});
  for (double c : candidates) {
    bool seen = near(c, e);
    for (const FeedbackAnswer& f : out) seen = seen || near(c, f.value);
    if (seen) continue;
    std::string text = exact_number(key, c) + (key.unit.empty() ? "" : " " + key.unit);
    Grade g = grader.grade(CsvRow{0, {std::to_string(v.number), x.name, text}, ""});
    if (g.status == "wrong-value") out.push_back({c, g.feedback, 0});
  }
  return out;
}

}  // namespace reckon::exercise
