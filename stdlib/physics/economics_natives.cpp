#include "stdlib/binding.hpp"
#include "stdlib/natives.hpp"
#include "stdlib/physics/economics.hpp"

namespace reckon::stdlib {

void register_economics(NativeRegistry& r) {
  r.add(bind_function<&physics::energy_consumption>("energy_consumption"));
  r.add(bind_function<&physics::carbon_emissions>("carbon_emissions"));
  r.add(bind_function<&physics::electricity_cost>("electricity_cost"));
  r.add(bind_function<&physics::device_hours_cost>("device_hours_cost"));
  r.add(bind_function<&physics::fleet_tco>("fleet_tco"));
  r.add(bind_function<&physics::egress_cost>("egress_cost"));
  r.add(bind_function<&physics::tco_per_device_hour>("tco_per_device_hour"));
  r.add(bind_function<&physics::cost_per_token>("cost_per_token"));
}

}  // namespace reckon::stdlib
