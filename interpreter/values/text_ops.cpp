#include "interpreter/values/text_ops.hpp"

#include <charconv>
#include <cmath>

namespace reckon::text_ops {

namespace {

bool continues(char c) { return (static_cast<unsigned char>(c) & 0xC0) == 0x80; }

bool ascii_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r';
}

// The byte offset of code point `index` of `t` (t.size() past the last).
std::size_t offset(std::string_view t, std::size_t index) {
  std::size_t i = 0;
  for (std::size_t seen = 0; i < t.size(); ++i) {
    if (continues(t[i])) continue;
    if (seen++ == index) return i;
  }
  return t.size();
}

}  // namespace

std::size_t length(std::string_view t) {
  std::size_t n = 0;
  for (char c : t) n += continues(c) ? 0 : 1;
  return n;
}

std::string_view slice(std::string_view t, std::size_t from, std::size_t to) {
  const std::size_t begin = offset(t, from);
  const std::size_t end = offset(t, to);
  return t.substr(begin, end - begin);
}

std::optional<std::size_t> find(std::string_view t, std::string_view part) {
  const std::size_t at = t.find(part);
  if (at == std::string_view::npos) return std::nullopt;
  return length(t.substr(0, at));
}

std::vector<std::string> split(std::string_view t, std::string_view separator) {
  std::vector<std::string> out;
  for (;;) {
    const std::size_t at = t.find(separator);
    if (at == std::string_view::npos) break;
    out.emplace_back(t.substr(0, at));
    t.remove_prefix(at + separator.size());
  }
  out.emplace_back(t);
  return out;
}

std::string_view strip(std::string_view t) {
  while (!t.empty() && ascii_space(t.front())) t.remove_prefix(1);
  while (!t.empty() && ascii_space(t.back())) t.remove_suffix(1);
  return t;
}

std::string upper(std::string_view t) {
  std::string out(t);
  for (char& c : out)
    if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
  return out;
}

std::string lower(std::string_view t) {
  std::string out(t);
  for (char& c : out)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return out;
}

std::string replace(std::string_view t, std::string_view old, std::string_view replacement) {
  std::string out;
  if (old.empty()) {
    for (std::size_t i = 0; i < t.size(); ++i) {
      if (!continues(t[i])) out += replacement;
      out += t[i];
    }
    out += replacement;
    return out;
  }
  for (;;) {
    const std::size_t at = t.find(old);
    if (at == std::string_view::npos) break;
    out += t.substr(0, at);
    out += replacement;
    t.remove_prefix(at + old.size());
  }
  out += t;
  return out;
}

std::optional<double> number(std::string_view t) {
  t = strip(t);
  if (t.empty()) return std::nullopt;
  // from_chars reads no leading '+' and would read "inf", "nan" and "0x..": the grammar
  // above is checked first, then the digits are converted.
  std::string_view body = t;
  if (body.front() == '+' || body.front() == '-') body.remove_prefix(1);
  std::size_t i = 0, digits = 0;
  while (i < body.size() && body[i] >= '0' && body[i] <= '9') ++i, ++digits;
  if (i < body.size() && body[i] == '.') {
    ++i;
    while (i < body.size() && body[i] >= '0' && body[i] <= '9') ++i, ++digits;
  }
  if (digits == 0) return std::nullopt;
  if (i < body.size() && (body[i] == 'e' || body[i] == 'E')) {
    ++i;
    if (i < body.size() && (body[i] == '+' || body[i] == '-')) ++i;
    const std::size_t exponent_start = i;
    while (i < body.size() && body[i] >= '0' && body[i] <= '9') ++i;
    if (i == exponent_start) return std::nullopt;
  }
  if (i != body.size()) return std::nullopt;
  double value = 0;
  const char* first = body.data();
  const char* last = body.data() + body.size();
  auto [end, error] = std::from_chars(first, last, value);
  if (error != std::errc() || end != last || !std::isfinite(value)) return std::nullopt;
  return t.front() == '-' ? -value : value;
}

}  // namespace reckon::text_ops
