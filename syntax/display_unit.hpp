// The unit a value is shown in. The checker writes one into the syntax tree for each
// declared type (ast.hpp), so it lives in the syntax layer; the catalogue that chooses
// one is interpreter/units.hpp.
#pragma once

#include <optional>
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
  // A tuple's: the unit of each element in order (nullopt where an element has none:
  // a text, a quantity shown in a readable unit), so that `p: (text, us)` shows its
  // second element in us and `(2000 MB -> MB, 1)` its first in MB. Empty for a value
  // that is not a tuple. A list's or a map's unit is its elements', so a list of tuples
  // carries this too.
  std::vector<std::optional<DisplayUnit>> elements{};

  bool is_tuple() const { return !elements.empty(); }
  // The unit of element `i` of a tuple, or null.
  const DisplayUnit* element(std::size_t i) const {
    return i < elements.size() && elements[i] ? &*elements[i] : nullptr;
  }
};

}  // namespace reckon
