// The type of a path of names (`Tp4.gpu.memory`, `l.name`) written in a text that is
// being typed and so need not parse: completion after `.` asks it. The first name is
// looked up as a local (a lambda's parameter or a comprehension's variable bound around
// it in the text), then as a member of the scenario in scope, then as a global; each
// next name as a member of what the path is so far (member_of, analysis.hpp).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "interpreter/lsp/analysis.hpp"

namespace reckon::lsp {

struct PathType {
  std::optional<Type> type;
  // The global the path is when it is one name naming a declaration (an enumeration's
  // or a scenario's members complete after it too).
  const Decl* head = nullptr;
};

// `path` is written at byte `at` of `text` (the document's current text, which the
// program's may lag behind).
PathType type_of_path(const Program& p, const ScenarioDecl* scope, std::string_view text,
                      std::size_t at, const std::vector<std::string>& path);

}  // namespace reckon::lsp
