#include "stdlib/library.hpp"

#include "stdlib/binding.hpp"
#include "stdlib/embedded_modules.hpp"
#include "stdlib/physics/memory.hpp"
#include "stdlib/physics/transformer.hpp"

namespace reckon::stdlib {

template <>
struct enum_names<physics::Recompute> {
  static constexpr std::string_view name = "Recompute";
  static constexpr std::array<std::string_view, 3> members = {"none", "selective", "full"};
};

namespace {

NativeRegistry make_registry() {
  NativeRegistry r;
  // memory.rk
  r.add(bind_constant("KORTHIKANTI_PER_TOKEN_BYTES", physics::korthikanti_per_token_bytes));
  r.add(bind_constant("KORTHIKANTI_SCORE_BYTES", physics::korthikanti_score_bytes));
  r.add(bind_function("activation_memory", &physics::activation_memory));
  r.add(bind_function("checkpoint_memory", &physics::checkpoint_memory_units));
  // transformer.rk
  r.add(bind_function("training_flops", &physics::training_flops));
  r.add(bind_function("decode_flops", &physics::decode_flops));
  return r;
}

}  // namespace

const Library& standard_library() {
  static const NativeRegistry registry = make_registry();
  static const Library library = [] {
    Library lib;
    lib.natives = &registry;
    lib.module_source = [](std::string_view name) -> std::optional<std::string_view> {
      for (const EmbeddedModule& m : embedded_modules())
        if (m.name == name) return m.text;
      return std::nullopt;
    };
    lib.module_names = [] {
      std::vector<std::string> names;
      for (const EmbeddedModule& m : embedded_modules()) names.emplace_back(m.name);
      return names;
    };
    lib.prelude = {"memory", "transformer"};
    return lib;
  }();
  return library;
}

}  // namespace reckon::stdlib
