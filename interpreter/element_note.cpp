// The element a failing comprehension was at (element_note.hpp).
#include "interpreter/element_note.hpp"

#include <fmt/format.h>

namespace reckon {

void note_element(UserError& error, const Expr& comprehension, std::size_t index) {
  const Expr& source = *comprehension.operands[0];
  const bool map = source.type.is_map();
  error.diagnostic().notes.push_back(
      {source.range,
       fmt::format("at {} {} of this {}", map ? "entry" : "element", index, map ? "map" : "list")});
}

}  // namespace reckon
