// Checks of the serving natives for capacity and decoding: M/M/c sizing to a waiting-time
// quantile, speculative decoding and continuous batching. Each row names its source: a
// published number or an independent calculation written beside it.
#include <array>
#include <catch2/catch.hpp>
#include <cmath>
#include <cstdint>
#include <stdexcept>

#include "stdlib/physics/serving_capacity.hpp"
#include "stdlib/physics/serving_decoding.hpp"
#include "stdlib/units.hpp"

namespace units = reckon::units;
namespace physics = reckon::physics;

namespace {

units::q<physics::request_rate_unit> per_second(double requests) {
  return requests * units::requests / units::seconds;
}

// Erlang C summed from its closed form (Kleinrock 1975, Vol. 1, Sec. 3.5), independent of the
// recursion the library uses.
double erlang_c_direct(int c, double a) {
  double sum = 0, term = 1;  // term = a^k / k!
  for (int k = 0; k < c; ++k) {
    sum += term;
    term *= a / (k + 1);
  }
  const double last = term * c / (c - a);
  return last / (sum + last);
}

// The smallest c whose q-quantile wait is within t, by brute force over the closed form.
std::int64_t servers_by_brute_force(double lambda, double mu, double t, double q) {
  for (int c = 1;; ++c) {
    if (lambda / mu >= c) continue;
    const double wait_probability = erlang_c_direct(c, lambda / mu);
    if (wait_probability <= 1 - q) return c;
    if (std::log(wait_probability / (1 - q)) / (c * mu - lambda) <= t) return c;
  }
}

}  // namespace

TEST_CASE("M/M/c servers for a waiting-time quantile", "[serving]") {
  // A staffing problem in the call-centre form: 100 arrivals per 30 min, 180 s mean service,
  // 80 % to wait at most 20 s. Offered load a = 10 erlangs. Independent calculation:
  //   c = 13: C = 0.285270, P(W <= 20 s) = 1 - C e^(-3 x 20/180) = 0.79559 (misses 0.8);
  //   c = 14: C = 0.174132, P(W <= 20 s) = 1 - C e^(-4 x 20/180) = 0.88835 (meets it).
  CHECK(physics::mmc_servers_for_wait(per_second(100.0 / 1800), per_second(1.0 / 180),
                                      20 * units::seconds, 0.8) == 14);
  CHECK(erlang_c_direct(13, 10) == Approx(0.28527045303649295).epsilon(1e-12));
  CHECK(erlang_c_direct(14, 10) == Approx(0.17413193359504983).epsilon(1e-12));

  struct Row {
    const char* source;
    double lambda, mu, max_wait, quantile;
  };
  // Agreement with the brute-force search over the closed form across loads and targets.
  const std::array<Row, 6> rows = {{
      {"light load, p99 100 ms", 5, 10, 0.1, 0.99},
      {"a = 8, p99 50 ms", 8, 1, 0.05, 0.99},
      {"a = 35, p99 10 ms", 35, 1, 0.01, 0.99},
      {"a = 35, p50 0 s", 35, 1, 0, 0.5},
      {"a = 120, p99.9 1 ms", 1200, 10, 0.001, 0.999},
      {"no arrivals", 0, 1, 0, 0.99},
  }};
  for (const Row& r : rows) {
    SECTION(r.source) {
      CHECK(physics::mmc_servers_for_wait(per_second(r.lambda), per_second(r.mu),
                                          r.max_wait * units::seconds, r.quantile) ==
            servers_by_brute_force(r.lambda, r.mu, r.max_wait, r.quantile));
    }
  }
  SECTION("M/M/1 by hand") {
    // lambda = 0.5, mu = 1: one server gives a p99 wait of 2 ln 50 = 7.82 s (test_serving.cpp);
    // a target of 8 s needs 1 server. For 1 s: C(2, 0.5) = 0.1, ln(0.1 / 0.01) / 1.5 = 1.535 s
    // is too long; C(3, 0.5) = 0.025 / 1.65 = 0.01515, ln(1.515) / 2.5 = 0.166 s: 3 servers.
    CHECK(physics::mmc_servers_for_wait(per_second(0.5), per_second(1), 8 * units::seconds, 0.99) ==
          1);
    CHECK(physics::mmc_servers_for_wait(per_second(0.5), per_second(1), 1 * units::seconds, 0.99) ==
          3);
  }
  SECTION("impossible inputs") {
    const auto one = per_second(1);
    CHECK_THROWS_AS(physics::mmc_servers_for_wait(per_second(-1), one, 1 * units::seconds, 0.99),
                    std::domain_error);
    CHECK_THROWS_AS(physics::mmc_servers_for_wait(one, per_second(0), 1 * units::seconds, 0.99),
                    std::domain_error);
    CHECK_THROWS_AS(physics::mmc_servers_for_wait(one, one, -1 * units::seconds, 0.99),
                    std::domain_error);
    CHECK_THROWS_AS(physics::mmc_servers_for_wait(one, one, 1 * units::seconds, 1),
                    std::domain_error);
    // An offered load beyond the server bound cannot be sized.
    CHECK_THROWS_AS(physics::mmc_servers_for_wait(per_second(2e7), one, 1 * units::seconds, 0.99),
                    std::domain_error);
  }
}

