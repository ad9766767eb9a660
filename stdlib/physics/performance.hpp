// Performance of computations on accelerators: the roofline model, training time from total
// work, parallel speedup and efficiency, and the pipeline-parallel bubble.
#pragma once

#include "stdlib/units.hpp"

namespace reckon::physics {

// Arithmetic (operational) intensity: flop per byte of memory traffic.
using intensity_unit = decltype(units::compute_unit() / units::information_unit());

// --- Roofline: Williams, Waterman, Patterson 2009, "Roofline: An Insightful Visual Performance
// Model for Multicore Architectures", CACM 52(4):65-76. A kernel doing W flop while moving Q
// bytes has operational intensity I = W / Q; on a machine with peak compute pi and memory
// bandwidth beta its attainable performance is min(pi, I * beta).

// I = work / traffic (Williams et al. 2009, "operational intensity").
// Throws std::domain_error for negative work or non-positive traffic.
units::q<intensity_unit> arithmetic_intensity(units::q<units::compute_unit> work,
                                              units::q<units::information_unit> traffic);

// The ridge point pi / beta: the least intensity at which a kernel can reach peak compute
// (Williams et al. 2009). Throws std::domain_error for a non-positive peak or bandwidth.
units::q<intensity_unit> ridge_point(units::q<units::compute_rate_unit> peak,
                                     units::q<units::bandwidth_unit> bandwidth);

// Whether a kernel of the given intensity is compute-bound (right of the ridge point, or on
// it) rather than memory-bound (Williams et al. 2009). Throws std::domain_error for a
// negative intensity or a non-positive peak or bandwidth.
bool is_compute_bound(units::q<intensity_unit> intensity, units::q<units::compute_rate_unit> peak,
                      units::q<units::bandwidth_unit> bandwidth);

// Attainable throughput min(pi, I * beta) (Williams et al. 2009: attainable GFlops/sec =
// min(peak floating-point performance, peak memory bandwidth x operational intensity)). Throws
// std::domain_error as is_compute_bound does.
units::q<units::compute_rate_unit> roofline_throughput(units::q<intensity_unit> intensity,
                                                       units::q<units::compute_rate_unit> peak,
                                                       units::q<units::bandwidth_unit> bandwidth);

// Time of a kernel under the roofline: max(W / pi, Q / beta), the slower of its compute and
// its memory traffic with the two perfectly overlapped (Williams et al. 2009). Throws
// std::domain_error for negative work or traffic, or a non-positive peak or bandwidth.
units::q<units::time_unit> roofline_time(units::q<units::compute_unit> work,
                                         units::q<units::information_unit> traffic,
                                         units::q<units::compute_rate_unit> peak,
                                         units::q<units::bandwidth_unit> bandwidth);

// --- Work and throughput.

// Wall-clock time to perform `work` flop on `devices` accelerators of peak throughput `peak`
// each (per GPU) sustaining a fraction `efficiency` of it: work / (devices * peak * efficiency).
// This is Narayanan et al. 2021, "Efficient Large-Scale Language Model Training on GPU Clusters
// Using Megatron-LM", arXiv 2104.04473, Sec. 5.1, training-time estimate 8 T P / (n X), with the
// work 8 T P given directly and the achieved per-device throughput X = peak * efficiency.
// Throws std::domain_error for negative work, non-positive devices or peak, or an efficiency
// outside (0, 1].
units::q<units::time_unit> training_time(units::q<units::compute_unit> work,
                                         units::q<units::gpu_unit> devices,
                                         units::q<units::compute_rate_per_gpu_unit> peak,
                                         double efficiency);

// Sustained throughput peak * utilization, e.g. model FLOPs utilization (MFU): the observed
// throughput as a fraction of the theoretical peak (Chowdhery et al. 2022, "PaLM: Scaling
// Language Modeling with Pathways", arXiv 2204.02311, Sec. 4.1 and Table 3). Throws
// std::domain_error for a negative peak or a utilization outside [0, 1].
units::q<units::compute_rate_unit> effective_flops(units::q<units::compute_rate_unit> peak,
                                                   double utilization);

// --- Parallel scaling.

// Amdahl's law: with a fraction p of the work parallelized over s processors (or sped up by
// a factor s), the speedup is 1 / ((1 - p) + p / s) (Amdahl 1967, "Validity of the single
// processor approach to achieving large scale computing capabilities", AFIPS SJCC; in the form
// of Hennessy and Patterson, Computer Architecture: A Quantitative Approach).
// Throws std::domain_error for p outside [0, 1] or a non-positive s.
double amdahl_speedup(double parallel_fraction, double processors);

// Strong-scaling (parallel) efficiency E = T1 / (N * TN): the speedup T1 / TN of a fixed
// problem on N devices divided by N (Eager, Zahorjan, Lazowska 1989, "Speedup Versus
// Efficiency in Parallel Systems", IEEE Trans. Computers 38(3):408-423). Throws
// std::domain_error for non-positive times or devices.
double strong_scaling_efficiency(units::q<units::time_unit> single_device_time,
                                 units::q<units::time_unit> parallel_time, double devices);

// Fraction of a pipeline-parallel training step spent in the pipeline bubble, with p stages,
// m micro-batches and v model chunks per device (interleaved schedule; v = 1 is 1F1B/GPipe):
// the bubble lasts (p - 1) / v micro-batch slots against m ideal ones (Narayanan et al. 2021,
// arXiv 2104.04473, Sec. 2.2.1-2.2.2: bubble / ideal = (p - 1) / (v m)), so as a fraction of
// the whole step it is (p - 1) / (v m + p - 1); for v = 1 this is GPipe's (K - 1) / (M + K - 1)
// (Huang et al. 2019, "GPipe", arXiv 1811.06965, Sec. 2). Throws std::domain_error for
// stages, micro-batches or chunks below 1.
double pipeline_bubble_fraction(double stages, double micro_batches, double chunks);

}  // namespace reckon::physics
