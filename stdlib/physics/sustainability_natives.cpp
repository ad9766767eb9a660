#include "stdlib/binding.hpp"
#include "stdlib/natives.hpp"
#include "stdlib/physics/sustainability.hpp"

namespace reckon::stdlib {

// Declared in stdlib/modules/sustainability.rk; sources are cited in sustainability.hpp.
void register_sustainability(NativeRegistry& r) {
  // The formula, from its declaration's source: Gupta et al. 2022, ACT: Designing Sustainable
  // Computer Systems With An Architectural Carbon Modeling Tool, ISCA, Eq. 1.
  r.add(
      with_formula(bind_function<&physics::amortized_embodied_carbon>("amortized_embodied_carbon"),
                   "duration / lifetime * embodied"));
  // The formula, from its declaration's source: Gupta et al. 2022, ACT: Designing Sustainable
  // Computer Systems With An Architectural Carbon Modeling Tool, ISCA, Eq. 1.
  r.add(with_formula(bind_function<&physics::lifecycle_carbon>("lifecycle_carbon"),
                     "energy * carbon_intensity + duration / lifetime * embodied"));
  // The formula, from its declaration's source: The Green Grid 2011, White Paper #35, Water Usage
  // Effectiveness (WUE): A Green Grid Data Center Sustainability Metric; Li, Yang, Islam and Ren
  // 2023, Making AI Less Thirsty, arXiv 2304.03271.
  r.add(with_formula(bind_function<&physics::water_consumption>("water_consumption"),
                     "it_energy * wue + it_energy * pue * source_water_intensity"));
}

}  // namespace reckon::stdlib
