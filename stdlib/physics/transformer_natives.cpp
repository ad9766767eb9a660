#include "stdlib/binding.hpp"
#include "stdlib/natives.hpp"
#include "stdlib/physics/transformer.hpp"

namespace reckon::stdlib {

void register_transformer(NativeRegistry& r) {
  r.add(bind_function("training_flops", &physics::training_flops));
  r.add(bind_function("decode_flops", &physics::decode_flops));
}

}  // namespace reckon::stdlib
