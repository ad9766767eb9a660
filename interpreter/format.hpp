// Showing values to people: numbers to N significant digits, quantities in their
// declared unit or a readable prefix of their dimension.
#pragma once

#include <string>

#include "interpreter/units.hpp"
#include "interpreter/value.hpp"

namespace reckon {

struct DisplayOptions {
  int digits = 4;  // significant digits
};

// A double holds 15 significant decimal digits for certain (DBL_DIG); asked for more,
// format_number shows the shortest text that reads back as the same double.
inline constexpr int max_meaningful_digits = 15;

// Whole numbers print exactly (up to 1e15); others to `digits` significant digits,
// keeping trailing zeros (29.80), in scientific notation outside [1e-4, 1e15). With
// `digits` above max_meaningful_digits, the shortest round-trip text (12.5, 0.1).
std::string format_number(double v, int digits);

// The unit a quantity is shown in when none was declared, chosen for the value rounded
// to `digits` significant digits.
DisplayUnit default_display_unit(const Value& v, int digits = 4);

// "328.6 GB", "2048 token", "true", "selective", "Transformer(...)".
std::string format_value(const Value& v, const DisplayOptions& options,
                         const DisplayUnit* unit = nullptr);

}  // namespace reckon