TEST_CASE("M/M/c response-time quantiles and servers for a latency target", "[serving]") {
  struct Row {
    const char* source;
    double lambda, mu;
    std::int64_t c;
    double quantile, expected_seconds;
  };
  // Independent calculations of the t with P(T > t) = 1 - q (bisection in Python to 1e-15):
  const std::array<Row, 5> rows = {{
      // M/M/1: T ~ Exp(mu - lambda) (Kleinrock 1975, Vol. 1, Sec. 3.2): ln(100) / 0.5 s.
      {"M/M/1 rho 0.5, p99", 0.5, 1, 1, 0.99, std::log(100.0) / 0.5},
      {"M/M/1 rho 0.8, p50", 0.8, 1, 1, 0.5, std::log(2.0) / 0.2},
      // M/M/10, a = 8: C = 0.4091802, theta = 2, P(T > t) = (1 + C) e^-t - C e^-2t = 0.01 at
      // t = 4.946111 s.
      {"M/M/10 a 8, p99", 8, 1, 10, 0.99, 4.946111327611453},
      // theta = mu (lambda = mu = 1, c = 2, C = 1/3): P(T > t) = e^-t (1 + t / 3) = 0.01 at
      // t = 5.665961 s, the limit the expm1 form must reach without dividing by zero.
      {"theta equal to mu, p99", 1, 1, 2, 0.99, 5.6659606837929966},
      // No arrivals: the service time alone, ln(100) / mu.
      {"no arrivals", 0, 2, 3, 0.99, std::log(100.0) / 2},
  }};
  for (const Row& r : rows) {
    SECTION(r.source) {
      CHECK(physics::mmc_response_quantile(per_second(r.lambda), per_second(r.mu), r.c, r.quantile)
                .value() == Approx(r.expected_seconds).epsilon(1e-11));
    }
  }
  SECTION("the response quantile exceeds the wait quantile by less than the service") {
    const auto lambda = per_second(35), mu = per_second(1);
    const double response = physics::mmc_response_quantile(lambda, mu, 40, 0.99).value();
    const double wait = physics::mmc_wait_quantile(lambda, mu, 40, 0.99).value();
    CHECK(response > wait);
    CHECK(response < wait + std::log(100.0));
  }
  SECTION("servers for a response-time target") {
    // 200 request/s, 1.5 s mean service (a = 300 erlangs), p99 within 8 s. The service alone
    // has a p99 of 1.5 ln 100 = 6.908 s. The closed form above, summed in Python: c = 301 gives
    // P(T > 8 s) = 0.02877, c = 302 gives 0.00898, so 302 servers.
    const auto lambda = per_second(200), mu = per_second(1 / 1.5);
    const std::int64_t c = physics::mmc_servers_for_response(lambda, mu, 8 * units::seconds, 0.99);
    CHECK(c == 302);
    CHECK(physics::mmc_response_quantile(lambda, mu, c, 0.99).value() <= 8);
    CHECK(physics::mmc_response_quantile(lambda, mu, c - 1, 0.99).value() > 8);
    // M/M/1 at lambda 0.5, mu 1 has p99 9.21 s: a 10 s target needs one server.
    CHECK(physics::mmc_servers_for_response(per_second(0.5), per_second(1), 10 * units::seconds,
                                            0.99) == 1);
    // A target below the service time's p99 cannot be met by any number of servers.
    CHECK_THROWS_AS(physics::mmc_servers_for_response(lambda, mu, 6 * units::seconds, 0.99),
                    std::domain_error);
    CHECK_THROWS_AS(physics::mmc_servers_for_response(lambda, mu, 8 * units::seconds, 1),
                    std::domain_error);
    CHECK_THROWS_AS(physics::mmc_response_quantile(per_second(2), per_second(1), 2, 0.99),
                    std::domain_error);
  }
}

