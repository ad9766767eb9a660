// A native's formula and its arguments written in (native_formula.hpp).
#include "interpreter/model/native_formula.hpp"

#include <cstddef>

#include "interpreter/model/native.hpp"
#include "interpreter/model/signature.hpp"

namespace reckon {

namespace {

bool word_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

// A value that, written in for a name, would change how the formula reads without
// parentheses: `-2`, `1 GB + 2 GB`, `[1, 2]`.
bool needs_parentheses(const std::string& v) {
  return (!v.empty() && v.front() == '-') || v.find(" + ") != std::string::npos ||
         v.find(" - ") != std::string::npos || v.find('[') != std::string::npos;
}

}  // namespace

std::string native_formula(const NativeDecl& n) {
  std::string declared = metadata(n.docs, "formula");
  if (!declared.empty() || !n.implementation) return declared;
  return n.implementation->formula;
}

std::string formula_term(const NativeDecl& n, std::string_view literal) {
  if (n.implementation)
    for (const auto& [text, words] : n.implementation->formula_terms)
      if (text == literal) return words;
  return "";
}

std::string substitute_formula(std::string_view formula, const std::vector<std::string>& names,
                               const std::vector<std::string>& values) {
  std::string out;
  for (std::size_t i = 0; i < formula.size();) {
    if (!word_char(formula[i])) {
      out += formula[i++];
      continue;
    }
    std::size_t end = i;
    while (end < formula.size() && word_char(formula[end])) ++end;
    const std::string_view word = formula.substr(i, end - i);
    std::string replaced(word);
    // A quantity after `/` is the divisor whole: `7 / (11 s/token)`; `7 / 11 s/token`
    // would divide 7 by 11 and then be refused (1/3 GB).
    std::size_t before = out.find_last_not_of(' ');
    const bool divides = before != std::string::npos && out[before] == '/';
    for (std::size_t k = 0; k < names.size() && k < values.size(); ++k)
      if (names[k] == word)
        replaced =
            needs_parentheses(values[k]) || (divides && values[k].find(' ') != std::string::npos)
                ? "(" + values[k] + ")"
                : values[k];
    out += replaced;
    i = end;
  }
  return out;
}

}  // namespace reckon
