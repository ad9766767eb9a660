// The formula of a native function, for worked solutions: `explain`, `:why` and the
// answer keys of exercises expand a call of a native one level into its equation with
// the arguments written in (`kv_cache_bytes(...)` -> `2 * 32 * 8 * 128 * 2048 token * 1 *
// 2 B`). The one place a native's formula lives is its declaration in the standard
// library: `@formula "EXPR"`, a Reckon expression over the native's parameters, which
// tests/unit/test_native_formulas.cpp evaluates against the native itself for every
// native that has one.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "syntax/ast.hpp"

namespace reckon {

// The native's `@formula`, or "" when it has none.
std::string native_formula(const NativeDecl& n);

// `formula` with every name in `names` (a whole word, not a part of one) replaced by the
// value at the same index, parenthesized where it would otherwise bind differently (a
// negative number, a sum, a list).
std::string substitute_formula(std::string_view formula, const std::vector<std::string>& names,
                               const std::vector<std::string>& values);

}  // namespace reckon
