// `reckon exercises export`: the exercises of a file as questions of a learning-management
// system, one per exercise and variant, keyed and graded as `reckon exercises grade`
// grades (docs/exercises.md, "Exporting to an LMS"):
// - Moodle XML (a file): numerical questions, with the key's tolerance made absolute,
//   the units a student may write with their multipliers, and the grader's slips as
//   wrong answers with its feedback;
// - PrairieLearn (a directory): a question directory per exercise whose server.py
//   picks a variant and grades with Reckon's own grader, through the Python package,
//   against the variant's key program (interpreter/exercise/key_program.hpp).
#include <fmt/format.h>

#include <cmath>
#include <filesystem>
#include <memory>
#include <nlohmann/json.hpp>
#include <ostream>
#include <set>
#include <utility>
#include <vector>

#include "interpreter/api/display.hpp"
#include "interpreter/cli/commands.hpp"
#include "interpreter/cli/guarded.hpp"
#include "interpreter/cli/html_escape.hpp"
#include "interpreter/cli/output_file.hpp"
#include "interpreter/exercise/answer.hpp"
#include "interpreter/exercise/book.hpp"
#include "interpreter/exercise/feedback_answers.hpp"
#include "interpreter/exercise/grade.hpp"
#include "interpreter/exercise/key_program.hpp"
#include "interpreter/units.hpp"
#include "stdlib/library.hpp"

namespace reckon::cli {

// The exercise engine (interpreter/exercise/) does the work; this file is the command.
using namespace reckon::exercise;

namespace {

// What both exports need of one exercise at one variant.
struct Question {
  const ExerciseDecl* exercise = nullptr;
  int variant = 0;
  std::string docs, prompt, kind;  // as the question sheet gives them
  KeyReading key;
  double tolerance = 0;  // relative
  std::vector<FeedbackAnswer> feedback;
  std::string program;  // the key program (PrairieLearn's grading)
};

class Exporter {
 public:
  Exporter(Program& p, const ExerciseExportOptions& options, int digits)
      : book_(p, digits, options.seed),
        reader_(p, digits),
        grader_(book_, reader_, "<export>", options.variants),
        options_(options) {}

  Workbook& book() { return book_; }

  // Every exercise's variants, in the file's order. (The checker has made sure each has an
  // answer, a number, a quantity or a bool that is never none, and evaluation that every
  // number is finite: each question can be answered.)
  std::vector<std::vector<Question>> questions() {
    std::vector<std::vector<Question>> all;
    for (const ExerciseDecl* x : book_.exercises()) {
      std::vector<Question> variants;
      for (int n = 1; n <= options_.variants; ++n) variants.push_back(question(*x, n));
      all.push_back(std::move(variants));
    }
    return all;
  }

  // The units a student may write for `key`, each with Moodle's multiplier (how many of
  // the unit one key unit is): the key's unit first, then every catalogue unit of the
  // same dimension put in place of one factor of the key's unit (GiB, MB, TB, Gbit for
  // GB; GiB/s, Gbit/s and GB/h for GB/s), each read back to check its dimension.
  std::vector<std::pair<std::string, double>> accepted_units(const Question& q) {
    const KeyReading& key = q.key;
    std::vector<std::pair<std::string, double>> out{{key.unit, 1.0}};
    std::set<std::string> seen{key.unit};
    const ScenarioDecl* scenario = q.exercise->case_decl->scenario;
    for (std::size_t i = 0; i < key.factors.size(); ++i) {
      const UnitInfo* written = find_unit(key.factors[i].name);
      if (!written) continue;
      for (const UnitInfo& u : all_units()) {
        if (!(u.dim == written->dim)) continue;
        std::vector<UnitFactor> factors = key.factors;
        factors[i].name = u.symbol;
        std::string name = spelled(factors);
        if (!seen.insert(name).second) continue;
        ReadAnswer one = reader_.read("1 " + name, q.exercise->name, scenario);
        if (!one.problem.empty() || !(one.value.dim == key.value.dim) || one.value.number <= 0)
          continue;
        out.emplace_back(name, key.scale / one.value.number);
      }
    }
    return out;
  }

 private:
  Question question(const ExerciseDecl& x, int n) {
    Variant v = book_.variant(x, n);
    Question q;
    q.exercise = &x;
    q.variant = n;
    q.docs = x.docs.text;
    q.prompt = book_.text(v, x.prompt);
    q.kind = describe_answer(x.answer->type);
    q.key = read_key(book_, reader_, v);
    if (x.answer->type.kind != TypeKind::boolean) q.tolerance = book_.tolerance(x);
    q.feedback = feedback_answers(book_, reader_, grader_, v);
    q.program = key_program(book_, reader_, v);
    return q;
  }

  // Unit factors as a unit is written: `GB/s`, `B*token`, `m^2`.
  static std::string spelled(const std::vector<UnitFactor>& factors) {
    std::string up, down;
    for (const UnitFactor& f : factors) {
      std::string& side = f.exponent > 0 ? up : down;
      int power = std::abs(f.exponent);
      side += (side.empty() ? "" : "*") + f.name + (power == 1 ? "" : fmt::format("^{}", power));
    }
    if (up.empty()) up = "1";
    return down.empty() ? up : up + "/" + down;
  }

