// `reckon`: the command-line driver.
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <cstdlib>
#include <exception>
#include <filesystem>
#include <functional>
#include <iostream>
#include <new>
#include <optional>
#include <string>
#include <string_view>
#include <system_error>

#include "interpreter/api/evaluation.hpp"
#include "interpreter/api/query.hpp"
#include "interpreter/cli/commands.hpp"
#include "interpreter/cli/guarded.hpp"
#include "interpreter/cli/malloc_options.hpp"
#include "interpreter/cli/output_file.hpp"
#include "interpreter/lsp/server.hpp"
#include "interpreter/repl/repl.hpp"
#include "stdlib/library.hpp"

// jemalloc's options (malloc_options.hpp), read when it starts (a weak symbol of
// jemalloc's that this definition replaces; unused where the build has no jemalloc:
// sanitizers, Python).
extern "C" {
extern const char* malloc_conf;
const char* malloc_conf = reckon::malloc_options;
}

namespace {

// What a user asked for (a sweep's axes, many threads, a huge file) did not fit in memory.
bool out_of_memory(const std::exception& e) {
  if (dynamic_cast<const std::bad_alloc*>(&e)) return true;
  const auto* s = dynamic_cast<const std::system_error*>(&e);
  return s && (s->code() == std::errc::resource_unavailable_try_again ||
               s->code() == std::errc::not_enough_memory);
}

// What to say when `reckon eval` or `reckon explain` has no expression: none at all
// (CLI11 takes `-(2^63)` for an option, so that one is missing too), or only a scenario
// file, which would otherwise be read as an expression naming `training`.
std::optional<std::string> missing_expression(const std::string& command, const std::string& first,
                                              const std::optional<std::string>& second) {
  const std::string usage = "write `reckon " + command +
                            " [FILE] EXPR`; an expression that starts with `-` goes after "
                            "`--`, as in `reckon " +
                            command + " -- -x`";
  if (first.empty()) return command + " needs an expression: " + usage;
  std::error_code ec;
  if (!second && first.ends_with(".rk") && std::filesystem::is_regular_file(first, ec))
    return command + " needs an expression after the file `" + first + "`: " + usage;
  return std::nullopt;
}

}  // namespace

