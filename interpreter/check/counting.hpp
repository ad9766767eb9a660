// Explaining the counting rule (Dimension::compatible) when it is broken: a value per
// token used as a total, a total used per token, a count used as a plain number.
#pragma once

#include <string>

#include "syntax/dimension.hpp"

namespace reckon {

// Whether `have` and `want` differ only by a count that one of them has and the other
// has not (B/token against B, token against a plain number).
bool counts_differ_only(const Dimension& have, const Dimension& want);

// What turns `have` into `want` when only their counting parts differ: "multiply by a
// number of tokens", "divide by a number of devices", "divide by `1 token` to use it as a
// plain number". Empty when the physical parts differ too.
// `subject` names what is to be changed ("the left side"), empty for the value itself.
std::string counting_hint(const Dimension& have, const Dimension& want,
                          const std::string& subject = "");

// The same for two values that meet (`+`, `<`, ...), where neither side is the declared
// one: "the counting units differ: the left side is per token, the right side has no
// count".
std::string counting_contrast(const Dimension& left, const Dimension& right);

}  // namespace reckon
