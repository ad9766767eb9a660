// The fast path for long list literals of numbers that all carry the same written unit,
// `[0.981 ms, 1.732 ms, ...]` (a measured trace pasted into a file): the generic grammar
// builds a parse-tree node per rule attempt and an Expr per element, about 300 ns per
// byte; this scans such a literal in one pass and the parser keeps its values packed
// in one Expr (ExprKind::number_list, docs/performance.md).
//
// Only input the generic grammar reads the same way takes the fast path: a `[`, then
// NUMBER UNIT elements separated by commas (a trailing comma allowed) with layout
// (spaces, newlines, `#` comments) between them, and a `]`. Every number is written as
// the grammar's `number` (no sign, no hex), every unit as ASCII `name(^power)` factors
// joined by `*` or `/`, byte for byte the same as the first element's. Anything else (a
// different unit, an expression, a bad number, a number out of range) makes the scan
// fail, and the generic grammar parses the literal, with its located errors.
#pragma once

#include <charconv>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>
#include <system_error>
#include <vector>

namespace reckon::grammar {

// Shorter lists are left to the generic grammar: they are cheap there, and their
// explanations (`reckon explain`) show each element as it is written.
inline constexpr std::size_t min_packed_elements = 16;

struct NumberListScan {
  std::size_t length = 0;  // bytes from the `[` to the `]`, inclusive
  // The first element, relative to the `[`: where its number begins and ends, and where
  // its unit begins and ends (the unit every element is written in).
  std::size_t first_begin = 0, first_number_end = 0, unit_begin = 0, unit_end = 0;
  std::vector<double> values;  // as written, before the unit's scale
};

namespace number_list_detail {

inline bool ascii_letter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
inline bool ascii_digit(char c) { return c >= '0' && c <= '9'; }
inline bool name_char(char c) { return ascii_letter(c) || ascii_digit(c) || c == '_'; }

// Layout between tokens (the grammar's `sep`): whitespace and `#` comments; `##` (a doc
// comment) is not layout there, so the scan gives up on it.
inline bool skip_layout(std::string_view s, std::size_t& i) {
  while (i < s.size()) {
    const char c = s[i];
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f') {
      ++i;
    } else if (c == '#') {
      if (i + 1 < s.size() && s[i + 1] == '#') return false;
      while (i < s.size() && s[i] != '\n') ++i;
    } else {
      break;
    }
  }
  return true;
}

// The grammar's `number` (digits, then `.digits` and an exponent if written), read and
// converted in one pass: `digits.digits` with at most 15 digits in all (a trace's
// `3.359`) is the digits as a whole number w below 10^15, exact as a double, divided by
// 10^k (k <= 15), also exact; IEEE division rounds the exact quotient correctly, so
// this is the double from_chars gives (Clinger's fast path) at a tenth of its cost.
// Anything longer, or with an exponent, goes to from_chars, which rounds correctly as
// strtod (the generic path) does. Returns false where the grammar would not read a
// number, and for values the generic path must report (beyond 1e200: E0420 there).
inline bool scan_number(std::string_view s, std::size_t& i, double& value) {
  static constexpr double powers_of_ten[] = {1e0, 1e1, 1e2,  1e3,  1e4,  1e5,  1e6,  1e7,
                                             1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15};
  const std::size_t start = i, n = s.size();
  std::uint64_t whole = 0;  // meaningful while digits <= 15
  int digits = 0, fraction = 0;
  for (; i < n && ascii_digit(s[i]); ++i, ++digits)
    whole = whole * 10 + static_cast<std::uint64_t>(s[i] - '0');
  if (digits == 0) return false;
  if (i < n && s[i] == '.') {
    const std::size_t after = ++i;
    for (; i < n && ascii_digit(s[i]); ++i, ++digits)
      whole = whole * 10 + static_cast<std::uint64_t>(s[i] - '0');
    if (i == after) return false;
    fraction = static_cast<int>(i - after);
  }
  bool exponent = false;
  if (i < n && (s[i] == 'e' || s[i] == 'E')) {
    exponent = true;
    ++i;
    if (i < n && (s[i] == '+' || s[i] == '-')) ++i;
    const std::size_t after = i;
    while (i < n && ascii_digit(s[i])) ++i;
    if (i == after) return false;
  }
  if (!exponent && digits <= 15) {
    value = static_cast<double>(whole) / powers_of_ten[fraction];
    return true;
  }
  auto [ptr, ec] = std::from_chars(s.data() + start, s.data() + i, value);
  return ec == std::errc{} && ptr == s.data() + i && std::fabs(value) < 1e200;
}

// A unit as written: `name`, `name^2`, `name^-1`, joined by `*` or `/`, no spaces.
inline bool skip_unit(std::string_view s, std::size_t& i) {
  for (;;) {
    if (i >= s.size() || !(ascii_letter(s[i]) || s[i] == '_')) return false;
    while (i < s.size() && name_char(s[i])) ++i;
    if (i < s.size() && s[i] == '^') {
      ++i;
      if (i < s.size() && s[i] == '-') ++i;
      const std::size_t after = i;
      while (i < s.size() && ascii_digit(s[i])) ++i;
      if (i == after) return false;
    }
    if (i < s.size() && (s[i] == '*' || s[i] == '/')) {
      ++i;
      continue;
    }
    return true;
  }
}

}  // namespace number_list_detail

