// The unit a value is shown in. The checker writes one into the syntax tree for each
// declared type (ast.hpp), so it lives in the syntax layer; the catalogue that chooses
// one is interpreter/units.hpp.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace reckon {

// A unit to show a value in: its symbol and its scale to base units.
struct DisplayUnit {
  std::string symbol;
  double scale = 1;
  // A written step of the dimension's display ladder (`GB`, `mW`): a value other than
  // zero is shown in the step the ladder chooses for it (999.97 GB as 1.000 TB), zero in
  // this unit (`300 ms % 100 ms` is 0 ms).
  bool ladder = false;
  // With `ladder`, the unit of values a person wrote (an input's, a record field's, as a
  // registry's `memory: B/device` holds 80 GiB): where the ladder chooses from the byte, a
  // value shorter on the binary ladder was written there and shows there (format.hpp,
  // ladder_display_unit). A property's computed bytes stay on the decimal ladder.
  bool written_values = false;
  // A tuple's: which interned list of element units it has (0: not a tuple). Each
  // element's unit, or nullopt where an element has none (a text, a quantity shown in a
  // readable unit), so that `p: (text, us)` shows its second element in us and
  // `(2000 MB -> MB, 1)` its first in MB. A list's or a map's unit is its elements', so
  // a list of tuples has one too. An index into a table, not a vector, because a
  // DisplayUnit sits in every property and let, whose size the memory layout test bounds
  // (tests/unit/test_memory_layout.cpp): a few distinct tuples' units exist per program.
  std::uint32_t tuple = 0;

  bool is_tuple() const { return tuple != 0; }
  // A tuple's element units in order (empty for anything else).
  std::span<const std::optional<DisplayUnit>> elements() const;
  // The unit of element `i` of a tuple, or null.
  const DisplayUnit* element(std::size_t i) const;
  // The unit of a tuple whose elements have `elements`; equal lists share an entry.
  static DisplayUnit of_tuple(std::vector<std::optional<DisplayUnit>> elements);
};

}  // namespace reckon
