// The library API's static side: a program loaded, checked and compiled, and what a
// surface inspects of it without running anything (declarations, native signatures,
// builtins, types as messages name them, written units, units, did-you-mean). The
// editor, the REPL, `reckon doc`, `reckon list` and Python take these from here, not
// from the stage folders, so a stage can be reorganised without touching a surface.
#pragma once

#include "interpreter/check/checker.hpp"
#include "interpreter/compiled/code.hpp"
#include "interpreter/load/input_file.hpp"
#include "interpreter/load/loader.hpp"
#include "interpreter/load/pipeline.hpp"
#include "interpreter/model/builtins.hpp"
#include "interpreter/model/program.hpp"
#include "interpreter/model/signature.hpp"
#include "interpreter/model/suggest.hpp"
#include "interpreter/model/type_names.hpp"
#include "interpreter/model/type_shown.hpp"
#include "interpreter/model/written_unit.hpp"
#include "interpreter/values/units.hpp"