  Workbook book_;
  AnswerReader reader_;
  Grader grader_;
  const ExerciseExportOptions& options_;
};

std::string number(double x) { return fmt::format("{}", x); }

// --- Moodle XML -------------------------------------------------------------------------

// The question text: the exercise's documentation, the prompt and the kind of answer, as
// the question sheet gives them, each escaped (text of the user's file is data).
std::string question_html(const Question& q) {
  std::string html;
  if (!q.docs.empty()) html += "<p><em>" + html_escape(q.docs) + "</em></p>";
  html += "<p>" + html_escape(q.prompt) + "</p>";
  html += "<p>Answer: " + html_escape(q.kind) + ".</p>";
  return html;
}

// A <text> element whose content is `s`, escaped for XML (HTML inside is escaped twice:
// once as HTML, once as XML, and Moodle's importer undoes the second).
std::string text_element(const std::string& s) { return "<text>" + html_escape(s) + "</text>"; }

std::string moodle_answer(double fraction, const std::string& value, const std::string& feedback,
                          const std::string& tolerance) {
  return fmt::format(
      "    <answer fraction=\"{}\" format=\"moodle_auto_format\">\n"
      "      {}\n"
      "      <feedback format=\"html\">{}</feedback>\n"
      "{}"
      "    </answer>\n",
      fraction, text_element(value), text_element(html_escape(feedback)),
      tolerance.empty() ? "" : "      <tolerance>" + tolerance + "</tolerance>\n");
}

std::string moodle_question(Exporter& exporter, const Question& q) {
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
      text_element("<p>Answer: " + html_escape(q.key.text) + "</p>"));
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
  for (const FeedbackAnswer& f : q.feedback) {
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
    for (const auto& [name, multiplier] : exporter.accepted_units(q))
      out +=
          fmt::format("      <unit><multiplier>{}</multiplier><unit_name>{}</unit_name></unit>\n",
                      number(multiplier), html_escape(name));
    out += "    </units>\n";
  }
  return out + "  </question>\n";
}

std::string moodle_quiz(Exporter& exporter, const std::vector<std::vector<Question>>& all) {
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
    for (const Question& q : variants) out += moodle_question(exporter, q);
  }
  return out + "</quiz>\n";
}

// --- PrairieLearn -----------------------------------------------------------------------

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
                      {"tags", {"reckon", describe_answer(x.answer->type)}},
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
         "  <p>Answer: {{params.kind}}, with its unit.</p>\n"
         "</pl-question-panel>\n"
         "<pl-string-input answers-name=\"answer\" label=\"Answer\" "
         "placeholder=\"a number with its unit\"></pl-string-input>\n"
         "<pl-submission-panel>\n"
         "  {{feedback.answer}}\n"
         "</pl-submission-panel>\n";
}

std::string server_py(const std::vector<Question>& variants) {
  nlohmann::json table = nlohmann::json::array();
  for (const Question& q : variants) {
    nlohmann::json slips = nlohmann::json::array();
    for (const FeedbackAnswer& f : q.feedback)
      slips.push_back({{"value", f.value}, {"feedback", f.feedback}, {"credit", f.credit}});
    table.push_back(
        {{"variant", q.variant},
         {"docs", q.docs},
         {"prompt", q.prompt},
         {"kind", q.kind},
         {"key", q.key.text},
         {"key_value", q.key.value.kind == ValueKind::boolean ? nlohmann::json(nullptr)
                                                              : nlohmann::json(q.key.value.number)},
         {"tolerance", q.tolerance},
         {"program", q.program},
         {"feedback_answers", slips}});
  }
  // The table as a JSON text inside a Python string literal (a JSON string is one).
  std::string literal = nlohmann::json(table.dump()).dump();
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

// Writes `files` (path, text) all or none: each to a temporary beside it, all closed
// before any is renamed into place (output_file.hpp).
void write_all(const std::vector<std::pair<std::string, std::string>>& files, const Program& p,
               std::ostream& out) {
  std::vector<std::unique_ptr<OutputFile>> outputs;
  for (const auto& [path, text] : files) {
    outputs.push_back(std::make_unique<OutputFile>(path, input_files(p)));
    outputs.back()->stream() << text;
  }
  for (auto& file : outputs) file->close();
  for (auto& file : outputs) {
    file->commit();
    out << "wrote " << file->target() << "\n";
  }
}

}  // namespace

int exercises_export(const ExerciseExportOptions& options, const Common& common, std::ostream& out,
                     std::ostream& err) {
  Program p;
  return guarded(p, err, [&] {
    load_exercises(p, stdlib::standard_library(), options.file);
    Exporter exporter(p, options, common.digits);
    auto all = exporter.questions();
    namespace fs = std::filesystem;
    if (options.format == "moodle") {
      write_all({{options.output, moodle_quiz(exporter, all)}}, p, out);
      return 0;
    }
    std::error_code ec;
    if (fs::exists(options.output, ec) && !fs::is_directory(options.output, ec))
      throw UserError("E0714", fmt::format("cannot write the questions into `{}`: it is not a "
                                           "directory (-o names a directory for PrairieLearn)",
                                           options.output));
    std::vector<std::pair<std::string, std::string>> files;
    for (const auto& variants : all) {
      const ExerciseDecl& x = *variants.front().exercise;
      fs::path dir = fs::path(options.output) / x.name;
      fs::create_directories(dir, ec);
      if (ec || !fs::is_directory(dir))
        throw UserError("E0714", fmt::format("cannot make the question directory `{}`{}",
                                             dir.string(), ec ? ": " + ec.message() : ""));
      files.emplace_back((dir / "info.json").string(), info_json(options.file, x));
      files.emplace_back((dir / "question.html").string(), question_html_template());
      files.emplace_back((dir / "server.py").string(), server_py(variants));
    }
    write_all(files, p, out);
    return 0;
  });
}

}  // namespace reckon::cli