namespace {

int run_command(int argc, char** argv) {
  CLI::App app{"Reckon: unit-aware scenarios for ML-systems modelling"};
  app.require_subcommand(0, 1);
  app.fallthrough();  // `reckon eval --digits 6 ...` as well as `reckon --digits 6 eval ...`
  reckon::cli::Common common;
  // The process ends after the command (Common::leave_to_exit), except under
  // AddressSanitizer, whose leak checker must see everything freed.
#if defined(__SANITIZE_ADDRESS__)
  common.leave_to_exit = false;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
  common.leave_to_exit = false;
#else
  common.leave_to_exit = true;
#endif
#else
  common.leave_to_exit = true;
#endif
  app.set_version_flag("--version", "reckon " RECKON_VERSION, "Print the version and exit");
  app.add_option("--digits", common.digits, "Significant digits shown")
      ->check(CLI::Range(1, 17))
      ->capture_default_str();

  // Each subcommand's options are made when the parse reaches the subcommand (CLI11's
  // pre-parse callback, which runs before the subcommand's arguments are read), so a
  // command line builds the options of its own command only: building every command's
  // options for any command was about 0.3 M instructions and a dozen page faults of each
  // start-up (docs/performance.md, "Start-up at half of GNU units'"). The help, the
  // errors and what is parsed are the same: a subcommand's options are read only while
  // its arguments are parsed, and `reckon --help` lists the subcommands' descriptions.
  auto options_when_parsed = [](CLI::App* command, std::function<void(CLI::App*)> add) {
    command->preparse_callback([command, add = std::move(add)](std::size_t) { add(command); });
  };

  std::string run_file;
  auto* run = app.add_subcommand("run", "Evaluate every case and check in a file");
  options_when_parsed(
      run, [&](CLI::App* cmd) { cmd->add_option("FILE", run_file, "Scenario file")->required(); });

  // eval and explain take [FILE] EXPR: with one positional it is the expression,
  // evaluated against the standard library alone.
  // Two single positionals rather than one of one or two values: after `--`, CLI11 keeps
  // parsing a subcommand's positionals only while one of them still wants a value, so
  // `eval FILE -- -x` needs the second to be a positional of its own.
  reckon::cli::EvalRequest request;
  std::string first_positional;
  std::optional<std::string> second_positional;
  auto query_options = [&](CLI::App* cmd) {
    // Not ->required(): CLI11 would name the option in its message. A missing expression
    // is reported after parsing, saying what to write (missing_expression).
    cmd->add_option("FILE_EXPR", first_positional,
                    "[FILE] EXPR: a scenario file (optional), an expression");
    cmd->add_option("EXPR", second_positional, "The expression, after a FILE");
    cmd->add_option("--case", request.case_name,
                    "Case whose inputs and properties are in scope (default: the file's first)");
    cmd->add_option("--set", request.sets, "Override an input of that case: INPUT=VALUE")
        ->type_name("INPUT=VALUE")
        ->allow_extra_args(false);
  };
  auto* eval = app.add_subcommand("eval", "Evaluate one expression, against a file or alone");
  bool eval_lines = false;
  options_when_parsed(eval, [&](CLI::App* cmd) {
    query_options(cmd);
    cmd->add_flag("--json", request.json, "Print one JSON object");
    cmd->add_flag("--lines", eval_lines,
                  "Read expressions from standard input, one per line; answer each in turn "
                  "(with --json, one JSON object per line)");
  });

  reckon::cli::ExplainOptions explain_options;
  std::string explain_format = "text";
  auto* explain = app.add_subcommand("explain", "Show the derivation of a value");
  options_when_parsed(explain, [&](CLI::App* cmd) {
    query_options(cmd);
    cmd->add_option("--depth", explain_options.depth, "Levels of dependencies to derive too")
        ->check(CLI::Range(0, 100))
        ->capture_default_str();
    cmd->add_option("--format", explain_format, "text, md (or markdown) or latex")
        ->check(
            CLI::IsMember(std::vector<std::string>(std::begin(reckon::api::explain_format_names),
                                                   std::end(reckon::api::explain_format_names))))
        ->capture_default_str();
    cmd->add_flag("--fallacies", explain_options.fallacies,
                  "Then list the @fallacy lines of the scenarios the question is about");
  });

  std::string check_file;
  auto* check = app.add_subcommand("check", "Parse, resolve and unit-check without evaluating");
  options_when_parsed(check, [&](CLI::App* cmd) {
    cmd->add_option("FILE", check_file, "Scenario file")->required();
  });

  auto* lsp = app.add_subcommand("lsp", "Serve the Language Server Protocol on stdin/stdout");
  // Many clients (vscode-languageclient's TransportKind.stdio among them) pass --stdio;
  // standard input and output are the only transport, so the flag changes nothing.
  bool lsp_stdio = false;
  options_when_parsed(lsp, [&](CLI::App* cmd) {
    cmd->add_flag("--stdio", lsp_stdio, "Accepted and ignored: stdin/stdout is the only transport");
  });

  std::string list_what = "functions";
  std::vector<std::string> list_files;
  bool markdown = false;
  auto* list = app.add_subcommand("list",
                                  "List the standard library's functions, units, models, "
                                  "hardware, fabrics or regions, or the scenarios in files");
  options_when_parsed(list, [&](CLI::App* cmd) {
    // WHAT is checked by `reckon::cli::list` (E0604), like the REPL's `:list`.
    cmd->add_option("WHAT", list_what,
                    "functions, units, models, hardware, fabrics, regions or scenarios")
        ->capture_default_str();
    cmd->add_option("FILE", list_files, "Files to list scenarios of (default: scenarios/*.rk)");
    cmd->add_flag("--markdown", markdown,
                  "Functions or units as Markdown (docs/stdlib.md, docs/language.md)");
  });

  reckon::cli::FormatRequest format_request;
  auto* format = app.add_subcommand(
      "fmt", "Lay out files canonically, in place (no FILE or `-`: standard input to output)");
  options_when_parsed(format, [&](CLI::App* cmd) {
    cmd->add_option("FILE", format_request.files,
                    "Files or directories (every .rk file under them) to format "
                    "(`-`: standard input)");
    auto* format_check =
        cmd->add_flag("--check", format_request.check,
                      "Change nothing; list the files that would change and exit 1 if any");
    cmd->add_flag("--diff", format_request.diff,
                  "Change nothing; print the changes as a unified diff and exit 1 if any")
        ->excludes(format_check);
  });

  std::string doc_file, doc_format = "md", doc_dir;
  bool doc_stdlib = false;
  auto* doc = app.add_subcommand("doc", "Write a reference page per scenario, or the stdlib's");
  options_when_parsed(doc, [&](CLI::App* cmd) {
    cmd->add_option("FILE", doc_file, "Scenario file");
    cmd->add_flag("--stdlib", doc_stdlib, "The standard library's function reference instead");
    cmd->add_option("--format", doc_format, "md, qmd or html")
        ->check(CLI::IsMember({"md", "qmd", "html"}))
        ->capture_default_str();
    cmd->add_option("-o,--output", doc_dir,
                    "Directory for one file per scenario (default: stdout)");
  });

  reckon::cli::ExerciseBuildOptions build_options;
  reckon::cli::ExerciseGradeOptions grade_options;
  auto* exercises = app.add_subcommand(
      "exercises", "Build exercise sheets and answer keys, or grade submitted answers");
  exercises->require_subcommand(1);
  auto* build = exercises->add_subcommand("build", "Write a question sheet and an answer key");
  options_when_parsed(build, [&](CLI::App* cmd) {
    cmd->add_option("FILE", build_options.file, "File of exercises")->required();
    cmd->add_option("--variants", build_options.variants, "Sets of numbers, one per student")
        ->check(CLI::Range(1, 10000))
        ->capture_default_str();
    cmd->add_option("--seed", build_options.seed, "Seed the numbers are chosen from")
        ->capture_default_str();
    cmd->add_option("--format", build_options.format, "md, qmd or latex")
        ->check(CLI::IsMember({"md", "qmd", "latex"}))
        ->capture_default_str();
    cmd->add_option("--depth", build_options.depth, "Levels of the worked solutions")
        ->check(CLI::Range(0, 100))
        ->capture_default_str();
    cmd->add_option("-o,--output", build_options.directory,
                    "Directory for questions.EXT and answers.EXT (default: stdout)");
  });
  auto* grade = exercises->add_subcommand("grade", "Grade answers from a CSV file");
  // Without --sheet, both --variants and --seed (checked by exercises_grade: E0706).
  int grade_variants = 1;
  std::uint64_t grade_seed = 1;
  CLI::Option* grade_variants_option = nullptr;  // made with grade's options
  CLI::Option* grade_seed_option = nullptr;
  options_when_parsed(grade, [&](CLI::App* cmd) {
    cmd->add_option("FILE", grade_options.file, "File of exercises")->required();
    cmd->add_option("--answers", grade_options.answers, "CSV: variant,exercise,answer")->required();
    cmd->add_option("--sheet", grade_options.sheet,
                    "The sheet record `build -o DIR` wrote: DIR or DIR/sheet.json");
    grade_variants_option =
        cmd->add_option("--variants", grade_variants, "Variants the sheet was built with")
            ->check(CLI::Range(1, 10000));
    grade_seed_option = cmd->add_option("--seed", grade_seed, "Seed the sheet was built with");
    cmd->add_flag("--json", grade_options.json, "Print a JSON array");
  });

  reckon::cli::ExerciseExportOptions export_options;
  auto* export_command = exercises->add_subcommand(
      "export", "Write the exercises as Moodle XML or PrairieLearn questions");
  options_when_parsed(export_command, [&](CLI::App* cmd) {
    cmd->add_option("FILE", export_options.file, "File of exercises")->required();
    cmd->add_option("--format", export_options.format, "moodle or prairielearn")
        ->required()
        ->check(CLI::IsMember({"moodle", "prairielearn"}));
    cmd->add_option("--variants", export_options.variants, "Sets of numbers, one per student")
        ->check(CLI::Range(1, 10000))
        ->capture_default_str();
    cmd->add_option("--seed", export_options.seed, "Seed the numbers are chosen from")
        ->capture_default_str();
    cmd->add_option("-o,--output", export_options.output,
                    "Moodle: the XML file; PrairieLearn: a directory of questions")
        ->required();
  });

  reckon::cli::SweepRequest sweep_request;
  bool no_progress = false;
  auto* sweep =
      app.add_subcommand("sweep", "Evaluate a case over the cartesian product of varied inputs");
  options_when_parsed(sweep, [&](CLI::App* cmd) {
    cmd->add_option("FILE", sweep_request.file, "Scenario file")->required();
    cmd->add_option("NAME", sweep_request.name,
                    "A sweep declared in FILE (default: its first), or a case to vary");
    cmd->add_option("--vary", sweep_request.vary,
                    "INPUT=VALUES: a list 1,2,4 or a range 2048..32768*2 (times 2), "
                    "1..64+8 (step 8) or 1..8")
        ->type_name("INPUT=VALUES")
        ->allow_extra_args(false);
    cmd->add_option("--show", sweep_request.show, "Expressions to show, comma-separated")
        ->type_name("EXPR,...")
        ->allow_extra_args(false);
    cmd->add_option("--where", sweep_request.where, "Keep only points where EXPR holds")
        ->type_name("EXPR")
        ->allow_extra_args(false);
    auto* minimize = cmd->add_option("--minimize", sweep_request.minimize,
                                     "Print only the point with the least EXPR");
    cmd->add_option("--maximize", sweep_request.maximize,
                    "Print only the point with the greatest EXPR")
        ->excludes(minimize);
    cmd->add_option("--set", sweep_request.sets, "Override an input of the case: INPUT=VALUE")
        ->type_name("INPUT=VALUE")
        ->allow_extra_args(false);
    cmd->add_option("--format", sweep_request.format, "table, tsv, csv, jsonl or svg")
        ->check(CLI::IsMember({"table", "tsv", "csv", "jsonl", "svg"}))
        ->capture_default_str();
    cmd->add_option("-o,--output", sweep_request.output, "Write to FILE instead of stdout");
    cmd->add_option("--jobs", sweep_request.jobs, "Threads (default: every core)")
        ->check(CLI::Range(1, 1024));
    cmd->add_option("--shard", sweep_request.shard,
                    "Run only the I-th of N equal parts (outputs concatenate)")
        ->capture_default_str();
    cmd->add_flag("--skip-errors", sweep_request.skip_errors,
                  "Leave out points whose evaluation fails instead of stopping");
    cmd->add_option("--infeasible", sweep_request.infeasible,
                    "Points that break a constraint: skip, list (on stderr) or error")
        ->check(CLI::IsMember({"skip", "list", "error"}))
        ->capture_default_str();
    cmd->add_flag("--no-progress", no_progress, "No progress bar, even on a terminal");
    cmd->add_flag("--verbose", sweep_request.verbose, "Say when a sweep cannot be planned");
  });

  std::vector<std::string> repl_files;
  auto* repl =
      app.add_subcommand("repl", "Explore interactively (also plain `reckon` on a terminal)");
  options_when_parsed(
      repl, [&](CLI::App* cmd) { cmd->add_option("FILE", repl_files, "Scenario files to load"); });

  // With --json on the line (before a `--`), even a command line that does not parse
  // reports its error as JSON.
  bool json = false;
  for (int i = 1; i < argc && std::string_view(argv[i]) != "--"; ++i)
    json = json || std::string_view(argv[i]) == "--json";
  const reckon::cli::ErrorSink sink(std::cerr, json ? &std::cout : nullptr);
  auto usage_error = [&](std::string code, std::string message) {
    reckon::Diagnostic d{std::nullopt, std::move(message), {}, std::move(code)};
    sink(reckon::SourceManager(), d);
    return 2;
  };
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    if (e.get_exit_code() == 0) return app.exit(e);  // --help
    reckon::Diagnostic d{std::nullopt, e.what(), {}, "E0611"};
    // `reckon eval -(2^63)`: CLI11 takes the expression for an option it does not know.
    bool single_dash = false;  // an unexpected `-...` (not `--...`) may be an expression
    for (int i = 1; i < argc && std::string_view(argv[i]) != "--"; ++i) {
      std::string_view a = argv[i];
      single_dash = single_dash || (a.size() > 1 && a[0] == '-' && a[1] != '-' &&
                                    std::string_view(e.what()).find(a) != std::string_view::npos);
    }
    if ((eval->parsed() || explain->parsed()) && single_dash &&
        dynamic_cast<const CLI::ExtrasError*>(&e))
      d.notes.push_back(
          {std::nullopt, "an expression that starts with `-` goes after `--`: write `reckon " +
                             std::string(eval->parsed() ? "eval" : "explain") +
                             " [FILE] -- EXPR`"});
    d.notes.push_back({std::nullopt, "run with --help for more information"});
    sink(reckon::SourceManager(), d);
    return 2;
  }
  for (auto* specs : {&request.sets, &sweep_request.sets, &sweep_request.vary})
    for (std::string& spec : *specs) spec = reckon::cli::trim_assignment_name(spec);
  // A command runs on a SizedThread: its stack, and so what the parser, the loader, the
  // checker and the evaluator can nest, does not depend on `ulimit -s`. The REPL stays on
  // the main thread, where the terminal's signals (Ctrl-C) reach its line editor; its
  // evaluator's stack budget follows the limit there (Evaluator::stack_budget).
  const bool interactive = *repl || (app.get_subcommands().empty() && isatty(STDIN_FILENO));
  auto command = [&]() -> int {
    if (*repl) return reckon::repl::run(repl_files, common.digits);
    if (app.get_subcommands().empty()) {
      if (isatty(STDIN_FILENO)) return reckon::repl::run({}, common.digits);
      std::cerr << app.help();
      return usage_error("E0605", "a subcommand is required");
    }
    if (*doc) {
      if (doc_stdlib && !doc_file.empty())
        return usage_error("E0614", "doc takes a FILE or --stdlib, not both");
      if (doc_stdlib) return reckon::cli::doc_stdlib(doc_format, doc_dir, std::cout, std::cerr);
      if (doc_file.empty()) return usage_error("E0606", "doc needs a FILE, or --stdlib");
      return reckon::cli::doc(doc_file, doc_format, doc_dir, common, std::cout, std::cerr);
    }
    if (*format) return reckon::cli::format_files(format_request, std::cin, std::cout, std::cerr);
    if (*build) return reckon::cli::exercises_build(build_options, common, std::cout, std::cerr);
    if (*export_command)
      return reckon::cli::exercises_export(export_options, common, std::cout, std::cerr);
    if (*grade) {
      if (grade_variants_option->count() > 0) grade_options.variants = grade_variants;
      if (grade_seed_option->count() > 0) grade_options.seed = grade_seed;
      return reckon::cli::exercises_grade(grade_options, common, std::cout, std::cerr);
    }
    if (*run) return reckon::cli::run(run_file, common, std::cout, std::cerr);
    if (*sweep) {
      sweep_request.progress = !no_progress;
      return reckon::cli::sweep(sweep_request, common, std::cout, std::cerr);
    }
    if (*eval && eval_lines) {
      if (second_positional)
        return usage_error("E0611",
                           "eval --lines reads its expressions from standard input: write "
                           "`reckon eval [FILE] --lines`");
      request.file = first_positional;
      request.lines = &std::cin;
      return reckon::cli::eval(request, common, std::cout, std::cerr);
    }
    if (*eval || *explain) {
      if (auto missing =
              missing_expression(*eval ? "eval" : "explain", first_positional, second_positional))
        return usage_error("E0611", *missing);
      request.expression = second_positional.value_or(first_positional);
      if (second_positional) request.file = first_positional;
    }
    if (*eval) return reckon::cli::eval(request, common, std::cout, std::cerr);
    if (*explain) {
      // CLI11 has let through only explain_format_names.
      explain_options.format = *reckon::api::explain_format_named(explain_format);
      return reckon::cli::explain(request, explain_options, common, std::cout, std::cerr);
    }
    if (*list) {
      if (list_what == "scenarios" && list_files.empty()) {
        std::error_code ec;
        for (const auto& entry : std::filesystem::directory_iterator("scenarios", ec))
          if (entry.path().extension() == ".rk") list_files.push_back(entry.path().string());
        std::sort(list_files.begin(), list_files.end());
      }
      return reckon::cli::list(list_what, list_files, markdown, std::cout, std::cerr);
    }
    if (*lsp)
      return reckon::lsp::serve(reckon::stdlib::standard_library(), std::cin, std::cout, std::cerr);
    return reckon::cli::check(check_file, common, std::cout, std::cerr);
  };
  try {
    if (interactive) return command();
    // When the process is left to end after the command (Common::leave_to_exit), the
    // command's thread ends it as main would, with the same last flush of standard
    // output: the thread's own ending returned its arena's pages and its stack to the
    // kernel (jemalloc purges an arena that no thread uses any more), and woke the main
    // thread to end the process anyway (docs/performance.md, "Start-up at half of GNU
    // units'").
    return reckon::on_sized_thread([&] {
      const int code = command();
      if (!common.leave_to_exit) return code;
      std::exit(reckon::cli::finish_standard_output(code, std::cerr));
    });
  } catch (const std::exception& e) {
    if (out_of_memory(e)) {
      sink(reckon::SourceManager(),
           reckon::Diagnostic{std::nullopt,
                              "out of memory: the input asks for more memory (or threads) "
                              "than the system gives",
                              {},
                              "E0511"});
      return 1;
    }
    // User errors are handled inside the commands; anything reaching here is a bug,
    // reported without a code (exit 3), through the same renderer.
    sink(reckon::SourceManager(),
         reckon::Diagnostic{std::nullopt, std::string("internal error: ") + e.what(), {}, ""});
    return 3;
  }
}

}  // namespace

int main(int argc, char** argv) {
  // A command succeeds only if standard output took all it wrote (`> /dev/full`).
  return reckon::cli::finish_standard_output(run_command(argc, argv), std::cerr);
}
