// The unit catalogue: every unit name the language knows, its scale to base units
// and its dimension, plus the names of dimensions and the display ladders used to
// pick a readable prefix.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "syntax/dimension.hpp"
#include "syntax/display_unit.hpp"

namespace reckon {

struct UnitInfo {
  std::string symbol;
  double scale = 1;  // base units per one of this unit
  Dimension dim;
};

// nullptr if the name is not a unit.
const UnitInfo* find_unit(std::string_view name);
const std::vector<UnitInfo>& all_units();

// A unit composed from catalogue units, as written after a number or `->`.
struct ComposedUnit {
  double scale = 1;
  Dimension dim;
};

// "information", "time", "compute rate", ... or the base-unit spelling for others.
std::string dimension_name(const Dimension& d);

// The dimension in base units: "B", "flop/s", "kg*m^2/s^3", "B*token"; "" if none.
std::string base_unit_string(const Dimension& d);

// The same for messages, with mass and length spelled as J or W where they make energy
// or power: "W/device", "J/token", "USD/J" rather than "kg*m^2/(s^3*device)" or
// "s^2*USD/(kg*m^2)".
std::string counted_unit_string(const Dimension& d);

// The unit to show a value in when no unit was declared: the largest unit of the
// dimension's ladder in which the value, rounded to `digits` significant digits, is at
// least 1 (GB for 3.2e10 B; TB for 999.97e9 B at 4 digits). Values of 1000 or more of the
// top step go to the ladder's overflow unit (flop for 3.15e23 flop). nullopt: no ladder.
// Whether two units as written differ only in a decimal prefix against the binary one of
// the same letter (`GB` and `GiB`, `kB/device` and `KiB/device`, `Mbit` and `Mibit`): the
// commonest slip between GB and GiB.
bool decimal_binary_twins(std::string_view a, std::string_view b);

// Units with two spellings on one ladder: the device count is `device` or `GPU` (`GPUs`,
// `devices`), and an operation `op` (`TOP`) or `flop` (`TFLOP`). `symbol` with every such
// word in the ladder's spelling (`TOP/s/GPU` is `TFLOP/s/device`), as ladder_step and
// alternative_ladder compare it.
std::string ladder_spelling(std::string_view symbol);

// `chosen`, a step a ladder chose for a value declared or written in `written`, in the
// spellings `written` used: `GiB/device` for `B/GPU` is `GiB/GPU`, `TFLOP/s` for `op/s` is
// `TOP/s` (docs/language.md, "Display": a declared unit's names win).
std::string respelled(std::string_view chosen, std::string_view written);
// Which other names a written unit uses: `GPU` (`GPUs`) for `device`, `op` (`TOP`, ...) for
// `flop`.
struct OtherNames {
  bool gpu = false;
  bool ops = false;
  bool any() const { return gpu || ops; }
};
OtherNames other_names_in(std::string_view written);
// Whether `written` uses such another name (`GPU`, `GPUs`, `op`, `TOP`): whether respelled
// can change anything. Allocates nothing, for the checker's every record argument.
inline bool other_names(std::string_view written) { return other_names_in(written).any(); }
// Whether respelled(chosen, w) differs from `chosen` for a `w` that uses `names`: whether
// `chosen` has a word they rename (`device` for a GPU, `flop`/`TFLOP` for an op). Allocates
// nothing: the checker asks it of a registry literal's factors before reading its unit.
bool respells(std::string_view chosen, OtherNames names);
// The same for one word of a unit (a factor's name): `GPU`/`GPUs`, and `op`/`TOP`/....
// Inline, with the prefixes looked up only for a word ending in `OP`: the checker asks it
// of every factor of every registry literal.
inline bool gpu_name(std::string_view word) {
  return word.starts_with("GPU") && (word.size() == 3 || word == "GPUs");
}
bool prefixed_op_name(std::string_view word);
// A prefix of the catalogue spelled out at the start of `word` (`kilo`, `gibi`, `micro`, in
// lower case): its symbol (`k`, `Gi`, `u`) and the length of its name. nullopt: none.
struct SpelledPrefix {
  std::string_view symbol;
  std::size_t length = 0;
};
std::optional<SpelledPrefix> spelled_prefix(std::string_view word);
inline bool op_name(std::string_view word) {
  return word == "op" || (word.ends_with("OP") && prefixed_op_name(word));
}

// Whether `symbol` is a step of the display ladder of `d` (`GB` of information, `mW` of
// power), so that the ladder may choose a step for a value written in it.
bool ladder_step(const Dimension& d, std::string_view symbol);

std::optional<ComposedUnit> readable_unit(const Dimension& d, double base_value,
                                          std::string* symbol, int digits = 17);

// Ladders besides a dimension's decimal one, for values written on them (docs/language.md,
// "Display"): bytes in powers of 1024 (B KiB MiB ... EiB), bits (bit kbit Mbit ... Ebit),
// and each of them per second (B/s KiB/s ...; bit/s kbit/s ...).
bool has_alternative_ladders(const Dimension& d);

// Which kind of alternative ladder (binary bytes, bits) `symbol` is a step of for `d`: a
// number, the same for a ladder and its per-second twin, or -1 when on none. The byte (`B`, `B/s`)
// is the first step of the binary ladder, and of the decimal one too.
int alternative_ladder(const Dimension& d, std::string_view symbol);

// Whether `symbol` is a step of an alternative ladder of `d` that the decimal ladder
// lacks (KiB, MiB/s, bit, kbit/s): a value written in it is shown on that ladder when the
// ladder chooses its step (format.hpp, ladder_display_unit).
bool alternative_step(const Dimension& d, std::string_view symbol);

// readable_unit on the alternative ladder `written` is a step of (alternative_ladder);
// nullopt when it is a step of none.
std::optional<ComposedUnit> readable_alternative_unit(const Dimension& d, std::string_view written,
                                                      double base_value, std::string* symbol,
                                                      int digits = 17);

}  // namespace reckon
