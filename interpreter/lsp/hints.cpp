// textDocument/inlayHint: the value of each property of the chosen case's scenario (the
// main file's first case unless chosen), and of each let, at the end of its line;
// computed only for the lines the editor shows. textDocument/codeAction: the checker's
// "did you mean `x`?" as an edit.
#include "interpreter/lsp/workspace.hpp"

namespace reckon::lsp {

namespace {

// The end of the line holding `offset`.
std::uint32_t line_end(const std::string& text, std::uint32_t offset) {
  std::size_t end = text.find('\n', std::min<std::size_t>(offset, text.size()));
  if (end == std::string::npos) end = text.size();
  if (end > 0 && end <= text.size() && end > offset && text[end - 1] == '\r') --end;
  return static_cast<std::uint32_t>(end);
}

}  // namespace

json inlay_hints(Workspace& w, const json& params) {
  Request r = request_of(w, params);
  json out = json::array();
  auto a = r.document ? w.analysis(r.uri) : nullptr;
  if (!a || !a->parsed()) return out;
  std::size_t from = 0, to = r.document->text.size();
  if (params.contains("range") && params["range"].is_object()) {
    from = offset_of(r.document->text, position_from_json(params["range"].value("start", json())));
    to = offset_of(r.document->text, position_from_json(params["range"].value("end", json())));
  }
  const std::string& text = a->program().sources.file(a->main_file()).text();
  auto hint = [&](std::uint32_t end_of_value, const std::string& value) {
    std::uint32_t at = line_end(text, end_of_value);
    if (at < from || at > to) return;
    out.push_back({{"position", to_json(position_of(text, at))},
                   {"label", "\u25b8 " + value},
                   {"kind", 1},
                   {"paddingLeft", true}});
  };
  const CaseDecl* c = a->case_for(w.chosen_case, nullptr);
  for (const auto& d : a->program().main->decls) {
    if (d->kind == DeclKind::let) {
      const auto& let = static_cast<const LetDecl&>(*d);
      if (!let.value || let.value->range.end < from || d->range.begin > to) continue;
      if (auto v = a->value_of({Symbol::Kind::decl, d.get(), -1}, nullptr, true))
        hint(let.value->range.end, *v);
    }
    if (d->kind != DeclKind::scenario || !c || c->scenario != d.get()) continue;
    const auto& s = static_cast<const ScenarioDecl&>(*d);
    for (std::size_t i = 0; i < s.properties.size(); ++i) {
      const Property& prop = s.properties[i];
      if (prop.is_method || !prop.body) continue;
      if (prop.body->range.end < from || prop.range.begin > to) continue;
      if (auto v = a->value_of({Symbol::Kind::property, &s, static_cast<int>(i)}, c, true))
        hint(prop.body->range.end, *v);
    }
  }
  return out;
}

json code_actions(Workspace& w, const json& params) {
  Request r = request_of(w, params);
  json out = json::array();
  if (!r.document || !params.contains("context") || !params["context"].is_object()) return out;
  const json& context = params["context"];
  if (!context.contains("diagnostics") || !context["diagnostics"].is_array()) return out;
  for (const json& d : context["diagnostics"]) {
    if (!d.is_object() || !d.contains("message") || !d["message"].is_string() ||
        !d.contains("range"))
      continue;
    const std::string message = d["message"].get<std::string>();
    const std::string marker = "did you mean `";
    auto at = message.find(marker);
    if (at == std::string::npos) continue;
    auto end = message.find('`', at + marker.size());
    if (end == std::string::npos) continue;
    std::string replacement = message.substr(at + marker.size(), end - at - marker.size());
    json edit = {{"range", d["range"]}, {"newText", replacement}};
    out.push_back({{"title", "Replace with `" + replacement + "`"},
                   {"kind", "quickfix"},
                   {"diagnostics", json::array({d})},
                   {"isPreferred", true},
                   {"edit", {{"changes", {{r.uri, json::array({edit})}}}}}});
  }
  return out;
}

}  // namespace reckon::lsp
