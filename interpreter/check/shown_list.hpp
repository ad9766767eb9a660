// A sweep shows a list of numbers or quantities as its sum (docs/sweeps.md, "show"): a
// table column holds one number per point, and of the aggregates the sum is the one
// defined for every list (0 in the elements' unit when it is empty) and in the elements'
// unit. The checker wraps the shown list in a call of `sum`, so every engine and every
// output format sees one number, and the column is headed `sum(xs)`, never `xs`.
#pragma once

#include "syntax/ast.hpp"

namespace reckon {

// `sum(list)`, resolved and typed as the checker types a written `sum` (`list` is
// checked, a list of plain quantities). Its callee has an empty range at the start of
// `list`, which is how summed_for_show tells it from a `sum` the user wrote.
ExprPtr sum_for_show(ExprPtr list);

// The list a shown expression sums if sum_for_show made it, else null.
const Expr* summed_for_show(const Expr& shown);

}  // namespace reckon
