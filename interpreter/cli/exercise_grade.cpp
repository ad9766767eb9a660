// `reckon exercises grade`: grades a CSV of submitted answers against the variants of a
// sheet. Each answer is read in a scope of its own (exercise_answer.hpp), must have the
// exact dimension of the key, counting part included, and is compared within the
// exercise's tolerance; a wrong one is diagnosed (exercise_slips.hpp).
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <ostream>
#include <sstream>

#include "interpreter/cli/commands.hpp"
#include "interpreter/cli/exercise_answer.hpp"
#include "interpreter/cli/exercise_book.hpp"
#include "interpreter/cli/exercise_sheet.hpp"
#include "interpreter/cli/exercise_slips.hpp"
#include "interpreter/cli/guarded.hpp"
#include "interpreter/diagnostics.hpp"
#include "interpreter/suggest.hpp"

namespace reckon::cli {

namespace {

struct CsvRow {
  std::size_t line = 0;
  std::vector<std::string> fields;
  std::string problem;  // a malformed row: why
};

// RFC 4180: fields may be quoted, a quoted field may hold commas, newlines and "" for
// a quote. Blank lines are skipped.
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

struct Grade {
  std::size_t line = 0;
  std::string variant, exercise, answer;
  std::string status;  // correct, wrong-dimension, wrong-value, malformed
  std::string expected;
  std::string feedback;
  std::optional<double> ratio;  // given / expected, for a wrong value
};

// How near `value` lies to `expected`, relative to it (expected is not 0).
double deviation(double value, double expected) {
  return std::fabs(value - expected) / std::fabs(expected);
}

// A slip in the written unit lands within this of the key (or within the tolerance,
// for an answer that is wrong anyway); it then marks an answer wrong even within the
// tolerance if it is also nearer the key than the answer as written.
constexpr double slip_window = 5e-3;

class Grader {
 public:
  Grader(Workbook& book, AnswerReader& reader, std::string answers_file, int variants)
      : book_(book), reader_(reader), answers_(std::move(answers_file)), variants_(variants) {}

  Grade grade(const CsvRow& row) {
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
    bool digits = !g.variant.empty() && g.variant.size() <= 9 &&
                  std::all_of(g.variant.begin(), g.variant.end(),
                              [](char c) { return c >= '0' && c <= '9'; });
    if (digits) variant = std::stoi(g.variant);
    if (variant < 1 || variant > variants_)
      return malformed(fmt::format("unknown variant `{}` (the sheet has variants 1 to {})",
                                   g.variant, variants_));
    const ExerciseDecl* x = book_.find(g.exercise);
    if (!x) {
      std::vector<std::string> names;
      for (const ExerciseDecl* e : book_.exercises()) names.push_back(e->name);
      return malformed("unknown exercise `" + g.exercise + "`" + did_you_mean(g.exercise, names));
    }
    const Expected& want = expected(*x, variant);
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

 private:
  struct Expected {
    Value value;
    std::string shown;
    std::string unit;  // the key's unit ("GB"); "" for a plain number
    double tolerance = default_tolerance;
  };

  const Expected& expected(const ExerciseDecl& x, int variant) {
    auto [it, inserted] = expected_.try_emplace({&x, variant});
    if (!inserted) return it->second;
    Variant v = book_.variant(x, variant);
    Expected& want = it->second;
    want.value = book_.answer(v);
    if (want.value.kind == ValueKind::quantity) want.value.dim = x.answer->type.dim;
    want.shown = book_.show(v, *x.answer);
    auto unit = Evaluator::declared_unit(*x.answer, x.case_decl->scenario);
    want.unit = unit ? unit->symbol : base_unit_string(want.value.dim);
    want.tolerance = book_.tolerance(x);
    return want;
  }

  // Why the answer's dimension is not the key's, or nullopt if it is. The counting part
  // must be equal too (31.27 GB/token is not an answer in GB); only a plain number may
  // stand for a pure count (2048 for 2048 token), as a count is a number.
  static std::optional<std::string> wrong_dimension(const ReadAnswer& given, const Expected& want) {
    const Dimension &a = given.value.dim, &e = want.value.dim;
    if (a == e) return std::nullopt;
    if (a.is_dimensionless() && e.physical().is_dimensionless()) return std::nullopt;
    if (a.physical() == e.physical() && !a.is_dimensionless())
      return counting_feedback(
          a, e, given.unit_text.empty() ? base_unit_string(a) : given.unit_text, want.unit);
    std::string why = "expected " + describe_dimension(e) + ", got " + describe_dimension(a);
    if (a.is_dimensionless()) why += ": give the unit";
    return why;
  }

  void grade_value(Grade& g, const ReadAnswer& given, const Expected& want) {
    double e = want.value.number, a = given.value.number;
    bool within = std::fabs(a - e) <= want.tolerance * std::fabs(e);
    if (e == 0) {
      g.status = within ? "correct" : "wrong-value";
      if (!within) g.feedback = "expected " + want.shown;
      return;
    }
    // The reading of the answer in the twin of the unit written that is nearest the key.
    std::optional<UnitSlip> twin;
    for (UnitSlip& s : unit_slips(a, given.unit))
      if (!twin || deviation(s.value, e) < deviation(twin->value, e)) twin = std::move(s);
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
    if (twin_fits)
      g.feedback += ": " + twin->hint;
    else if (auto hint = ratio_slip(r, want.value.dim, e, std::max(want.tolerance, slip_window)))
      g.feedback += ": " + *hint;
    else if (want.tolerance == 0)
      g.feedback += " (the answer is exact)";
    else
      g.feedback += " (accepted within " + percent(want.tolerance) + ")";
  }

  Grade yes_no(Grade& g, const Expected& want) {
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

  Workbook& book_;
  AnswerReader& reader_;
  std::string answers_;
  int variants_;
  std::map<std::pair<const ExerciseDecl*, int>, Expected> expected_;
};

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
  out << fmt::format(
      "\n{} of {} answers correct ({} wrong dimension, {} wrong value, {} malformed)\n",
      count["correct"], grades.size(), count["wrong-dimension"], count["wrong-value"],
      count["malformed"]);
}

nlohmann::json as_json(const std::vector<Grade>& grades) {
  nlohmann::json all = nlohmann::json::array();
  for (const Grade& g : grades) {
    nlohmann::json j{{"line", g.line},        {"variant", g.variant}, {"exercise", g.exercise},
                     {"answer", g.answer},    {"status", g.status},   {"expected", g.expected},
                     {"feedback", g.feedback}};
    if (g.ratio) j["ratio"] = *g.ratio;
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
    load_exercises(p, options.file);
    std::ifstream in(options.answers, std::ios::binary);
    if (!in || std::filesystem::is_directory(options.answers))
      throw UserError("E0201", "cannot open `" + options.answers + "`");
    std::stringstream text;
    text << in.rdbuf();
    std::string csv = text.str();
    if (csv.starts_with("\xEF\xBB\xBF")) csv.erase(0, 3);  // a byte-order mark
    std::vector<CsvRow> rows = parse_csv(csv);
    std::vector<std::string> header;
    if (!rows.empty())
      for (const auto& f : rows.front().fields) header.push_back(lower(trim(f)));
    if (header != std::vector<std::string>{"variant", "exercise", "answer"}) {
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
