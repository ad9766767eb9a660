#include "stdlib/binding.hpp"
#include "stdlib/natives.hpp"
#include "stdlib/physics/economics.hpp"

namespace reckon::stdlib {

void register_economics(NativeRegistry& r) {
  r.add(bind_function("energy_consumption", &physics::energy_consumption));
  r.add(bind_function("carbon_emissions", &physics::carbon_emissions));
  r.add(bind_function("electricity_cost", &physics::electricity_cost));
  r.add(bind_function("device_hours_cost", &physics::device_hours_cost));
  r.add(bind_function("fleet_tco", &physics::fleet_tco));
}

}  // namespace reckon::stdlib
