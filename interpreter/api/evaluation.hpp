// The library API's running side: the lazy evaluator a surface holds for a program, the
// derivations `explain` prints, a failed `check` as a diagnostic, the text of values
// and counts, and the sized thread every command runs on (its stack bounds recursion).
// What a surface shows is decided by api/display.hpp and api/shown_value.hpp; how a case
// is prepared by api/cases.hpp (tests/layering/check_surfaces.sh keeps surfaces from
// calling the internals those decide with).
#pragma once

#include "interpreter/display/counted.hpp"
#include "interpreter/display/format.hpp"
#include "interpreter/evaluate/evaluator.hpp"
#include "interpreter/evaluate/explain.hpp"
#include "interpreter/evaluate/failed_check.hpp"
#include "interpreter/sized_thread.hpp"
