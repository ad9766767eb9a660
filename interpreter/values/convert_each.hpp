// `->` over lists and maps (docs/language.md, "Lists"): `xs -> KiB` shows every element
// of a list of bytes in KiB, `m -> GB` every value of a map, at any depth (`[[B]]`). A
// conversion changes how values are shown, never their numbers, so the checker types
// the result as the operand with its innermost quantity re-dimensioned, and the
// evaluator copies a list only when a plain number becomes a count (`[1, 2] -> token`).
#pragma once

#include <string>
#include <string_view>

#include "interpreter/values/value.hpp"
#include "syntax/types.hpp"

namespace reckon {

// What `->` converts in a value of type `t`: the innermost element of lists and maps of
// it (`[[GB]]`, `{text: GB}`), `t` itself for anything else.
const Type& converted_element(const Type& t);

// `t` with its innermost element (converted_element) replaced by `element`.
Type with_converted_element(const Type& t, const Type& element);

// For a conversion that does not apply (E0407): how to write what was meant, as
// ": convert ..." to append to the message, or "" when nothing fits. A tuple is
// converted element by element (`(p[0] -> KiB, p[1])`), a list of tuples in a
// comprehension (`[(a, b -> KiB) for (a, b) in xs]`). `operand` is the converted
// expression's text when it is a plain name, else "".
std::string convert_hint(const Type& t, const Dimension& target, std::string_view operand,
                         std::string_view unit);

// The value of `v -> U`, `v` of type `from` and the result of type `to` (both list or
// map types): `v` itself when their elements have one dimension, else a copy whose
// quantities have `to`'s.
Value convert_each(Value v, const Type& from, const Type& to);

}  // namespace reckon
