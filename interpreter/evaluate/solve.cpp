// solve's search (solve.hpp): probes, then a binary search or bisection, every point
// evaluated checked against its neighbours for monotony.
#include "interpreter/evaluate/solve.hpp"

#include <algorithm>
#include <cmath>
#include <map>

namespace reckon {

bool searches_continuum(const Expr& domain) {
  return domain.kind == ExprKind::range && domain.operands.size() == 2 && domain.type.is_list() &&
         !domain.type.element().dim.physical().is_dimensionless();
}

namespace {

// The points of f evaluated so far, by their position in the domain (an index into the
// values, or x itself on a continuum). Each new point must keep f monotone in `direction`
// (+1 rising, -1 falling) against its neighbours; as every earlier point did, that keeps
// all of them monotone.
template <typename Position>
class Points {
 public:
  Points(const std::function<double(double)>& f, SolveOutcome& out) : f_(f), out_(out) {}

  void set_direction(int direction) { direction_ = direction; }

  // f at `at` (x its value in the domain); false when it breaks monotony.
  bool evaluate(Position at, double x, double& fx) {
    if (auto it = seen_.find(at); it != seen_.end()) {
      fx = it->second.f;
      return true;
    }
    fx = f_(x);
    ++out_.evaluations;
    auto [it, inserted] = seen_.emplace(at, Point{x, fx});
    if (direction_ == 0) return true;  // the ends, before the direction is known
    const Point* before = it == seen_.begin() ? nullptr : &std::prev(it)->second;
    const Point* after = std::next(it) == seen_.end() ? nullptr : &std::next(it)->second;
    const bool rises_from_before = !before || (fx - before->f) * direction_ >= 0;
    const bool rises_to_after = !after || (after->f - fx) * direction_ >= 0;
    if (rises_from_before && rises_to_after) return true;
    out_.problem = SolveProblem::not_monotone;
    // The new point and its neighbours: the middle one is the turn.
    const Point& left = before ? *before : Point{x, fx};
    const Point& right = after ? *after : Point{x, fx};
    const Point middle{x, fx};
    const Point* three[3] = {&left, &middle, &right};
    for (int k = 0; k < 3; ++k) {
      out_.witness[k] = three[k]->x;
      out_.witness_f[k] = three[k]->f;
    }
    return false;
  }

