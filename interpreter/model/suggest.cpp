#include "interpreter/model/suggest.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <numeric>

#include "interpreter/values/units.hpp"

namespace reckon {

namespace {

// The edit distance between `a` and `b`, or `limit + 1` as soon as it must exceed `limit`
// (the length difference alone, or a row whose every entry does). Only the cells within
// `limit` of the diagonal are computed (Ukkonen 1985, "Algorithms for approximate string
// matching"): a path through a cell further off costs more than `limit` on its own. So
// the work is O(|a| * limit), not O(|a| * |b|): two 60,000-character names took 15.7 s.
// `row` is scratch space, kept by the caller across candidates.
std::size_t edit_distance(std::string_view a, std::string_view b, std::size_t limit,
                          std::vector<std::size_t>& row) {
  const std::size_t apart = a.size() > b.size() ? a.size() - b.size() : b.size() - a.size();
  if (apart > limit) return limit + 1;
  const std::size_t beyond = limit + 1;  // any cost over the limit
  // Row 0: j insertions; cells past the band are beyond the limit.
  row.assign(b.size() + 1, beyond);
  for (std::size_t j = 0; j <= std::min(b.size(), limit); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    const std::size_t first = i > limit ? i - limit : 1;  // the band of row i
    const std::size_t last = std::min(b.size(), i + limit);
    std::size_t diagonal = row[first - 1];
    // Column first - 1 of row i: i deletions when it is column 0, else outside the band.
    row[first - 1] = first == 1 ? std::min(i, beyond) : beyond;
    std::size_t least = row[first - 1];
    for (std::size_t j = first; j <= last; ++j) {
      // row[j] is row i - 1's, or beyond the limit when j is past that row's band.
      const std::size_t above = row[j];
      const std::size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
      row[j] = std::min({above + 1, row[j - 1] + 1, diagonal + cost, beyond});
      diagonal = above;
      least = std::min(least, row[j]);
    }
    if (least > limit) return beyond;
  }
  return row[b.size()];
}

// Names people write for units that are not Reckon's spelling, and why. An empty
// suggestion: there is no unit to write instead, only the advice.
struct UnitHint {
  std::string_view written;
  std::string_view suggestion;
  std::string_view why;
};

constexpr std::string_view bits_why =
    "`b` is not a unit: bits are `bit` (`Gbit`), bytes `B` (`GB`, 8 times as many bits)";
constexpr std::string_view lower_case_bytes_why =
    "prefixes above kilo are upper case and the byte is `B`: `GB`; gigabits are `Gbit`";
constexpr std::string_view bits_per_second_why =
    "bits per second are `bit/s` (`Gbit/s`); bytes per second `B/s` (`GB/s`)";
constexpr std::string_view bytes_per_second_why = "bytes per second are `B/s` (`GB/s`)";
constexpr std::string_view symbol_why = "units are written as their symbol";
constexpr std::string_view tops_why =
    "a rate of operations is written as a rate: tera-operations per second are `TOP/s`, and "
    "one op is one flop";
constexpr std::string_view device_why =
    "the counting unit of accelerators is `device` (plural `devices`); `GPU` is another name "
    "of it";
constexpr std::string_view percent_why =
    "a percentage is a plain fraction in Reckon: write `0.5` for 50%";
constexpr std::string_view tonne_why = "a tonne is `t` (1000 kg); emissions are `tCO2e`";
constexpr std::string_view carbon_why = "emissions are in CO2-equivalent: gCO2e, kgCO2e, tCO2e";

constexpr std::array unit_hints = {
    UnitHint{"b", "bit", bits_why},
    UnitHint{"bits", "bit", symbol_why},
    UnitHint{"Kb", "kbit", bits_why},
    UnitHint{"Mb", "Mbit", bits_why},
    UnitHint{"Gb", "Gbit", bits_why},
    UnitHint{"Tb", "Tbit", bits_why},
    UnitHint{"Pb", "Pbit", bits_why},
    UnitHint{"Kib", "Kibit", bits_why},
    UnitHint{"Mib", "Mibit", bits_why},
    UnitHint{"Gib", "Gibit", bits_why},
    UnitHint{"Tib", "Tibit", bits_why},
    UnitHint{"kb", "kbit", bits_why},
    UnitHint{"mb", "MB", lower_case_bytes_why},
    UnitHint{"gb", "GB", lower_case_bytes_why},
    UnitHint{"tb", "TB", lower_case_bytes_why},
    UnitHint{"pb", "PB", lower_case_bytes_why},
    UnitHint{"bps", "bit/s", bits_per_second_why},
    UnitHint{"kbps", "kbit/s", bits_per_second_why},
    UnitHint{"Kbps", "kbit/s", bits_per_second_why},
    UnitHint{"Mbps", "Mbit/s", bits_per_second_why},
    UnitHint{"Gbps", "Gbit/s", bits_per_second_why},
    UnitHint{"Tbps", "Tbit/s", bits_per_second_why},
    UnitHint{"Bps", "B/s", bytes_per_second_why},
    UnitHint{"kBps", "kB/s", bytes_per_second_why},
    UnitHint{"MBps", "MB/s", bytes_per_second_why},
    UnitHint{"GBps", "GB/s", bytes_per_second_why},
    UnitHint{"TBps", "TB/s", bytes_per_second_why},
    UnitHint{"KB", "kB", "the kilo prefix is lower case: `kB` is 1000 B; `KiB` is 1024 B"},
    UnitHint{"kiB", "KiB", "the binary prefixes are Ki Mi Gi Ti Pi Ei: `KiB` is 1024 B"},
    UnitHint{"byte", "B", symbol_why},
    UnitHint{"bytes", "B", symbol_why},
    UnitHint{"d", "day", "a day is `day`"},
    UnitHint{"days", "day", symbol_why},
    UnitHint{"sec", "s", symbol_why},
    UnitHint{"secs", "s", symbol_why},
    UnitHint{"second", "s", symbol_why},
    UnitHint{"seconds", "s", symbol_why},
    UnitHint{"msec", "ms", symbol_why},
    UnitHint{"usec", "us", symbol_why},
    UnitHint{"nsec", "ns", symbol_why},
    UnitHint{"minute", "min", symbol_why},
    UnitHint{"minutes", "min", symbol_why},
    UnitHint{"mins", "min", symbol_why},
    UnitHint{"hr", "h", symbol_why},
    UnitHint{"hrs", "h", symbol_why},
    UnitHint{"hour", "h", symbol_why},
    UnitHint{"hours", "h", symbol_why},
    UnitHint{"weeks", "week", symbol_why},
    UnitHint{"wk", "week", symbol_why},
    UnitHint{"months", "month", symbol_why},
    UnitHint{"years", "year", symbol_why},
    UnitHint{"yr", "year", symbol_why},
    UnitHint{"tok", "token", symbol_why},
    UnitHint{"toks", "token", symbol_why},
    UnitHint{"y", "year", symbol_why},
    UnitHint{"TOPS", "TOP/s", tops_why},
    UnitHint{"TOPs", "TOP/s", tops_why},
    UnitHint{"GOPS", "GOP/s", tops_why},
    UnitHint{"POPS", "POP/s", tops_why},
    UnitHint{"percent", "", percent_why},
    UnitHint{"pct", "", percent_why},
    UnitHint{"tonne", "t", tonne_why},
    UnitHint{"tonnes", "t", tonne_why},
    UnitHint{"ton", "t", tonne_why},
    UnitHint{"tons", "t", tonne_why},
    UnitHint{"CO2e", "kgCO2e", carbon_why},
    UnitHint{"l", "L", "the litre is `L` (1e-3 m^3)"},
    UnitHint{"liter", "L", symbol_why},
    UnitHint{"litre", "L", symbol_why},
    UnitHint{"ml", "mL", "the litre is `L`: a millilitre is `mL`"},
    UnitHint{"dollar", "USD", symbol_why},
    UnitHint{"dollars", "USD", symbol_why},
    UnitHint{"usd", "USD", symbol_why},
    UnitHint{"gpu", "device", device_why},
    UnitHint{"gpus", "devices", device_why},
    UnitHint{"Device", "device", device_why},
    UnitHint{"Devices", "devices", device_why},
    UnitHint{"dev", "device", device_why},
    UnitHint{"ops", "op", "an operation is `op` (one op is one flop); a rate of them is `op/s`"},
    UnitHint{"watt", "W", symbol_why},
    UnitHint{"watts", "W", symbol_why},
    UnitHint{"joule", "J", symbol_why},
    UnitHint{"joules", "J", symbol_why},
    UnitHint{"kwh", "kWh", symbol_why},
    UnitHint{"KWh", "kWh", "the kilo prefix is lower case"},
    UnitHint{"kWH", "kWh", symbol_why},
    UnitHint{"KWH", "kWh", symbol_why},
    UnitHint{"MWH", "MWh", symbol_why},
    UnitHint{"hz", "Hz", symbol_why},
    UnitHint{"khz", "kHz", symbol_why},
    UnitHint{"KHz", "kHz", "the kilo prefix is lower case"},
    UnitHint{"Mhz", "MHz", symbol_why},
    UnitHint{"Ghz", "GHz", symbol_why},
    UnitHint{"GHZ", "GHz", symbol_why},
};

char lower(char c) { return static_cast<char>(std::tolower(static_cast<unsigned char>(c))); }

std::string folded(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = lower(c);
  return out;
}

std::string format_hint(std::string_view suggestion, std::string_view why) {
  if (suggestion.empty()) return "; " + std::string(why);
  return "; did you mean `" + std::string(suggestion) + "`? (" + std::string(why) + ")";
}

}  // namespace

std::string unit_hint(std::string_view name) {
  for (const UnitHint& h : unit_hints)
    if (h.written == name) return format_hint(h.suggestion, h.why);
  // A rate of operations written as one word, in any case: TFLOPS, GFLOPs, TFlops, flops.
  if (name.size() >= 5) {
    std::string tail(name.substr(name.size() - 5));
    std::transform(tail.begin(), tail.end(), tail.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    std::string prefix(name.substr(0, name.size() - 5));
    // The spelling of the amount follows the name's: flops -> flop/s, TFLOPS -> TFLOP/s.
    bool lower = name.substr(name.size() - 5) == tail;
    for (const char* spelling : {lower ? "flop" : "FLOP", lower ? "FLOP" : "flop"}) {
      std::string amount = prefix + spelling;  // TFLOP
      if (tail != "flops" || !find_unit(amount)) continue;
      return format_hint(amount + "/s", "`" + std::string(name) + "` reads as a rate: `" + amount +
                                            "/s`; an amount of work is `" + amount + "`");
    }
  }
  // Emissions without the `e`: gCO2, kgCO2, tCO2 (and CO2eq).
  for (std::string_view tail : {"CO2", "CO2eq"}) {
    if (name.size() <= tail.size() || name.substr(name.size() - tail.size()) != tail) continue;
    std::string fixed = std::string(name.substr(0, name.size() - tail.size())) + "CO2e";
    if (find_unit(fixed)) return format_hint(fixed, carbon_why);
  }
  // The kilo prefix in upper case: KW, KJ, Kg, Km -> kW, kJ, kg, km.
  if (name.size() > 1 && name[0] == 'K') {
    std::string lower = "k" + std::string(name.substr(1));
    if (find_unit(lower)) return format_hint(lower, "the kilo prefix is lower case");
  }
  return "";
}

std::string_view unit_spelled(std::string_view name) {
  for (const UnitHint& h : unit_hints)
    if (h.written == name && h.why == symbol_why) return h.suggestion;
  return {};
}

std::string did_you_mean_unit(std::string_view name, const std::vector<std::string>& candidates) {
  std::string hint = unit_hint(name);
  return hint.empty() ? did_you_mean(name, candidates) : hint;
}

std::string did_you_mean(std::string_view name, const std::vector<std::string>& candidates) {
  return did_you_mean(name, std::vector<std::string_view>(candidates.begin(), candidates.end()));
}

// `a < b` for names, byte by byte as unsigned chars (std::string_view's order), written
// out: libstdc++'s compare subtracts the sizes as unsigned numbers and converts the
// result, which the implicit-conversion sanitizer reports (found by the eval fuzzer).
static bool before(std::string_view a, std::string_view b) {
  return std::lexicographical_compare(a.begin(), a.end(), b.begin(), b.end(), [](char x, char y) {
    return static_cast<unsigned char>(x) < static_cast<unsigned char>(y);
  });
}

std::string did_you_mean(std::string_view name, const std::vector<std::string_view>& candidates) {
  // A third of the name's letters may differ, up to max_suggestion_distance: the same for
  // every name of up to 50 letters; longer ones cost O(length) per candidate, not
  // O(length squared).
  const std::size_t limit = std::clamp<std::size_t>(name.size() / 3, 1, max_suggestion_distance);
  const std::string_view* best = nullptr;
  std::size_t best_distance = limit + 1;
  std::size_t best_exact = 0;
  std::vector<std::size_t> row;
  // Names are compared ignoring case: `H100` for `h100` is the same name mistyped, and
  // closer than `a100` (one letter apart in either case). Of the closest names, the
  // first in alphabetical order: the candidates come in the order of a hash table, which
  // any new name in the standard library reshuffles.
  const std::string folded_name = folded(name);
  std::string folded_candidate;
  for (const std::string_view& c : candidates) {
    folded_candidate.assign(c);
    for (char& x : folded_candidate) x = lower(x);
    std::size_t d = edit_distance(folded_name, folded_candidate, best_distance, row);
    if (d > best_distance || (d == best_distance && !best)) continue;
    // Equally close ignoring case: the closer with case (`MS` is `ms` rather than `Ms`),
    // then the first alphabetically. The distance with case is at most the longer name's
    // length (for a name of 50 letters, a candidate's is at most 67), so bounding it by
    // max_tie_break_distance changes nothing for names of up to 50 letters and keeps
    // longer ones linear.
    const std::size_t exact =
        edit_distance(name, c, std::min(name.size() + c.size(), max_tie_break_distance), row);
    if (d == best_distance && (exact > best_exact || (exact == best_exact && !before(c, *best))))
      continue;
    best_distance = d;
    best_exact = exact;
    best = &c;
  }
  return best ? "; did you mean `" + std::string(*best) + "`?" : "";
}

std::string did_you_mean_input(std::string_view name, const std::vector<std::string>& inputs) {
  std::string close = did_you_mean(name, inputs);
  if (!close.empty() || name.empty()) return close;
  // Words are separated by `_`: `name` is a run of an input's words, or an input's
  // words begin `name`.
  const std::string wrapped = "_" + std::string(name) + "_";
  const std::string* only = nullptr;
  for (const std::string& input : inputs) {
    const std::string words = "_" + input + "_";
    const bool holds = words.find(wrapped) != std::string::npos;
    const bool begins = wrapped.starts_with(words);
    if (!holds && !begins) continue;
    if (only) return "";  // two inputs fit: neither is the one meant
    only = &input;
  }
  return only ? "; did you mean `" + *only + "`?" : "";
}

}  // namespace reckon
