// User-facing errors. A Diagnostic is located at a source range and may carry notes
// (for example one per link of a dependency cycle). Stages collect diagnostics or
// throw a UserError; the driver prints them as
//   file:line:col: error[E0102]: message
//     the source line
//     ^~~~
#pragma once

#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "syntax/source.hpp"

namespace reckon {

struct Note {
  std::optional<SourceRange> range;
  std::string message;
};

// `code` is the stable error code (E0102), listed in docs/errors.md.
struct Diagnostic {
  std::optional<SourceRange> range;
  std::string message;
  std::vector<Note> notes;
  std::string code;
};

// An error in the user's input: the driver exits with status 1.
class UserError : public std::runtime_error {
 public:
  explicit UserError(Diagnostic d) : std::runtime_error(d.message), diagnostic_(std::move(d)) {}
  UserError(SourceRange range, std::string code, std::string message)
      : UserError(Diagnostic{range, std::move(message), {}, std::move(code)}) {}
  // An error without a location.
  UserError(std::string code, std::string message)
      : UserError(Diagnostic{std::nullopt, std::move(message), {}, std::move(code)}) {}
  const Diagnostic& diagnostic() const { return diagnostic_; }
  Diagnostic& diagnostic() { return diagnostic_; }

 private:
  Diagnostic diagnostic_;
};

// Several errors found by one stage (the checker reports all it finds).
class UserErrors : public std::runtime_error {
 public:
  explicit UserErrors(std::vector<Diagnostic> ds)
      : std::runtime_error("errors in input"), diagnostics_(std::move(ds)) {}
  const std::vector<Diagnostic>& diagnostics() const { return diagnostics_; }

 private:
  std::vector<Diagnostic> diagnostics_;
};

// The diagnostic as text. The echoed source line and the messages show control
// characters, bidirectional-text controls and invalid UTF-8 escaped (`\x00`,
// `<U+202E>`), and a line longer than 200 columns as a window around the caret.
std::string render(const SourceManager& sources, const Diagnostic& d);
// A message without a location (a command-line or REPL usage error), rendered.
std::string render(const std::string& code, const std::string& message);

// `text` with everything but newlines and tabs that a terminal would act on rather
// than show escaped, as render() shows user text.
std::string printable(std::string_view text);

// "error[E0102]" (or "error" for a diagnostic without a code).
std::string error_label(const std::string& code);

// "file:line:col" of a range's start.
std::string location(const SourceManager& sources, SourceRange range);

}  // namespace reckon
