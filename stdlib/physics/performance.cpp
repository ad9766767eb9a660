#include "stdlib/physics/performance.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <stdexcept>
#include <string_view>

#include "stdlib/physics/domain.hpp"

namespace reckon::physics {

namespace {

// A count of things that must exist at least once (stages, micro-batches, chunks).
void require_at_least_one(double value, std::string_view what) {
  if (!(value >= 1))
    throw std::domain_error(fmt::format("{} must be at least 1 (got {})", what, value));
}

void require_machine(units::q<units::compute_rate_unit> peak,
                     units::q<units::bandwidth_unit> bandwidth) {
  require_positive(peak.value(), "peak throughput");
  require_positive(bandwidth.value(), "memory bandwidth");
}

}  // namespace

// Williams, Waterman, Patterson 2009, CACM 52(4): operational intensity = flops / DRAM bytes.
units::q<intensity_unit> arithmetic_intensity(units::q<units::compute_unit> work,
                                              units::q<units::information_unit> traffic) {
  require_non_negative(work.value(), "work");
  require_positive(traffic.value(), "memory traffic");
  return work / traffic;
}

// Williams et al. 2009: the ridge point, where the bandwidth roof meets the compute roof.
units::q<intensity_unit> ridge_point(units::q<units::compute_rate_unit> peak,
                                     units::q<units::bandwidth_unit> bandwidth) {
  require_machine(peak, bandwidth);
  return peak / bandwidth;
}

// Williams et al. 2009: right of the ridge point a kernel is limited by compute.
bool is_compute_bound(units::q<intensity_unit> intensity, units::q<units::compute_rate_unit> peak,
                      units::q<units::bandwidth_unit> bandwidth) {
  require_non_negative(intensity.value(), "arithmetic intensity");
  require_machine(peak, bandwidth);
  return intensity >= peak / bandwidth;
}

// Williams et al. 2009: attainable = min(peak, bandwidth x operational intensity).
units::q<units::compute_rate_unit> roofline_throughput(units::q<intensity_unit> intensity,
                                                       units::q<units::compute_rate_unit> peak,
                                                       units::q<units::bandwidth_unit> bandwidth) {
  require_non_negative(intensity.value(), "arithmetic intensity");
  require_machine(peak, bandwidth);
  return std::min(peak, units::q<units::compute_rate_unit>(intensity * bandwidth));
}

// Williams et al. 2009: time = work / attainable = max(work / peak, traffic / bandwidth).
units::q<units::time_unit> roofline_time(units::q<units::compute_unit> work,
                                         units::q<units::information_unit> traffic,
                                         units::q<units::compute_rate_unit> peak,
                                         units::q<units::bandwidth_unit> bandwidth) {
  require_non_negative(work.value(), "work");
  require_non_negative(traffic.value(), "memory traffic");
  require_machine(peak, bandwidth);
  return std::max(units::q<units::time_unit>(work / peak),
                  units::q<units::time_unit>(traffic / bandwidth));
}

// Narayanan et al. 2021, arXiv 2104.04473, Sec. 5.1: time = work / (n X), X = peak * efficiency.
units::q<units::time_unit> training_time(units::q<units::compute_unit> work,
                                         units::q<units::gpu_unit> devices,
                                         units::q<units::compute_rate_per_gpu_unit> peak,
                                         double efficiency) {
  require_non_negative(work.value(), "work");
  require_positive(devices.value(), "number of devices");
  require_positive(peak.value(), "peak throughput");
  require_positive(efficiency, "efficiency");
  require_fraction(efficiency, "efficiency");
  return work / (devices * peak * efficiency);
}

// Chowdhery et al. 2022, arXiv 2204.02311, Sec. 4.1: MFU = observed / theoretical peak.
units::q<units::compute_rate_unit> effective_flops(units::q<units::compute_rate_unit> peak,
                                                   double utilization) {
  require_non_negative(peak.value(), "peak throughput");
  require_fraction(utilization, "utilization");
  return peak * utilization;
}

// Amdahl 1967: speedup = 1 / ((1 - p) + p / s).
double amdahl_speedup(double parallel_fraction, double processors) {
  require_fraction(parallel_fraction, "parallel fraction");
  require_positive(processors, "number of processors");
  return 1.0 / ((1.0 - parallel_fraction) + parallel_fraction / processors);
}

// Eager, Zahorjan, Lazowska 1989: efficiency = speedup / N = T1 / (N TN).
double strong_scaling_efficiency(units::q<units::time_unit> single_device_time,
                                 units::q<units::time_unit> parallel_time, double devices) {
  require_positive(single_device_time.value(), "single-device time");
  require_positive(parallel_time.value(), "parallel time");
  require_positive(devices, "number of devices");
  return single_device_time / (devices * parallel_time);
}

// Narayanan et al. 2021, arXiv 2104.04473, Sec. 2.2: bubble / ideal = (p - 1) / (v m), so
// bubble / (ideal + bubble) = (p - 1) / (v m + p - 1).
double pipeline_bubble_fraction(double stages, double micro_batches, double chunks) {
  require_at_least_one(stages, "number of pipeline stages");
  require_at_least_one(micro_batches, "number of micro-batches");
  require_at_least_one(chunks, "number of model chunks per device");
  const double bubble = stages - 1;
  return bubble / (chunks * micro_batches + bubble);
}

}  // namespace reckon::physics
