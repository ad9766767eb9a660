// `reckon exercises grade`: reads a CSV of submitted answers and the sheet record, has the
// grader (interpreter/exercise/grade.hpp) grade each row, and prints the grades.
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <ostream>

#include "interpreter/api/evaluation.hpp"
#include "interpreter/api/program.hpp"
#include "interpreter/cli/commands.hpp"
#include "interpreter/cli/guarded.hpp"
#include "interpreter/exercise/answer.hpp"
#include "interpreter/exercise/book.hpp"
#include "interpreter/exercise/grade.hpp"
#include "interpreter/exercise/sheet.hpp"
#include "stdlib/library.hpp"
#include "syntax/diagnostics.hpp"

namespace reckon::cli {

// The exercise engine (interpreter/exercise/) does the work; this file is the command.
using namespace reckon::exercise;

namespace {

void print_table(const std::vector<Grade>& grades, std::ostream& out) {
  std::vector<std::array<std::string, 6>> rows;
  rows.push_back({"variant", "exercise", "answer", "status", "expected", "feedback"});
  for (const Grade& g : grades)
    rows.push_back({g.variant, g.exercise, g.answer, g.status, g.expected, g.feedback});
  std::array<std::size_t, 6> width{};
  for (const auto& r : rows)
    for (std::size_t i = 0; i < r.size(); ++i) width[i] = std::max(width[i], r[i].size());
  for (const auto& r : rows) {
    std::string line;
    for (std::size_t i = 0; i < r.size(); ++i)
      line += i + 1 == r.size() ? r[i] : fmt::format("{:<{}}  ", r[i], width[i]);
    while (!line.empty() && line.back() == ' ') line.pop_back();
    out << line << "\n";
  }
  std::map<std::string, std::size_t> count;
  for (const Grade& g : grades) ++count[g.status];
  out << fmt::format("\n{} of {} correct ({} wrong dimension, {} wrong value, {} malformed)\n",
                     count["correct"], counted(grades.size(), "answer"), count["wrong-dimension"],
                     count["wrong-value"], count["malformed"]);
}

nlohmann::json as_json(const std::vector<Grade>& grades) {
  nlohmann::json all = nlohmann::json::array();
  for (const Grade& g : grades) {
    nlohmann::json j{{"line", g.line},        {"variant", g.variant}, {"exercise", g.exercise},
                     {"answer", g.answer},    {"status", g.status},   {"expected", g.expected},
                     {"feedback", g.feedback}};
    if (g.ratio) j["ratio"] = *g.ratio;
    if (g.credit) j["credit"] = *g.credit;
    all.push_back(std::move(j));
  }
  return all;
}

// The seed and variant count to grade with.
struct Sheet {
  std::uint64_t seed = 1;
  int variants = 1;
  std::optional<SheetRecord> record;  // when read from --sheet
};

// E0706: neither the sheet record nor both flags, so the variants cannot be known.
UsageError missing_sheet(const ExerciseGradeOptions& options) {
  return UsageError(
      "E0706",
      fmt::format("grading needs the seed and variant count the sheets were built with: pass "
                  "--sheet DIR (the directory `exercises build -o DIR` wrote, holding {}), or "
                  "both --variants and --seed{}",
                  sheet_record_name,
                  options.variants || options.seed
                      ? fmt::format(" (--{} is missing)", options.seed ? "variants" : "seed")
                      : ""));
}

// The flags' seed and variants, or the sheet record's checked against the flags (E0708,
// a usage error).
Sheet sheet_of(const ExerciseGradeOptions& options, Program& p) {
  if (options.sheet.empty()) return Sheet{*options.seed, *options.variants, std::nullopt};
  SheetRecord record = read_sheet_record(p, options.sheet);
  auto contradicts = [&](const char* flag, std::uint64_t given, std::uint64_t recorded) {
    return UsageError("E0708", fmt::format("--{} {} contradicts the sheet record `{}`, which "
                                           "says {} {}; drop the flag or name the record of "
                                           "the sheets you mean",
                                           flag, given, options.sheet, flag, recorded));
  };
  if (options.seed && *options.seed != record.seed)
    throw contradicts("seed", *options.seed, record.seed);
  if (options.variants && *options.variants != record.variants)
    throw contradicts("variants", static_cast<std::uint64_t>(*options.variants),
                      static_cast<std::uint64_t>(record.variants));
  return Sheet{record.seed, record.variants, std::move(record)};
}

// E0709 unless every exercise of the record is in the file and has the answers it had
// when the sheets were built: a file edited since (another `vary` list, a fixed formula)
// would otherwise mark right answers wrong without a word.
void check_unchanged(Workbook& book, const SheetRecord& record,
                     const ExerciseGradeOptions& options) {
  for (const SheetRecord::Exercise& recorded : record.exercises) {
    const ExerciseDecl* x = book.find(recorded.name);
    std::string why;
    if (!x)
      why = "has no exercise `" + recorded.name + "`";
    else if (book.answers_digest(*x, record.variants) != recorded.answers)
      why = "gives other answers to `" + recorded.name + "` than when the sheets were built";
    if (!why.empty())
      throw UserError("E0709", fmt::format("`{}` {} (the sheet record `{}` was made from `{}`): "
                                           "grade with the file that built the sheets, or "
                                           "build and hand out new sheets",
                                           options.file, why, options.sheet, record.file));
  }
}

}  // namespace

int exercises_grade(const ExerciseGradeOptions& options, const Common& common, std::ostream& out,
                    std::ostream& err) {
  Program p;
  return guarded(p, ErrorSink(err, options.json ? &out : nullptr), [&] {
    if (options.sheet.empty() && !(options.variants && options.seed)) throw missing_sheet(options);
    load_exercises(p, stdlib::standard_library(), options.file);
    std::string csv = read_input_file(options.answers, options.answers, max_input_bytes);
    if (csv.starts_with("\xEF\xBB\xBF")) csv.erase(0, 3);  // a byte-order mark
    std::vector<CsvRow> rows = parse_csv(csv);
    if (rows.empty() || !is_answers_header(rows.front())) {
      // Located at the first line, which the error shows.
      FileId f = p.sources.add(options.answers, csv);
      auto first_line = static_cast<std::uint32_t>(std::min(csv.find('\n'), csv.size()));
      throw UserError(SourceRange{f, 0, first_line}, "E0705",
                      "the first line must be the header `variant,exercise,answer`");
    }
    auto sheet = sheet_of(options, p);
    Workbook book(p, common.digits, sheet.seed);
    if (sheet.record) check_unchanged(book, *sheet.record, options);
    AnswerReader reader(p, common.digits);
    Grader grader(book, reader, options.answers, sheet.variants);
    std::vector<Grade> grades;
    for (std::size_t i = 1; i < rows.size(); ++i) grades.push_back(grader.grade(rows[i]));
    if (options.json)
      out << as_json(grades).dump(2) << "\n";
    else
      print_table(grades, out);
    return 0;
  });
}

}  // namespace reckon::cli
