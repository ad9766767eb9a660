#include "stdlib/binding.hpp"
#include "stdlib/natives.hpp"
#include "stdlib/physics/memory.hpp"

namespace reckon::stdlib {

template <>
struct enum_names<physics::Recompute> {
  static constexpr std::string_view name = "Recompute";
  static constexpr std::array<std::string_view, 3> members = {"none", "selective", "full"};
};

void register_memory(NativeRegistry& r) {
  r.add(bind_constant("KORTHIKANTI_PER_TOKEN_BYTES", physics::korthikanti_per_token_bytes));
  r.add(bind_constant("KORTHIKANTI_SCORE_BYTES", physics::korthikanti_score_bytes));
  r.add(bind_function("activation_memory", &physics::activation_memory));
  r.add(bind_function("checkpoint_memory", &physics::checkpoint_memory_units));
}

}  // namespace reckon::stdlib
