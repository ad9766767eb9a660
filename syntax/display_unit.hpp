// The unit a value is shown in. The checker writes one into the syntax tree for each
// declared type (ast.hpp), so it lives in the syntax layer; the catalogue that chooses
// one is interpreter/units.hpp.
#pragma once

#include <string>

namespace reckon {

// A unit to show a value in: its symbol and its scale to base units.
struct DisplayUnit {
  std::string symbol;
  double scale = 1;
  // A written step of the dimension's display ladder (`GB`, `mW`): a value other than
  // zero is shown in the step the ladder chooses for it (999.97 GB as 1.000 TB), zero in
  // this unit (`300 ms % 100 ms` is 0 ms).
  bool ladder = false;
};

}  // namespace reckon
