// A variant's key as an exercise file of its own, for grading where the exercise file
// is not: a PrairieLearn question (`reckon exercises export --format prairielearn`) holds
// the key program of each variant and grades a submission against it with Reckon's own
// grader (grade.hpp), through the Python package (reckon.grade_answer). The program
// declares the key's value in the key's unit with the exercise's tolerance, so the
// grader gives the statuses, counting-part feedback and slips it gives against the
// exercise file itself.
#pragma once

#include <string>

#include "interpreter/exercise/answer.hpp"
#include "interpreter/exercise/book.hpp"
#include "interpreter/exercise/grade.hpp"
#include "interpreter/model/program.hpp"

namespace reckon::exercise {

// The source of v's key program: a scenario `Key` whose one input is the key, a case
// `Given` of it, and an exercise of v's name whose answer is that input. A yes/no key is
// a bool; a key without a unit a `count` or a `number`, as the answer's type is. The
// exercise's declared slips come along with their values at v, their feedback and credit;
// the slips the grader finds in the model (model_slips.hpp) do not, as the model does not.
std::string key_program(Workbook& book, AnswerReader& reader, const Variant& v);

// Grades `answer` against the key program `source`, loaded into `program` (which owns the
// sources, so an error thrown can be printed) with `library`'s prelude. Throws UserError
// when `source` is not a checked file of one exercise (E0703 for none).
Grade grade_with_key(Program& program, const Library& library, const std::string& source,
                     const std::string& answer, int digits);

}  // namespace reckon::exercise
