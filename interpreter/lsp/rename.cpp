// textDocument/prepareRename and textDocument/rename: a name declared in the user's
// files (a let, case, scenario, record, enumeration, native, or a member of one) is
// renamed where it is declared and wherever find-references finds it: in cases'
// arguments and `with` overrides, checks, other scenarios, and the other open documents.
// The new name must be a name, and the document renamed must check as well as before.
#include <algorithm>
#include <cctype>
#include <fstream>
#include <iterator>
#include <map>
#include <optional>

#include "interpreter/lsp/workspace.hpp"

namespace reckon::lsp {

namespace {

bool is_name(const std::string& s) {
  if (s.empty() || std::isdigit(static_cast<unsigned char>(s[0]))) return false;
  return std::all_of(s.begin(), s.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
  });
}

// The occurrence at the request's position if it can be renamed, else why not.
Occurrence renamable(const Lookup& l) {
  if (!l.analysis || !l.name) throw RequestFailed("there is no name here to rename");
  const Symbol& s = l.name->symbol;
  if (s.kind == Symbol::Kind::unit)
    throw RequestFailed("a unit is the catalogue's: it has no declaration to rename");
  auto place = l.analysis->declaration(s);
  if (!place) throw RequestFailed("this name has no declaration to rename");
  for (const auto& m : l.analysis->program().modules)
    if (m && m->file == place->file && m->is_stdlib)
      throw RequestFailed("`" + l.analysis->program().sources.file(place->file).name() +
                          "` is the standard library's: its names cannot be renamed");
  return *l.name;
}

}  // namespace

json prepare_rename(Workspace& w, const json& params) {
  Lookup l = look_up(w, params);
  if (!l.analysis || !l.name) return nullptr;
  Occurrence o = renamable(l);
  const std::string& text = l.analysis->program().sources.file(o.place.file).text();
  return {{"range", w.range(*l.analysis, o.place)},
          {"placeholder", text.substr(o.place.begin, o.place.end - o.place.begin)}};
}

json rename(Workspace& w, const json& params) {
  Lookup l = look_up(w, params);
  Occurrence o = renamable(l);
  const std::string new_name = params.value("newName", "");
  if (!is_name(new_name)) throw RequestFailed("`" + new_name + "` is not a name");
  const std::string& own_text = l.analysis->program().sources.file(o.place.file).text();
  const std::string old_name = own_text.substr(o.place.begin, o.place.end - o.place.begin);
  json changes = json::object();
  for (const Reference& ref : references_of(w, *l.analysis, l.request.uri, o.symbol, true)) {
    if (ref.written != old_name) continue;  // a place that is not the name as written
    changes[ref.uri].push_back({{"range", ref.range}, {"newText", new_name}});
  }
  // The result, checked before it is proposed: every file edited, as it would read.
  std::map<std::string, std::string> renamed;
  for (const auto& [uri, edits] : changes.items()) {
    std::optional<std::string> text;
    if (Document* d = w.documents().find(uri))
      text = d->text;
    else if (std::ifstream in(path_of_uri(uri), std::ios::binary); in)
      text = std::string(std::istreambuf_iterator<char>(in), {});
    if (!text) continue;
    std::vector<std::pair<std::size_t, std::size_t>> places;
    for (const json& e : edits)
      places.emplace_back(offset_of(*text, position_from_json(e["range"]["start"])),
                          offset_of(*text, position_from_json(e["range"]["end"])));
    std::sort(places.rbegin(), places.rend());
    for (auto [begin, end] : places) text->replace(begin, end - begin, new_name);
    renamed.emplace(uri, std::move(*text));
  }
  std::vector<Diagnostic> before = l.analysis->diagnostics();
  std::vector<Diagnostic> after = w.errors_of(l.request.uri, renamed);
  if (after.size() > before.size()) {
    const Diagnostic* fresh = &after.front();
    for (const Diagnostic& d : after)
      if (std::none_of(before.begin(), before.end(),
                       [&](const Diagnostic& b) { return b.message == d.message; })) {
        fresh = &d;
        break;
      }
    throw RequestFailed("renamed `" + new_name + "`, the file would not check: " + fresh->message);
  }
  return {{"changes", changes}};
}

}  // namespace reckon::lsp
