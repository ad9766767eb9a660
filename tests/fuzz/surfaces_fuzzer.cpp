// libFuzzer target: the outer surfaces of the interpreter, on a program that loads and
// checks. The input is Reckon program text, written to a temporary file (the commands
// read files) and then driven through
//   - the exercise engine (interpreter/exercise/): variants 1 and 2 of every exercise for
//     a fixed seed, their prompts and hints, and the grader given the key's own answer
//     (what the answer key shows, as a row of an answers CSV), which must grade as
//     correct: a grader that rejects its own key is a bug;
//   - `reckon exercises build` (cli::exercises_build): the question sheet and the answer
//     key with its worked solutions, in Markdown and LaTeX; when the engine computed
//     every variant above, the build must succeed too;
//   - `reckon doc` (cli::doc): the reference page of every scenario, in Markdown and
//     HTML;
//   - the REPL (repl::Session): the program fed one input at a time (its lines, grouped
//     while brackets are open, as a pipe is read), then `:type`, `:why`, `:doc` and an
//     evaluation of names the program declares, and completion of prefixes of them.
// Only the user's errors (UserError, UserErrors, UsageError) may escape the interpreter,
// and the commands turn those into exit codes; the session may throw nothing at all.
// Anything else escapes and fails the run, or a broken promise aborts with a message.
//
// Work per input is bounded: inputs over 64 KiB are skipped, as are files with more than
// a few scenarios or exercises; the evaluator's step limit bounds each evaluation; the
// REPL gets the first inputs only; and once an input has used its time budget, the
// surfaces not reached yet are skipped (a slow input is the eval fuzzer's business).
#include <unistd.h>

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "grammar/parse.hpp"
#include "interpreter/cli/commands.hpp"
#include "interpreter/exercise/answer.hpp"
#include "interpreter/exercise/book.hpp"
#include "interpreter/exercise/grade.hpp"
#include "interpreter/load/loader.hpp"
#include "interpreter/load/pipeline.hpp"
#include "interpreter/repl/session.hpp"
#include "stdlib/library.hpp"
#include "syntax/diagnostics.hpp"

