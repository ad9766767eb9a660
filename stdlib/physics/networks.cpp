#include "stdlib/physics/networks.hpp"

#include <fmt/format.h>

#include <cmath>
#include <stdexcept>
#include <string_view>

#include "stdlib/physics/domain.hpp"

namespace reckon::physics {

namespace {

using Time = units::q<units::time_unit>;
using Size = units::q<units::information_unit>;
using Bandwidth = units::q<units::bandwidth_unit>;

// The speed of light in vacuum, exact since the 1983 definition of the metre (SI Brochure,
// 9th ed., 2019).
constexpr double speed_of_light = 299'792'458.0;  // m/s

void require_link(Bandwidth bandwidth, Time latency) {
  require_positive(bandwidth.value(), "bandwidth");
  require_non_negative(latency.value(), "latency");
}

void require_ranks(double ranks) {
  if (!(ranks >= 1))
    throw std::domain_error(fmt::format("number of ranks must be at least 1 (got {})", ranks));
}

void require_at_least(std::int64_t value, std::int64_t least, std::string_view what) {
  if (value < least)
    throw std::domain_error(fmt::format("{} must be at least {} (got {})", what, least, value));
}

// A fat tree of k-port switches needs k even: each switch splits its ports half down, half up.
void require_fat_tree_radix(std::int64_t k) {
  // Beyond 2^20 ports, k^3 / 4 would leave the 64-bit integers; no switch comes close.
  if (k < 2 || k % 2 != 0 || k > (std::int64_t{1} << 20))
    throw std::domain_error(
        fmt::format("switch radix must be an even number of ports from 2 to 2^20 (got {})", k));
}

// Height of the shallowest binary tree on N nodes (Sanders et al. 2009 build both trees so).
double binary_tree_height(double ranks) { return std::floor(std::log2(ranks)); }

}  // namespace

// Hockney 1994: n_1/2 = alpha r_inf.
Size half_bandwidth_message_size(Bandwidth bandwidth, Time latency) {
  require_link(bandwidth, latency);
  return latency * bandwidth;
}

// Hockney 1994: r(m) = m / t(m) with t(m) = alpha + m / r_inf.
Bandwidth effective_bandwidth(Size size, Bandwidth bandwidth, Time latency) {
  require_positive(size.value(), "message size");
  require_link(bandwidth, latency);
  return size / (latency + size / bandwidth);
}

// Sanders, Speck and Träff 2009; NCCL's double binary tree (Jeaugey 2019).
Time double_binary_tree_allreduce_time(Size size, double ranks, Bandwidth bandwidth, Time latency) {
  require_non_negative(size.value(), "message size");
  require_ranks(ranks);
  require_link(bandwidth, latency);
  if (ranks < 2) return 0.0 * units::seconds;
  return 2.0 * (size / bandwidth) + 2.0 * binary_tree_height(ranks) * latency;
}

// Equal times of the ring and binomial-tree all-reduce of Thakur et al. 2005, Sec. 4.
Size ring_tree_crossover_size(double ranks, Bandwidth bandwidth, Time latency) {
  require_ranks(ranks);
  require_link(bandwidth, latency);
  const double levels = std::ceil(std::log2(ranks));
  const double latency_saving = ranks - 1 - levels;               // in units of 2 alpha
  const double bandwidth_penalty = levels - (ranks - 1) / ranks;  // in units of 2 M / beta
  if (latency_saving <= 0 || bandwidth_penalty <= 0) return 0.0 * units::bytes;
  return latency_saving / bandwidth_penalty * (latency * bandwidth);
}

// Equal times of the ring all-reduce and the double binary tree above.
Size ring_double_tree_crossover_size(double ranks, Bandwidth bandwidth, Time latency) {
  require_ranks(ranks);
  require_link(bandwidth, latency);
  const double latency_saving = ranks - 1 - binary_tree_height(ranks);
  if (latency_saving <= 0) return 0.0 * units::bytes;
  return ranks * latency_saving * (latency * bandwidth);
}

// Al-Fares et al. 2008, Sec. 3.2: k pods x (k/2 edge switches x k/2 hosts).
std::int64_t fat_tree_hosts(std::int64_t switch_radix) {
  require_fat_tree_radix(switch_radix);
  return switch_radix * switch_radix * switch_radix / 4;
}

// Al-Fares et al. 2008, Sec. 3.2: k pods x k switches, plus (k/2)^2 core switches.
std::int64_t fat_tree_switches(std::int64_t switch_radix) {
  require_fat_tree_radix(switch_radix);
  const std::int64_t half = switch_radix / 2;
  return switch_radix * switch_radix + half * half;
}

// Half the hosts send across the cut at their link rate, scaled down by the oversubscription.
units::q<units::bandwidth_unit> bisection_bandwidth(std::int64_t hosts, Bandwidth link_bandwidth,
                                                    double oversubscription) {
  require_at_least(hosts, 2, "number of hosts");
  require_positive(link_bandwidth.value(), "link bandwidth");
  if (!(oversubscription >= 1))
    throw std::domain_error(
        fmt::format("oversubscription must be at least 1 (got {})", oversubscription));
  return static_cast<double>(hosts) / 2.0 * link_bandwidth / oversubscription;
}

// Al-Fares et al. 2008, Sec. 2.1: bandwidth towards the hosts over bandwidth towards the core.
double oversubscription_ratio(std::int64_t down_ports, Bandwidth down_bandwidth,
                              std::int64_t up_ports, Bandwidth up_bandwidth) {
  require_at_least(down_ports, 1, "number of down ports");
  require_at_least(up_ports, 1, "number of up ports");
  require_positive(down_bandwidth.value(), "down bandwidth");
  require_positive(up_bandwidth.value(), "up bandwidth");
  return static_cast<double>(down_ports) * down_bandwidth /
         (static_cast<double>(up_ports) * up_bandwidth);
}

// Light travels at c / n in a medium of group index n.
Time fibre_propagation_delay(units::q<units::length_unit> distance, double refractive_index) {
  require_non_negative(distance.value(), "fibre length");
  if (!(refractive_index >= 1))
    throw std::domain_error(
        fmt::format("refractive index must be at least 1 (got {})", refractive_index));
  return distance * refractive_index / (speed_of_light * units::meters / units::seconds);
}

}  // namespace reckon::physics
