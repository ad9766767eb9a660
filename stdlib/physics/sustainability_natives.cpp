#include "stdlib/binding.hpp"
#include "stdlib/natives.hpp"
#include "stdlib/physics/sustainability.hpp"

namespace reckon::stdlib {

// Declared in stdlib/modules/sustainability.rk; sources are cited in sustainability.hpp.
void register_sustainability(NativeRegistry& r) {
  r.add(bind_function<&physics::amortized_embodied_carbon>("amortized_embodied_carbon"));
  r.add(bind_function<&physics::lifecycle_carbon>("lifecycle_carbon"));
  r.add(bind_function<&physics::water_consumption>("water_consumption"));
}

}  // namespace reckon::stdlib
