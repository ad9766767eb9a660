#include "stdlib/binding.hpp"
#include "stdlib/natives.hpp"
#include "stdlib/physics/economics.hpp"

namespace reckon::stdlib {

void register_economics(NativeRegistry& r) {
  // The formula, from its declaration's source: Patterson et al. 2021, Carbon Emissions and Large
  // Neural Network Training, arXiv 2104.10350, Table 4.
  r.add(with_formula(bind_function<&physics::energy_consumption>("energy_consumption"),
                     "devices * power * duration * pue"));
  // The formula, from its declaration's source: Patterson et al. 2021, Carbon Emissions and Large
  // Neural Network Training, arXiv 2104.10350, Table 4.
  r.add(with_formula(bind_function<&physics::carbon_emissions>("carbon_emissions"),
                     "energy * carbon_intensity"));
  // The formula, from its declaration's source: Barroso, Hölzle and Ranganathan, The Datacenter as
  // a Computer, 3rd ed., Ch. 6.
  r.add(with_formula(bind_function<&physics::electricity_cost>("electricity_cost"),
                     "energy * price"));
  // The formula, from its declaration's source: Device-hours times the hourly price, as in
  // AssemblyAI 2021, How to Train Large Deep Learning Models as a Startup (1,024 A100 for 34 days
  // at USD 2.933908/h: USD 2,451,526.58).
  r.add(with_formula(bind_function<&physics::device_hours_cost>("device_hours_cost"),
                     "devices * duration * price_per_device_hour"));
  // The formula, from its declaration's source: Barroso, Hölzle and Ranganathan 2018, The
  // Datacenter as a Computer, 3rd ed., Ch. 6 (Modeling Costs).
  r.add(with_formula(bind_function<&physics::fleet_tco>("fleet_tco"),
                     "capex + lifetime * (it_power * pue * electricity_price + other_opex_rate)"));
  // The formula, from its declaration's source: Flat per-byte pricing, as cloud providers list data
  // transfer out to the internet (e.g. the AWS EC2 On-Demand pricing page, per GB per month).
  r.add(with_formula(bind_function<&physics::egress_cost>("egress_cost"), "size * price"));
  // The formula, from its declaration's source: Barroso, Hölzle and Ranganathan 2018, The
  // Datacenter as a Computer, 3rd ed., Ch. 6 (Modeling Costs).
  r.add(with_formula(bind_function<&physics::tco_per_device_hour>("tco_per_device_hour"),
                     "(device_price / lifetime + power * pue * electricity_price + "
                     "other_opex_rate) / utilization"));
  // The formula, from its declaration's source: By definition: the cost of an hour over the tokens
  // of an hour.
  r.add(with_formula(bind_function<&physics::cost_per_token>("cost_per_token"),
                     "price_per_device_hour * devices / throughput"));
}

}  // namespace reckon::stdlib
