#include "interpreter/lsp/workspace.hpp"

#include <cstdlib>
#include <filesystem>

namespace reckon::lsp {

namespace {

std::string canonical(const std::string& path) {
  std::error_code ec;
  auto c = std::filesystem::weakly_canonical(path, ec);
  return ec ? path : c.string();
}

}  // namespace

Workspace::Workspace(const Library& library) : library_(library), stdlib_(library) {
  library_.file_overlay = [this](const std::string& path) { return buffer_of(path); };
}

std::optional<std::string> Workspace::buffer_of(const std::string& canonical_path) {
  if (pending_)
    for (const auto& [uri, text] : *pending_)
      if (canonical(path_of_uri(uri)) == canonical_path) return text;
  for (const auto& [uri, doc] : documents_.all())
    if (!doc.path.empty() && canonical(doc.path) == canonical_path) return doc.text;
  return std::nullopt;
}

std::vector<std::string> Workspace::importers_of(const std::string& uri) {
  std::vector<std::string> out;
  Document* changed = documents_.find(uri);
  const std::string path = changed ? changed->path : path_of_uri(uri);
  if (path.empty()) return out;
  const std::string target = canonical(path);
  for (auto& [other, held] : current_) {
    if (other == uri || !held) continue;
    bool imports = false;
    for (const auto& m : held->program().modules)
      if (m && !m->is_stdlib && m.get() != held->program().main &&
          canonical(held->program().sources.file(m->file).name()) == target)
        imports = true;
    if (!imports) continue;
    retired_.push_back(std::move(held));
    out.push_back(other);
  }
  return out;
}

std::shared_ptr<Analysis> Workspace::analysis(const std::string& uri) {
  Document* doc = documents_.find(uri);
  if (!doc) return nullptr;
  auto& held = current_[uri];
  if (!held || held->version() != doc->version) {
    // The versions replaced are freed after the reply (release_retired): freeing the
    // tree of a large file takes a share of the time of checking it.
    retired_.push_back(std::move(held));
    // A document that is not a file (an untitled buffer) is named by its URI; its file
    // imports then resolve against the current directory.
    // RECKON_LSP_NO_PARSE_CACHE=1 parses every version whole, to compare (bench/).
    static const bool no_cache = std::getenv("RECKON_LSP_NO_PARSE_CACHE") != nullptr;
    auto& cache = parse_caches_[uri];
    if (!cache && !no_cache) cache = std::make_unique<ParseCache>();
    held = std::make_shared<Analysis>(library_, doc->path.empty() ? uri : doc->path, doc->text,
                                      doc->version, cache.get(),
                                      no_cache ? nullptr : &module_caches_[uri]);
    if (held->parsed() && !held->recovered()) {
      retired_.push_back(std::move(parsed_[uri]));
      parsed_[uri] = held;
    }
  }
  return held;
}

std::vector<Diagnostic> Workspace::errors_of(const std::string& uri,
                                             const std::map<std::string, std::string>& texts) {
  Document* doc = documents_.find(uri);
  if (!doc) return {};
  const std::string path = doc->path.empty() ? uri : doc->path;
  auto own = texts.find(uri);
  pending_ = &texts;
  std::vector<Diagnostic> out =
      Analysis(library_, path, own == texts.end() ? doc->text : own->second, 0).diagnostics();
  pending_ = nullptr;
  return out;
}

std::shared_ptr<Analysis> Workspace::parsed_analysis(const std::string& uri) {
  auto a = analysis(uri);
  if (a && a->parsed() && !a->recovered()) return a;
  auto it = parsed_.find(uri);
  return it == parsed_.end() ? a : it->second;
}

void Workspace::forget(const std::string& uri) {
  documents_.close(uri);
  current_.erase(uri);
  parsed_.erase(uri);
  parse_caches_.erase(uri);
  module_caches_.erase(uri);
}

std::string Workspace::uri_of(const Analysis& a, FileId file) {
  for (const auto& m : a.program().modules)
    if (m && m->file == file && m->is_stdlib) {
      // A stdlib module is named by its display name, `<stdlib>/NAME.rk`.
      std::string path = stdlib_.path(std::filesystem::path(m->name).stem().string());
      return path.empty() ? "" : uri_of_path(path);
    }
  std::string name = a.program().sources.file(file).name();
  if (name.find("://") != std::string::npos) return name;  // an untitled buffer's URI
  std::error_code ec;
  auto absolute = std::filesystem::absolute(name, ec);
  return uri_of_path(ec ? name : absolute.lexically_normal().string());
}

json Workspace::range(const Analysis& a, Place place) const {
  const std::string& text = a.program().sources.file(place.file).text();
  return {{"start", to_json(position_of(text, place.begin))},
          {"end", to_json(position_of(text, place.end))}};
}

json Workspace::location(const Analysis& a, Place place) {
  return {{"uri", uri_of(a, place.file)}, {"range", range(a, place)}};
}

Request request_of(Workspace& w, const json& params) {
  Request r;
  if (!params.is_object()) return r;
  if (params.contains("textDocument") && params["textDocument"].is_object())
    r.uri = params["textDocument"].value("uri", "");
  r.document = w.documents().find(r.uri);
  if (r.document && params.contains("position"))
    r.offset = offset_of(r.document->text, position_from_json(params["position"]));
  return r;
}

Lookup look_up(Workspace& w, const json& params) {
  Lookup l;
  l.request = request_of(w, params);
  if (!l.request.document) return l;
  l.analysis = w.analysis(l.request.uri);
  if (l.analysis) l.name = l.analysis->at(static_cast<std::uint32_t>(l.request.offset));
  return l;
}

}  // namespace reckon::lsp
