// `reckon sweep`: assembles a sweep from a `sweep` declaration and the command line,
// runs it in blocks on all cores, and writes the kept points (or the best one) as
// they complete, with a progress bar on a terminal and a clean stop on Ctrl-C.
#include <fmt/format.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <csignal>
#include <optional>
#include <ostream>
#include <thread>

#include "grammar/parse.hpp"
#include "interpreter/checker.hpp"
#include "interpreter/cli/commands.hpp"
#include "interpreter/cli/guarded.hpp"
#include "interpreter/cli/output_file.hpp"
#include "interpreter/cli/sweep_output.hpp"
#include "interpreter/format.hpp"
#include "interpreter/pipeline.hpp"
#include "interpreter/suggest.hpp"
#include "interpreter/type_names.hpp"
#include "stdlib/library.hpp"

namespace reckon::cli {

namespace {

// The signal that stopped the sweep (SIGINT or SIGTERM), or 0.
volatile std::sig_atomic_t interrupted = 0;
extern "C" void on_interrupt(int signal) { interrupted = signal; }

// Ctrl-C (SIGINT) and SIGTERM only set a flag while a sweep runs; the sweep stops after
// its current block, so the output ends with a whole row and an -o file is completed
// (a kill by SIGTERM's default action could stop a write half way through a row).
class InterruptGuard {
 public:
  InterruptGuard() {
    interrupted = 0;
    previous_int_ = std::signal(SIGINT, on_interrupt);
    previous_term_ = std::signal(SIGTERM, on_interrupt);
  }
  ~InterruptGuard() {
    std::signal(SIGINT, previous_int_);
    std::signal(SIGTERM, previous_term_);
  }

