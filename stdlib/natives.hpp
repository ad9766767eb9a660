// Registration of the native functions, one function per topic. Each topic's
// natives live in stdlib/physics/TOPIC_natives.cpp beside the physics they bind, and
// are declared in Reckon in stdlib/modules/TOPIC.rk.
#pragma once

#include "interpreter/model/native.hpp"

namespace reckon::stdlib {

void register_memory(NativeRegistry& registry);
void register_transformer(NativeRegistry& registry);
void register_performance(NativeRegistry& registry);
void register_communication(NativeRegistry& registry);
void register_serving(NativeRegistry& registry);
void register_reliability(NativeRegistry& registry);
void register_economics(NativeRegistry& registry);
void register_networks(NativeRegistry& registry);
void register_sustainability(NativeRegistry& registry);
void register_scaling(NativeRegistry& registry);

}  // namespace reckon::stdlib
