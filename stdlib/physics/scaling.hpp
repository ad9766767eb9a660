// Scaling: how training time and quality grow with the number of devices, parameters, tokens
// and input bandwidth. The step time of 3D-parallel training, the Universal Scalability Law,
// the Chinchilla loss fit and its compute-optimal frontier, and the data-loading wall.
#pragma once

#include "stdlib/units.hpp"

namespace reckon::physics {

using sample_rate_unit = decltype(units::samples / units::seconds);
using bytes_per_sample_unit = decltype(units::bytes / units::samples);

// --- 3D parallelism ----------------------------------------------------------------------

// Time of the tensor-parallel collectives of one training step on one pipeline stage. Megatron
// splits each transformer layer's attention and MLP blocks so that each needs one all-reduce
// of the layer's activations in the forward pass and one in the backward pass (Shoeybi et al.
// 2019, arXiv 1909.08053, Sec. 3 and Fig. 4): four all-reduces per layer, each of
// tokens x hidden x bytes_per_element, by a ring over t ranks,
//   4 L (2 (t - 1) / t x M / bandwidth + 2 (t - 1) latency),  M = tokens x hidden x bytes.
// `tokens` counts the tokens of all micro-batches of the step on this stage and `layers` the
// layers of this stage. With sequence parallelism the all-reduces become a reduce-scatter and
// an all-gather of the same total volume (Korthikanti et al. 2022, arXiv 2205.05198, Sec. 4.2.2),
// so the time is the same. The bandwidth is per rank and per direction (ring_allreduce_time's
// beta). 0 for t = 1. Throws std::domain_error for negative sizes, t < 1 or a
// non-positive bandwidth.
units::q<units::time_unit> tensor_parallel_comm_time(
    double layers, units::q<units::token_unit> tokens, double hidden, double tensor_parallel,
    units::q<units::bandwidth_unit> bandwidth, units::q<units::time_unit> latency,
    units::q<units::information_unit> bytes_per_element);

// Step time of 3D-parallel training (Narayanan et al. 2021, Efficient Large-Scale Language Model
// Training on GPU Clusters Using Megatron-LM, arXiv 2104.04473, Sec. 2.2 and 3):
//   (compute + tensor_parallel_comm) x (1 + (p - 1) / (v m)) + (1 - overlap) x data_parallel_comm
// with `compute` the ideal compute of all m micro-batches on one device, p pipeline stages,
// v model chunks per device (the interleaved schedule) and `overlap` the share of the
// data-parallel gradient all-reduce hidden behind the backward pass. Throws std::domain_error
// for negative times, stages, micro-batches or chunks below 1, or an overlap outside [0, 1].
units::q<units::time_unit> training_step_time_3d(units::q<units::time_unit> compute,
                                                 units::q<units::time_unit> tensor_parallel_comm,
                                                 units::q<units::time_unit> data_parallel_comm,
                                                 double pipeline_stages, double micro_batches,
                                                 double chunks, double overlap);

// --- Universal Scalability Law (Gunther 2007, Guerrilla Capacity Planning, Springer, Ch. 4) --

// Relative capacity C(N) = N / (1 + sigma (N - 1) + kappa N (N - 1)): sigma is contention (the
// serial share, Amdahl's law when kappa = 0), kappa coherency (pairwise exchange, which makes
// throughput fall past a peak). Throws std::domain_error for N < 1 or negative coefficients.
double usl_capacity(double nodes, double contention, double coherency);

// Where C(N) peaks: N* = sqrt((1 - sigma) / kappa). Throws std::domain_error unless
// 0 <= sigma < 1 and kappa > 0 (with kappa = 0 capacity grows for ever).
double usl_peak_nodes(double contention, double coherency);

// --- Chinchilla (Hoffmann et al. 2022, arXiv 2203.15556, Sec. 3.3 and Appendix D.2) ----------

// The parametric fit of final pre-training loss (nats per token) to parameters N and tokens D:
//   L(N, D) = E + A / N^alpha + B / D^beta.
// The paper's fit is E = 1.69, A = 406.4, B = 410.7, alpha = 0.34, beta = 0.28. Throws
// std::domain_error for non-positive N, D, A, B or exponents.
struct ChinchillaFit {
  double irreducible, param_coefficient, data_coefficient, param_exponent, data_exponent;
};
inline constexpr ChinchillaFit hoffmann_fit{1.69, 406.4, 410.7, 0.34, 0.28};

double chinchilla_loss(units::q<units::param_unit> params, units::q<units::token_unit> tokens,
                       double irreducible, double param_coefficient, double data_coefficient,
                       double param_exponent, double data_exponent);

// The compute-optimal allocation of a budget C = 6 N D flop (Hoffmann et al., Eq. 4):
//   N_opt = G (C / 6)^a,  D_opt = (C / 6)^b / G,
//   G = (alpha A / (beta B))^(1 / (alpha + beta)),  a = beta / (alpha + beta),  b = 1 - a.
// Throws std::domain_error for a non-positive budget or fit constants.
units::q<units::param_unit> compute_optimal_params(units::q<units::compute_unit> compute,
                                                   double param_coefficient,
                                                   double data_coefficient, double param_exponent,
                                                   double data_exponent);
units::q<units::token_unit> compute_optimal_tokens(units::q<units::compute_unit> compute,
                                                   double param_coefficient,
                                                   double data_coefficient, double param_exponent,
                                                   double data_exponent);
// L(N_opt, D_opt): the loss on the compute-optimal frontier.
double compute_optimal_loss(units::q<units::compute_unit> compute, double irreducible,
                            double param_coefficient, double data_coefficient,
                            double param_exponent, double data_exponent);

// --- The data wall ------------------------------------------------------------------------

// Samples per second an input pipeline delivers: the smaller of what storage can read,
// storage_bandwidth / bytes_per_sample, and what the preprocessing workers can decode,
// workers x worker_rate (Mohan et al. 2021, Analyzing and Mitigating Data Stalls in DNN
// Training, PVLDB 14(5): fetch stalls and preprocessing stalls). Throws
// std::domain_error for non-positive rates or sizes, or workers below 1.
units::q<sample_rate_unit> data_loader_throughput(units::q<units::bandwidth_unit> storage_bandwidth,
                                                  units::q<bytes_per_sample_unit> bytes_per_sample,
                                                  double workers,
                                                  units::q<sample_rate_unit> worker_rate);

// Step time when loading is prefetched and overlaps compute (Murray et al. 2021, tf.data: A
// Machine Learning Data Processing Framework, PVLDB 14(12), on prefetching): the larger of the
// compute time and the time to load the batch, batch / loader_throughput. Throws std::domain_error
// for a negative time or batch, or a non-positive throughput.
units::q<units::time_unit> data_bound_step_time(units::q<units::time_unit> compute_step_time,
                                                units::q<units::sample_unit> batch,
                                                units::q<sample_rate_unit> loader_throughput);

// Share of the step the accelerators wait for data: 1 - compute / data_bound_step_time
// (Mohan et al. 2021: the data stall time over the epoch time). 0 when loading keeps up.
double data_stall_fraction(units::q<units::time_unit> compute_step_time,
                           units::q<units::sample_unit> batch,
                           units::q<sample_rate_unit> loader_throughput);

}  // namespace reckon::physics
