// Checks of the serving natives (M/M/c queueing, LLM latency and capacity). Each row names its
// source: a textbook result or an independent calculation written beside it.
#include <array>
#include <catch2/catch.hpp>
#include <cmath>
#include <cstdint>
#include <stdexcept>
#include <string>

#include "stdlib/physics/serving.hpp"
#include "stdlib/units.hpp"

namespace units = reckon::units;
namespace physics = reckon::physics;

namespace {

units::q<physics::request_rate_unit> per_second(double requests) {
  return requests * units::requests / units::seconds;
}

// Erlang C by the textbook closed form (Kleinrock 1975, Vol. 1, Sec. 3.5), summed directly:
// an independent check of the Erlang B recursion the library uses.
double erlang_c_direct(int c, double a) {
  double sum = 0, term = 1;  // term = a^k / k!
  for (int k = 0; k < c; ++k) {
    sum += term;
    term *= a / (k + 1);
  }
  const double last = term * c / (c - a);  // (a^c / c!) (c / (c - a))
  return last / (sum + last);
}

constexpr double GiB = 1024.0 * 1024.0 * 1024.0;

}  // namespace

TEST_CASE("M/M/c utilisation, Erlang C and mean waits", "[serving]") {
  struct Row {
    const char* source;
    double lambda, mu;
    std::int64_t c;
    double rho, wait_probability, mean_wait, mean_response;
  };
  const std::array<Row, 5> rows = {{
      // M/M/1 (Kleinrock 1975, Vol. 1, Sec. 3.2): P(wait) = rho, W_q = rho / (mu - lambda),
      // T = 1 / (mu - lambda). rho = 0.5, mu = 1/s: W_q = 0.5 / 0.5 = 1 s, T = 2 s.
      {"M/M/1, rho 0.5", 0.5, 1, 1, 0.5, 0.5, 1, 2},
      // M/M/1, rho = 0.8: W_q = 0.8 / 0.2 = 4 s, T = 1 / 0.2 = 5 s.
      {"M/M/1, rho 0.8", 0.8, 1, 1, 0.8, 0.8, 4, 5},
      // M/M/2, a = 1 (by hand): C = (1/2 * 2/1) / (1 + 1 + 1) = 1/3; W_q = (1/3) / (2 - 1).
      {"M/M/2, a = 1", 1, 1, 2, 0.5, 1.0 / 3, 1.0 / 3, 1.0 / 3 + 1},
      // M/M/10, a = 8: C = 0.40918 (closed form summed directly, erlang_c_direct above);
      // W_q = C / (10 - 8) = 0.20459 s.
      {"M/M/10, a = 8", 8, 1, 10, 0.8, 0.4091801507964435, 0.4091801507964435 / 2,
       0.4091801507964435 / 2 + 1},
      // No arrivals: nobody waits.
      {"lambda = 0", 0, 2, 3, 0, 0, 0, 0.5},
  }};
  for (const Row& r : rows) {
    SECTION(r.source) {
      INFO(r.source);
      const auto lambda = per_second(r.lambda), mu = per_second(r.mu);
      CHECK(physics::mmc_utilization(lambda, mu, r.c) == Approx(r.rho).margin(1e-15));
      CHECK(physics::mmc_wait_probability(lambda, mu, r.c) ==
            Approx(r.wait_probability).epsilon(1e-12).margin(1e-15));
      CHECK(physics::mmc_mean_wait(lambda, mu, r.c).value() ==
            Approx(r.mean_wait).epsilon(1e-12).margin(1e-15));
      CHECK(physics::mmc_mean_response_time(lambda, mu, r.c).value() ==
            Approx(r.mean_response).epsilon(1e-12));
    }
  }
  SECTION("the recursion agrees with the closed form") {
    struct Case {
      int c;
      double a;
    };
    const std::array<Case, 5> cases = {{{1, 0.3}, {2, 1.5}, {5, 4.5}, {10, 8}, {40, 35}}};
    for (const Case& k : cases) {
      INFO("c = " << k.c << ", a = " << k.a);
      CHECK(physics::mmc_wait_probability(per_second(k.a), per_second(1), k.c) ==
            Approx(erlang_c_direct(k.c, k.a)).epsilon(1e-12));
    }
    CHECK(erlang_c_direct(10, 8) == Approx(0.4091801507964435).epsilon(1e-12));
  }
  SECTION("an overloaded queue still has a utilisation") {
    CHECK(physics::mmc_utilization(per_second(3), per_second(1), 2) == Approx(1.5));
  }
}

