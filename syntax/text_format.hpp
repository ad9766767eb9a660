// The digits format of an interpolation, `{x:.2f}` or `{x:.3g}`: what the parser accepts
// after the `:` and what the evaluator applies. In the syntax layer because both read it.
#pragma once

#include <optional>
#include <string_view>

namespace reckon {

struct DigitsFormat {
  enum class Style : unsigned char {
    fixed,        // `.Nf`: N digits after the decimal point (0 to 15)
    significant,  // `.Ng`: N significant digits (1 to 15), as `reckon eval --digits N`
  };
  Style style = Style::significant;
  int digits = 4;
};

inline constexpr int max_format_digits = 15;  // a double holds 15 decimal digits (DBL_DIG)

// The format `spec` names (".2f", ".3g"), or nullopt if it is none.
inline std::optional<DigitsFormat> parse_digits_format(std::string_view spec) {
  if (spec.size() < 3 || spec.size() > 4 || spec.front() != '.') return std::nullopt;
  DigitsFormat f;
  const char style = spec.back();
  if (style == 'f')
    f.style = DigitsFormat::Style::fixed;
  else if (style == 'g')
    f.style = DigitsFormat::Style::significant;
  else
    return std::nullopt;
  int n = 0;
  for (char c : spec.substr(1, spec.size() - 2)) {
    if (c < '0' || c > '9') return std::nullopt;
    n = 10 * n + (c - '0');
  }
  const int least = f.style == DigitsFormat::Style::fixed ? 0 : 1;
  if (n < least || n > max_format_digits) return std::nullopt;
  f.digits = n;
  return f;
}

}  // namespace reckon
