// Values despite errors. When the checker finds errors in a document, the values that
// do not depend on them are still shown (hover, inlay hints, failing checks): the main
// file is loaded again with every declaration or scenario member that holds an error,
// or uses (directly or not) one that does, blanked out (its characters made spaces, so
// offsets and lines are unchanged), until it checks. What uses what is read from the
// occurrences of the failed analysis, where each name resolved as the checker saw it:
// so a property that used a blanked one is blanked too, never left to find another
// declaration of the same name.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "interpreter/lsp/analysis.hpp"

namespace reckon::lsp {

// The program of `original`'s main file (loaded as `path`) without what depends on
// `errors`, checked; null when that cannot be made (an error outside the main file, a
// syntax error, or no checking program within a few tries).
std::unique_ptr<Program> salvage(const Library& library, const std::string& path,
                                 const Program& original, const std::vector<Diagnostic>& errors,
                                 const std::vector<Occurrence>& occurrences);

}  // namespace reckon::lsp
