// The playground's entry point into the interpreter (docs/playground.md): one exported
// function the page's worker calls with a command, the program's text and the command's
// argument, answered as JSON. Every question goes through the library API
// (interpreter/api/) as the command line's do, and its report is the API's text
// (api/report.hpp), so the page shows what `reckon run`, `check`, `eval` and `explain`
// print; a sweep is `reckon sweep`'s own command (its writers draw the SVG charts).
// Errors go through the command line's one error path (cli::guarded), as data.
#include <emscripten.h>

#include <cstdlib>
#include <cstring>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <stdexcept>
#include <string>

#include "interpreter/api/evaluation.hpp"
#include "interpreter/api/program.hpp"
#include "interpreter/api/query.hpp"
#include "interpreter/api/report.hpp"
#include "interpreter/cli/commands.hpp"
#include "interpreter/cli/guarded.hpp"
#include "stdlib/library.hpp"
#include "syntax/diagnostics.hpp"

namespace reckon::web {

namespace {

// The name the program has in messages (`playground.rk:3:7: error[E0401]: ...`): a file
// in the module's in-memory file system, written before each command.
constexpr const char* program_file = "playground.rk";
constexpr int digits = 4;  // the command line's default

// What a command answers: its exit code, its output, its errors rendered as the command
// line renders them, and each error as data for the editor's marks.
struct Answer {
  std::ostringstream out;
  std::ostringstream err;
  nlohmann::json diagnostics = nlohmann::json::array();

  cli::ErrorSink sink() {
    return cli::ErrorSink(err, [this](const SourceManager& sources, const Diagnostic& d) {
      const std::string text = render(sources, d);
      err << text;
      nlohmann::json j{{"code", d.code}, {"message", d.message}, {"text", text}};
      if (d.range) {
        const SourceFile& f = sources.file(d.range->file);
        const LineColumn at = f.position(d.range->begin);
        j["file"] = f.name();
        j["line"] = at.line;
        j["column"] = at.column;
      }
      diagnostics.push_back(std::move(j));
    });
  }
};

// A question (`eval`, `explain`) asked as the command line asks it: the program, or the
// standard library alone when there is none, loaded lazily with the question checked.
void ask(Program& p, api::Query& q, const std::string& file, const std::string& expression) {
  api::QueryRequest request;
  request.expression = expression;
  request.program = api::program_name(file);
  request.digits = digits;
  api::load_lazily(
      p, stdlib::standard_library(), file, expression,
      [&] {
        check_and_compile(p);
        api::prepare(p, request, q);
      },
      [&] { q = api::Query{}; });
}

int command(const std::string& name, const std::string& file, const std::string& argument,
            Answer& a) {
  if (name == "sweep") {  // argument: the output format, svg or table
    cli::SweepRequest request;
    request.file = file;
    request.format = argument.empty() ? "table" : argument;
    request.jobs = 1;  // the wasm build has one thread
    request.progress = false;
    request.on_error = [&](const SourceManager& s, const Diagnostic& d) { a.sink()(s, d); };
    return cli::sweep(request, cli::Common{digits}, a.out, a.err);
  }
  auto p = std::make_unique<Program>();
  return cli::guarded(*p, a.sink(), [&]() -> int {
    if (name == "check") {
      api::load_lazily(*p, stdlib::standard_library(), file, "", [&] { check_program(*p); });
      a.out << api::check_summary(*p, file);
      return 0;
    }
    if (name == "run") {
      api::load_lazily(*p, stdlib::standard_library(), file, "", [&] { check_and_compile(*p); });
      Evaluator ev(*p, digits);
      return api::run_report(*p, ev, a.out, a.err) ? 0 : 1;
    }
    api::Query q;
    ask(*p, q, file, argument);
    if (name == "eval") {
      a.out << api::answer_text(q);
      return 0;
    }
    if (name == "explain") {
      a.out << render_explanation(api::explain(*p, q, 1), ExplainFormat::text);
      return 0;
    }
    // The page asks only the commands above: another is the page's bug, not the user's.
    throw std::invalid_argument("the playground has no command `" + name + "`");
  });
}

}  // namespace

}  // namespace reckon::web

// `command` (check, run, eval, explain, sweep) on `code` (empty: no program, the standard
// library alone, for `eval` and `explain`) with `argument` (the expression; a sweep's
// format). Returns a JSON object {exit, out, err, diagnostics} that the caller frees.
extern "C" EMSCRIPTEN_KEEPALIVE char* reckon_command(const char* command, const char* code,
                                                     const char* argument) {
  using namespace reckon;
  web::Answer a;
  std::string file;
  if (*code) {
    file = web::program_file;
    std::ofstream(file, std::ios::binary | std::ios::trunc) << code;
  }
  int exit = 1;
  try {
    exit = web::command(command, file, argument, a);
  } catch (const std::exception& e) {  // a bug, not the user's error: shown as one
    a.err << "internal error: " << e.what() << "\n";
  }
  const std::string json = nlohmann::json{
      {"exit", exit},
      {"out", a.out.str()},
      {"err", a.err.str()},
      {"diagnostics",
       a.diagnostics}}.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  return strdup(json.c_str());
}