 private:
  void (*previous_int_)(int);
  void (*previous_term_)(int);
};

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

// The sweep the command line asks for, checked in the scope of its case: the
// declaration's items with the command line's on top.
struct Assembly {
  SweepDecl extra;  // the command line's vary, show, where and objective
  std::vector<ExprPtr> sets;
  sweep::Space space;
};

std::string_view text_of(const Program& p, const Expr& e) {
  return std::string_view(p.sources.file(e.range.file).text())
      .substr(e.range.begin, e.range.end - e.range.begin);
}

const SweepDecl* find_sweep(const Program& p, const std::string& name) {
  Decl* d = p.find(name);
  return d && d->kind == DeclKind::sweep ? static_cast<const SweepDecl*>(d) : nullptr;
}

// Throws the user's errors (UsageError for the command line's).
void assemble(const SweepRequest& request, Program& p, Assembly& a) {
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
    auto bound = parse_set(p, s, set);
    a.sets.push_back(std::move(bound.second));
    space.sets.emplace_back(bound.first, a.sets.back().get());
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
      a.sets.push_back(parse_expression(p.sources, f));
      check_and_compile_expression(p, *a.sets.back(), Scope{&s, nullptr});
      space.show.push_back(a.sets.back().get());
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
}

// The error of --infeasible error: the first constraint `point` breaks, at its `require`.
Diagnostic infeasible_point(const Program& p, const sweep::Space& space, std::uint64_t point) {
  auto broken = sweep::broken_constraint_at(p, space, point);
  return Diagnostic{broken->first->range,
                    "the point breaks a constraint of `" + space.case_decl->scenario->name +
                        "`: " + broken->second,
                    {},
                    "E0536"};
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

class Progress {
 public:
  Progress(std::uint64_t total, bool enabled, std::ostream& err)
      : total_(total), enabled_(enabled), err_(err), start_(clock::now()) {}
  void update(std::uint64_t done) {
    if (!enabled_) return;
    auto now = clock::now();
    double elapsed = std::chrono::duration<double>(now - start_).count();
    if (elapsed < 1.0 || now - last_ < std::chrono::milliseconds(100)) return;
    last_ = now;
    constexpr int width = 30;
    double share = total_ ? static_cast<double>(done) / static_cast<double>(total_) : 1;
    int filled = static_cast<int>(share * width);
    err_ << fmt::format("\r[{:#<{}}{:.<{}}] {:5.1f}%  {}/{} points  {:.1f} s", "", filled, "",
                        width - filled, 100 * share, done, total_, elapsed)
         << std::flush;
    shown_ = true;
  }
  ~Progress() {
    if (shown_) err_ << "\r" << std::string(80, ' ') << "\r" << std::flush;
  }

 private:
  using clock = std::chrono::steady_clock;
  std::uint64_t total_;
  bool enabled_;
  std::ostream& err_;
  clock::time_point start_, last_;
  bool shown_ = false;
};

}  // namespace

int sweep(const SweepRequest& request, const Common& common, std::ostream& out, std::ostream& err) {
  Program p;
  Assembly a;
  const ErrorSink sink = request.on_error ? ErrorSink(err, request.on_error) : ErrorSink(err);
  return guarded(p, sink, [&]() -> int {
    auto shard = parse_shard(request.shard);
    if (!shard)
      throw UsageError("E0603", "--shard takes I/N with 1 <= I <= N, not `" + request.shard + "`");
    require_distinct_names("--set", "E0612", request.sets);
    if (request.build) {
      request.build(p);
    } else {
      load_program(p, stdlib::standard_library(), request.file);
      check_and_compile(p);
    }
    assemble(request, p, a);
    const sweep::Space& space = a.space;
    if (request.format == "svg") {
      if (space.axes.size() > 2 || space.show.empty())
        throw UsageError("E0803", fmt::format("an SVG chart plots one or two varied inputs "
                                              "against what is shown; this sweep varies {}",
                                              space.axes.size()));
      if (shard->second != 1 || space.objective)
        throw UsageError("E0803",
                         "an SVG chart is drawn from the whole sweep: drop --shard and the "
                         "objective");
      if (space.size() > max_chart_points)
        throw UsageError("E0803", fmt::format("an SVG chart is drawn from at most {} points; "
                                              "this sweep has {}",
                                              max_chart_points, space.size()));
      // A chart draws numbers: a yes/no, a member or a text has no place on a y axis or a
      // colour scale (a varied one is a category on x instead).
      for (const Expr* e : space.show)
        if (e->type.kind != TypeKind::quantity)
          throw UserError(e->range, "E0812",
                          fmt::format("an SVG chart draws numbers, but `{}` is of type {}: show a "
                                      "quantity, or write a table, CSV or JSON lines",
                                      text_of(p, *e), describe(e->type)));
      // A line chart with more dimensions than y axes is refused before anything is written.
      if (space.axes.size() == 1) chart_axes(space, sweep_columns(p, space, nullptr));
      // A heat map colours one value; a second would be left out without a word.
      if (space.axes.size() == 2 && space.show.size() > 1)
        throw UserError(space.show[1]->range, "E0811",
                        fmt::format("a heat map colours one shown value, and this sweep shows "
                                    "{}: show one (`--show {}`), or vary one input for a line "
                                    "chart of several",
                                    space.show.size(), text_of(p, *space.show[0])));
    }

    std::optional<std::vector<Value>> first;
    try {
      first = sweep::evaluate_lazily(p, space, 0);
    } catch (const UserError&) {  // reported when the point comes up
    }
    // Installed before the output is opened, so that a signal from here on ends in a
    // whole output (or none), never in a temporary file left behind.
    InterruptGuard guard;
    std::optional<OutputFile> file;
    std::ostream* sink = &out;
    if (!request.output.empty()) {
      file.emplace(request.output, input_files(p));
      sink = &file->stream();
    }
    OutputOptions options{request.format, common.digits, shard->first == 1};
    const std::vector<Column> columns = sweep_columns(p, space, first ? &*first : nullptr);
    auto writer = make_writer(options, space, columns, *sink);

    sweep::Runner runner(p, space);
    if (request.verbose) {
      if (runner.planned())
        err << fmt::format("note: planned: {} instructions, {} registers\n{}",
                           runner.plan()->instruction_count(), runner.plan()->registers().size(),
                           runner.plan()->listing());
      else if (runner.unplanned_at())
        err << location(p.sources, *runner.unplanned_at())
            << ": note: evaluating every point lazily: " << runner.why_unplanned() << "\n";
      else
        err << "note: evaluating every point lazily: " << runner.why_unplanned() << "\n";
    }
    const std::uint64_t total = space.size();
    const std::uint64_t begin = total * (shard->first - 1) / shard->second;
    const std::uint64_t end = total * shard->first / shard->second;
    unsigned jobs = request.jobs > 0 ? static_cast<unsigned>(request.jobs)
                                     : std::max(1u, std::thread::hardware_concurrency());
    // Blocks of a few milliseconds keep Ctrl-C and the progress bar responsive.
    const std::size_t block_size = runner.planned() ? 1u << 16 : 1u << 9;

    // On a terminal only, and not when the rows themselves go to the same terminal: the
    // bar would be torn by them.
    bool rows_on_terminal = request.output.empty() && !space.objective && isatty(STDOUT_FILENO);
    Progress progress(end - begin, request.progress && isatty(STDERR_FILENO) && !rows_on_terminal,
                      err);
    const std::size_t width = runner.target_count();
    const std::size_t objective_at = width - 1;
    std::optional<std::pair<std::uint64_t, std::vector<double>>> best;
    std::uint64_t done = 0, kept = 0, failed = 0, infeasible = 0;
    std::vector<std::uint64_t> infeasible_points;  // --infeasible list
    std::optional<std::pair<std::uint64_t, Diagnostic>> error;
    sweep::Block block;
    for (std::uint64_t at = begin; at < end && !interrupted && !error;) {
      auto count = static_cast<std::size_t>(std::min<std::uint64_t>(block_size, end - at));
      runner.run(at, count, jobs, block);
      // With an objective the threads have summed the block up; a block that stops the
      // sweep at an error is walked here, point by point, up to it.
      if (block.summary && (request.skip_errors || !block.first_error) &&
          request.infeasible == "skip") {
        const sweep::Summary& s = *block.summary;
        done += s.kept + s.filtered + s.infeasible;
        infeasible += s.infeasible;
        kept += s.kept;
        failed += s.failed;
        if (s.best && (!best || runner.better(s.best_value, best->second[objective_at]))) {
          const double* values = block.values.data() + (*s.best - at) * width;
          best.emplace(*s.best, std::vector<double>(values, values + width));
        }
        at += count;
        progress.update(at - begin);
        continue;
      }
      for (std::size_t i = 0; i < count; ++i) {
        std::uint64_t point = at + i;
        if (block.status[i] == sweep::Status::failed) {
          if (!request.skip_errors && block.first_error && block.first_error->first == point) {
            error = block.first_error;
            break;
          }
          ++failed;
          continue;
        }
        if (block.status[i] == sweep::Status::infeasible) {
          if (request.infeasible == "error") {
            error.emplace(point, infeasible_point(p, space, point));
            break;
          }
          if (request.infeasible == "list") infeasible_points.push_back(point);
          ++infeasible;
        }
        ++done;
        if (block.status[i] != sweep::Status::kept) continue;
        ++kept;
        const double* values = block.values.data() + i * width;
        if (space.objective) {
          double v = values[objective_at];
          if (!best || runner.better(v, best->second[objective_at]))
            best.emplace(point, std::vector<double>(values, values + width));
          continue;
        }
        const std::vector<std::size_t> coordinates = space.coordinates(point);
        if (auto beyond = beyond_column_unit(columns, space, coordinates, values)) {
          --done;
          --kept;
          if (!request.skip_errors) {
            error.emplace(point, std::move(*beyond));
            break;
          }
          ++failed;
          continue;
        }
        writer->row(coordinates, values);
      }
      at += count;
      progress.update(at - begin);
    }
    if (best) {
      const std::vector<std::size_t> coordinates = space.coordinates(best->first);
      auto beyond = beyond_column_unit(columns, space, coordinates, best->second.data());
      if (beyond && !request.skip_errors)
        error.emplace(best->first, std::move(*beyond));
      else if (beyond)
        ++failed;
      else
        writer->row(coordinates, best->second.data());
    }
    writer->finish();
    sink->flush();
    // A sweep stopped by an error writes no file; an interrupted one keeps its points.
    if (file && !error) file->commit();
    if (error) {
      Diagnostic d = error->second;
      d.notes.push_back(
          {std::nullopt, "at the point " + point_text(space, error->first, common.digits)});
      if (request.on_error) {
        request.on_error(p.sources, d);
        return 1;
      }
      err << render(p.sources, d);
      if (d.code == "E0536")
        err << "(--infeasible skip leaves out the points that break a constraint)\n";
      else if (!d.code.empty())
        err << "(use --skip-errors to leave out the points that fail)\n";
      return 1;
    }
    for (std::uint64_t point : infeasible_points)
      err << fmt::format("infeasible: {}: {}\n", point_text(space, point, common.digits),
                         printable(sweep::broken_constraint_at(p, space, point)->second));
    if (infeasible && request.infeasible == "skip")
      err << fmt::format(
          "note: {} point{} broke a constraint and {} left out (--infeasible list names them)\n",
          infeasible, infeasible == 1 ? "" : "s", infeasible == 1 ? "was" : "were");
    if (failed)
      err << fmt::format("note: {} point{} failed and {} left out\n", failed,
                         failed == 1 ? "" : "s", failed == 1 ? "was" : "were");
    if (interrupted) {
      err << fmt::format(
          "interrupted{}: {} of {} points evaluated; the output has every point up to "
          "there\n",
          interrupted == SIGTERM ? " by SIGTERM" : "", done + failed, end - begin);
      return 128 + interrupted;  // the shell's status for a death by that signal
    }
    // A shard's points are only part of the sweep: another shard may hold the best one,
    // so a shard without a feasible point writes nothing and says so, with success.
    if (space.objective && !best && shard->second != 1) {
      err << fmt::format(
          "note: no point of shard {}/{} satisfies the filters; the best point "
          "is in another shard's output, if any\n",
          shard->first, shard->second);
      return 0;
    }
    if (space.objective && !best && !interrupted)
      throw UserError("E0804", "no point satisfies the filters, so there is no best point");
    if (!space.objective && kept == 0) err << "note: no point satisfies the filters\n";
    return 0;
  });
}

}  // namespace reckon::cli
