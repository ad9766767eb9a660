// solve's search (interpreter/evaluate/solve.hpp) on functions whose answers are known in closed
// form, counting evaluations, and on functions that turn or never meet the target.
#include <catch2/catch.hpp>
#include <cmath>
#include <cstddef>
#include <vector>

#include "interpreter/evaluate/solve.hpp"

using reckon::solve_monotone;
using reckon::SolveDomain;
using reckon::SolveGoal;
using reckon::SolveProblem;

namespace {

SolveDomain continuum(double low, double high) {
  SolveDomain d;
  d.continuous = true;
  d.low = low;
  d.high = high;
  return d;
}

SolveDomain counts(double first, std::size_t n) {  // first, first + 1, ...
  SolveDomain d;
  d.count = n;
  d.value_at = [first](std::size_t i) { return first + static_cast<double>(i); };
  return d;
}

}  // namespace

TEST_CASE("solve finds sqrt(2) on a continuum to adjacent doubles") {
  // x^2 = 2 on [0, 2]: the answer is the double nearest sqrt(2), or its neighbour.
  auto out = solve_monotone([](double x) { return x * x; }, 2, SolveGoal::equal, continuum(0, 2));
  REQUIRE(out.problem == SolveProblem::none);
  const double root = std::sqrt(2.0);
  const double ulp = std::nextafter(root, 3.0) - root;
  REQUIRE(std::abs(out.x - root) <= ulp);
  // Halving the probes' bracket [1.375, 1.5] (width 2^-3) to one ulp near 1.4 (2^-52)
  // takes about 49 halvings; with 17 probes, under 80 evaluations.
  REQUIRE(out.evaluations < 80);
}

TEST_CASE("solve over counts gives the first value that reaches the target") {
  // 10 + 0.25 b reaches 50 at b = 160 exactly; 50.1 first at 161.
  auto f = [](double b) { return 10 + 0.25 * b; };
  auto exact = solve_monotone(f, 50, SolveGoal::equal, counts(1, 512));
  REQUIRE(exact.problem == SolveProblem::none);
  REQUIRE(exact.x == 160);
  REQUIRE(solve_monotone(f, 50.1, SolveGoal::equal, counts(1, 512)).x == 161);
  // 17 probes (511 k / 16: 0, 31, ..., 511) and a binary search over a gap of 32
  // (between indices 127 and 159): at most 17 + 5 evaluations.
  REQUIRE(exact.evaluations <= 22);
}

TEST_CASE("at_most and at_least answer at the edge of what holds, either direction") {
  auto rising = [](double b) { return 10 + 0.25 * b; };
  // Rising: the largest b with 10 + 0.25 b <= 50 is 160; the smallest with >= 50.1, 161.
  REQUIRE(solve_monotone(rising, 50, SolveGoal::at_most, counts(1, 512)).x == 160);
  REQUIRE(solve_monotone(rising, 50.1, SolveGoal::at_least, counts(1, 512)).x == 161);
  // Falling: 1000 / n <= 30 from n = 34 (1000 / 33 = 30.3); >= 30 up to n = 33.
  auto falling = [](double n) { return 1000 / n; };
  REQUIRE(solve_monotone(falling, 30, SolveGoal::at_most, counts(1, 4096)).x == 34);
  REQUIRE(solve_monotone(falling, 30, SolveGoal::at_least, counts(1, 4096)).x == 33);
  // Everywhere within: the far end answers.
  REQUIRE(solve_monotone(rising, 1e9, SolveGoal::at_most, counts(1, 512)).x == 512);
  // On a continuum, at_most's answer itself holds: 1000 / x <= 30 from x = 33.33...
  auto c = solve_monotone(falling, 30, SolveGoal::at_most, continuum(1, 4096));
  REQUIRE(1000 / c.x <= 30);
  REQUIRE(std::abs(c.x - 1000.0 / 30) < 1e-12);
}

TEST_CASE("solve reports a target nothing meets, with f at both ends") {
  auto f = [](double b) { return 10 + 0.25 * b; };
  auto out = solve_monotone(f, 5, SolveGoal::at_most, counts(1, 512));
  REQUIRE(out.problem == SolveProblem::unmet);
  REQUIRE(out.f_first == 10.25);
  REQUIRE(out.f_last == 138);
  REQUIRE(solve_monotone(f, 1000, SolveGoal::equal, continuum(0, 1)).problem ==
          SolveProblem::unmet);
}

TEST_CASE("a function that turns is found and named by three points") {
  // (x - 1)^2 on [-2, 3]: 9 at -2, 4 at 3, so falling overall; it rises after 1.
  auto out = solve_monotone([](double x) { return (x - 1) * (x - 1); }, 0.5, SolveGoal::equal,
                            continuum(-2, 3));
  REQUIRE(out.problem == SolveProblem::not_monotone);
  // Against a fall, the middle point is below one of its neighbours to its right.
  REQUIRE(out.witness[0] <= out.witness[1]);
  REQUIRE(out.witness[1] <= out.witness[2]);
  REQUIRE((out.witness_f[2] > out.witness_f[1] || out.witness_f[1] > out.witness_f[0]));
}

TEST_CASE("a domain of one value answers with it or is unmet") {
  auto f = [](double x) { return x; };
  REQUIRE(solve_monotone(f, 3, SolveGoal::equal, counts(3, 1)).x == 3);
  REQUIRE(solve_monotone(f, 4, SolveGoal::equal, counts(3, 1)).problem == SolveProblem::unmet);
  REQUIRE(solve_monotone(f, 4, SolveGoal::at_most, continuum(3, 3)).x == 3);
}