TEST_CASE("speculative decoding", "[serving]") {
  struct Row {
    const char* source;
    double alpha, gamma, c, tokens, speedup;
  };
  // Leviathan et al. 2023, Eq. 1 and Theorem 3.8, independent calculation:
  const std::array<Row, 5> rows = {{
      // (1 - 0.8^6) / 0.2 = 3.68928; / (5 x 0.05 + 1) = 2.951424.
      {"alpha 0.8, gamma 5, c 0.05", 0.8, 5, 0.05, 3.68928, 2.951424},
      // (1 - 0.6^4) / 0.4 = 2.176; / 1.3 = 1.6738462.
      {"alpha 0.6, gamma 3, c 0.1", 0.6, 3, 0.1, 2.176, 2.176 / 1.3},
      // Nothing accepted: one token per run, and the drafts cost time.
      {"alpha 0", 0, 4, 0.1, 1, 1 / 1.4},
      // Everything accepted: gamma + 1 tokens per run.
      {"alpha 1", 1, 7, 0, 8, 8},
      // gamma = 0 is plain decoding.
      {"gamma 0", 0.7, 0, 0.2, 1, 1},
  }};
  for (const Row& r : rows) {
    SECTION(r.source) {
      CHECK(physics::speculative_expected_tokens(r.alpha, r.gamma) ==
            Approx(r.tokens).epsilon(1e-12));
      CHECK(physics::speculative_speedup(r.alpha, r.gamma, r.c) ==
            Approx(r.speedup).epsilon(1e-12));
    }
  }
  SECTION("optimal draft length") {
    // Independent scan of Theorem 3.8 over gamma = 0..64 (Python):
    //   alpha 0.8, c 0.05: gamma 7, 8, 9 give 3.0823, 3.0921, 3.0780 -> 8;
    //   alpha 0.6, c 0.1: gamma 2, 3, 4 give 1.6333, 1.6738, 1.6469 -> 3;
    //   alpha 0.9, c 0.02: gamma 18, 19, 20 give 6.3597, 6.3654, 6.3613 -> 19.
    CHECK(physics::speculative_optimal_draft_tokens(0.8, 0.05, 64) == 8);
    CHECK(physics::speculative_optimal_draft_tokens(0.6, 0.1, 64) == 3);
    CHECK(physics::speculative_optimal_draft_tokens(0.9, 0.02, 64) == 19);
    // Corollary 3.9: no gain unless alpha > c. At alpha = c = 0.5, gamma = 1 only ties.
    CHECK(physics::speculative_optimal_draft_tokens(0.5, 0.5, 64) == 0);
    // The bound is respected.
    CHECK(physics::speculative_optimal_draft_tokens(0.9, 0.02, 5) == 5);
    CHECK_THROWS_AS(physics::speculative_optimal_draft_tokens(0.9, 0.02, -1), std::domain_error);
    CHECK_THROWS_AS(physics::speculative_optimal_draft_tokens(0.9, -0.1, 8), std::domain_error);
  }
  SECTION("arithmetic work (Theorem 3.11)") {
    // 0.2 x (5 x 0.05 + 5 + 1) / (1 - 0.8^6) = 1.25 / 0.737856 = 1.6940975.
    CHECK(physics::speculative_work_factor(0.8, 5, 0.05) ==
          Approx(1.6940974932778212).epsilon(1e-12));
    // With perfect acceptance and a free draft, no work is wasted.
    CHECK(physics::speculative_work_factor(1, 4, 0) == Approx(1));
  }
  SECTION("impossible inputs") {
    CHECK_THROWS_AS(physics::speculative_expected_tokens(1.2, 3), std::domain_error);
    CHECK_THROWS_AS(physics::speculative_expected_tokens(0.5, -1), std::domain_error);
    CHECK_THROWS_AS(physics::speculative_speedup(0.5, 3, -0.1), std::domain_error);
    CHECK_THROWS_AS(physics::speculative_work_factor(0.5, 3, -1), std::domain_error);
  }
}

