// The Python package's view of a Reckon program (docs/python.md): a file loaded and
// checked once, whose cases, inputs, properties and methods Python asks about, and in
// which expressions are evaluated. Nothing here knows Python: module.cpp turns these
// results into Python objects, so that the work here runs without the GIL.
#pragma once

#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "interpreter/api/program.hpp"
#include "interpreter/api/shown_value.hpp"
#include "syntax/diagnostics.hpp"
#include "syntax/dimension.hpp"

namespace reckon::python {

// A user's error, taken out of the program whose sources locate it: what
// reckon.ReckonError carries (docs/errors.md's code, message and location, and the
// rendered text with its source line and caret).
struct Failure {
  std::string code, message, file;
  int line = 0, column = 0;  // 0: no location
  std::string rendered;
  std::vector<std::string> notes;
};
Failure failure_of(const SourceManager& sources, const Diagnostic& d);

// A scenario's members, for Python's attributes of a case.
struct MemberInfo {
  std::string name;
  std::string type;                     // as the checker describes it ("B", "Recompute", "text")
  bool text = false;                    // its values (a method's parameters: each one's) are texts
  std::vector<std::string> parameters;  // a method's
  std::vector<bool> text_parameters;
  std::string docs;
};
struct CaseInfo {
  std::string name, scenario, docs;
  std::vector<MemberInfo> inputs, properties, methods;
};

// A loaded, checked and compiled program. Thread-safe: one evaluation at a time runs in
// a session (evaluations check their expression into the program, which is not safe to
// do while another runs), and different sessions run in parallel.
class Session {
 public:
  // The file at `path`, or (empty path) the standard library with its registries
  // imported, as `reckon eval` without a file. Throws Failure.
  explicit Session(const std::string& path);
  ~Session();

  const std::string& path() const { return path_; }
  std::vector<CaseInfo> cases() const;

  // The members of the scenario named `name` (an instance made in an expression is one
  // of it), with `name` empty. Throws Failure when there is no such scenario.
  CaseInfo scenario(const std::string& name) const;

  // `expression` evaluated in `case_name` (none: at file scope, or in the file's first
  // case as `reckon eval` does) with `sets` (INPUT=VALUE, Reckon source) bound, as
  // `reckon eval FILE EXPR --case C --set ...`, as data; with `within`, in the case that
  // expression makes (api::QueryRequest::within). Throws Failure.
  api::ShownValue evaluate(const std::string& expression,
                           const std::optional<std::string>& case_name,
                           const std::vector<std::string>& sets, int digits,
                           const std::optional<std::string>& within = std::nullopt);
  // The same explained (`reckon explain`), in `format`: text, markdown or latex.
  std::string explain(const std::string& expression, const std::optional<std::string>& case_name,
                      const std::vector<std::string>& sets, int depth, const std::string& format,
                      int digits, const std::optional<std::string>& within = std::nullopt);
  // Checks overrides of `case_name` as evaluate would bind them, evaluating nothing: the
  // case (E0601), each INPUT=VALUE (E0603, E0309 with a did-you-mean, the value's type and
  // names) and none twice (E0612). Throws Failure.
  void check_overrides(const std::string& case_name, const std::vector<std::string>& sets);

 private:
  std::string path_;
  std::mutex mutex_;
  std::unique_ptr<Program> program_;
};

// The unit a written unit text stands for: its scale to base units and its dimension
// (`GiB` is 2^30 B). Throws Failure for text that is not a unit.
std::pair<double, Dimension> unit_of(const std::string& text);

// How a quantity of `dim` worth `base` base units is shown when nothing was declared:
// the readable unit `reckon eval` would choose, with its scale.
std::pair<std::string, double> display_unit_of(double base, const Dimension& dim, int digits);

// A sweep's table as typed columns, what `reckon sweep --format csv` writes as text:
// each column's name, unit ("" for none) and cells, numbers in the column's unit (NaN
// for `none`), yes/no, or texts (members, records' names, texts; `none` absent).
struct SweepColumn {
  std::string name, unit;
  enum class Kind { number, boolean, text } kind = Kind::number;
  std::vector<double> numbers;                    // number: every cell; boolean: 0, 1 or NaN
  std::vector<std::optional<std::string>> texts;  // text
};
struct SweepCall {
  std::string file, name;
  std::vector<std::string> vary, show, where, sets;
  std::optional<std::string> minimize, maximize;
  int jobs = 0;
  std::string shard = "1/1";
  std::string infeasible = "skip";
  bool skip_errors = false;
  int digits = 4;
};
std::vector<SweepColumn> sweep_table(const SweepCall& call);

// `answer` graded by Reckon's own grader (interpreter/exercise/grade.hpp) against a key
// program, the exercise file of one variant's key that `reckon exercises export --format
// prairielearn` writes into each question's server.py (interpreter/exercise/key_program.hpp):
// the status (correct, wrong-dimension, wrong-value, malformed), the key as shown, the
// feedback and, for a wrong value, the ratio given/expected. Throws Failure when the key
// program does not load.
struct GradeResult {
  std::string status, expected, feedback;
  std::optional<double> ratio;
};
GradeResult grade_answer(const std::string& key_program, const std::string& answer, int digits);

}  // namespace reckon::python
