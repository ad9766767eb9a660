// "Did you mean" suggestions for misspelt names.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace reckon {

// The most "did you mean"s one check of a program computes (checker.cpp). Each scans
// every candidate, so without a bound a file of many misspellings checks in quadratic
// time (120,000 unknown names: 20 s); the errors past it are reported without one.
inline constexpr std::size_t max_suggestions = 20;
// The most names those suggestions may scan together: in a file of 490,000 names, 8
// suggestions; an error past either bound is reported without one.
inline constexpr std::size_t max_suggestion_candidates = 4'000'000;

// The largest edit distance a suggestion may be from the name (a third of the name's
// letters below that), and the bound of the distance with case that breaks ties: the
// bounds that make a suggestion's cost linear in the names' lengths (two names of 60,000
// letters took 15.7 s), and that no name of up to 50 letters reaches.
inline constexpr std::size_t max_suggestion_distance = 16;
inline constexpr std::size_t max_tie_break_distance = 80;

// "; did you mean `selective`?" for the closest candidate within a small edit
// distance, or "" when nothing is close.
std::string did_you_mean(std::string_view name, const std::vector<std::string>& candidates);
// The same over views, for the checker's names in scope (no copy of every name).
std::string did_you_mean(std::string_view name, const std::vector<std::string_view>& candidates);

// did_you_mean among a scenario's inputs, and when no name is close in spelling, the one
// input whose name holds `name` as whole words (`precision` for `precision_bytes`), or
// whose words begin `name` (`micro_batch` for `micro_batch_size`): the names `with`,
// `--set` and `--vary` are mistaken for most often.
std::string did_you_mean_input(std::string_view name, const std::vector<std::string>& inputs);

// A hint for a name people write for a unit that is not Reckon's spelling: "; did you mean
// `Gbit`? (...why...)" for `Gb`, `TFLOP/s` for `TFLOPS`, `day` for `d`; advice alone for
// `percent`. "" for any other name.
std::string unit_hint(std::string_view name);

// The unit `name` spells out, when unit_hint's hint for it is only the symbol of the same
// unit (`hours` -> `h`, `bytes` -> `B`, `tok` -> `token`): a word with one meaning, which
// an exercise's answer may use (answer.cpp). "" for every other name, `Gb` included
// (gigabits or gigabytes?).
std::string_view unit_spelled(std::string_view name);

// unit_hint's hint when there is one, else did_you_mean among the candidates.
std::string did_you_mean_unit(std::string_view name, const std::vector<std::string>& candidates);

}  // namespace reckon
