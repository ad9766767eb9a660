// Grading submitted answers against the variants of a sheet: the engine behind
// `reckon exercises grade` (interpreter/cli/exercise_grade.cpp reads the files and
// prints the grades). Each answer is read in a scope of its own (answer.hpp), must have
// the exact dimension of the key, counting part included, and is compared within the
// exercise's tolerance; a wrong one is diagnosed (slips.hpp).
#pragma once

#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "interpreter/exercise/answer.hpp"
#include "interpreter/exercise/book.hpp"
#include "interpreter/exercise/declared_slips.hpp"
#include "interpreter/exercise/model_slips.hpp"
#include "interpreter/exercise/slips.hpp"

namespace reckon::exercise {

// One row of an answers file: its fields (variant, exercise, answer), or why it is
// malformed.
struct CsvRow {
  std::size_t line = 0;
  std::vector<std::string> fields;
  std::string problem;  // a malformed row: why
};

// RFC 4180: fields may be quoted, a quoted field may hold commas, newlines and "" for
// a quote. Blank lines are skipped.
std::vector<CsvRow> parse_csv(const std::string& text);

// Whether `row` is the header `variant,exercise,answer` (any case, spaces around).
bool is_answers_header(const CsvRow& row);

// The grade of one answer.
struct Grade {
  std::size_t line = 0;
  std::string variant, exercise, answer;
  std::string status;  // correct, wrong-dimension, wrong-value, malformed
  std::string expected;
  std::string feedback;
  std::optional<double> ratio;   // given / expected, for a wrong value
  std::optional<double> credit;  // an answer that meets a declared slip: its credit (0 to 1)
};

// Grades rows of an answers file (`answers_file` names it in messages) against the
// variants 1 to `variants` of the workbook's exercises.
class Grader {
 public:
  Grader(Workbook& book, AnswerReader& reader, std::string answers_file, int variants)
      : book_(book), reader_(reader), answers_(std::move(answers_file)), variants_(variants) {}

  Grade grade(const CsvRow& row);

 private:
  struct Expected {
    Value value;
    std::string shown;
    std::string unit;  // the key's unit ("GB"); "" for a plain number
    double tolerance = default_tolerance;
    const ExerciseDecl* exercise = nullptr;
    int variant = 0;
    // The keys of single slips in the model (model_slips.hpp), found on the first wrong
    // answer to this variant and kept for the others.
    std::optional<std::vector<ModelSlip>> model;
    std::vector<DeclaredSlip> declared;  // the exercise's `slip`s at this variant
  };

  Expected& expected(const ExerciseDecl& x, int variant);
  // Why the answer's dimension is not the key's, or nullopt if it is. The counting part
  // must be equal too (31.27 GB/token is not an answer in GB); only a plain number may
  // stand for a pure count (2048 for 2048 token), as a count is a number.
  static std::optional<std::string> wrong_dimension(const ReadAnswer& given, const Expected& want);
  void grade_value(Grade& g, const ReadAnswer& given, Expected& want);
  // The slips in the model that explain a wrong answer `a` (base units), each once, in
  // the order found; none when none does. `unit_slip`: with a slip in the unit written
  // on top (`twins`: the answer read in its unit's twins).
  std::vector<std::string> model_slip(double a, bool unit_slip, const std::vector<UnitSlip>& twins,
                                      Expected& want);
  Grade yes_no(Grade& g, const Expected& want);

  Workbook& book_;
  AnswerReader& reader_;
  std::string answers_;
  int variants_;
  std::map<std::pair<const ExerciseDecl*, int>, Expected> expected_;
};

}  // namespace reckon::exercise
