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

// Whole numbers print exactly (up to 1e15); others to `digits` significant digits,
// keeping trailing zeros (29.80), in scientific notation outside [1e-4, 1e15).
std::string format_number(double v, int digits);

// The unit a quantity is shown in when none was declared.
DisplayUnit default_display_unit(const Value& v);

// "328.6 GB", "2048 token", "true", "selective", "Transformer(...)".
std::string format_value(const Value& v, const DisplayOptions& options,
                         const DisplayUnit* unit = nullptr);

}  // namespace reckon
