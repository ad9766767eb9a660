// The wrong answers worth feedback for a variant's key: what an LMS export (`reckon
// exercises export`) writes beside the key, so that a student who slipped reads the
// grader's own diagnosis. Both exports (Moodle's answers at fraction 0, PrairieLearn's
// credit) take them from here, the slips the exercise file declares among them.
#pragma once

#include <string>
#include <vector>

#include "interpreter/exercise/answer.hpp"
#include "interpreter/exercise/book.hpp"
#include "interpreter/exercise/grade.hpp"

namespace reckon::exercise {

struct FeedbackAnswer {
  double value = 0;  // in base units, of the key's dimension
  std::string feedback;
  double credit = 0;  // the fraction of the mark it earns (0: the grader's own slips)
};

// The key of `v` as the grader reads it back: its value (base units), its unit as
// written after the number ("" for a plain number or a yes/no) with the unit's factors
// and scale (base units per unit).
struct KeyReading {
  Value value;
  std::string text;  // Workbook::key
  std::string unit;
  std::vector<UnitFactor> factors;
  double scale = 1;
};
KeyReading read_key(Workbook& book, AnswerReader& reader, const Variant& v);

// The key's number in its unit, spelled so that it reads back to the same double.
std::string exact_number(const KeyReading& key, double base_value);

// The slips the exercise declares (declared_slips.hpp: their feedback and credit), then
// the slips of the grader's tables (slips.hpp) that lead away from the key: the key's
// number read in each twin of its unit (82.14 GB read as GiB or as Gbit), and the
// reverse slip (the GiB number written as GB), and the keys of the slips found in the
// model (model_slips.hpp: a factor left out, one layer); each is graded by `grader`, whose
// feedback it carries, and kept only when the grader marks it a wrong value. None for a
// yes/no key.
std::vector<FeedbackAnswer> feedback_answers(Workbook& book, AnswerReader& reader, Grader& grader,
                                             const Variant& v);

}  // namespace reckon::exercise
