// How every command turns the user's errors into output: located diagnostics on the
// error stream and exit code 1.
#pragma once

#include <ostream>

#include "interpreter/program.hpp"
#include "syntax/diagnostics.hpp"

namespace reckon::cli {

// Runs `body` (which returns an exit code); a user error inside it is printed,
// located in `program`'s sources, and becomes exit code 1.
template <typename Body>
int guarded(const Program& program, std::ostream& err, Body body) {
  try {
    return body();
  } catch (const UserError& e) {
    err << render(program.sources, e.diagnostic());
  } catch (const UserErrors& e) {
    for (const Diagnostic& d : e.diagnostics()) err << render(program.sources, d);
  }
  return 1;
}

}  // namespace reckon::cli
