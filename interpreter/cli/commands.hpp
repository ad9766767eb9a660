// The subcommands of `reckon`, written against streams so tests can drive them.
// Each returns the process exit code: 0 success, 1 an error in the user's input
// (reported on `err` with its location), 2 wrong usage.
#pragma once

#include <cstdint>
#include <functional>
#include <iosfwd>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "interpreter/api/evaluation.hpp"
#include "interpreter/api/program.hpp"
#include "interpreter/api/query.hpp"
#include "syntax/diagnostics.hpp"

namespace reckon::cli {

struct Common {
  int digits = 4;  // significant digits shown
  // `run`, `eval` and `check` leave what they built (the program and its values) to the end of
  // the process instead of freeing it one allocation at a time: the 100,000 records of a
  // trace replay take 18 M instructions, about 4 ms, to free, while the system takes the
  // pages back at once (compilers do the same: clang's -disable-free). Only the command
  // line sets this, the process ending after the command; library callers (the Python
  // module, tests) free as usual, and so does a sanitized build, whose leak checker must
  // see every owner let go.
  bool leave_to_exit = false;
};

int run(const std::string& file, const Common& common, std::ostream& out, std::ostream& err);

// How overrides are read and refused is the library API's (interpreter/api/query.hpp).
using api::require_distinct_names;
using api::trim_assignment_name;

struct EvalRequest {
  std::string file;  // empty: the standard library alone (with models and hardware)
  std::string expression;
  std::optional<std::string> case_name;  // the case in scope (default: the file's first)
  std::vector<std::string> sets;         // INPUT=VALUE overrides of that case
  bool json = false;
  // eval --lines: the expressions, one per line, read from this stream instead of
  // `expression`, each evaluated in the one scope loaded once, each answered in turn
  // (its value, or its error: with `json`, one line of JSON either way).
  std::istream* lines = nullptr;
};
int eval(const EvalRequest& request, const Common& common, std::ostream& out, std::ostream& err);

struct ExplainOptions {
  int depth = 1;  // levels of what the value uses to derive too
  ExplainFormat format = ExplainFormat::text;
  // After the derivation, the `@fallacy` lines of the scenarios the question is about.
  bool fallacies = false;
};
int explain(const EvalRequest& request, const ExplainOptions& options, const Common& common,
            std::ostream& out, std::ostream& err);

int check(const std::string& file, const Common& common, std::ostream& out, std::ostream& err);

// `reckon fmt`: lays out each file (`-`, or none at all: standard input to standard
// output; a directory: every `.rk` file under it) canonically, in place, writing only
// files that change (OutputFile; a read-only one is refused, E0902). With `check`, writes
// nothing and lists on `out` the files that would change; with `diff`, writes nothing
// and prints what would change as a unified diff. Returns 1 when a file does not parse
// or cannot be written (it is left untouched; the others are still formatted) or, with
// `check` or `diff`, when some file would change.
struct FormatRequest {
  std::vector<std::string> files;
  bool check = false;
  bool diff = false;
};
int format_files(const FormatRequest& request, std::istream& in, std::ostream& out,
                 std::ostream& err);

// A reference page per scenario of `file` in `format` (md, qmd or html), into
// `directory` (one file per scenario) or, if it is empty, to `out`.
// A file without scenarios is an error (E0615): there is nothing to write.
int doc(const std::string& file, const std::string& format, const std::string& directory,
        const Common& common, std::ostream& out, std::ostream& err);

// `reckon doc --stdlib`: the standard library's function reference (the Markdown of
// `reckon list functions --markdown`, docs/stdlib.md) in `format`, into
// `directory`/stdlib.EXT or, if it is empty, to `out`.
int doc_stdlib(const std::string& format, const std::string& directory, std::ostream& out,
               std::ostream& err);

// `reckon exercises build`: a question sheet and an answer key for the exercises of
// `file`, `variants` sets of numbers chosen reproducibly from `seed`, in `format` (md,
// qmd or latex), into `directory` (questions.EXT and answers.EXT) or, if it is empty,
// both to `out`.
struct ExerciseBuildOptions {
  std::string file;
  int variants = 1;
  std::uint64_t seed = 1;
  std::string format = "md";
  std::string directory;
  int depth = 1;  // levels of the worked solution's derivation
};
int exercises_build(const ExerciseBuildOptions& options, const Common& common, std::ostream& out,
                    std::ostream& err);

// `reckon exercises grade`: grades the CSV `answers` (header variant,exercise,answer)
// against the variants of `file` built with the seed and variant count of the sheet
// record `sheet` (interpreter/exercise/sheet.hpp) or, without it, of both `variants` and `seed`;
// with neither, a usage error (exit 2). Prints a table or (`json`) a JSON array. Exit 0
// whenever grading ran.
struct ExerciseGradeOptions {
  std::string file;
  std::string answers;
  std::string sheet;  // a sheet.json, or the directory holding it
  std::optional<int> variants;
  std::optional<std::uint64_t> seed;
  bool json = false;
};
int exercises_grade(const ExerciseGradeOptions& options, const Common& common, std::ostream& out,
                    std::ostream& err);

// `reckon exercises export`: the exercises of `file`, `variants` sets of numbers chosen
// from `seed` as `build` chooses them, as Moodle XML (`output` a file) or PrairieLearn
// questions (`output` a directory holding a directory per exercise).
struct ExerciseExportOptions {
  std::string file;
  std::string format;  // moodle or prairielearn
  int variants = 1;
  std::uint64_t seed = 1;
  std::string output;
};
int exercises_export(const ExerciseExportOptions& options, const Common& common, std::ostream& out,
                     std::ostream& err);

// `reckon sweep FILE [NAME]`: NAME is a sweep declared in FILE (default: its first)
// or a case to vary from the command line alone.
struct SweepRequest {
  std::string file;
  std::string name;
  std::vector<std::string> vary;   // INPUT=VALUES
  std::vector<std::string> show;   // expressions, comma-separated
  std::vector<std::string> where;  // bool expressions, all must hold
  std::optional<std::string> minimize, maximize;
  std::vector<std::string> sets;  // INPUT=VALUE
  std::string format = "table";   // table, tsv, csv, jsonl or svg
  std::string output;             // a file, or "" for standard output
  int jobs = 0;                   // 0: every core
  std::string shard = "1/1";      // I/N
  bool skip_errors = false;
  // Points that break a constraint of the scenario: "skip" leaves them out, "list" also
  // names them on standard error, "error" stops at the first (E0536).
  std::string infeasible = "skip";
  bool progress = true;  // on a terminal only
  bool verbose = false;
  // Builds and checks the program instead of loading `file` (the REPL's session, whose
  // name `file` then is in messages).
  std::function<void(Program&)> build;
  // Receives the errors instead of the error stream (the Python package's).
  std::function<void(const SourceManager&, const Diagnostic&)> on_error;
};
int sweep(const SweepRequest& request, const Common& common, std::ostream& out, std::ostream& err);

// `what` is functions, units, models, hardware or scenarios (of `files`);
// `markdown` writes the function reference as Markdown (docs/stdlib.md).
int list(const std::string& what, const std::vector<std::string>& files, bool markdown,
         std::ostream& out, std::ostream& err);

}  // namespace reckon::cli
