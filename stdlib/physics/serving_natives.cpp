#include "stdlib/binding.hpp"
#include "stdlib/natives.hpp"

namespace reckon::stdlib {

void register_serving(NativeRegistry& r) { (void)r; }

}  // namespace reckon::stdlib
