#include "stdlib/physics/scaling.hpp"

#include <fmt/format.h>

#include <cmath>
#include <stdexcept>
#include <string_view>

#include "stdlib/physics/communication.hpp"
#include "stdlib/physics/domain.hpp"

namespace reckon::physics {

namespace {

// Stages, micro-batches, chunks, ranks and nodes exist at least once.
void require_at_least_one(double value, std::string_view what) {
  if (!(value >= 1))
    throw std::domain_error(fmt::format("{} must be at least 1 (got {})", what, value));
}

// The constants of a loss fit: coefficients and exponents of both power laws are positive.
void require_fit(double param_coefficient, double data_coefficient, double param_exponent,
                 double data_exponent) {
  require_positive(param_coefficient, "parameter coefficient A");
  require_positive(data_coefficient, "data coefficient B");
  require_positive(param_exponent, "parameter exponent alpha");
  require_positive(data_exponent, "data exponent beta");
}

// C / 6: Hoffmann et al. count 6 flop per parameter per training token (Kaplan et al. 2020).
double budget_over_six(units::q<units::compute_unit> compute) {
  require_positive(compute.value(), "compute budget");
  return compute.value() / 6;
}

// G = (alpha A / (beta B))^(1 / (alpha + beta)) of Hoffmann et al., Eq. 4.
double frontier_scale(double param_coefficient, double data_coefficient, double param_exponent,
                      double data_exponent) {
  require_fit(param_coefficient, data_coefficient, param_exponent, data_exponent);
  return std::pow(param_exponent * param_coefficient / (data_exponent * data_coefficient),
                  1 / (param_exponent + data_exponent));
}

}  // namespace

// Shoeybi et al. 2019, arXiv 1909.08053, Fig. 4: four all-reduces per layer per step.
units::q<units::time_unit> tensor_parallel_comm_time(
    double layers, units::q<units::token_unit> tokens, double hidden, double tensor_parallel,
    units::q<units::bandwidth_unit> bandwidth, units::q<units::time_unit> latency,
    units::q<units::information_unit> bytes_per_element) {
  require_non_negative(layers, "layer count");
  require_non_negative(tokens.value(), "token count");
  require_non_negative(hidden, "hidden size");
  require_at_least_one(tensor_parallel, "tensor-parallel degree");
  require_positive(bandwidth.value(), "bandwidth");
  require_non_negative(latency.value(), "latency");
  require_non_negative(bytes_per_element.value(), "bytes per element");
  if (tensor_parallel == 1) return 0.0 * units::seconds;
  // One activation tensor of the layer: a hidden-sized vector per token.
  const units::q<units::information_unit> activations = tokens.value() * hidden * bytes_per_element;
  return 4 * layers * ring_allreduce_time(activations, tensor_parallel, bandwidth, latency);
}

// Narayanan et al. 2021, arXiv 2104.04473, Sec. 2.2: the pipeline bubble adds (p - 1) / (v m)
// of the ideal time; Sec. 3: data-parallel communication overlaps the backward pass.
units::q<units::time_unit> training_step_time_3d(units::q<units::time_unit> compute,
                                                 units::q<units::time_unit> tensor_parallel_comm,
                                                 units::q<units::time_unit> data_parallel_comm,
                                                 double pipeline_stages, double micro_batches,
                                                 double chunks, double overlap) {
  require_non_negative(compute.value(), "compute time");
  require_non_negative(tensor_parallel_comm.value(), "tensor-parallel communication time");
  require_non_negative(data_parallel_comm.value(), "data-parallel communication time");
  require_at_least_one(pipeline_stages, "pipeline stages");
  require_at_least_one(micro_batches, "micro-batches");
  require_at_least_one(chunks, "model chunks");
  require_fraction(overlap, "overlap");
  const double bubble = (pipeline_stages - 1) / (chunks * micro_batches);
  return (compute + tensor_parallel_comm) * (1 + bubble) + (1 - overlap) * data_parallel_comm;
}

// Gunther 2007, Guerrilla Capacity Planning, Ch. 4.
double usl_capacity(double nodes, double contention, double coherency) {
  require_at_least_one(nodes, "node count");
  require_non_negative(contention, "contention sigma");
  require_non_negative(coherency, "coherency kappa");
  // N / (1 + sigma (N - 1) + kappa N (N - 1)) divided through by N, so that N^2 cannot
  // overflow for a large N whose capacity is still representable.
  return 1 / (1 / nodes + contention * (nodes - 1) / nodes + coherency * (nodes - 1));
}

// dC/dN = 0 at N* = sqrt((1 - sigma) / kappa).
double usl_peak_nodes(double contention, double coherency) {
  require_non_negative(contention, "contention sigma");
  if (!(contention < 1))
    throw std::domain_error(
        fmt::format("contention sigma must be below 1 for a peak (got {})", contention));
  require_positive(coherency, "coherency kappa");
  return std::sqrt((1 - contention) / coherency);
}

// Hoffmann et al. 2022, arXiv 2203.15556, Eq. 2 and Sec. 3.3.
double chinchilla_loss(units::q<units::param_unit> params, units::q<units::token_unit> tokens,
                       double irreducible, double param_coefficient, double data_coefficient,
                       double param_exponent, double data_exponent) {
  require_positive(params.value(), "parameter count");
  require_positive(tokens.value(), "token count");
  require_fit(param_coefficient, data_coefficient, param_exponent, data_exponent);
  require_non_negative(irreducible, "irreducible loss E");
  return irreducible + param_coefficient / std::pow(params.value(), param_exponent) +
         data_coefficient / std::pow(tokens.value(), data_exponent);
}

// Hoffmann et al. 2022, Eq. 4 (Appendix D.2 derives it from L and C = 6 N D).
units::q<units::param_unit> compute_optimal_params(units::q<units::compute_unit> compute,
                                                   double param_coefficient,
                                                   double data_coefficient, double param_exponent,
                                                   double data_exponent) {
  const double g =
      frontier_scale(param_coefficient, data_coefficient, param_exponent, data_exponent);
  const double a = data_exponent / (param_exponent + data_exponent);
  return g * std::pow(budget_over_six(compute), a) * units::params;
}

units::q<units::token_unit> compute_optimal_tokens(units::q<units::compute_unit> compute,
                                                   double param_coefficient,
                                                   double data_coefficient, double param_exponent,
                                                   double data_exponent) {
  const double g =
      frontier_scale(param_coefficient, data_coefficient, param_exponent, data_exponent);
  const double b = param_exponent / (param_exponent + data_exponent);
  return std::pow(budget_over_six(compute), b) / g * units::tokens;
}

double compute_optimal_loss(units::q<units::compute_unit> compute, double irreducible,
                            double param_coefficient, double data_coefficient,
                            double param_exponent, double data_exponent) {
  return chinchilla_loss(compute_optimal_params(compute, param_coefficient, data_coefficient,
                                                param_exponent, data_exponent),
                         compute_optimal_tokens(compute, param_coefficient, data_coefficient,
                                                param_exponent, data_exponent),
                         irreducible, param_coefficient, data_coefficient, param_exponent,
                         data_exponent);
}

// Mohan et al. 2021, PVLDB 14(5): fetch-bound or preprocessing-bound input.
units::q<sample_rate_unit> data_loader_throughput(units::q<units::bandwidth_unit> storage_bandwidth,
                                                  units::q<bytes_per_sample_unit> bytes_per_sample,
                                                  double workers,
                                                  units::q<sample_rate_unit> worker_rate) {
  require_positive(storage_bandwidth.value(), "storage bandwidth");
  require_positive(bytes_per_sample.value(), "bytes per sample");
  require_at_least_one(workers, "worker count");
  require_positive(worker_rate.value(), "samples per second per worker");
  const units::q<sample_rate_unit> fetch = storage_bandwidth / bytes_per_sample;
  const units::q<sample_rate_unit> decode = workers * worker_rate;
  return fetch < decode ? fetch : decode;
}

units::q<units::time_unit> data_bound_step_time(units::q<units::time_unit> compute_step_time,
                                                units::q<units::sample_unit> batch,
                                                units::q<sample_rate_unit> loader_throughput) {
  require_non_negative(compute_step_time.value(), "compute step time");
  require_non_negative(batch.value(), "batch");
  require_positive(loader_throughput.value(), "loader throughput");
  const units::q<units::time_unit> loading = batch / loader_throughput;
  return loading > compute_step_time ? loading : compute_step_time;
}

double data_stall_fraction(units::q<units::time_unit> compute_step_time,
                           units::q<units::sample_unit> batch,
                           units::q<sample_rate_unit> loader_throughput) {
  const units::q<units::time_unit> step =
      data_bound_step_time(compute_step_time, batch, loader_throughput);
  if (step.value() == 0) return 0;
  return 1 - compute_step_time / step;
}

}  // namespace reckon::physics