TEST_CASE("M/M/c waiting-time quantiles", "[serving]") {
  struct Row {
    const char* source;
    double lambda, mu;
    std::int64_t c;
    double quantile, expected_seconds;
  };
  // Gross & Harris, Sec. 2.3: P(W_q > t) = C exp(-(c mu - lambda) t), so
  // t_q = ln(C / (1 - q)) / (c mu - lambda) when C > 1 - q, else 0.
  const std::array<Row, 6> rows = {{
      // M/M/1, rho 0.5: C = 0.5, c mu - lambda = 0.5/s: t_0.99 = 2 ln 50 = 7.824046 s.
      {"M/M/1 rho 0.5, p99", 0.5, 1, 1, 0.99, 2 * std::log(50.0)},
      // t_0.9 = 2 ln 5 = 3.218876 s.
      {"M/M/1 rho 0.5, p90", 0.5, 1, 1, 0.9, 2 * std::log(5.0)},
      // C = 0.5 <= 1 - 0.5: half the requests never wait, the median wait is 0.
      {"M/M/1 rho 0.5, p50", 0.5, 1, 1, 0.5, 0},
      // M/M/1, rho 0.8: C = 0.8, decay 0.2/s: t_0.5 = 5 ln 1.6 = 2.350018 s.
      {"M/M/1 rho 0.8, p50", 0.8, 1, 1, 0.5, 5 * std::log(1.6)},
      // M/M/5, a = 4.5: C = 0.7624932 (closed form), decay 0.5/s:
      // t_0.5 = 2 ln(2 C) = 0.843971 s.
      {"M/M/5 a 4.5, p50", 4.5, 1, 5, 0.5, 2 * std::log(2 * 0.7624932207329356)},
      // M/M/10, a = 8: C = 0.4091802, decay 2/s: t_0.99 = ln(40.918) / 2 = 1.855785 s.
      {"M/M/10 a 8, p99", 8, 1, 10, 0.99, std::log(0.4091801507964435 / 0.01) / 2},
  }};
  for (const Row& r : rows) {
    SECTION(r.source) {
      INFO(r.source);
      CHECK(physics::mmc_wait_quantile(per_second(r.lambda), per_second(r.mu), r.c, r.quantile)
                .value() == Approx(r.expected_seconds).epsilon(1e-9).margin(1e-12));
    }
  }
  SECTION("p50 and p99 are the 0.5 and 0.99 quantiles") {
    const auto lambda = per_second(0.8), mu = per_second(1);
    CHECK(physics::mmc_p50_wait(lambda, mu, 1).value() == Approx(5 * std::log(1.6)));
    CHECK(physics::mmc_p99_wait(lambda, mu, 1).value() == Approx(5 * std::log(80.0)));
  }
}

TEST_CASE("M/M/c rejects impossible queues", "[serving]") {
  const auto one = per_second(1);
  CHECK_THROWS_AS(physics::mmc_utilization(per_second(-1), one, 1), std::domain_error);
  CHECK_THROWS_AS(physics::mmc_utilization(one, per_second(0), 1), std::domain_error);
  CHECK_THROWS_AS(physics::mmc_utilization(one, one, 0), std::domain_error);
  // rho = 1 and rho > 1 have no steady state.
  CHECK_THROWS_AS(physics::mmc_wait_probability(one, one, 1), std::domain_error);
  CHECK_THROWS_AS(physics::mmc_mean_wait(per_second(3), one, 2), std::domain_error);
  CHECK_THROWS_AS(physics::mmc_mean_response_time(per_second(2), one, 1), std::domain_error);
  CHECK_THROWS_AS(physics::mmc_p99_wait(per_second(2), one, 1), std::domain_error);
  CHECK_THROWS_AS(physics::mmc_wait_quantile(per_second(0.5), one, 1, 1.0), std::domain_error);
  CHECK_THROWS_AS(physics::mmc_wait_quantile(per_second(0.5), one, 1, -0.1), std::domain_error);
  CHECK_THROWS_AS(physics::mmc_wait_probability(per_second(0.5), one, physics::max_mmc_servers + 1),
                  std::domain_error);
}

