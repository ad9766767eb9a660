// textDocument/formatting: the whole document laid out by `reckon fmt`
// (grammar/format_checked.hpp, docs/formatting.md), as one edit.
#include "grammar/format_checked.hpp"
#include "interpreter/lsp/workspace.hpp"
#include "syntax/diagnostics.hpp"

namespace reckon::lsp {

json formatting(Workspace& w, const json& params) {
  Document* doc = w.documents().find(params.at("textDocument").at("uri").get<std::string>());
  if (doc == nullptr) return nullptr;
  SourceManager sources;
  std::string formatted;
  try {
    formatted =
        formatted_text(sources, sources.add(doc->path.empty() ? doc->uri : doc->path, doc->text));
  } catch (const UserError&) {
    // A text that does not parse (its diagnostics say where) is left as it is, as
    // `reckon fmt` leaves such a file.
    return nullptr;
  } catch (const UserErrors&) {
    return nullptr;
  }
  if (formatted == doc->text) return json::array();
  json whole = {{"start", to_json(Position{})},
                {"end", to_json(position_of(doc->text, doc->text.size()))}};
  return json::array({{{"range", whole}, {"newText", formatted}}});
}

}  // namespace reckon::lsp
