// The library API every surface calls to ask a program something (docs/architecture.md,
// "The library API"): load a program (a file, or the standard library alone), choose a
// case (E0601, E0602), bind `INPUT=EXPR` overrides (E0603, E0612, E0309), check an
// expression in the case's scope, require the case feasible (E0535) and evaluate. The
// command line's `eval` and `explain` and the Python package call these, so that a fix
// lands once and the two cannot drift apart. Every error is thrown (a UserError, a
// UsageError for the caller's mistakes); nothing here prints.
#pragma once

#include <cstddef>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "interpreter/check/checker.hpp"
#include "interpreter/evaluate/evaluator.hpp"
#include "interpreter/evaluate/explain.hpp"
#include "interpreter/load/loader.hpp"
#include "interpreter/model/program.hpp"

namespace reckon::api {

// `file` loaded, checked and compiled into `p`; an empty `file` is the standard library
// with its registries imported (`reckon eval` without a file).
void load(Program& p, const Library& library, const std::string& file);

// `file` (or the standard library) loaded into `p` parsing only the standard library
// modules that the program or `also_named` (what `then` checks in it: an eval's
// expression and overrides) names (LazyStdlib), then `then` (checking it, and what the
// caller asks). When any of it throws the user's error, `forget` drops what `then` made
// of `p`, `p` is emptied, and all of it runs again with the whole library, so the
// messages (a did-you-mean over the library's names) are the eager load's.
void load_lazily(Program& p, const Library& library, const std::string& file,
                 std::string_view also_named, const std::function<void()>& then,
                 const std::function<void()>& forget = {});

// How messages name what `load` loaded: the file, or "the standard library".
std::string program_name(const std::string& file);

// The case a question is asked in: `name` (E0601, with a did-you-mean, when the program
// has no such case; `what` names the program in the message), or else the main file's
// first case, or null when it has none. `overrides` says whether overrides are to be
// bound, which need a case (E0602, a UsageError).
const CaseDecl* choose_case(const Program& p, const std::optional<std::string>& name,
                            const std::string& what, bool overrides);

// `NAME = VALUE` as `NAME=VALUE`: the spaces around the name of a `--set` or `--vary`
// (`--set 'x = 1'`) are not part of it. A spec without `=` is returned as it is.
std::string trim_assignment_name(const std::string& spec);

// A UsageError (`code`) naming both when two of `specs` (NAME=...) give the same NAME:
// `--set x=1 --set x=2` is a slip, not an override.
void require_distinct_names(const std::string& flag, const std::string& code,
                            const std::vector<std::string>& specs);

// One override `INPUT=VALUE` for an input of `s`: the input's index and the value's
// expression, parsed (its source named `--set INPUT`) and checked against the input's
// type. A UsageError (E0603) for a malformed one; E0309 with a did-you-mean for an
// unknown input; the checker's errors for a wrong value.
std::pair<std::size_t, std::unique_ptr<Expr>> parse_override(Program& p, const ScenarioDecl& s,
                                                             const std::string& spec);

// A question: an expression, in a case (default: the file's first) with overrides.
struct QueryRequest {
  std::string expression;
  std::optional<std::string> case_name;
  std::vector<std::string> overrides;  // INPUT=VALUE, Reckon source
  // An expression whose value is a case (`ActivationMemory(workload: GPT3_175B, ...)`,
  // `C with x: 2`), evaluated in the chosen case: the question is then asked in it, its
  // inputs, properties and methods in scope. What the Python package's reckon.Case of a
  // case made in an expression asks in.
  std::optional<std::string> within;
  std::string program;                   // how messages name the program (program_name)
  int digits = 4;                        // significant digits values are shown to
  std::size_t list_elements = SIZE_MAX;  // elements of a list shown before eliding
};

// A question prepared in a loaded program: the case in scope with its overrides bound,
// and the expression checked in that scope. The program must outlive it.
struct Query {
  std::vector<ExprPtr> keep;  // the overrides' and the question's expressions
  std::unique_ptr<Evaluator> evaluator;
  const CaseDecl* chosen = nullptr;
  Instance* instance = nullptr;  // the chosen case's (owned by the evaluator), or `within`'s
  Scope scope;
  Expr* expr = nullptr;
  Value within;  // the case made by QueryRequest::within, which `instance` points into
  // Whether the case's constraints were required (and met): the question named the case
  // or reads it.
  bool requires_case = false;

  Evaluator::Frame frame() const { return {instance, nullptr}; }
  Value evaluate() const { return evaluator->evaluate(*expr, frame()); }
  // The unit the expression's value is shown in when it declares or writes one.
  std::optional<DisplayUnit> unit() const;
};

// Prepares `request` in `p` (loaded by `load`): chooses the case, binds the overrides,
// checks the expression and, when it names or reads the case, requires the case
// feasible (E0535, with a note for each override bound). Throws the user's errors.
void prepare(Program& p, const QueryRequest& request, Query& q);

// The derivation of the prepared question (`reckon explain`), `depth` levels deep, and
// after it each constraint of the case that the question required, with its values
// written in.
std::vector<ExplainStep> explain(const Program& p, const Query& q, int depth);

// The names explain's formats go by wherever one is chosen by name (the command line's
// `--format`, Python's `format=`): text, md or markdown, latex.
inline constexpr std::string_view explain_format_names[] = {"text", "md", "markdown", "latex"};
// The format of one of those names; nullopt for any other.
std::optional<ExplainFormat> explain_format_named(std::string_view name);

}  // namespace reckon::api