TEST_CASE("time to first token is the prefill roofline", "[serving]") {
  struct Row {
    const char* source;
    double params, prompt, peak, bandwidth, bytes_per_param, efficiency, batch, expected;
  };
  // Work 2 P n per sequence (Kaplan et al. 2020); A100 312 TFLOP/s, 2039 GB/s (REFERENCE.md).
  const std::array<Row, 4> rows = {{
      // Llama-2 7B, 2048-token prompt: 2 * 7e9 * 2048 = 2.8672e13 flop / 312e12 = 0.0918974 s,
      // above the weight read 14e9 B / 2039e9 B/s = 6.866 ms: compute-bound.
      {"Llama-2 7B, 2048 tokens, A100", 7e9, 2048, 312e12, 2039e9, 2, 1, 1, 2.8672e13 / 312e12},
      // Same at 50% efficiency and batch 4: 4 * 2.8672e13 / 156e12 = 0.735179 s.
      {"batch 4 at 50%", 7e9, 2048, 312e12, 2039e9, 2, 0.5, 4, 4 * 2.8672e13 / 156e12},
      // One-token prompt: 1.4e10 flop / 312e12 = 44.9 us < 6.866 ms to read 14e9 B of weights.
      {"1 token: weight-read bound", 7e9, 1, 312e12, 2039e9, 2, 1, 1, 14e9 / 2039e9},
      // GPT-3 175B, 2048 tokens, H100 989 TFLOP/s: 2 * 175e9 * 2048 / 989e12 = 0.724773 s.
      {"GPT-3 175B, 2048 tokens, H100", 175e9, 2048, 989e12, 3.35e12, 2, 1, 1,
       2 * 175e9 * 2048 / 989e12},
  }};
  for (const Row& r : rows) {
    SECTION(r.source) {
      INFO(r.source);
      const auto t = physics::time_to_first_token(
          r.params * units::params, r.prompt * units::tokens, r.peak * units::flops_per_second,
          r.bandwidth * units::bytes_per_second, r.bytes_per_param * units::bytes / units::params,
          r.efficiency, r.batch);
      CHECK(t.value() == Approx(r.expected).epsilon(1e-12));
    }
  }
  SECTION("domain errors") {
    const auto P = 7e9 * units::params;
    const auto n = 2048.0 * units::tokens;
    const auto peak = 312e12 * units::flops_per_second;
    const auto bw = 2039e9 * units::bytes_per_second;
    const auto bpp = 2.0 * units::bytes / units::params;
    CHECK_THROWS_AS(physics::time_to_first_token(-P, n, peak, bw, bpp, 1, 1), std::domain_error);
    CHECK_THROWS_AS(physics::time_to_first_token(P, -n, peak, bw, bpp, 1, 1), std::domain_error);
    CHECK_THROWS_AS(physics::time_to_first_token(P, n, 0.0 * peak, bw, bpp, 1, 1),
                    std::domain_error);
    CHECK_THROWS_AS(physics::time_to_first_token(P, n, peak, 0.0 * bw, bpp, 1, 1),
                    std::domain_error);
    CHECK_THROWS_AS(physics::time_to_first_token(P, n, peak, bw, bpp, 0, 1), std::domain_error);
    CHECK_THROWS_AS(physics::time_to_first_token(P, n, peak, bw, bpp, 1.5, 1), std::domain_error);
    CHECK_THROWS_AS(physics::time_to_first_token(P, n, peak, bw, bpp, 1, -1), std::domain_error);
  }
}

