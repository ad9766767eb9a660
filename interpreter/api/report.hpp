// The reports `reckon run`, `eval` and `check` print, written here once for every surface
// that shows them as the command line does: the command line and the playground
// (docs/playground.md), which must not keep a copy of their own.
#pragma once

#include <ostream>
#include <string>

#include "interpreter/api/query.hpp"
#include "interpreter/evaluate/evaluator.hpp"
#include "interpreter/model/program.hpp"

namespace reckon::api {

// The answer to a prepared question as `reckon eval` prints it: a map or a list of
// records as a table, anything else its display and a newline.
std::string answer_text(const Query& q);

// `reckon run`'s report of a loaded and compiled program's main file: each case's inputs
// and properties (an infeasible case its broken constraint), its methods named, then
// each check with `ok`, `FAIL` or `error` and a summary line. Each distinct error is
// rendered once onto `err` (a property's error is raised again by everything using it).
// Returns whether every value was computed and every check held.
bool run_report(const Program& p, Evaluator& ev, std::ostream& out, std::ostream& err);

// `reckon check`'s line for a checked program: `FILE: ok (1 scenario, 2 cases, 0 checks)`.
std::string check_summary(const Program& p, const std::string& file);

}  // namespace reckon::api
