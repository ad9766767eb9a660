// The ways students write numbers that Reckon's grammar does not read, rewritten to the
// Reckon they mean before an answer is parsed (answer.cpp). Each rewrite keeps the
// number's value, and none touches a unit: what the answer means, its dimension
// included, is Reckon's to read.
#pragma once

#include <string>
#include <string_view>

namespace reckon::exercise {

// `text` with
// - thousands separators removed from a number outside parentheses and brackets, when
//   every group after the first has three digits and the first does not start with 0
//   (`2,501` and `1,234,567.5`; not `0,37` or `1,23`, decimal commas, nor `f(1,234)`);
// - a power of ten written out read as an exponent: `1.4*10^10`, `1.4×10^10` and
//   `1.4 x 10^10` are `1.4e10`, where the number starts the answer or follows `(`, `+`,
//   `-` or `,` (after `^` or `/`, `2^2*10^3` and `1/2*10^3`, it would bind otherwise);
// - one full stop at the end dropped (`14 GB.`);
// and leading and trailing blanks trimmed.
std::string forgiving_text(std::string_view text);

// The symbol of a unit spelt out with its prefix, in any case (`gibibytes` -> `GiB`,
// `Megabyte` -> `MB`, `milliseconds` -> `ms`, `kilobits` -> `kbit`, `terawatts` -> `TW`),
// or "" when `word` is not one: a prefix (kilo ... exa, kibi ... exbi, milli, micro, nano,
// pico) and a unit (byte, bit, second, watt, joule, hertz, gram, metre or meter), singular
// or plural, whose symbols make a unit of the catalogue with the unit's own dimension.
// `megabit` is never MB, nor `teraflops` anything (a rate or an amount?).
std::string spelled_prefixed_unit(std::string_view word);

// Whether `text` holds a digit: an answer without one (`N/A`, `lots`, `I don't know`)
// is not a number.
bool has_digit(std::string_view text);

}  // namespace reckon::exercise
