#include "stdlib/physics/serving_moe.hpp"

#include <fmt/format.h>

#include <cmath>
#include <stdexcept>
#include <string_view>

#include "stdlib/physics/communication.hpp"
#include "stdlib/physics/domain.hpp"

namespace reckon::physics {

namespace {

void require_at_least_one(double value, std::string_view what) {
  if (!(value >= 1))
    throw std::domain_error(fmt::format("{} must be at least 1 (got {})", what, value));
}

}  // namespace

// Fedus et al. 2022, arXiv 2101.03961, Sec. 2.2: (tokens per batch / experts) x capacity factor.
units::q<units::token_unit> moe_expert_capacity(units::q<units::token_unit> tokens, double experts,
                                                double top_k, double capacity_factor) {
  require_non_negative(tokens.value(), "token count");
  require_at_least_one(experts, "expert count");
  require_at_least_one(top_k, "top-k");
  if (top_k > experts)
    throw std::domain_error(
        fmt::format("top-k ({}) must not exceed the expert count ({})", top_k, experts));
  require_positive(capacity_factor, "capacity factor");
  const double share = top_k * tokens.value() / experts * capacity_factor;
  // 6 tokens x 1.5 / 3 experts is 3 on paper, and may land just above it in binary.
  return std::ceil(share * (1 - 1e-12)) * units::tokens;
}

units::q<units::information_unit> moe_dispatch_bytes(
    units::q<units::token_unit> tokens, double hidden, double top_k, double capacity_factor,
    units::q<units::information_unit> bytes_per_element) {
  require_non_negative(tokens.value(), "token count");
  require_non_negative(hidden, "hidden size");
  require_at_least_one(top_k, "top-k");
  if (!(capacity_factor >= 1))
    throw std::domain_error(fmt::format(
        "capacity factor must be at least 1 for padded buffers (got {})", capacity_factor));
  require_non_negative(bytes_per_element.value(), "bytes per element");
  return tokens.value() * top_k * capacity_factor * hidden * bytes_per_element;
}

// Lepikhin et al. 2021, Sec. 2.2: dispatch and combine, one all-to-all each.
units::q<units::time_unit> moe_alltoall_time(units::q<units::token_unit> tokens, double hidden,
                                             double expert_parallel,
                                             units::q<units::bandwidth_unit> bandwidth,
                                             units::q<units::time_unit> latency, double top_k,
                                             double capacity_factor,
                                             units::q<units::information_unit> bytes_per_element) {
  require_at_least_one(expert_parallel, "expert-parallel degree");
  require_positive(bandwidth.value(), "bandwidth");
  require_non_negative(latency.value(), "latency");
  const units::q<units::information_unit> buffer =
      moe_dispatch_bytes(tokens, hidden, top_k, capacity_factor, bytes_per_element);
  return 2.0 * alltoall_time(buffer, expert_parallel, bandwidth, latency);
}

}  // namespace reckon::physics
