// PrairieLearn questions (exercise_export.hpp): a directory per exercise with info.json,
// question.html and a server.py that picks a variant from the seed and grades with
// Reckon's own grader through the Python package (reckon.grade_answer).
#include <fmt/format.h>

#include <filesystem>
#include <nlohmann/json.hpp>

#include "interpreter/cli/exercise_export.hpp"
#include "interpreter/exercise/book.hpp"

namespace reckon::cli::lms {

namespace {

// A UUID that stays the same for the same file (as named on the command line) and
// exercise, so exporting again updates PrairieLearn's questions instead of adding new
// ones: FNV-1a (64 bits) of the two names under two different prefixes, shaped as an
// RFC 9562 version 8 (custom) UUID.
std::string question_uuid(const std::string& file, const std::string& exercise) {
  auto fnv = [&](std::string_view prefix) {
    std::uint64_t h = 14695981039346656037ULL;
    std::string text = std::string(prefix) + file + '\0' + exercise;
    for (unsigned char c : text) h = (h ^ c) * 1099511628211ULL;
    return h;
  };
  std::uint64_t hi = fnv("reckon exercise uuid 1\n"), lo = fnv("reckon exercise uuid 2\n");
  hi = (hi & ~0xF000ULL) | 0x8000ULL;            // version 8
  lo = (lo & ~(0x3ULL << 62)) | (0x2ULL << 62);  // RFC variant
  std::string h = fmt::format("{:016x}{:016x}", hi, lo);
  return h.substr(0, 8) + "-" + h.substr(8, 4) + "-" + h.substr(12, 4) + "-" + h.substr(16, 4) +
         "-" + h.substr(20);
}

std::string info_json(const std::string& file, const ExerciseDecl& x) {
  nlohmann::json info{{"uuid", question_uuid(file, x.name)},
                      {"title", x.name},
                      {"topic", std::filesystem::path(file).stem().string()},
                      {"tags", {"reckon", exercise::describe_answer(x.answer->type)}},
                      {"type", "v3"}};
  return info.dump(2) + "\n";
}

// The page: the documentation and prompt of the variant (Mustache's {{ }} escapes them
// as HTML, and being parameters they are never read as templates), a text input named
// `answer` (Reckon reads the answer, counting units included: pl-units-input's Pint
// registry has no token, GPU or param), and the grader's feedback.
std::string question_html_template() {
  return "<pl-question-panel>\n"
         "  {{#params.docs}}<p><em>{{params.docs}}</em></p>{{/params.docs}}\n"
         "  <p>{{params.prompt}}</p>\n"
         "  <p>Answer: {{params.kind}}.</p>\n"
         "</pl-question-panel>\n"
         "<pl-string-input answers-name=\"answer\" label=\"Answer\"></pl-string-input>\n"
         "<pl-submission-panel>\n"
         "  {{feedback.answer}}\n"
         "</pl-submission-panel>\n";
}

std::string server_py(const std::vector<Question>& variants) {
  nlohmann::json table = nlohmann::json::array();
  for (const Question& q : variants) {
    nlohmann::json slips = nlohmann::json::array();
    for (const exercise::FeedbackAnswer& f : q.feedback)
      slips.push_back({{"value", f.value}, {"feedback", f.feedback}, {"credit", f.credit}});
    table.push_back(
        {{"variant", q.variant},
         {"docs", q.docs},
         {"prompt", q.prompt},
         {"kind", q.kind + (q.key.unit.empty() ? "" : ", with its unit")},
         {"key", q.key.text},
         {"key_value", q.key.value.kind == ValueKind::boolean ? nlohmann::json(nullptr)
                                                              : nlohmann::json(q.key.value.number)},
         {"tolerance", q.tolerance},
         {"program", q.program},
         {"feedback_answers", slips}});
  }
  // The table as a JSON text inside a Python string literal (a JSON string is one).
  // Bytes of the file that are not UTF-8 become U+FFFD, as JSON holds only UTF-8.
  const auto replace = nlohmann::json::error_handler_t::replace;
  std::string literal =
      nlohmann::json(table.dump(-1, ' ', false, replace)).dump(-1, ' ', false, replace);
  return "# A PrairieLearn question written by `reckon exercises export` (docs/exercises.md,\n"
         "# \"Exporting to an LMS\"): generate() picks one of the variants below from the\n"
         "# variant seed, grade() grades with Reckon's own grader through its Python package\n"
         "# (reckon.grade_answer), against the variant's key program.\n"
         "import json\n"
         "\n"
         "import reckon\n"
         "\n"
         "VARIANTS = json.loads(" +
         literal +
         ")\n"
         "\n"
         "\n"
         "def _variant(data):\n"
         "    number = data[\"params\"][\"variant\"]\n"
         "    return next(v for v in VARIANTS if v[\"variant\"] == number)\n"
         "\n"
         "\n"
         "def generate(data):\n"
         "    v = VARIANTS[int(data[\"variant_seed\"]) % len(VARIANTS)]\n"
         "    for name in (\"variant\", \"docs\", \"prompt\", \"kind\"):\n"
         "        data[\"params\"][name] = v[name]\n"
         "    data[\"correct_answers\"][\"answer\"] = v[\"key\"]\n"
         "\n"
         "\n"
         "def _credit(v, grade):\n"
         "    # An answer the exercise gives credit for, though wrong: within the tolerance of\n"
         "    # one of the variant's feedback answers (the grader's own slips earn none).\n"
         "    if grade.get(\"ratio\") is None or v[\"key_value\"] is None:\n"
         "        return 0.0\n"
         "    given = grade[\"ratio\"] * v[\"key_value\"]\n"
         "    window = max(v[\"tolerance\"], 1e-12)\n"
         "    return max([f[\"credit\"] for f in v[\"feedback_answers\"]\n"
         "                if abs(given - f[\"value\"]) <= window * abs(f[\"value\"])] or [0.0])\n"
         "\n"
         "\n"
         "def grade(data):\n"
         "    v = _variant(data)\n"
         "    answer = str(data[\"submitted_answers\"].get(\"answer\", \"\"))\n"
         "    result = reckon.grade_answer(v[\"program\"], answer)\n"
         "    score = 1.0 if result[\"status\"] == \"correct\" else _credit(v, result)\n"
         "    data[\"partial_scores\"][\"answer\"] = {\"score\": score, \"weight\": 1,\n"
         "                                         \"feedback\": result[\"feedback\"]}\n"
         "    data[\"score\"] = score\n"
         "    data[\"feedback\"][\"answer\"] = result[\"feedback\"]\n"
         "    data[\"feedback\"][\"status\"] = result[\"status\"]\n";
}

}  // namespace

std::vector<std::pair<std::string, std::string>> prairielearn_files(const std::string& file,
                                                                    const Questions& all) {
  std::vector<std::pair<std::string, std::string>> files;
  for (const auto& variants : all) {
    const ExerciseDecl& x = *variants.front().exercise;
    files.emplace_back(x.name + "/info.json", info_json(file, x));
    files.emplace_back(x.name + "/question.html", question_html_template());
    files.emplace_back(x.name + "/server.py", server_py(variants));
  }
  return files;
}

}  // namespace reckon::cli::lms
