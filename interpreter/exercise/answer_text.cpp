// Rewriting how students write numbers to Reckon (answer_text.hpp).
#include "interpreter/exercise/answer_text.hpp"

#include <array>
#include <cctype>
#include <cstddef>
#include <string_view>
#include <utility>

#include "interpreter/values/units.hpp"

namespace reckon::exercise {

namespace {

bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_word(char c) {
  return is_digit(c) || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' ||
         static_cast<unsigned char>(c) >= 0x80;
}
bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

std::string trimmed(std::string_view s) {
  std::size_t b = 0, e = s.size();
  while (b < e && is_blank(s[b])) ++b;
  while (e > b && is_blank(s[e - 1])) --e;
  return std::string(s.substr(b, e - b));
}

// The end of a number that starts at `at` written with thousands separators, or 0 when
// it is not one: no separator, a first group of more than three digits or starting 0, a
// later group of other than three digits (`1,23` is a decimal comma, `1,2345` a typo).
std::size_t grouped_number_end(std::string_view s, std::size_t at) {
  std::size_t i = at;
  while (i < s.size() && is_digit(s[i])) ++i;
  const std::size_t first = i - at;
  if (first == 0 || first > 3 || s[at] == '0') return 0;
  std::size_t groups = 0;
  while (i < s.size() && s[i] == ',') {
    std::size_t end = i + 1;
    while (end < s.size() && is_digit(s[end])) ++end;
    if (end - (i + 1) != 3) return 0;
    i = end;
    ++groups;
  }
  return groups == 0 ? 0 : i;
}

std::string without_separators(std::string_view s) {
  std::string out;
  int depth = 0;
  for (std::size_t i = 0; i < s.size();) {
    const char c = s[i];
    if (c == '(' || c == '[') ++depth;
    if ((c == ')' || c == ']') && depth > 0) --depth;
    const bool starts_number = is_digit(c) && (i == 0 || (!is_word(s[i - 1]) && s[i - 1] != '.'));
    if (depth == 0 && starts_number) {
      if (std::size_t end = grouped_number_end(s, i); end != 0) {
        for (; i < end; ++i)
          if (s[i] != ',') out += s[i];
        continue;
      }
    }
    out += c;
    ++i;
  }
  return out;
}

// The end of the multiplication sign (`*`, `x`, `×`) at `i` with the blanks around it,
// or 0.
std::size_t times_end(std::string_view s, std::size_t i) {
  while (i < s.size() && is_blank(s[i])) ++i;
  if (i < s.size() && (s[i] == '*' || s[i] == 'x'))
    ++i;
  else if (s.substr(i, 2) == "\xC3\x97")  // U+00D7 MULTIPLICATION SIGN
    i += 2;
  else
    return 0;
  while (i < s.size() && is_blank(s[i])) ++i;
  return i;
}

std::string with_exponents(std::string_view s) {
  std::string out;
  for (std::size_t i = 0; i < s.size();) {
    // A number that starts the answer or follows `(`, `+`, `-` or `,` (blanks between).
    // A sign counts only as an operator of a sum: after `^`, `*` or `/` it binds tighter.
    auto previous = [&](std::size_t at) {
      while (at > 0 && is_blank(s[at - 1])) --at;
      return at;
    };
    const std::size_t before = previous(i);
    bool opens = before == 0 || s[before - 1] == '(' || s[before - 1] == ',';
    if (before > 0 && (s[before - 1] == '+' || s[before - 1] == '-')) {
      const std::size_t sign = previous(before - 1);
      opens = sign == 0 || (s[sign - 1] != '^' && s[sign - 1] != '*' && s[sign - 1] != '/');
    }
    if (!is_digit(s[i]) || !opens || (i > 0 && (is_word(s[i - 1]) || s[i - 1] == '.'))) {
      out += s[i++];
      continue;
    }
    std::size_t end = i;
    while (end < s.size() && is_digit(s[end])) ++end;
    if (end < s.size() && s[end] == '.') {
      ++end;
      while (end < s.size() && is_digit(s[end])) ++end;
    }
    const std::string_view mantissa = s.substr(i, end - i);
    std::size_t j = times_end(s, end);
    if (j != 0 && s.substr(j, 2) == "10") {
      std::size_t k = j + 2;
      while (k < s.size() && is_blank(s[k])) ++k;
      if (k < s.size() && s[k] == '^') {
        ++k;
        while (k < s.size() && is_blank(s[k])) ++k;
        std::size_t digits = k + (k < s.size() && (s[k] == '-' || s[k] == '+') ? 1 : 0);
        std::size_t exp_end = digits;
        while (exp_end < s.size() && is_digit(s[exp_end])) ++exp_end;
        // `10^10^2` or `10^2.5` is not a power of ten written out.
        const bool whole =
            exp_end > digits && (exp_end == s.size() || (s[exp_end] != '^' && s[exp_end] != '.'));
        if (whole) {
          out += mantissa;
          out += 'e';
          out += s.substr(k, exp_end - k);
          i = exp_end;
          continue;
        }
      }
    }
    out += mantissa;
    i = end;
  }
  return out;
}

}  // namespace

std::string forgiving_text(std::string_view text) {
  std::string s = trimmed(text);
  if (s.size() > 1 && s.back() == '.' && s[s.size() - 2] != '.') {
    s.pop_back();
    s = trimmed(s);
  }
  return with_exponents(without_separators(s));
}

std::string spelled_prefixed_unit(std::string_view word) {
  using Pair = std::pair<std::string_view, std::string_view>;
  static constexpr std::array<Pair, 10> units = {{{"byte", "B"},
                                                  {"bit", "bit"},
                                                  {"second", "s"},
                                                  {"watt", "W"},
                                                  {"joule", "J"},
                                                  {"hertz", "Hz"},
                                                  {"gram", "g"},
                                                  {"metre", "m"},
                                                  {"meter", "m"},
                                                  {"hour", "h"}}};
  std::string w(word);
  for (char& c : w) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  // The prefixes are the catalogue's (units.hpp, spelled_prefix); the unit words are the
  // answers' own: the catalogue spells each unit one way, its symbol.
  const auto prefix = spelled_prefix(w);
  if (!prefix) return "";
  std::string_view rest = std::string_view(w).substr(prefix->length);
  for (const auto& [unit, unit_symbol] : units) {
    if (rest != unit && !(rest.size() == unit.size() + 1 && rest.starts_with(unit) &&
                          rest.back() == 's' && unit != "hertz"))
      continue;
    // Only what the catalogue has, in the dimension of the unit spelt: `kilohour` is not
    // `kh`, and no rewrite may change what the answer measures.
    const std::string symbol = std::string(prefix->symbol) + std::string(unit_symbol);
    const UnitInfo* whole = find_unit(symbol);
    const UnitInfo* base = find_unit(unit_symbol);
    if (!whole || !base || !(whole->dim == base->dim)) return "";
    return symbol;
  }
  return "";
}

bool has_digit(std::string_view text) {
  for (char c : text)
    if (is_digit(c)) return true;
  return false;
}

}  // namespace reckon::exercise