 private:
  struct Point {
    double x, f;
  };
  const std::function<double(double)>& f_;
  SolveOutcome& out_;
  int direction_ = 0;
  std::map<Position, Point> seen_;
};

// The goal as a condition that is false then true along the domain (for a monotone f),
// and which point answers: the first where it holds, or the last before it does.
struct Condition {
  bool (*holds)(double fx, double t, int direction);
  bool answer_is_last_before;  // the feasible points are a prefix
};

Condition condition_for(SolveGoal goal, int direction) {
  switch (goal) {
    case SolveGoal::equal:  // reached or passed
      return {[](double fx, double t, int d) { return (fx - t) * d >= 0; }, false};
    case SolveGoal::at_most:
      if (direction > 0)  // f <= t on a prefix: the first point past it, less one
        return {[](double fx, double t, int) { return fx > t; }, true};
      return {[](double fx, double t, int) { return fx <= t; }, false};
    case SolveGoal::at_least:
      if (direction > 0) return {[](double fx, double t, int) { return fx >= t; }, false};
      return {[](double fx, double t, int) { return fx < t; }, true};
  }
  return {nullptr, false};
}

// Whether any point can answer, from the ends alone.
bool met_somewhere(SolveGoal goal, double first, double last, double t) {
  switch (goal) {
    case SolveGoal::equal:
      return std::min(first, last) <= t && t <= std::max(first, last);
    case SolveGoal::at_most:
      return std::min(first, last) <= t;
    case SolveGoal::at_least:
      return std::max(first, last) >= t;
  }
  return false;
}

SolveOutcome search_values(const std::function<double(double)>& f, double t, SolveGoal goal,
                           const SolveDomain& d) {
  SolveOutcome out;
  Points<std::size_t> points(f, out);
  const std::size_t last = d.count - 1;
  double f_first = 0, f_last = 0, fx = 0;
  points.evaluate(0, d.value_at(0), f_first);
  points.evaluate(last, d.value_at(last), f_last);
  out.f_first = f_first;
  out.f_last = f_last;
  const int direction = f_last < f_first ? -1 : 1;
  points.set_direction(direction);
  const Condition c = condition_for(goal, direction);
  // Every probe is evaluated (for the monotony check); the first at which the condition
  // holds brackets the answer with the one before.
  std::size_t below = 0, above = last;
  bool found = false;
  for (std::size_t k = 0; k < solve_probes; ++k) {
    const std::size_t i = last * k / (solve_probes - 1);
    if (!points.evaluate(i, d.value_at(i), fx)) return out;
    if (found) continue;
    if (c.holds(fx, t, direction)) {
      above = i;
      found = true;
    } else {
      below = i;
    }
  }
  // Only now, with the probes seen to be monotone, do the ends say where f goes.
  if (!met_somewhere(goal, f_first, f_last, t)) {
    out.problem = SolveProblem::unmet;
    return out;
  }
  if (!found) {  // it never holds: every point is feasible, the last answers
    out.x = d.value_at(last);
    return out;
  }
  if (above == 0) {
    out.x = d.value_at(0);
    if (c.answer_is_last_before) out.problem = SolveProblem::unmet;  // nothing before it
    return out;
  }
  while (above - below > 1) {
    const std::size_t mid = below + (above - below) / 2;
    if (!points.evaluate(mid, d.value_at(mid), fx)) return out;
    (c.holds(fx, t, direction) ? above : below) = mid;
  }
  out.x = d.value_at(c.answer_is_last_before ? below : above);
  return out;
}

SolveOutcome search_continuum(const std::function<double(double)>& f, double t, SolveGoal goal,
                              const SolveDomain& d) {
  SolveOutcome out;
  Points<double> points(f, out);
  double f_first = 0, f_last = 0, fx = 0;
  points.evaluate(d.low, d.low, f_first);
  points.evaluate(d.high, d.high, f_last);
  out.f_first = f_first;
  out.f_last = f_last;
  const int direction = f_last < f_first ? -1 : 1;
  points.set_direction(direction);
  const Condition c = condition_for(goal, direction);
  double below = d.low, above = d.high, f_below = f_first, f_above = f_last;
  bool found = false;
  for (std::size_t k = 0; k < solve_probes; ++k) {
    const double x = k + 1 == solve_probes ? d.high
                                           : d.low + (d.high - d.low) * static_cast<double>(k) /
                                                         static_cast<double>(solve_probes - 1);
    if (!points.evaluate(x, x, fx)) return out;
    if (found) continue;
    if (c.holds(fx, t, direction)) {
      above = x;
      f_above = fx;
      found = true;
    } else {
      below = x;
      f_below = fx;
    }
  }
  if (!met_somewhere(goal, f_first, f_last, t)) {
    out.problem = SolveProblem::unmet;
    return out;
  }
  if (!found) {
    out.x = d.high;
    return out;
  }
  if (above == d.low) {
    out.x = d.low;
    if (c.answer_is_last_before) out.problem = SolveProblem::unmet;
    return out;
  }
  // Bisection to adjacent doubles: at most about 2,100 halvings from the widest interval
  // to one ulp, 60 or so for the usual ones; bounded anyway.
  for (int step = 0; step < 2200; ++step) {
    const double mid = below + (above - below) / 2;
    if (!(mid > below && mid < above)) break;
    if (!points.evaluate(mid, mid, fx)) return out;
    if (c.holds(fx, t, direction)) {
      above = mid;
      f_above = fx;
    } else {
      below = mid;
      f_below = fx;
    }
  }
  if (goal == SolveGoal::equal)  // the nearer of the two last points
    out.x = std::abs(f_below - t) < std::abs(f_above - t) ? below : above;
  else
    out.x = c.answer_is_last_before ? below : above;
  return out;
}

}  // namespace

SolveOutcome solve_monotone(const std::function<double(double)>& f, double target, SolveGoal goal,
                            const SolveDomain& domain) {
  return domain.continuous ? search_continuum(f, target, goal, domain)
                           : search_values(f, target, goal, domain);
}

}  // namespace reckon
