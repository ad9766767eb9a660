// textDocument/publishDiagnostics: the errors of a document's current version and its
// checks that do not hold, each with its code (docs/errors.md), its range, and its notes
// as related information (each link of a dependency cycle, where the other definition
// is) or, without a place, as lines of the message (a failed check's two sides).
#include "interpreter/lsp/workspace.hpp"

namespace reckon::lsp {

json diagnostics(Workspace& w, const std::string& uri) {
  json list = json::array();
  auto a = w.analysis(uri);
  Document* doc = w.documents().find(uri);
  if (!a || !doc) return {{"uri", uri}, {"diagnostics", list}};
  const std::string own = doc->path.empty() ? uri : doc->path;
  auto in_document = [&](const SourceRange& r) {
    return a->program().sources.file(r.file).name() == own;
  };
  // The checker's errors, then the checks that do not hold (docs/editors.md): both
  // are errors, as `reckon run` reports them.
  std::vector<Diagnostic> found = a->diagnostics();
  for (Diagnostic& d : a->failed_checks()) found.push_back(std::move(d));
  for (const Diagnostic& d : found) {
    json item = {{"severity", 1}, {"source", "reckon"}, {"message", d.message}};
    if (!d.code.empty()) item["code"] = d.code;
    json related = json::array();
    if (d.range && in_document(*d.range)) {
      item["range"] = w.range(*a, {d.range->file, d.range->begin, d.range->end});
    } else {
      // An error in an imported file (or without a place): shown at the top of this
      // one, with where it is as related information.
      item["range"] = {{"start", to_json({})}, {"end", to_json({})}};
      if (d.range) {
        std::string where = location(a->program().sources, *d.range);
        item["message"] = where + ": " + d.message;
        related.push_back(
            {{"location", w.location(*a, {d.range->file, d.range->begin, d.range->end})},
             {"message", d.message}});
      }
    }
    for (const Note& n : d.notes) {
      if (n.range)
        related.push_back(
            {{"location", w.location(*a, {n.range->file, n.range->begin, n.range->end})},
             {"message", n.message}});
      else
        item["message"] = item["message"].get<std::string>() + "\n" + n.message;
    }
    if (!related.empty()) item["relatedInformation"] = related;
    list.push_back(item);
  }
  return {{"uri", uri}, {"version", doc->version}, {"diagnostics", list}};
}

}  // namespace reckon::lsp
