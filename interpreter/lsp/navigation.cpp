// Go to definition, find references, document and workspace symbols.
#include <algorithm>
#include <cctype>
#include <set>

#include "interpreter/api/program.hpp"
#include "interpreter/lsp/kinds.hpp"
#include "interpreter/lsp/workspace.hpp"

namespace reckon::lsp {

namespace {

// A declaration named independently of the program it was found in: the URI of its file
// and its offset there, so that references found in another open document's program
// (which has its own copy of an imported file) are matched.
struct DeclarationKey {
  std::string uri;
  std::uint32_t begin = 0;
  auto operator<=>(const DeclarationKey&) const = default;
};

std::optional<DeclarationKey> key_of(Workspace& w, Analysis& a, const Symbol& s) {
  auto place = a.declaration(s);
  if (!place) return std::nullopt;
  return DeclarationKey{w.uri_of(a, place->file), place->begin};
}

// A check has no name: it is shown as its condition.
std::string shown_name(const Program& p, const Decl& d) {
  if (!d.name.empty()) return d.name;
  std::string text = one_line(source_text(p, d.range));
  if (text.starts_with("check ")) text.erase(0, 6);
  return text.size() > 60 ? text.substr(0, 57) + "..." : text;
}

}  // namespace

json definition(Workspace& w, const json& params) {
  auto [r, a, o] = look_up(w, params);
  if (!a || !o) return nullptr;
  auto place = a->declaration(o->symbol);
  if (!place) return nullptr;
  return w.location(*a, *place);
}

std::vector<Reference> references_of(Workspace& w, Analysis& a, const std::string& uri,
                                     const Symbol& symbol, bool with_declaration) {
  std::vector<Reference> out;
  auto key = key_of(w, a, symbol);
  if (!key) return out;
  std::set<std::pair<std::string, std::uint32_t>> seen;
  auto collect = [&](Analysis& in) {
    // The symbols of `in` whose declaration is the one asked about.
    std::map<std::pair<Symbol::Kind, std::pair<const Decl*, int>>, bool> matches;
    for (const Occurrence& occ : in.occurrences()) {
      if (occ.is_declaration && !with_declaration) continue;
      auto id = std::pair{occ.symbol.kind, std::pair{occ.symbol.owner, occ.symbol.index}};
      auto found = matches.find(id);
      if (found == matches.end()) {
        auto k = key_of(w, in, occ.symbol);
        found = matches.emplace(id, k && *k == *key).first;
      }
      if (!found->second) continue;
      std::string where = w.uri_of(in, occ.place.file);
      if (!seen.insert({where, occ.place.begin}).second) continue;
      const std::string& text = in.program().sources.file(occ.place.file).text();
      out.push_back({where, w.range(in, occ.place), occ.is_declaration,
                     text.substr(occ.place.begin, occ.place.end - occ.place.begin)});
    }
  };
  collect(a);
  for (const auto& [other_uri, doc] : w.documents().all())
    if (other_uri != uri)
      if (auto other = w.analysis(other_uri); other && other->parsed()) collect(*other);
  return out;
}

json references(Workspace& w, const json& params) {
  auto [r, a, o] = look_up(w, params);
  if (!a) return nullptr;
  if (!o) return json::array();
  bool with_declaration = true;
  if (params.contains("context") && params["context"].is_object())
    with_declaration = params["context"].value("includeDeclaration", true);
  json out = json::array();
  for (const Reference& ref : references_of(w, *a, r.uri, o->symbol, with_declaration))
    out.push_back({{"uri", ref.uri}, {"range", ref.range}});
  return out;
}

json document_symbols(Workspace& w, const json& params) {
  Request r = request_of(w, params);
  auto a = r.document ? w.parsed_analysis(r.uri) : nullptr;
  json out = json::array();
  if (!a || !a->parsed()) return out;
  const Program& p = a->program();
  // The declarations' places, from the occurrences (a name's own range).
  std::map<std::pair<Symbol::Kind, std::pair<const Decl*, int>>, Place> declared;
  for (const Occurrence& o : a->occurrences())
    if (o.is_declaration)
      declared.emplace(std::pair{o.symbol.kind, std::pair{o.symbol.owner, o.symbol.index}},
                       o.place);
  auto symbol = [&](const std::string& name, int kind, SourceRange whole, Symbol s) {
    Place range{whole.file, whole.begin, whole.end};
    auto it = declared.find({s.kind, {s.owner, s.index}});
    Place selection =
        it == declared.end() ? Place{whole.file, whole.begin, whole.begin} : it->second;
    // The selection must lie inside the range.
    range.begin = std::min(range.begin, selection.begin);
    range.end = std::max(range.end, selection.end);
    return json{{"name", name.empty() ? std::string("?") : name},
                {"kind", kind},
                {"range", w.range(*a, range)},
                {"selectionRange", w.range(*a, selection)}};
  };
  for (const auto& d : p.main->decls) {
    if (d->kind == DeclKind::import) continue;
    json item = symbol(shown_name(p, *d), kinds_of(d->kind).symbol, d->range,
                       {Symbol::Kind::decl, d.get(), -1});
    json children = json::array();
    if (d->kind == DeclKind::scenario) {
      const auto& s = static_cast<const ScenarioDecl&>(*d);
      for (std::size_t i = 0; i < s.inputs.size(); ++i)
        children.push_back(symbol(s.inputs[i].name, field_kind.symbol, s.inputs[i].range,
                                  {Symbol::Kind::input, &s, static_cast<int>(i)}));
      for (std::size_t i = 0; i < s.properties.size(); ++i) {
        const Property& prop = s.properties[i];
        SourceRange whole = prop.range;
        if (prop.body) whole.end = std::max(whole.end, prop.body->range.end);
        children.push_back(symbol(prop.name, (prop.is_method ? method_kind : property_kind).symbol,
                                  whole, {Symbol::Kind::property, &s, static_cast<int>(i)}));
      }
    }
    if (d->kind == DeclKind::record) {
      const auto& rec = static_cast<const RecordDecl&>(*d);
      for (std::size_t i = 0; i < rec.fields.size(); ++i)
        children.push_back(symbol(rec.fields[i].name, field_kind.symbol, rec.fields[i].range,
                                  {Symbol::Kind::field, &rec, static_cast<int>(i)}));
    }
    if (d->kind == DeclKind::enumeration) {
      const auto& en = static_cast<const EnumDecl&>(*d);
      for (std::size_t i = 0; i < en.members.size() && i < en.member_ranges.size(); ++i)
        children.push_back(symbol(en.members[i], enum_member_kind.symbol, en.member_ranges[i],
                                  {Symbol::Kind::enum_member, &en, static_cast<int>(i)}));
    }
    if (!children.empty()) item["children"] = children;
    out.push_back(item);
  }
  return out;
}

json workspace_symbols(Workspace& w, const json& params) {
  std::string query = params.is_object() ? params.value("query", "") : "";
  auto lower = [](std::string s) {
    for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
  };
  query = lower(query);
  json out = json::array();
  std::set<std::pair<std::string, std::uint32_t>> seen;
  for (const auto& [uri, doc] : w.documents().all()) {
    auto a = w.parsed_analysis(uri);
    if (!a || !a->parsed()) continue;
    for (const Occurrence& o : a->occurrences()) {
      if (!o.is_declaration || o.symbol.kind != Symbol::Kind::decl) continue;
      const Decl& d = *o.symbol.owner;
      // The user's files always; the standard library's when asked for by name.
      bool stdlib = false;
      for (const auto& m : a->program().modules)
        if (m && m->file == o.place.file) stdlib = m->is_stdlib;
      if (stdlib && query.empty()) continue;
      if (lower(d.name).find(query) == std::string::npos) continue;
      std::string where = w.uri_of(*a, o.place.file);
      if (!seen.insert({where, o.place.begin}).second) continue;
      out.push_back({{"name", d.name},
                     {"kind", kinds_of(d.kind).symbol},
                     {"location", w.location(*a, o.place)}});
    }
  }
  return out;
}

}  // namespace reckon::lsp
