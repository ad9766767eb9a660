// The formula of a native function, for worked solutions and for the grader: `explain`,
// `:why` and the answer keys of exercises expand a call of a native one level into its
// equation with the arguments written in (`kv_cache_bytes(...)` -> `2 * 32 * 8 * 128 *
// 2048 token * 1 * 2 B`), and the model-slip search (exercise/model_slips.hpp) perturbs
// the formula's own terms (the 2 for keys and values). A formula is a Reckon expression
// over the native's parameters: the declaration's `@formula "EXPR"` in the standard
// library, else the one registered with the native's C++ (NativeFunction::formula,
// stdlib/physics/*_natives.cpp). tests/unit/test_native_formulas.cpp evaluates every
// native that has one against its formula.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "interpreter/model/program.hpp"
#include "syntax/ast.hpp"

namespace reckon {

// The native's formula, or "" when it has none.
std::string native_formula(const NativeDecl& n);

// What the plain number written `literal` in n's formula stands for ("K and V"), or "".
std::string formula_term(const NativeDecl& n, std::string_view literal);

// `formula` with every name in `names` (a whole word, not a part of one) replaced by the
// value at the same index, parenthesized where it would otherwise bind differently (a
// negative number, a sum, a list, a quantity that divides).
std::string substitute_formula(std::string_view formula, const std::vector<std::string>& names,
                               const std::vector<std::string>& values);

}  // namespace reckon
