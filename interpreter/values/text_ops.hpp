// The text builtins' meaning on UTF-8 texts, as Python's str methods have it where the
// two can agree: lengths, indexes and slices count code points (not bytes), so
// `len("µs")` is 2 and `find("a µs b", "b")` is 5. Case mapping and stripping know ASCII
// only (docs/language.md, "Text"). Pure functions: the checker and the evaluators call
// them, and tests/unit/test_text_ops.cpp holds them to Python's answers.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace reckon::text_ops {

// The number of code points of `t` (a byte that does not continue a sequence starts one).
std::size_t length(std::string_view t);

// The part of `t` from code point `from` up to (not including) code point `to`, both
// already within 0 .. length(t) and from <= to.
std::string_view slice(std::string_view t, std::size_t from, std::size_t to);

// The code-point index of the first `part` in `t`, or nullopt; an empty part is at 0.
std::optional<std::size_t> find(std::string_view t, std::string_view part);

// `t` cut at every `separator` (not empty): Python's t.split(separator).
std::vector<std::string> split(std::string_view t, std::string_view separator);

// `t` without the ASCII white space (space, \t, \n, \v, \f, \r) at either end.
std::string_view strip(std::string_view t);

// `t` with its ASCII letters made upper or lower case; other bytes unchanged.
std::string upper(std::string_view t);
std::string lower(std::string_view t);

// `t` with every `old` replaced by `replacement`, left to right, as Python's t.replace:
// an empty `old` puts `replacement` before every code point and at the end.
std::string replace(std::string_view t, std::string_view old, std::string_view replacement);

// The number a text writes ("12.5", " -3e2 "; not "1_000": underscores are not read), or
// nullopt: an optional sign, digits with at most one point, an optional exponent, and
// white space around; not "inf", "nan" or hexadecimal. The nearest double, as strtod.
std::optional<double> number(std::string_view t);

}  // namespace reckon::text_ops
