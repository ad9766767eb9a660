#include "stdlib/library.hpp"

#include <functional>

#include "stdlib/embedded_modules.hpp"
#include "stdlib/natives.hpp"

namespace reckon::stdlib {

namespace {

void register_natives(NativeRegistry& r) {
  register_memory(r);
  register_transformer(r);
  register_performance(r);
  register_communication(r);
  register_serving(r);
  register_reliability(r);
  register_economics(r);
  register_networks(r);
  register_sustainability(r);
  register_scaling(r);
}

}  // namespace

const Library& standard_library() {
  static const NativeRegistry registry(&register_natives);  // filled when first read
  static const Library library = [] {
    Library lib;
    lib.natives = &registry;
    lib.module_source = [](std::string_view name) -> std::optional<std::string_view> {
      for (const EmbeddedModule& m : embedded_modules())
        if (m.name == name) return m.text;
      return std::nullopt;
    };
    lib.text_is_permanent = [](std::string_view text) {
      // std::less_equal: a total order even between pointers into different arrays.
      const std::less_equal<const char*> at_or_before;
      for (const EmbeddedModule& m : embedded_modules())
        if (at_or_before(m.text.data(), text.data()) &&
            at_or_before(text.data() + text.size(), m.text.data() + m.text.size()))
          return true;
      return false;
    };
    lib.module_names = [] {
      std::vector<std::string> names;
      for (const EmbeddedModule& m : embedded_modules()) names.emplace_back(m.name);
      return names;
    };
    lib.declarations = embedded_declarations();
    lib.prelude = {"memory",      "transformer", "performance", "communication",  "serving",
                   "reliability", "economics",   "networks",    "sustainability", "scaling"};
    lib.registries = {"models", "hardware", "fabrics", "clusters", "regions", "cloud"};
    return lib;
  }();
  return library;
}

}  // namespace reckon::stdlib
