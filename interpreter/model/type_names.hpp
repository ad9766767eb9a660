// Static types as messages name them. The names of dimensions come from the unit
// catalogue (units.hpp), so this lives in the interpreter, not beside Type in syntax/.
#pragma once

#include <string>

#include "syntax/types.hpp"

namespace reckon {

// "B (information)", "bool", "Transformer", "token?".
std::string describe(const Type& t);

}  // namespace reckon
