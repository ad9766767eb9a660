// The slips an instructor declares in an exercise (`slip EXPR feedback "..." credit C`):
// answers expected from known mistakes, with what each is told and the credit it earns.
// The grader matches them before anything it finds itself (grade.cpp); an export of
// answer-specific feedback (Moodle, PrairieLearn) reads them at each variant from here.
#pragma once

#include <string>
#include <vector>

#include "interpreter/exercise/book.hpp"

namespace reckon::exercise {

struct DeclaredSlip {
  Value value;           // the slip's answer at the variant (base units)
  std::string shown;     // as the key shows an answer: in the answer's unit ("144 KiB/token")
  std::string feedback;  // with its `{expr}` pieces evaluated at the variant
  double credit = 0;     // from 0 to 1
};

// The declared slips of v's exercise at v, in the order declared. Throws UserError E0720
// (located at the credit) for a credit outside 0 to 1.
std::vector<DeclaredSlip> declared_slips(Workbook& book, const Variant& v);

}  // namespace reckon::exercise
