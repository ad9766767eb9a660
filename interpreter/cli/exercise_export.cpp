// `reckon exercises export`: the exercises of a file as questions of a learning-management
// system, one per exercise and variant, keyed and graded as `reckon exercises grade`
// grades (docs/exercises.md, "Exporting to an LMS"):
// - Moodle XML (a file): numerical questions, with the key's tolerance made absolute,
//   the units a student may write with their multipliers, and the grader's slips as
//   wrong answers with its feedback;
// - PrairieLearn (a directory): a question directory per exercise whose server.py
//   picks a variant and grades with Reckon's own grader, through the Python package,
//   against the variant's key program (interpreter/exercise/key_program.hpp).
// This file gathers the questions and writes the files; export_moodle.cpp and
// export_prairielearn.cpp lay them out.
#include "interpreter/cli/exercise_export.hpp"

#include <fmt/format.h>

#include <cmath>
#include <filesystem>
#include <memory>
#include <ostream>
#include <set>
#include <utility>
#include <vector>

#include "interpreter/api/program.hpp"
#include "interpreter/cli/commands.hpp"
#include "interpreter/cli/guarded.hpp"
#include "interpreter/cli/output_file.hpp"
#include "interpreter/exercise/answer.hpp"
#include "interpreter/exercise/book.hpp"
#include "interpreter/exercise/feedback_answers.hpp"
#include "interpreter/exercise/grade.hpp"
#include "interpreter/exercise/key_program.hpp"
#include "stdlib/library.hpp"

namespace reckon::cli {

// The exercise engine (interpreter/exercise/) does the work; this file is the command.
using namespace reckon::exercise;
using lms::Question;

namespace {

class Exporter {
 public:
  Exporter(Program& p, const ExerciseExportOptions& options, int digits)
      : book_(p, digits, options.seed),
        reader_(p, digits),
        grader_(book_, reader_, "<export>", options.variants),
        options_(options) {}

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

 private:
  // The units a student may write for q's key, each with Moodle's multiplier (how many
  // of the unit one key unit is): the key's unit first, then every catalogue unit of the
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
    if (!q.key.unit.empty()) q.units = accepted_units(q);
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
      write_all({{options.output, lms::moodle_quiz(all)}}, p, out);
      return 0;
    }
    std::error_code ec;
    if (fs::exists(options.output, ec) && !fs::is_directory(options.output, ec))
      throw UserError("E0714", fmt::format("cannot write the questions into `{}`: it is not a "
                                           "directory (-o names a directory for PrairieLearn)",
                                           options.output));
    auto files = lms::prairielearn_files(options.file, all);
    for (auto& [path, text] : files) {
      fs::path target = fs::path(options.output) / path;
      fs::create_directories(target.parent_path(), ec);
      if (ec || !fs::is_directory(target.parent_path()))
        throw UserError("E0714",
                        fmt::format("cannot make the question directory `{}`{}",
                                    target.parent_path().string(), ec ? ": " + ec.message() : ""));
      path = target.string();
    }
    write_all(files, p, out);
    return 0;
  });
}

}  // namespace reckon::cli
