// Moodle XML (exercise_export.hpp): numerical questions in the format of
// https://docs.moodle.org/en/Moodle_XML_format, with the key's tolerance made absolute,
// the units a student may write and the grader's slips as answers with its feedback.
#include <fmt/format.h>

#include <cmath>

#include "charts/xml_text.hpp"
#include "interpreter/api/display.hpp"
#include "interpreter/cli/exercise_export.hpp"

namespace reckon::cli::lms {

std::string number(double x) { return fmt::format("{}", x); }

namespace {

// The question text: the exercise's documentation, the prompt and the kind of answer, as
// the question sheet gives them, each escaped (text of the user's file is data).
std::string question_html(const Question& q) {
  std::string html;
  if (!q.docs.empty()) html += "<p><em>" + xml::escape(q.docs) + "</em></p>";
  html += "<p>" + xml::escape(q.prompt) + "</p>";
  html += "<p>Answer: " + xml::escape(q.kind) + ".</p>";
  return html;
}

// A <text> element whose content is `s`, escaped for XML (HTML inside is escaped twice:
// once as HTML, once as XML, and Moodle's importer undoes the second).
std::string text_element(const std::string& s) { return "<text>" + xml::escape(s) + "</text>"; }

std::string moodle_answer(double fraction, const std::string& value, const std::string& feedback,
                          const std::string& tolerance) {
  return fmt::format(
      "    <answer fraction=\"{}\" format=\"moodle_auto_format\">\n"
      "      {}\n"
      "      <feedback format=\"html\">{}</feedback>\n"
      "{}"
      "    </answer>\n",
      fraction, text_element(value), text_element(xml::escape(feedback)),
      tolerance.empty() ? "" : "      <tolerance>" + tolerance + "</tolerance>\n");
}

std::string moodle_question(const Question& q) {
  const ExerciseDecl& x = *q.exercise;
  std::string head = fmt::format(
      "  <question type=\"{}\">\n"
      "    <name>{}</name>\n"
      "    <questiontext format=\"html\">{}</questiontext>\n"
      "    <generalfeedback format=\"html\">{}</generalfeedback>\n"
      "    <defaultgrade>1</defaultgrade>\n"
      "    <penalty>0.3333333</penalty>\n"
      "    <hidden>0</hidden>\n",
      x.answer->type.kind == TypeKind::boolean ? "truefalse" : "numerical",
      text_element(fmt::format("{}, variant {}", x.name, q.variant)),
      text_element(question_html(q)),
      text_element("<p>Answer: " + xml::escape(q.key.text) + "</p>"));
  if (x.answer->type.kind == TypeKind::boolean) {
    bool yes = q.key.value.truthy();
    std::string answer = yes ? "yes" : "no";
    return head + moodle_answer(yes ? 100 : 0, "true", "the answer is " + answer, "") +
           moodle_answer(yes ? 0 : 100, "false", "the answer is " + answer, "") + "  </question>\n";
  }
  // Moodle's tolerance is absolute, in the key's unit: the relative tolerance times the
  // key's number. A slip's answer takes the same relative tolerance around its value.
  auto in_unit = [&](double base) { return api::number_in(base, q.key.scale); };
  double key_number = in_unit(q.key.value.number);
  std::string out = head + moodle_answer(100, number(key_number), "",
                                         number(q.tolerance * std::fabs(key_number)));
  for (const exercise::FeedbackAnswer& f : q.feedback) {
    double slipped = in_unit(f.value);
    out += moodle_answer(100 * f.credit, number(slipped), f.feedback,
                         number(q.tolerance * std::fabs(slipped)));
  }
  if (q.key.unit.empty()) {
    // A plain number: no unit to write or grade.
    out +=
        "    <unitgradingtype>0</unitgradingtype>\n"
        "    <unitpenalty>0</unitpenalty>\n"
        "    <showunits>3</showunits>\n"
        "    <unitsleft>0</unitsleft>\n";
  } else {
    // A unit is required and graded: a missing or unknown one (82.14, 82.14 s, 82.14
    // GB/token) takes the whole mark, as the grader marks it wrong-dimension.
    out +=
        "    <unitgradingtype>1</unitgradingtype>\n"
        "    <unitpenalty>1</unitpenalty>\n"
        "    <showunits>0</showunits>\n"
        "    <unitsleft>0</unitsleft>\n"
        "    <units>\n";
    for (const auto& [name, multiplier] : q.units)
      out +=
          fmt::format("      <unit><multiplier>{}</multiplier><unit_name>{}</unit_name></unit>\n",
                      number(multiplier), xml::escape(name));
    out += "    </units>\n";
  }
  return out + "  </question>\n";
}

}  // namespace

std::string moodle_quiz(const Questions& all) {
  std::string out =
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      "<!-- Written by reckon exercises export (docs/exercises.md, \"Exporting to an LMS\") "
      "-->\n"
      "<quiz>\n";
  for (const auto& variants : all) {
    out += fmt::format(
        "  <question type=\"category\">\n"
        "    <category>{}</category>\n"
        "  </question>\n",
        text_element("$course$/top/" + variants.front().exercise->name));
    for (const Question& q : variants) out += moodle_question(q);
  }
  // Text of the file may hold any bytes; the document must still be XML.
  return xml::text(out + "</quiz>\n");
}

}  // namespace reckon::cli::lms