namespace {

using namespace reckon;
using Clock = std::chrono::steady_clock;

constexpr std::size_t max_fuzz_input_bytes = 64 * 1024;
constexpr std::size_t max_scenarios = 6;  // doc pages per input
constexpr std::size_t max_exercises = 24;
constexpr int variants = 2;
constexpr std::uint64_t seed = 42;
constexpr std::size_t max_repl_inputs = 8;  // comments aside
// Past this, the surfaces not yet reached are skipped. Each evaluation is bounded by the
// step limit alone (5,000,000 steps, 10 to 25 s under the sanitizers), and the surfaces
// evaluate the same things again and again.
constexpr auto time_budget = std::chrono::seconds(5);

// The program being fuzzed, for messages that abort.
const std::string* current_text = nullptr;

// SURFACES_FUZZER_TRACE=1 prints what each input reached (to see what a seed exercises).
void trace(const std::string& what) {
  static const bool on = std::getenv("SURFACES_FUZZER_TRACE") != nullptr;
  static Clock::time_point last = Clock::now();
  if (!on) return;
  const auto now = Clock::now();
  std::fprintf(stderr, "surfaces_fuzzer: [+%lld ms] %s\n",
               static_cast<long long>(
                   std::chrono::duration_cast<std::chrono::milliseconds>(now - last).count()),
               what.c_str());
  last = now;
}

[[noreturn]] void fail(const std::string& what) {
  std::fprintf(stderr, "surfaces_fuzzer: %s\n--- program ---\n%s\n--- end ---\n", what.c_str(),
               current_text ? current_text->c_str() : "");
  std::abort();
}

// The file the commands read: one per process (libFuzzer's -jobs run several), removed
// when the process exits normally (after a crash it is left, beside the crash's input).
const std::string& scratch_file() {
  // Never destroyed: the exit handler below still needs it after static destructors ran.
  static const std::string* path = [] {
    auto* p = new std::string((std::filesystem::temp_directory_path() /
                               ("reckon-surfaces-fuzzer-" + std::to_string(::getpid()) + ".rk"))
                                  .string());
    std::atexit([] {
      std::error_code ignored;
      std::filesystem::remove(*path, ignored);
    });
    return p;
  }();
  return *path;
}

void write_file(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << text;
  out.close();
  if (!out) fail("cannot write " + path);
}

// A CSV field, quoted as RFC 4180 asks (a key may hold a comma or a quote).
std::string csv_field(const std::string& s) {
  std::string out = "\"";
  for (char c : s) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

// The engine's variants and the grader given the key's answers. Returns whether every
// variant of every exercise was computed (then `exercises build` must succeed).
bool exercise_engine(Program& p) {
  using namespace reckon::exercise;
  Workbook book(p, 4, seed);
  AnswerReader reader(p, 4);
  // Every answer is graded in one file, as a class's answers are.
  std::string csv = "variant,exercise,answer\n";
  bool complete = true;
  for (const ExerciseDecl* x : book.exercises()) {
    for (int n = 1; n <= variants; ++n) {
      try {
        Variant v = book.variant(*x, n);
        (void)book.text(v, x->prompt);
        for (const auto& hint : x->hints) (void)book.text(v, hint);
        (void)book.tolerance(*x);
        csv += std::to_string(n) + "," + csv_field(x->name) + "," + csv_field(book.key(v)) + "\n";
      } catch (const UserError&) {  // no such variant, or its numbers fail to evaluate
        complete = false;
      } catch (const UserErrors&) {
        complete = false;
      }
    }
  }
  Grader grader(book, reader, "key.csv", variants);
  std::vector<CsvRow> rows = parse_csv(csv);
  if (rows.empty() || !is_answers_header(rows.front())) fail("the key's CSV lost its header");
  for (std::size_t i = 1; i < rows.size(); ++i) {
    const CsvRow& row = rows[i];
    if (row.fields.size() != 3) fail("the key's CSV row " + std::to_string(i) + " is malformed");
    Grade g;
    try {
      g = grader.grade(row);
    } catch (const UserError&) {
      continue;  // the key itself evaluated above; an error here is the tolerance's
    } catch (const UserErrors&) {
      continue;
    }
    trace("graded " + g.exercise + " variant " + g.variant + " `" + g.answer + "`: " + g.status);
    if (g.status != "correct")
      fail("the grader rejects its own key: variant " + g.variant + " of `" + g.exercise +
           "`, answer `" + g.answer + "` graded " + g.status + " (expected " + g.expected +
           "): " + g.feedback);
  }
  return complete;
}

void exercise_build(const std::string& file, bool must_succeed) {
  for (const char* format : {"md", "latex"}) {
    cli::ExerciseBuildOptions options;
    options.file = file;
    options.variants = variants;
    options.seed = seed;
    options.format = format;
    std::ostringstream out, err;
    int code = cli::exercises_build(options, cli::Common{}, out, err);
    trace(std::string("exercises build ") + format + ": exit " + std::to_string(code) + ", " +
          std::to_string(out.str().size()) + " bytes");
    if (code != 0 && must_succeed)
      fail(std::string("`exercises build --format ") + format +
           "` failed where the engine computed every variant:\n" + err.str());
  }
}

void doc_pages(const std::string& file) {
  for (const char* format : {"md", "html"}) {
    std::ostringstream out, err;
    // HTML is one document per scenario, so several go to a directory (E0616 on stdout);
    // it is emptied after each input.
    const bool html = std::string(format) == "html";
    const std::string pages = html ? scratch_file() + ".pages" : "";
    int code = cli::doc(file, format, pages, cli::Common{}, out, err);
    if (html) {
      std::error_code ignored;
      std::filesystem::remove_all(pages, ignored);
    }
    trace(std::string("doc ") + format + ": exit " + std::to_string(code) + ", " +
          std::to_string(out.str().size()) + " bytes");
    if (code == 2) fail(std::string("`doc --format ") + format + "` reports a usage error");
  }
}

// The names the REPL is asked about: the first let, and a property of the first case
// (the case itself if its scenario has none). Each costs the REPL a few builds of the
// session (the prelude, `models` and `hardware` checked again), 70 ms each here.
std::vector<std::string> names_of(const Program& p) {
  std::vector<std::string> names;
  auto lets = p.main_decls<LetDecl>(DeclKind::let);
  if (!lets.empty()) names.push_back(lets.front()->name);
  auto cases = p.main_decls<CaseDecl>(DeclKind::case_);
  if (!cases.empty()) {
    const CaseDecl& c = *cases.front();
    std::string name = c.name;
    for (const Property& prop : c.scenario->properties)
      if (!prop.is_method) {
        name += "." + prop.name;
        break;
      }
    names.push_back(name);
  }
  return names;
}

void repl_session(const std::string& text, const std::vector<std::string>& names,
                  Clock::time_point deadline) {
  repl::Session session(stdlib::standard_library());
  // The lines, grouped into inputs as a pipe is read (repl.cpp's read_input).
  std::vector<std::string> inputs;
  {
    std::istringstream lines(text);
    std::string input;
    repl::InputScanner scanner;
    for (std::string line; std::getline(lines, line);) {
      input += line + "\n";
      scanner.add_line(line);
      if (scanner.needs_more()) continue;
      inputs.push_back(std::move(input));
      input.clear();
      scanner = repl::InputScanner();
    }
    if (!input.empty()) inputs.push_back(std::move(input));
  }
  std::size_t fed = 0;
  for (const std::string& input : inputs) {
    if (fed >= max_repl_inputs || Clock::now() > deadline) break;
    // A `:command` line of the file would run it: `:load` and `:sweep` are not this
    // target's (the files it could read; the threads of a sweep).
    const std::size_t first = input.find_first_not_of(" \t\r\n");
    if (first == std::string::npos || input[first] == ':') continue;
    repl::Reply r = session.submit(input);
    if (r.quit) fail("an input of the program ended the session");
    if (r.output.empty() && r.errors.empty()) continue;  // comments: no work
    ++fed;
    trace("repl input " + std::to_string(fed) +
          (r.errors.empty() ? ": " + r.output : ": " + r.errors));
  }
  for (const std::string& name : names) {
    if (Clock::now() > deadline) return;
    (void)session.submit(":type " + name);
    repl::Reply why = session.submit(":why " + name);
    trace(":why " + name + ": " + why.output + why.errors);
    (void)session.submit(":doc " + name);
    (void)session.submit(name);
    // Completion of the name's first half, and of the members of what precedes its dot.
    std::string prefix = name.substr(0, (name.size() + 1) / 2);
    trace("completions of " + prefix + ": " +
          std::to_string(session.completions(prefix, prefix.size()).size()));
    if (std::size_t dot = name.find('.'); dot != std::string::npos)
      (void)session.completions(name.substr(0, dot + 1), dot + 1);
  }
  (void)session.submit("ans");
  // Completion in the middle of the program's first input (and past its end).
  if (!inputs.empty() && Clock::now() < deadline) {
    (void)session.completions(inputs.front(), inputs.front().size() / 2);
    (void)session.completions(inputs.front(), inputs.front().size() + 1);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size > max_fuzz_input_bytes) return 0;
  std::string text(reinterpret_cast<const char*>(data), size);
  current_text = &text;
  // Syntax errors are the parse fuzzer's: skip them before paying for the prelude.
  {
    SourceManager alone;
    try {
      (void)parse_module(alone, alone.add("fuzz.rk", text));
    } catch (const UserError&) {
      return 0;
    }
  }
  const Clock::time_point deadline = Clock::now() + time_budget;
  const std::string& file = scratch_file();
  write_file(file, text);
  Program p;
  try {
    load_program(p, stdlib::standard_library(), file);
    check_and_compile(p);
  } catch (const UserError&) {
    trace("does not check");
    return 0;
  } catch (const UserErrors&) {
    trace("does not check");
    return 0;
  }
  const std::size_t exercises = p.main_decls<ExerciseDecl>(DeclKind::exercise).size();
  if (exercises > 0 && exercises <= max_exercises) {
    bool complete = exercise_engine(p);
    trace(complete ? "exercises: every variant computed" : "exercises: some variants failed");
    if (Clock::now() < deadline) exercise_build(file, complete);
  }
  const std::size_t scenarios = p.main_decls<ScenarioDecl>(DeclKind::scenario).size();
  if (scenarios > 0 && scenarios <= max_scenarios && Clock::now() < deadline) doc_pages(file);
  if (Clock::now() < deadline) repl_session(text, names_of(p), deadline);
  current_text = nullptr;
  return 0;
}