TEST_CASE("inter-token latency and decode throughput are memory-bound", "[serving]") {
  // REFERENCE.md: the KV cache of 32 layers, 32 heads, head 128, 2048 tokens, 2 B is exactly
  // 1 GiB per sequence (Llama-2 7B's shape); weights 7e9 params x 2 B = 14e9 B; A100 2039 GB/s.
  const auto weights = 14e9 * units::bytes;
  const auto kv = GiB * units::bytes;
  const auto bw = 2039e9 * units::bytes_per_second;
  struct Row {
    const char* source;
    double batch, efficiency, expected_itl;
  };
  const std::array<Row, 4> rows = {{
      // (14e9 + 1,073,741,824) / 2039e9 = 7.392713 ms
      {"batch 1", 1, 1, (14e9 + GiB) / 2039e9},
      // (14e9 + 8 * 1,073,741,824) / 2039e9 = 11.078928 ms
      {"batch 8", 8, 1, (14e9 + 8 * GiB) / 2039e9},
      // batch 8 at 80% of peak bandwidth: 11.078928 ms / 0.8 = 13.848660 ms
      {"batch 8 at 80%", 8, 0.8, (14e9 + 8 * GiB) / (0.8 * 2039e9)},
      // no sequences: only the weights, 14e9 / 2039e9 = 6.866 ms
      {"batch 0", 0, 1, 14e9 / 2039e9},
  }};
  for (const Row& r : rows) {
    SECTION(r.source) {
      INFO(r.source);
      const auto itl = physics::inter_token_latency(weights, kv, bw, r.batch, r.efficiency);
      CHECK(itl.value() == Approx(r.expected_itl).epsilon(1e-12));
      // batch / ITL: at batch 8, 8 / 11.078928 ms = 722.09 token/s
      CHECK(physics::decode_tokens_per_second(r.batch, itl).value() ==
            Approx(r.batch / r.expected_itl).epsilon(1e-12));
    }
  }
  CHECK(8 / ((14e9 + 8 * GiB) / 2039e9) == Approx(722.0915).epsilon(1e-6));
  SECTION("domain errors") {
    CHECK_THROWS_AS(physics::inter_token_latency(-weights, kv, bw, 1, 1), std::domain_error);
    CHECK_THROWS_AS(physics::inter_token_latency(weights, -kv, bw, 1, 1), std::domain_error);
    CHECK_THROWS_AS(physics::inter_token_latency(weights, kv, 0.0 * bw, 1, 1), std::domain_error);
    CHECK_THROWS_AS(physics::inter_token_latency(weights, kv, bw, -1, 1), std::domain_error);
    CHECK_THROWS_AS(physics::inter_token_latency(weights, kv, bw, 1, 0), std::domain_error);
    CHECK_THROWS_AS(physics::decode_tokens_per_second(-1, 1.0 * units::seconds / units::tokens),
                    std::domain_error);
    CHECK_THROWS_AS(physics::decode_tokens_per_second(1, 0.0 * units::seconds / units::tokens),
                    std::domain_error);
  }
}

TEST_CASE("the largest batch whose KV cache fits", "[serving]") {
  struct Row {
    const char* source;
    double capacity, weights, kv, utilization;
    std::int64_t expected;
  };
  // KV cache 1 GiB per sequence (REFERENCE.md), Llama-2 7B weights 14e9 B.
  const std::array<Row, 6> rows = {{
      // A100 80 GiB: (80 GiB - 14e9 B) / 1 GiB = 80 - 13.0385 = 66.96 -> 66
      {"A100 80 GiB", 80 * GiB, 14e9, GiB, 1, 66},
      // V100 32 GiB: 32 - 13.0385 = 18.96 -> 18
      {"V100 32 GiB", 32 * GiB, 14e9, GiB, 1, 18},
      // A100 80 GiB at vLLM's default 0.9 utilisation: 72 - 13.0385 = 58.96 -> 58
      {"A100 80 GiB at 0.9", 80 * GiB, 14e9, GiB, 0.9, 58},
      // Exactly whole: (3 GiB - 1 GiB) / 1 GiB = 2
      {"exact fit", 3 * GiB, GiB, GiB, 1, 2},
      // A quotient that should be whole: 10 GB x 0.41 / 0.1 GB = 41, which binary floating point
      // computes as 40.99999999999999.
      {"decimal exact fit", 10e9, 0, 0.1e9, 0.41, 41},
      // GPT-3 weights (350 GB, REFERENCE.md) on one 80 GiB device: nothing fits
      {"weights do not fit", 80 * GiB, 350e9, GiB, 1, 0},
  }};
  for (const Row& r : rows) {
    SECTION(r.source) {
      INFO(r.source);
      CHECK(physics::kv_cache_max_batch(r.capacity * units::bytes, r.weights * units::bytes,
                                        r.kv * units::bytes, r.utilization) == r.expected);
    }
  }
  SECTION("domain errors") {
    const auto b = GiB * units::bytes;
    CHECK_THROWS_AS(physics::kv_cache_max_batch(-b, b, b, 1), std::domain_error);
    CHECK_THROWS_AS(physics::kv_cache_max_batch(b, -b, b, 1), std::domain_error);
    CHECK_THROWS_AS(physics::kv_cache_max_batch(b, b, 0.0 * b, 1), std::domain_error);
    CHECK_THROWS_AS(physics::kv_cache_max_batch(b, b, b, 0), std::domain_error);
    CHECK_THROWS_AS(physics::kv_cache_max_batch(b, b, b, 1.1), std::domain_error);
  }
}