TEST_CASE("continuous batching", "[serving]") {
  using kv_unit = decltype(units::bytes / units::tokens);
  const auto params = 8e9 * units::params;                   // an 8B model
  const auto kv = 131072.0 * kv_unit();                      // 2 x 32 x 8 x 128 x 2 B/token
  const auto peak = 989e12 * units::flops_per_second;        // H100 SXM dense BF16
  const auto bandwidth = 3.35e12 * units::bytes_per_second;  // H100 SXM HBM3
  const auto bf16 = 2.0 * units::bytes / units::params;
  auto itl = [&](double batch, double prompt, double output, double ce, double be) {
    return physics::continuous_batching_itl(params, batch, prompt * units::tokens,
                                            output * units::tokens, kv, peak, bandwidth, bf16, ce,
                                            be)
        .value();
  };
  // 64 requests, 1000-token prompts, 200 output tokens (independent calculation):
  //   compute: 2 x 8e9 x 64 x (1 + 1000/200) = 6.144e12 flop / 989e12 = 6.2123 ms;
  //   memory: (16e9 + 64 x 131072 x (1000 + 100)) B / 3.35e12 = 7.5306 ms, the binding one.
  CHECK(itl(64, 1000, 200, 1, 1) == Approx(0.007530587701492538).epsilon(1e-12));
  // Long prompts, short outputs: 32 x (1 + 4000/100) tokens per iteration, compute-bound,
  //   2 x 8e9 x 32 x 41 / 989e12 = 21.2255 ms (memory 9.85 ms).
  CHECK(itl(32, 4000, 100, 1, 1) == Approx(0.021225480283114256).epsilon(1e-12));
  // Efficiencies 0.5 and 0.8 flip the first case: compute 12.4247 ms > memory 9.4132 ms.
  CHECK(itl(64, 1000, 200, 0.5, 0.8) == Approx(0.012424671385237614).epsilon(1e-12));
  // Little's law: 64 in flight, each 200 x 7.5306 ms: 42.4934 requests/s.
  const auto rate = physics::continuous_batching_request_rate(
      64, 200 * units::tokens, 0.007530587701492538 * units::seconds / units::tokens);
  CHECK(rate.value() == Approx(42.493363424554104).epsilon(1e-12));

  CHECK_THROWS_AS(itl(64, 1000, 0, 1, 1), std::domain_error);
  CHECK_THROWS_AS(itl(64, 1000, 200, 0, 1), std::domain_error);
  CHECK_THROWS_AS(itl(64, 1000, 200, 1, 1.5), std::domain_error);
  CHECK_THROWS_AS(itl(-1, 1000, 200, 1, 1), std::domain_error);
  CHECK_THROWS_AS(physics::continuous_batching_request_rate(64, 0 * units::tokens,
                                                            0.01 * units::seconds / units::tokens),
                  std::domain_error);
}
