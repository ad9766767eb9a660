// The documentation of the builtins (sqrt, sum, zip, feasible, ...): one table, read by the
// REPL's `:doc` and completion and by the language server's hover and completion, so that
// the two front ends never disagree. The texts follow docs/language.md's tables.
#pragma once

#include <span>
#include <string_view>

namespace reckon {

struct BuiltinDoc {
  std::string_view name;
  std::string_view signature;  // every form, as called: `min(xs)`, `min(a, b, ...)`
  std::string_view text;       // one paragraph
};

// Every builtin, in the order the language reference introduces them.
std::span<const BuiltinDoc> builtin_docs();

// The entry for `name`, or null when no builtin has that name.
const BuiltinDoc* find_builtin_doc(std::string_view name);

}  // namespace reckon