// Scans `s`, which starts at a `[`. Returns false (and leaves `out` unspecified) unless
// the whole literal is such a list of at least min_packed_elements elements. The first
// unit's words are checked by the caller (`unit_is_name`: not a keyword).
inline bool scan_number_list(std::string_view s, NumberListScan& out) {
  using namespace number_list_detail;
  out.values.clear();
  std::size_t i = 1;
  if (!skip_layout(s, i)) return false;
  out.first_begin = i;
  std::string_view unit;
  for (;;) {
    double value = 0;
    if (!scan_number(s, i, value)) return false;
    const std::size_t number_end = i;
    while (i < s.size() && (s[i] == ' ' || s[i] == '\t')) ++i;  // the grammar's `hsep`
    const std::size_t unit_begin = i;
    if (out.values.empty()) {
      if (!skip_unit(s, i)) return false;
      out.first_number_end = number_end;
      out.unit_begin = unit_begin;
      out.unit_end = i;
      unit = s.substr(unit_begin, i - unit_begin);
    } else {
      // The first element's unit, byte for byte, and not the start of a longer one
      // (`ms^2`, `msx`, `ms/s`), which skip_unit would have read on.
      if (s.size() - i < unit.size() || std::memcmp(s.data() + i, unit.data(), unit.size()) != 0)
        return false;
      i += unit.size();
      if (i < s.size() && (name_char(s[i]) || s[i] == '^' || s[i] == '*' || s[i] == '/'))
        return false;
    }
    // What follows a unit must end it: not a non-ASCII letter of a longer name.
    if (i < s.size() && static_cast<unsigned char>(s[i]) >= 0x80) return false;
    out.values.push_back(value);
    if (!skip_layout(s, i) || i >= s.size()) return false;
    if (s[i] == ']') break;
    if (s[i] != ',') return false;
    ++i;
    if (!skip_layout(s, i) || i >= s.size()) return false;
    if (s[i] == ']') break;  // a trailing comma
  }
  out.length = i + 1;
  return out.values.size() >= min_packed_elements;
}

// The last scan that matched and where, kept for the parser's converter so that a
// literal is scanned once: the rule cannot hand its result over through the parse tree.
// The converter scans again when it finds another literal's here.
struct ScannedNumberList {
  const char* at = nullptr;
  NumberListScan scan;
};
inline ScannedNumberList& last_scanned_number_list() {
  thread_local ScannedNumberList last;
  return last;
}

}  // namespace reckon::grammar
