// How every command turns the user's errors into output: located diagnostics on the
// error stream (or, with --json, JSON objects on the output) and exit code 1, or 2 for
// a usage error. No command writes an error message by hand: it throws, and this is
// the one place errors are printed (tests/cli/one_error_path.sh keeps it so).
#pragma once

#include <functional>
#include <nlohmann/json.hpp>
#include <ostream>

#include "interpreter/api/program.hpp"
#include "interpreter/api/usage_error.hpp"
#include "syntax/diagnostics.hpp"

namespace reckon::cli {

// An error in how a command was called rather than in its files (a malformed --set,
// a flag that contradicts another): exit code 2. The library API's.
using UsageError = api::UsageError;

// {"error": {"code", "message", "file", "line", "column"}} (the location when there is
// one, and "notes" when there are some). Text that is not UTF-8 is replaced, so the
// output stays valid JSON whatever the user's bytes.
inline std::string json_error(const SourceManager& sources, const Diagnostic& d) {
  nlohmann::json e{{"code", d.code}, {"message", d.message}};
  if (d.range) {
    const SourceFile& f = sources.file(d.range->file);
    LineColumn at = f.position(d.range->begin);
    e["file"] = f.name();
    e["line"] = at.line;
    e["column"] = at.column;
  }
  for (const Note& n : d.notes) e["notes"].push_back(n.message);
  return nlohmann::json{{"error", e}}.dump(-1, ' ', false,
                                           nlohmann::json::error_handler_t::replace);
}

// Where a command's errors go, as a diagnostic and the sources that locate it (for a
// caller of the commands that is not the command line: the Python package).
using DiagnosticHandler = std::function<void(const SourceManager&, const Diagnostic&)>;

// Where a command's errors go: rendered text on `err`, or (when `json` is set, for
// --json) one JSON object on that stream, for the first error only, or (when `handler`
// is set) to the handler.
struct ErrorSink {
  ErrorSink(std::ostream& err, std::ostream* json = nullptr) : err(err), json(json) {}
  ErrorSink(std::ostream& err, DiagnosticHandler handler)
      : err(err), json(nullptr), handler(std::move(handler)) {}
  std::ostream& err;
  std::ostream* json;
  DiagnosticHandler handler;

  void operator()(const SourceManager& sources, const Diagnostic& d) const {
    if (handler)
      handler(sources, d);
    else if (json)
      *json << json_error(sources, d) << "\n";
    else
      err << render(sources, d);
  }
};

// Runs `body` (which returns an exit code); a user error inside it is printed,
// located in `program`'s sources, and becomes exit code 1 (2 for a UsageError).
template <typename Body>
int guarded(const Program& program, const ErrorSink& sink, Body body) {
  try {
    return body();
  } catch (const UsageError& e) {
    sink(program.sources, e.diagnostic());
    return 2;
  } catch (const UserError& e) {
    sink(program.sources, e.diagnostic());
  } catch (const UserErrors& e) {
    for (const Diagnostic& d : e.diagnostics()) {
      sink(program.sources, d);
      if (sink.json) break;  // one JSON object per run
    }
  }
  return 1;
}

}  // namespace reckon::cli
