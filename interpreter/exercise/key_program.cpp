// A variant's key as an exercise file of its own (key_program.hpp).
#include "interpreter/exercise/key_program.hpp"

#include <fmt/format.h>

#include "interpreter/display/format.hpp"
#include "interpreter/exercise/declared_slips.hpp"
#include "interpreter/exercise/feedback_answers.hpp"
#include "interpreter/load/loader.hpp"
#include "interpreter/load/pipeline.hpp"
#include "syntax/diagnostics.hpp"

namespace reckon::exercise {

std::string key_program(Workbook& book, AnswerReader& reader, const Variant& v) {
  const ExerciseDecl& x = *v.exercise;
  KeyReading key = read_key(book, reader, v);
  std::string type, value;
  if (x.answer->type.kind == TypeKind::boolean) {
    type = "bool";
    value = key.value.truthy() ? "true" : "false";
  } else {
    value = exact_number(key, key.value.number);
    if (!key.unit.empty()) {
      type = key.unit;
      value += " " + key.unit;
    } else {
      type = x.answer->type.integer ? "count" : "number";
    }
  }
  std::string within = x.answer->type.kind == TypeKind::boolean
                           ? ""
                           : fmt::format("  within {}\n", book.tolerance(x));
  // The exercise's declared slips, at this variant's values, so that the grader tells
  // their feedback and gives their credit where the exercise file is not. The feedback
  // is already interpolated: its braces are written doubled, to stay literal.
  for (const DeclaredSlip& s : declared_slips(book, v)) {
    std::string feedback;
    for (char c : s.feedback) (c == '{' || c == '}' ? feedback.append(2, c) : feedback += c);
    within += fmt::format("  slip {}{} feedback {} credit {}\n", exact_number(key, s.value.number),
                          key.unit.empty() ? "" : " " + key.unit, quoted_text(feedback), s.credit);
  }
  return fmt::format(
      "# The key of exercise {0}, variant {1}, as an exercise of its own: written by\n"
      "# `reckon exercises export` for Reckon's grader (docs/exercises.md).\n"
      "scenario Key {{\n"
      "  input value: {2}\n"
      "}}\n"
      "case Given = Key(value: {3})\n"
      "exercise {0} {{\n"
      "  about Given\n"
      "  prompt \"The key of an exported question.\"\n"
      "  answer value\n"
      "{4}"
      "}}\n",
      x.name, v.number, type, value, within);
}

Grade grade_with_key(Program& program, const Library& library, const std::string& source,
                     const std::string& answer, int digits) {
  load_program_text(program, library, "<key>", source);
  check_and_compile(program);
  Workbook book(program, digits, 1);
  if (book.exercises().size() != 1)
    throw UserError("E0703", "a key program declares exactly one exercise");
  AnswerReader reader(program, digits);
  Grader grader(book, reader, "<answer>", 1);
  return grader.grade(CsvRow{1, {"1", book.exercises().front()->name, answer}, ""});
}

}  // namespace reckon::exercise
