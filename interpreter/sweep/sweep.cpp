#include "interpreter/sweep/sweep.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <memory>

#include "interpreter/evaluate/constraints.hpp"
#include "interpreter/values/range_value.hpp"

namespace reckon::sweep {

// --- the space ---------------------------------------------------------------------

std::uint64_t Space::size() const {
  std::uint64_t n = 1;
  for (const Axis& a : axes) n *= a.values.size();
  return n;
}

std::vector<std::size_t> Space::coordinates(std::uint64_t point) const {
  std::vector<std::size_t> at(axes.size());
  for (std::size_t k = axes.size(); k-- > 0;) {
    at[k] = static_cast<std::size_t>(point % axes[k].values.size());
    point /= axes[k].values.size();
  }
  return at;
}

std::vector<const Expr*> Space::targets() const {
  std::vector<const Expr*> out(show.begin(), show.end());
  out.insert(out.end(), where.begin(), where.end());
  out.insert(out.end(), require.begin(), require.end());
  if (objective) out.push_back(objective);
  return out;
}

namespace {

void require_whole(const Value& v, const Input& in, SourceRange at) {
  if (!in.resolved.integer || v.kind != ValueKind::quantity || v.number == std::trunc(v.number))
    return;
  throw UserError(
      at, "E0503",
      fmt::format("input `{}` must be a whole number, but this value is {}", in.name, v.number));
}

}  // namespace

std::vector<Value> expand(Evaluator& ev, const Vary& vary, const Input& input) {
  std::vector<Value> out;
  for (const auto& e : vary.values) {
    out.push_back(ev.evaluate(*e, {}));
    require_whole(out.back(), input, e->range);
  }
  if (!vary.from) return out;
  const Value from = ev.evaluate(*vary.from, {});
  const Value to = ev.evaluate(*vary.to, {});
  // The command line's `a..b` steps by 1.
  const Expr* by_at = vary.factor ? vary.factor.get() : vary.step.get();
  const double by = by_at ? ev.evaluate(*by_at, {}).number : 1;
  // One input may take fewer values (max_axis_values) than a sweep may have points
  // (max_points), so a range is held to the first limit, never reaching the second.
  static_assert(max_axis_values <= max_points);
  sweep::ExpandedRange range =
      sweep::expand_range(from.number, to.number, by, vary.factor != nullptr, max_axis_values);
  switch (range.problem) {
    case RangeProblem::none:
      break;
    case RangeProblem::empty:
      throw UserError(vary.to->range, "E0702", "the range is empty: it ends before it starts");
    case RangeProblem::step:
      throw UserError(by_at->range, "E0702", "the step of a range must be positive");
    case RangeProblem::factor:
      throw UserError(by_at->range, "E0702",
                      "the factor of a geometric range must be greater than 1");
    case RangeProblem::start:
      throw UserError(vary.from->range, "E0702",
                      "a geometric range (`times`) must start above zero");
    case RangeProblem::too_many:
      throw UserError((by_at ? *by_at : *vary.to).range, "E0805",
                      fmt::format("the range has {:.0f} values: one varied input may take at "
                                  "most {} (the limit; each value is held in memory); vary "
                                  "another input too, or split the range into several sweeps",
                                  range.count, max_axis_values));
  }
  out.reserve(out.size() + range.values.size());
  for (double x : range.values) out.push_back(Value::quantity(x, from.dim));
  for (const Value& v : out) require_whole(v, input, vary.from->range);
  return out;
}

namespace {

// The case of the sweep with the values of `point` bound, in `ev`.
Instance& point_instance(Evaluator& ev, const Space& space, std::uint64_t point) {
  Instance* inst = &ev.instance_of(*space.case_decl);
  for (const auto& [input, e] : space.sets) ev.bind_input(*inst, input, *e);
  std::vector<std::size_t> at = space.coordinates(point);
  for (std::size_t k = 0; k < space.axes.size(); ++k) {
    const Axis& axis = space.axes[k];
    ev.bind_input_value(*inst, axis.input, axis.values[at[k]], axis.at);
  }
  return *inst;
}

}  // namespace

std::optional<std::pair<const Requirement*, std::string>> broken_constraint_at(
    const Program& program, const Space& space, std::uint64_t point) {
  Evaluator ev(program);
  Instance& inst = point_instance(ev, space, point);
  const Requirement* r = first_broken_constraint(ev, inst);
  if (!r) return std::nullopt;
  return std::make_pair(r, constraint_message(ev, inst, *r));
}

std::vector<Value> evaluate_lazily(const Program& program, const Space& space,
                                   std::uint64_t point) {
  Evaluator ev(program);
  Instance* inst = &point_instance(ev, space, point);
  const std::vector<const Expr*> targets = space.targets();
  std::vector<Value> out(targets.size());
  // The constraints first: an infeasible point has no values (reading one, `C.x`, would
  // be an error), and the others stay none.
  const std::size_t require_at = space.show.size() + space.where.size();
  for (std::size_t i = require_at; i < require_at + space.require.size(); ++i) {
    out[i] = ev.evaluate(*targets[i], {inst, nullptr});
    if (!out[i].truthy()) return out;
  }
  for (std::size_t i = 0; i < targets.size(); ++i)
    if (i < require_at || i >= require_at + space.require.size())
      out[i] = ev.evaluate(*targets[i], {inst, nullptr});
  return out;
}

// --- the runner ----------------------------------------------------------------------

Runner::Runner(const Program& program, const Space& space)
    : program_(program), space_(space), targets_(space.targets()) {
  // Constants are folded by an evaluator whose case holds the first point's values;
  // the compiler never folds what depends on a varied input.
  Evaluator ev(program);
  Instance* inst = &ev.instance_of(*space.case_decl);
  for (const auto& [input, e] : space.sets) ev.bind_input(*inst, input, *e);
  std::vector<std::size_t> varied;
  std::vector<Value> sample;
  std::vector<bool> whole;  // every value a whole number: the plan need not check it
  for (const Axis& axis : space.axes) {
    varied.push_back(axis.input);
    sample.push_back(axis.values.front());
    ev.bind_input_value(*inst, axis.input, axis.values.front(), axis.at);
    bool all_whole = true;
    for (const Value& v : axis.values)
      all_whole = all_whole && v.kind == ValueKind::quantity && v.number == std::trunc(v.number);
    whole.push_back(all_whole);
  }
  try {
    Plan plan = Plan::compile(ev, *inst, varied, sample, targets_, whole);
    std::uint64_t stride = 1;
    for (std::size_t k = space.axes.size(); k-- > 0;) {
      const std::vector<Value>& values = space.axes[k].values;
      AxisRegisters a;
      a.stride = stride;
      a.size = values.size();
      stride *= values.size();
      for (std::size_t i = 0; i < values.size(); ++i) {
        // flatten walks the axis's one shape (the plan's; a value of another throws
        // Unplannable), so every value sets the same registers in the same order.
        auto flat = plan.flatten(k, values[i]);
        for (auto [reg, x] : flat) {
          if (i == 0) a.registers.push_back(reg);
          a.contents.push_back(x);
        }
      }
      axes_.insert(axes_.begin(), std::move(a));
    }
    const std::vector<double> constants = plan.registers();
    for (std::size_t t = 0; t < targets_.size(); ++t) {
      const std::uint16_t reg = plan.target_register(t);
      auto in = [reg](const std::vector<std::uint16_t>& regs) {
        return std::find(regs.begin(), regs.end(), reg) != regs.end();
      };
      bool input = false;
      for (const AxisRegisters& a : axes_) input = input || in(a.registers);
      if (plan.written(reg))
        (in(target_registers_) ? copied_targets_ : written_targets_).push_back(t);
      else if (input)
        copied_targets_.push_back(t);
      else  // neither computed nor varied: a constant of the plan
        constant_targets_.push_back({t, constants[reg]});
      target_registers_.push_back(reg);
    }
    plan_ = std::move(plan);
  } catch (const Unplannable& e) {
    why_unplanned_ = e.what();
    unplanned_at_ = e.at;
    axes_.clear();
  }
}

void Runner::set_point(std::uint64_t point, double* registers) const {
  for (const AxisRegisters& a : axes_) {
    const double* x = a.contents.data() + (point / a.stride % a.size) * a.registers.size();
    for (std::size_t r = 0; r < a.registers.size(); ++r) registers[a.registers[r]] = x[r];
  }
}

void Runner::set_lanes(std::uint64_t point, std::size_t lanes, double* batch) const {
  constexpr std::size_t lanes_max = Plan::batch;
  for (const AxisRegisters& a : axes_) {
    const std::size_t n = a.registers.size();
    std::size_t value = static_cast<std::size_t>(point / a.stride % a.size);
    if (a.stride == 1 && n == 1) {  // one register: consecutive values are one copy
      double* d = batch + a.registers[0] * lanes_max;
      for (std::size_t lane = 0; lane < lanes; value = 0) {  // a run ends the lanes or the axis
        const std::size_t run = std::min(lanes - lane, a.size - value);
        std::memcpy(d + lane, a.contents.data() + value, run * sizeof(double));
        lane += run;
      }
      continue;
    }
    if (a.stride == 1) {  // the innermost axis turns every lane
      for (std::size_t lane = 0; lane < lanes; ++lane) {
        const double* x = a.contents.data() + value * n;
        for (std::size_t r = 0; r < n; ++r) batch[a.registers[r] * lanes_max + lane] = x[r];
        if (++value == a.size) value = 0;
      }
      continue;
    }
    // Lanes until this axis turns to its next value; an outer axis holds for long runs.
    std::uint64_t left = a.stride - point % a.stride;
    for (std::size_t lane = 0; lane < lanes;) {
      const auto run = static_cast<std::size_t>(std::min<std::uint64_t>(left, lanes - lane));
      const double* x = a.contents.data() + value * n;
      for (std::size_t r = 0; r < n; ++r)
        std::fill_n(batch + a.registers[r] * lanes_max + lane, run, x[r]);
      lane += run;
      left -= run;
      if (left == 0) {
        left = a.stride;
        if (++value == a.size) value = 0;
      }
    }
  }
}

Status Runner::judge(const double* values, std::size_t stride) const {
  const std::size_t require_at = space_.show.size() + space_.where.size();
  for (std::size_t i = 0; i < space_.require.size(); ++i)
    if (values[(require_at + i) * stride] == 0) return Status::infeasible;
  for (std::size_t i = 0; i < space_.where.size(); ++i)
    if (values[(space_.show.size() + i) * stride] == 0) return Status::filtered;
  return Status::kept;
}

void Runner::lazily(std::uint64_t point, double* values, std::size_t stride, Status& status,
                    std::optional<std::pair<std::uint64_t, Diagnostic>>& error) const {
  try {
    std::vector<Value> v = evaluate_lazily(program_, space_, point);
    for (std::size_t i = 0; i < v.size(); ++i) values[i * stride] = v[i].number;
    status = judge(values, stride);
  } catch (const UserError& e) {
    status = Status::failed;
    if (!error) error.emplace(point, e.diagnostic());
  }
}

void Runner::run_part(std::uint64_t begin, std::size_t count, Block& out,
                      std::optional<std::pair<std::uint64_t, Diagnostic>>& error) const {
  const std::size_t width = targets_.size();
  const std::size_t offset = static_cast<std::size_t>(begin - out.begin);
  // The block is column-major: target t of this part's point i at values[t * stride + i].
  const std::size_t stride = out.count;
  double* values = out.values.data() + offset;
  Status* status = out.status.data() + offset;
  if (!plan_) {
    for (std::size_t i = 0; i < count; ++i) lazily(begin + i, values + i, stride, status[i], error);
    return;
  }
  // Points run a batch at a time (Plan::run_batch); a batch with an unsure lane runs
  // each lane alone, and a lane still unsure is evaluated lazily.
  constexpr std::size_t lanes_max = Plan::batch;
  // Without filters or constraints every point the plan is sure of is kept.
  const bool judged = !space_.where.empty() || !space_.require.empty();
  std::vector<double> batch = plan_->batch_registers();
  std::vector<double*> columns = Plan::columns_of(batch);
  std::vector<double> single = plan_->registers();
  for (std::size_t first = 0; first < count; first += lanes_max) {
    const std::size_t lanes = std::min(lanes_max, count - first);
    set_lanes(begin + first, lanes, batch.data());
    double* v = values + first;
    // A target an instruction computes is written by it straight into the block: its
    // register's lanes are this batch's run of the target's column.
    for (std::size_t t : written_targets_) columns[target_registers_[t]] = v + t * stride;
    if (plan_->run_batch(columns.data(), lanes)) {
      // The others are filled in: a constant, and a copy of a varied input's register or
      // of a register shown twice.
      for (auto [t, x] : constant_targets_) std::fill_n(v + t * stride, lanes, x);
      for (std::size_t t : copied_targets_)
        std::memcpy(v + t * stride, columns[target_registers_[t]], lanes * sizeof(double));
      if (judged)
        for (std::size_t lane = 0; lane < lanes; ++lane)
          status[first + lane] = judge(v + lane, stride);
      else
        std::fill_n(status + first, lanes, Status::kept);
      continue;
    }
    for (std::size_t lane = 0; lane < lanes; ++lane) {
      std::uint64_t point = begin + first + lane;
      double* w = v + lane;
      set_point(point, single.data());
      if (plan_->run(single.data())) {
        for (std::size_t t = 0; t < width; ++t) w[t * stride] = single[target_registers_[t]];
        status[first + lane] = judge(w, stride);
      } else {
        lazily(point, w, stride, status[first + lane], error);
      }
    }
  }
}

void Runner::run(std::uint64_t begin, std::size_t count, unsigned jobs, Block& out) const {
  out.begin = begin;
  out.count = count;
  out.width = targets_.size();
  // Every value and status is written below: resizing without zeroing saves a pass
  // over the block (it showed as a tenth of a sweep's time).
  out.values.resize(count * targets_.size());
  out.status.resize(count);
  out.first_error.reset();
  jobs = std::max(1u, std::min<unsigned>(jobs, static_cast<unsigned>(count / 1024 + 1)));
  std::vector<std::optional<std::pair<std::uint64_t, Diagnostic>>> errors(jobs);
  std::vector<Summary> summaries(space_.objective ? jobs : 0);
  auto part = [&](unsigned j) {
    std::uint64_t from = begin + count * j / jobs;
    auto n = static_cast<std::size_t>(begin + count * (j + 1) / jobs - from);
    run_part(from, n, out, errors[j]);
    if (space_.objective) summaries[j] = summarize(out, from, n);
  };
  if (jobs == 1) {
    part(0);
  } else {
    if (!workers_ || workers_->helpers() < jobs - 1) workers_ = std::make_unique<Workers>(jobs - 1);
    workers_->run(jobs, part);
  }
  for (auto& e : errors)  // parts are in order: the first error found is the earliest
    if (e) {
      out.first_error = std::move(e);
      break;
    }
  out.summary.reset();
  if (!space_.objective) return;
  Summary& all = out.summary.emplace();
  for (const Summary& s : summaries) {  // in order, so ties go to the earliest
    all.kept += s.kept;
    all.filtered += s.filtered;
    all.infeasible += s.infeasible;
    all.failed += s.failed;
    if (s.best && (!all.best || better(s.best_value, all.best_value))) {
      all.best = s.best;
      all.best_value = s.best_value;
    }
  }
}

// Kept points' objectives are finite (a point whose value is not fails instead), so
// folding each part and then the parts gives the serial fold's answer.
Summary Runner::summarize(const Block& block, std::uint64_t begin, std::size_t count) const {
  Summary s;
  const double* objective = block.values.data() + (targets_.size() - 1) * block.count;
  const auto offset = static_cast<std::size_t>(begin - block.begin);
  for (std::size_t i = offset; i < offset + count; ++i) {
    if (block.status[i] == Status::failed) {
      ++s.failed;
      continue;
    }
    if (block.status[i] == Status::filtered) {
      ++s.filtered;
      continue;
    }
    if (block.status[i] == Status::infeasible) {
      ++s.infeasible;
      continue;
    }
    ++s.kept;
    double v = objective[i];
    if (!s.best || better(v, s.best_value)) {
      s.best = block.begin + i;
      s.best_value = v;
    }
  }
  return s;
}

}  // namespace reckon::sweep
