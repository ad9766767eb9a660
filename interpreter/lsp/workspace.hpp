// The server's state between messages: the open documents, the analysis of each one's
// current version (and of its last version that parsed, which completion falls back on
// while a line is half typed), the case values are shown for, and how files of a
// program are named to the client.
#pragma once

#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <vector>

#include "grammar/parse.hpp"
#include "interpreter/lsp/analysis.hpp"
#include "interpreter/lsp/document.hpp"
#include "interpreter/lsp/releaser.hpp"
#include "interpreter/lsp/stdlib_files.hpp"

namespace reckon::lsp {

using nlohmann::json;

class Workspace {
 public:
  // Imports of an open document's file read its buffer, saved or not (overlay).
  explicit Workspace(const Library& library);

  DocumentStore& documents() { return documents_; }
  // The analysis of the document's current version, made if need be; null for a
  // document that is not open.
  std::shared_ptr<Analysis> analysis(const std::string& uri);
  // The current analysis if its main file parsed, else the last one that did.
  std::shared_ptr<Analysis> parsed_analysis(const std::string& uri);
  void forget(const std::string& uri);
  // The other open documents whose programs import the document `uri` (directly or not):
  // their analyses are dropped, since they read its old text, and their URIs returned,
  // for their diagnostics to be published again.
  std::vector<std::string> importers_of(const std::string& uri);
  // Frees the analyses that newer versions replaced (after the answer that needed the new
  // one has been sent), on the releaser's thread.
  void release_retired() {
    std::vector<std::shared_ptr<void>> garbage(retired_.begin(), retired_.end());
    retired_.clear();
    releaser_.release(std::move(garbage));
  }

  // The `Location` of a place in a file of `a`'s program.
  json location(const Analysis& a, Place place);
  json range(const Analysis& a, Place place) const;
  // The URI a file of `a`'s program is shown to the client under ("" if none).
  std::string uri_of(const Analysis& a, FileId file);

  // The errors of the document `uri` were the files named (by URI) in `texts` to read
  // so (a rename's result, checked before it is proposed).
  std::vector<Diagnostic> errors_of(const std::string& uri,
                                    const std::map<std::string, std::string>& texts);

  std::string chosen_case;  // set by initializationOptions or the reckon.setCase command

 private:
  // The text of the open document whose file has this canonical path, if one is open.
  std::optional<std::string> buffer_of(const std::string& canonical_path);

  const std::map<std::string, std::string>* pending_ = nullptr;  // errors_of's texts
  Library library_;  // the server's, with file_overlay reading the open documents
  DocumentStore documents_;
  StdlibFiles stdlib_;
  std::map<std::string, std::shared_ptr<Analysis>> current_, parsed_;
  // Per open document, the parse trees of its last version that parsed: a new version
  // reparses only the declarations an edit reached (grammar/parse.hpp).
  std::map<std::string, std::unique_ptr<ParseCache>> parse_caches_;
  // and of the modules its program imports (the prelude's too), by the loader's key.
  std::map<std::string, ParseCaches> module_caches_;
  std::vector<std::shared_ptr<Analysis>> retired_;
  Releaser releaser_;
};

// A request the server cannot serve as asked (a rename of a unit): RequestFailed, with
// the reason for the user.
struct RequestFailed : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// The document a request is about and its offset: params.textDocument.uri, and
// params.position as a byte offset in its text.
struct Request {
  std::string uri;
  Document* document = nullptr;
  std::size_t offset = 0;
};
Request request_of(Workspace& w, const json& params);

// A request at a position, looked up: its document, the current analysis of it (null
// when the document is not open), and the name written at the position, if any. Hover,
// definition and references start here.
struct Lookup {
  Request request;
  std::shared_ptr<Analysis> analysis;
  std::optional<Occurrence> name;
};
Lookup look_up(Workspace& w, const json& params);

// Where `symbol` (asked about in the document `uri`, analysed as `a`) is written: in
// `a`'s program and in every other open document's (a declaration of an imported file
// is found in each program that imports it), each place once.
struct Reference {
  std::string uri;
  json range;
  bool is_declaration = false;
  std::string written;  // the text there
};
std::vector<Reference> references_of(Workspace& w, Analysis& a, const std::string& uri,
                                     const Symbol& symbol, bool with_declaration);

// The capabilities, one function per request (each in its own file).
json hover(Workspace& w, const json& params);
json completion(Workspace& w, const json& params);
json definition(Workspace& w, const json& params);
json references(Workspace& w, const json& params);
json document_symbols(Workspace& w, const json& params);
json workspace_symbols(Workspace& w, const json& params);
json inlay_hints(Workspace& w, const json& params);
json code_actions(Workspace& w, const json& params);
json formatting(Workspace& w, const json& params);
json prepare_rename(Workspace& w, const json& params);
json rename(Workspace& w, const json& params);
json signature_help(Workspace& w, const json& params);
// `textDocument/publishDiagnostics`'s params for the document's current version.
json diagnostics(Workspace& w, const std::string& uri);

}  // namespace reckon::lsp
