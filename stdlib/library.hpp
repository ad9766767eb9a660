// The standard library: native functions and the modules written in Reckon.
#pragma once

#include "interpreter/model/program.hpp"

namespace reckon::stdlib {

const Library& standard_library();

}  // namespace reckon::stdlib
