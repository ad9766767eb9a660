// The grader's diagnosis of a wrong answer: which counting part an answer of the right
// physical dimension lacks or adds, and which common slip (GB for GiB, bits for bytes,
// a prefix, a time unit, ...) explains a wrong value.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "syntax/ast.hpp"
#include "syntax/dimension.hpp"

namespace reckon::exercise {

// For an answer whose physical dimension is right but whose counting part is not:
// "per token: your answer is GB/token, the question asks for GB". `given_unit` and
// `expected_unit` are the units as the student and the key write them ("" for a plain
// number).
std::string counting_feedback(const Dimension& given, const Dimension& expected,
                              const std::string& given_unit, const std::string& expected_unit);

// A slip in the unit the answer was written in: the unit's decimal/binary twin (GB and
// GiB, kbit and Kibit) or its bits/bytes twin (GB and Gbit).
struct UnitSlip {
  double value = 0;   // the answer's number read in the twin unit, in base units
  std::string hint;   // "did you mix up GB and GiB (1 GiB = 1.074 GB)?"
  bool bits = false;  // the bits/bytes twin (GB and Gbit), not the decimal/binary one
};

// The twin readings of an answer of `number_in_base` (base units) written in `unit`: for
// each information factor of the unit, its value with that factor replaced by a twin.
std::vector<UnitSlip> unit_slips(double number_in_base, const std::vector<UnitFactor>& unit);

// The known slip nearest to the ratio given/expected, if one lies within `window` of
// it: a binary prefix at the expected value's scale, bits for bytes (8), bytes per
// element (2), a time unit (60, 3600, 86400), a prefix (1000^k), a power of ten, the sign.
std::optional<std::string> ratio_slip(double ratio, const Dimension& d, double expected,
                                      double window);

}  // namespace reckon::exercise
