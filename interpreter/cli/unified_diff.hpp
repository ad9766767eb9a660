// `reckon fmt --diff`: what formatting would change, as a unified diff (the format of
// `diff -u`, which `patch` and `git apply` read).
#pragma once

#include <string>
#include <string_view>

namespace reckon::cli {

// The unified diff from `before` to `after`, both named `name` in its `---`/`+++` lines,
// with three lines of context around each change; empty when they are equal. A text
// that does not end with a newline gets `\ No newline at end of file`.
std::string unified_diff(const std::string& name, std::string_view before, std::string_view after);

}  // namespace reckon::cli
