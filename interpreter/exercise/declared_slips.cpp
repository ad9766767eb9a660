// The slips an instructor declares (declared_slips.hpp).
#include "interpreter/exercise/declared_slips.hpp"

#include <fmt/format.h>

#include "interpreter/api/display.hpp"
#include "syntax/diagnostics.hpp"

namespace reckon::exercise {

std::vector<DeclaredSlip> declared_slips(Workbook& book, const Variant& v) {
  const ExerciseDecl& x = *v.exercise;
  std::vector<DeclaredSlip> out;
  for (const ExerciseDecl::Slip& slip : x.slips) {
    DeclaredSlip d;
    d.value = book.evaluator().evaluate(*slip.value, v.frame());
    if (d.value.kind == ValueKind::quantity) d.value.dim = x.answer->type.dim;
    d.shown = book.shown(v, *slip.value, book.answer_unit(x));
    d.feedback = book.text(v, slip.feedback);
    if (slip.credit) {
      d.credit = book.evaluator().evaluate(*slip.credit, {}).number;
      if (!(d.credit >= 0 && d.credit <= 1))
        throw UserError(slip.credit->range, "E0720",
                        fmt::format("a slip's credit is from 0 to 1 (0.5: half the marks), "
                                    "not {:g}",
                                    d.credit));
    }
    out.push_back(std::move(d));
  }
  return out;
}

}  // namespace reckon::exercise
