#include "interpreter/api/sweep_run.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <thread>

#include "grammar/parse.hpp"
#include "interpreter/api/query.hpp"
#include "interpreter/api/usage_error.hpp"
#include "interpreter/display/format.hpp"
#include "interpreter/load/pipeline.hpp"
#include "interpreter/model/suggest.hpp"

namespace reckon::api {

namespace {

// "I/N" with 1 <= I <= N.
std::optional<std::pair<std::uint64_t, std::uint64_t>> parse_shard(const std::string& s) {
  auto slash = s.find('/');
  if (slash == std::string::npos) return std::nullopt;
  try {
    std::size_t used = 0;
    auto i = std::stoull(s.substr(0, slash), &used);
    if (used != slash) return std::nullopt;
    auto n = std::stoull(s.substr(slash + 1), &used);
    if (used != s.size() - slash - 1 || i < 1 || i > n || n > sweep::max_points)
      return std::nullopt;
    return std::make_pair(i, n);
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

std::string_view text_of(const Program& p, const Expr& e) {
  return std::string_view(p.sources.file(e.range.file).text())
      .substr(e.range.begin, e.range.end - e.range.begin);
}

const SweepDecl* find_sweep(const Program& p, const std::string& name) {
  Decl* d = p.find(name);
  return d && d->kind == DeclKind::sweep ? static_cast<const SweepDecl*>(d) : nullptr;
}

// The error of infeasible "error": the first constraint `point` breaks, at its `require`.
Diagnostic infeasible_point(const Program& p, const sweep::Space& space, std::uint64_t point) {
  auto broken = sweep::broken_constraint_at(p, space, point);
  return Diagnostic{broken->first->range,
                    "the point breaks a constraint of `" + space.case_decl->scenario->name +
                        "`: " + broken->second,
                    {},
                    "E0536"};
}

}  // namespace

void check_sweep_spec(const SweepSpec& spec) {
  if (!parse_shard(spec.shard))
    throw UsageError("E0603", "--shard takes I/N with 1 <= I <= N, not `" + spec.shard + "`");
  require_distinct_names("--set", "E0612", spec.sets);
}

void prepare_sweep(Program& p, const SweepSpec& request, PreparedSweep& a) {
  check_sweep_spec(request);
  const auto shard = *parse_shard(request.shard);
  a.shard = shard.first;
  a.shards = shard.second;
  const SweepDecl* declared = nullptr;
  std::string case_name;
  if (request.name.empty()) {
    auto sweeps = p.main_decls<SweepDecl>(DeclKind::sweep);
    if (sweeps.empty())
      throw UsageError("E0802", fmt::format("{} declares no sweep: name a case or a sweep after "
                                            "the file",
                                            request.file));
    declared = sweeps.front();
  } else if ((declared = find_sweep(p, request.name)) == nullptr) {
    Decl* d = p.find(request.name);
    if (!d || d->kind != DeclKind::case_) {
      std::vector<std::string> names;
      for (const auto* c : p.main_decls<CaseDecl>(DeclKind::case_)) names.push_back(c->name);
      for (const auto* s : p.main_decls<SweepDecl>(DeclKind::sweep)) names.push_back(s->name);
      throw UserError("E0601", "no case or sweep named `" + request.name + "` in " + request.file +
                                   did_you_mean(request.name, names));
    }
    case_name = request.name;
  }
  if (declared) case_name = declared->about;

  SweepDecl& x = a.extra;
  x.name = "<command line>";
  x.about = case_name;
  for (const std::string& spec : request.vary) {
    auto eq = spec.find('=');
    if (eq == std::string::npos || eq == 0)
      throw UsageError("E0603", "--vary takes INPUT=VALUES, not `" + spec + "`");
    std::string name = spec.substr(0, eq);
    FileId f = p.sources.add("--vary " + name, spec.substr(eq + 1));
    Vary v = parse_vary_spec(p.sources, f);
    v.name = name;
    v.range = SourceRange{f, 0, static_cast<std::uint32_t>(spec.size() - eq - 1)};
    x.vary.push_back(std::move(v));
  }
  for (std::size_t i = 0; i < request.show.size(); ++i) {
    FileId f = p.sources.add("--show", request.show[i]);
    for (auto& e : parse_expression_list(p.sources, f)) x.show.push_back(std::move(e));
  }
  for (const std::string& w : request.where) {
    FileId f = p.sources.add("--where", w);
    x.where.push_back(parse_expression(p.sources, f));
  }
  if (request.minimize || request.maximize) {
    x.maximize = request.maximize.has_value();
    FileId f = p.sources.add(x.maximize ? "--maximize" : "--minimize",
                             x.maximize ? *request.maximize : *request.minimize);
    x.objective = parse_expression(p.sources, f);
  }
  check_and_compile_sweep(p, x);
  const CaseDecl& c = *x.case_decl;
  const ScenarioDecl& s = *c.scenario;

  sweep::Space& space = a.space;
  space.case_decl = &c;
  for (const std::string& set : request.sets) {
    auto bound = parse_override(p, s, trim_assignment_name(set));
    a.owned.push_back(std::move(bound.second));
    space.sets.emplace_back(bound.first, a.owned.back().get());
  }

  // The declaration's varied inputs, then the command line's (which replace any of
  // the same name); the same for what is shown and the objective.
  std::vector<const Vary*> vary;
  if (declared)
    for (const Vary& v : declared->vary) {
      bool replaced = false;
      for (const Vary& w : x.vary) replaced = replaced || w.name == v.name;
      if (!replaced) vary.push_back(&v);
    }
  for (const Vary& v : x.vary) vary.push_back(&v);
  if (vary.empty()) throw UsageError("E0802", "a sweep needs at least one --vary INPUT=VALUES");
  Evaluator ev(p);
  std::uint64_t points = 1;
  for (const Vary* v : vary) {
    auto input = static_cast<std::size_t>(v->input);
    for (const auto& [set_input, e] : space.sets)
      if (set_input == input)
        throw UserError(e->range, "E0322",
                        "`" + v->name + "` is varied, so it cannot also be --set");
    sweep::Axis axis{v->name, input, v->range, sweep::expand(ev, *v, s.inputs[input])};
    if (axis.values.empty()) throw UserError(v->range, "E0702", "no values to vary over");
    points *= axis.values.size();
    if (points > sweep::max_points)
      throw UserError(v->range, "E0801",
                      fmt::format("the sweep has more than {} points (the limit); vary fewer "
                                  "values, or split it into several sweeps",
                                  sweep::max_points));
    space.axes.push_back(std::move(axis));
  }
  auto pick = [](const std::vector<ExprPtr>& mine, const std::vector<ExprPtr>* theirs) {
    std::vector<const Expr*> out;
    for (const auto& e : (mine.empty() && theirs ? *theirs : mine)) out.push_back(e.get());
    return out;
  };
  space.show = pick(x.show, declared ? &declared->show : nullptr);
  space.where = pick(x.where, nullptr);
  if (declared)
    for (const auto& e : declared->where) space.where.push_back(e.get());
  space.objective = x.objective ? x.objective.get()
                    : declared  ? declared->objective.get()
                                : nullptr;
  space.maximize = x.objective ? x.maximize : declared && declared->maximize;
  for (const Requirement& r : s.requirements) space.require.push_back(r.condition.get());
  if (space.show.empty()) {  // every property of the scenario that is a plain value
    for (std::size_t i = 0; i < s.properties.size(); ++i) {
      const Property& prop = s.properties[i];
      if (prop.is_method) continue;
      TypeKind k = prop.resolved.kind;
      if (prop.resolved.optional ||
          (k != TypeKind::quantity && k != TypeKind::boolean && k != TypeKind::enumeration))
        continue;
      FileId f = p.sources.add("--show", prop.name);
      a.owned.push_back(parse_expression(p.sources, f));
      check_and_compile_expression(p, *a.owned.back(), Scope{&s, nullptr});
      space.show.push_back(a.owned.back().get());
    }
  }
  // The objective is shown too, unless it already is: as a shown expression, or as a
  // varied input's own column (`--vary tp=1,2,4 --minimize tp`, which showed `tp` twice).
  if (space.objective) {
    const std::string_view objective = text_of(p, *space.objective);
    bool shown = false;
    for (const Expr* e : space.show) shown = shown || text_of(p, *e) == objective;
    for (const sweep::Axis& axis : space.axes) shown = shown || axis.name == objective;
    if (!shown) space.show.push_back(space.objective);
  }
  const std::uint64_t total = space.size();
  a.begin = total * (a.shard - 1) / a.shards;
  a.end = total * a.shard / a.shards;
}

std::string point_text(const sweep::Space& space, std::uint64_t point, int digits) {
  std::vector<std::size_t> at = space.coordinates(point);
  std::string out;
  for (std::size_t k = 0; k < space.axes.size(); ++k) {
    const sweep::Axis& axis = space.axes[k];
    const Input& in = space.case_decl->scenario->inputs[axis.input];
    const DisplayUnit* unit = in.display ? &*in.display : nullptr;
    out += fmt::format("{}{} = {}", k ? ", " : "", axis.name,
                       format_value(axis.values[at[k]], DisplayOptions{digits}, unit));
  }
  return out;
}

SweepOutcome run_sweep(const Program& p, const SweepSpec& request, const PreparedSweep& prepared,
                       const std::vector<Column>& columns, const sweep::Runner& runner,
                       unsigned jobs, SweepSink& sink, int digits) {
  const sweep::Space& space = prepared.space;
  const std::uint64_t begin = prepared.begin, end = prepared.end;
  if (jobs == 0) jobs = std::max(1u, std::thread::hardware_concurrency());
  // Blocks of a few milliseconds keep a stop (Ctrl-C) and a progress bar responsive.
  const std::size_t block_size = runner.planned() ? 1u << 16 : 1u << 9;
  const std::size_t width = runner.target_count();
  const std::size_t objective_at = width - 1;
  SweepOutcome o;
  std::optional<std::pair<std::uint64_t, std::vector<double>>> best;
  std::optional<std::pair<std::uint64_t, Diagnostic>> error;
  sweep::Block block;
  std::vector<double> values(width);  // a kept point's targets (the block holds columns)
  for (std::uint64_t at = begin; at < end && !error;) {
    if (sink.stopped()) {
      o.stopped = true;
      break;
    }
    auto count = static_cast<std::size_t>(std::min<std::uint64_t>(block_size, end - at));
    runner.run(at, count, jobs, block);
    // With an objective the threads have summed the block up; a block that stops the
    // sweep at an error is walked here, point by point, up to it.
    if (block.summary && (request.skip_errors || !block.first_error) &&
        request.infeasible == "skip") {
      const sweep::Summary& s = *block.summary;
      o.done += s.kept + s.filtered + s.infeasible;
      o.infeasible += s.infeasible;
      o.kept += s.kept;
      o.failed += s.failed;
      if (s.best && (!best || runner.better(s.best_value, best->second[objective_at]))) {
        block.row(static_cast<std::size_t>(*s.best - at), values.data());
        best.emplace(*s.best, values);
      }
      at += count;
      sink.progress(at - begin);
      continue;
    }
    for (std::size_t i = 0; i < count; ++i) {
      std::uint64_t point = at + i;
      if (block.status[i] == sweep::Status::failed) {
        if (!request.skip_errors && block.first_error && block.first_error->first == point) {
          error = block.first_error;
          break;
        }
        ++o.failed;
        continue;
      }
      if (block.status[i] == sweep::Status::infeasible) {
        if (request.infeasible == "error") {
          error.emplace(point, infeasible_point(p, space, point));
          break;
        }
        if (request.infeasible == "list") o.infeasible_points.push_back(point);
        ++o.infeasible;
      }
      ++o.done;
      if (block.status[i] != sweep::Status::kept) continue;
      ++o.kept;
      if (space.objective) {
        double v = block.value(i, objective_at);
        if (!best || runner.better(v, best->second[objective_at])) {
          block.row(i, values.data());
          best.emplace(point, values);
        }
        continue;
      }
      block.row(i, values.data());
      const std::vector<std::size_t> coordinates = space.coordinates(point);
      if (auto beyond = beyond_column_unit(columns, space, coordinates, values.data())) {
        --o.done;
        --o.kept;
        if (!request.skip_errors) {
          error.emplace(point, std::move(*beyond));
          break;
        }
        ++o.failed;
        continue;
      }
      sink.row(coordinates, values.data());
    }
    at += count;
    sink.progress(at - begin);
  }
  if (best) {
    const std::vector<std::size_t> coordinates = space.coordinates(best->first);
    auto beyond = beyond_column_unit(columns, space, coordinates, best->second.data());
    if (beyond && !request.skip_errors)
      error.emplace(best->first, std::move(*beyond));
    else if (beyond)
      ++o.failed;
    else
      sink.row(coordinates, best->second.data());
    o.best = !beyond;
  }
  if (error) {
    o.error = std::move(error->second);
    o.error->notes.push_back(
        {std::nullopt, "at the point " + point_text(space, error->first, digits)});
  }
  return o;
}

void require_best(const PreparedSweep& prepared, const SweepOutcome& outcome) {
  // A shard's points are only part of the sweep: another shard may hold the best one.
  if (prepared.space.objective && !outcome.best && !outcome.stopped && prepared.shards == 1)
    throw UserError("E0804", "no point satisfies the filters, so there is no best point");
}

}  // namespace reckon::api
