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

#include "interpreter/api/evaluation.hpp"
#include "interpreter/api/program.hpp"
#include "interpreter/api/query.hpp"
#include "interpreter/api/sweep_run.hpp"
#include "interpreter/cli/commands.hpp"
#include "interpreter/cli/guarded.hpp"
#include "interpreter/cli/output_file.hpp"
#include "interpreter/cli/sweep_output.hpp"
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

std::string_view text_of(const Program& p, const Expr& e) {
  return std::string_view(p.sources.file(e.range.file).text())
      .substr(e.range.begin, e.range.end - e.range.begin);
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

// The sweep's kept points to a writer, with the progress bar and Ctrl-C.
class WriterSink : public api::SweepSink {
 public:
  WriterSink(SweepWriter& writer, Progress& progress) : writer_(writer), progress_(progress) {}
  void row(const std::vector<std::size_t>& at, const double* values) override {
    writer_.row(at, values);
  }
  bool stopped() override { return interrupted != 0; }
  void progress(std::uint64_t done) override { progress_.update(done); }

 private:
  SweepWriter& writer_;
  Progress& progress_;
};

api::SweepSpec spec_of(const SweepRequest& request) {
  api::SweepSpec spec;
  spec.file = request.file;
  spec.name = request.name;
  spec.vary = request.vary;
  spec.show = request.show;
  spec.where = request.where;
  spec.minimize = request.minimize;
  spec.maximize = request.maximize;
  spec.sets = request.sets;
  spec.shard = request.shard;
  spec.skip_errors = request.skip_errors;
  spec.infeasible = request.infeasible;
  return spec;
}

}  // namespace

int sweep(const SweepRequest& request, const Common& common, std::ostream& out, std::ostream& err) {
  Program p;
  api::PreparedSweep a;
  const ErrorSink sink = request.on_error ? ErrorSink(err, request.on_error) : ErrorSink(err);
  return guarded(p, sink, [&]() -> int {
    const api::SweepSpec spec = spec_of(request);
    api::check_sweep_spec(spec);
    if (request.build)
      request.build(p);
    else
      api::load(p, stdlib::standard_library(), request.file);
    api::prepare_sweep(p, spec, a);
    const sweep::Space& space = a.space;
    if (request.format == "svg") {
      if (space.axes.size() > 2 || space.show.empty())
        throw UsageError("E0803", fmt::format("an SVG chart plots one or two varied inputs "
                                              "against what is shown; this sweep varies {}",
                                              space.axes.size()));
      if (a.shards != 1 || space.objective)
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
    std::ostream* stream = &out;
    if (!request.output.empty()) {
      file.emplace(request.output, input_files(p));
      stream = &file->stream();
    }
    OutputOptions options{request.format, common.digits, a.shard == 1};
    const std::vector<Column> columns = sweep_columns(p, space, first ? &*first : nullptr);
    auto writer = make_writer(options, space, columns, *stream);

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
    // On a terminal only, and not when the rows themselves go to the same terminal: the
    // bar would be torn by them.
    bool rows_on_terminal = request.output.empty() && !space.objective && isatty(STDOUT_FILENO);
    Progress progress(a.end - a.begin,
                      request.progress && isatty(STDERR_FILENO) && !rows_on_terminal, err);
    WriterSink rows(*writer, progress);
    const auto jobs = static_cast<unsigned>(std::max(0, request.jobs));
    const api::SweepOutcome outcome =
        api::run_sweep(p, spec, a, columns, runner, jobs, rows, common.digits);
    writer->finish();
    stream->flush();
    // A sweep stopped by an error writes no file; an interrupted one keeps its points.
    if (file && !outcome.error) file->commit();
    if (outcome.error) {
      const Diagnostic& d = *outcome.error;
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
    for (std::uint64_t point : outcome.infeasible_points)
      err << fmt::format("infeasible: {}: {}\n", api::point_text(space, point, common.digits),
                         printable(sweep::broken_constraint_at(p, space, point)->second));
    if (outcome.infeasible && request.infeasible == "skip")
      err << fmt::format(
          "note: {} point{} broke a constraint and {} left out (--infeasible list names them)\n",
          outcome.infeasible, outcome.infeasible == 1 ? "" : "s",
          outcome.infeasible == 1 ? "was" : "were");
    if (outcome.failed)
      err << fmt::format("note: {} point{} failed and {} left out\n", outcome.failed,
                         outcome.failed == 1 ? "" : "s", outcome.failed == 1 ? "was" : "were");
    if (interrupted) {
      err << fmt::format(
          "interrupted{}: {} of {} points evaluated; the output has every point up to "
          "there\n",
          interrupted == SIGTERM ? " by SIGTERM" : "", outcome.done + outcome.failed,
          a.end - a.begin);
      return 128 + interrupted;  // the shell's status for a death by that signal
    }
    // A shard's points are only part of the sweep: another shard may hold the best one,
    // so a shard without a feasible point writes nothing and says so, with success.
    if (space.objective && !outcome.best && a.shards != 1) {
      err << fmt::format(
          "note: no point of shard {}/{} satisfies the filters; the best point "
          "is in another shard's output, if any\n",
          a.shard, a.shards);
      return 0;
    }
    api::require_best(a, outcome);
    if (!space.objective && outcome.kept == 0) err << "note: no point satisfies the filters\n";
    return 0;
  });
}

}  // namespace reckon::cli
