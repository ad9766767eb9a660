#include "interpreter/lsp/server.hpp"

#include <fmt/format.h>

#include <chrono>
#include <condition_variable>
#include <cstdlib>
#include <deque>
#include <iostream>
#include <memory>
#include <mutex>
#include <set>
#include <thread>

#include "interpreter/lsp/transport.hpp"
#include "interpreter/lsp/workspace.hpp"
#include "syntax/diagnostics.hpp"

namespace reckon::lsp {

namespace {

// JSON-RPC and LSP error codes.
constexpr int parse_error = -32700;
constexpr int invalid_request = -32600;
constexpr int method_not_found = -32601;
constexpr int invalid_params = -32602;
constexpr int internal_error = -32603;
constexpr int server_not_initialized = -32002;
constexpr int request_cancelled = -32800;
constexpr int content_modified = -32801;
constexpr int request_failed = -32803;

using Clock = std::chrono::steady_clock;

double ms_between(Clock::time_point from, Clock::time_point to) {
  return std::chrono::duration<double, std::milli>(to - from).count();
}

// A message and when the reading thread had it whole.
struct Arrived {
  json message;
  Clock::time_point at;
};

// The messages read and not yet served, filled by the reading thread.
class Inbox {
 public:
  void push(json message) {
    std::lock_guard lock(mutex_);
    queue_.push_back({std::move(message), Clock::now()});
    ready_.notify_one();
  }
  void close(std::optional<Diagnostic> error) {
    std::lock_guard lock(mutex_);
    closed_ = true;
    error_ = std::move(error);
    ready_.notify_one();
  }
  void cancel(const json& id) {
    std::lock_guard lock(mutex_);
    cancelled_.insert(id.dump());
  }
  // The next message, or nothing once the stream has ended and every message is served.
  std::optional<Arrived> pop() {
    std::unique_lock lock(mutex_);
    ready_.wait(lock, [&] { return !queue_.empty() || closed_; });
    if (queue_.empty()) return std::nullopt;
    Arrived m = std::move(queue_.front());
    queue_.pop_front();
    return m;
  }
  bool cancelled(const json& id) {
    std::lock_guard lock(mutex_);
    return cancelled_.erase(id.dump()) > 0;
  }
  // Whether a change to (or the closing of) `uri` waits to be served: work on its
  // current version would be stale.
  bool changed_later(const std::string& uri) {
    std::lock_guard lock(mutex_);
    for (const auto& [m, at] : queue_) {
      std::string method = m.value("method", "");
      if (method != "textDocument/didChange" && method != "textDocument/didClose") continue;
      const json* params = m.contains("params") ? &m["params"] : nullptr;
      if (params && params->is_object() && params->contains("textDocument") &&
          (*params)["textDocument"].is_object() &&
          (*params)["textDocument"].value("uri", "") == uri)
        return true;
    }
    return false;
  }
  std::optional<Diagnostic> error() {
    std::lock_guard lock(mutex_);
    return error_;
  }

 private:
  std::mutex mutex_;
  std::condition_variable ready_;
  std::deque<Arrived> queue_;
  std::set<std::string> cancelled_;
  bool closed_ = false;
  std::optional<Diagnostic> error_;
};

// With RECKON_LSP_TIMINGS set, one line per published document on standard error:
// where the time between a change's arrival and the next message went (docs/editors.md).
struct Timings {
  std::ostream* log = nullptr;  // null: not asked for
  Clock::time_point arrived, started;
  double load = 0, check = 0, build = 0, send = 0;
  std::string what;  // the versions published, `name vN`
  void reset(Clock::time_point at) {
    arrived = at;
    started = Clock::now();
    load = check = build = send = 0;
    what.clear();
  }
};

class Server {
 public:
  Server(const Library& library, std::ostream& out, std::ostream& err)
      : workspace_(library), out_(out) {
    if (const char* v = std::getenv("RECKON_LSP_TIMINGS"); v && *v) timings_.log = &err;
  }

  void read(std::istream& in) {
    try {
      while (auto body = read_message(in)) {
        json message = json::parse(*body, nullptr, false);
        if (message.is_discarded() || !message.is_object()) {
          send({{"jsonrpc", "2.0"},
                {"id", nullptr},
                {"error",
                 {{"code", message.is_discarded() ? parse_error : invalid_request},
                  {"message", message.is_discarded() ? "the message is not JSON"
                                                     : "a message must be a JSON object"}}}});
          continue;
        }
        if (message.value("method", json()) == "$/cancelRequest") {
          if (message.contains("params") && message["params"].is_object() &&
              message["params"].contains("id"))
            inbox_.cancel(message["params"]["id"]);
          continue;
        }
        inbox_.push(std::move(message));
      }
      inbox_.close(std::nullopt);
    } catch (const UserError& e) {
      inbox_.close(e.diagnostic());
    }
  }

  int serve() {
    while (auto arrived = inbox_.pop()) {
      json* message = &arrived->message;
      if (!message->contains("method") || !(*message)["method"].is_string())
        continue;  // a response to a request of ours (workspace/inlayHint/refresh)
      std::string method = (*message)["method"];
      json params = message->contains("params") ? (*message)["params"] : json::object();
      timings_.reset(arrived->at);
      if (message->contains("id"))
        request((*message)["id"], method, params);
      else if (notification(method, params))
        return shutdown_ ? 0 : 1;  // `exit`
      const auto served = Clock::now();
      workspace_.release_retired();
      if (timings_.log && !timings_.what.empty()) log_timings(method, served);
    }
    return inbox_.error() ? 1 : (shutdown_ ? 0 : 1);
  }

  std::optional<Diagnostic> stream_error() { return inbox_.error(); }

 private:
  void log_timings(const std::string& method, Clock::time_point served) {
    const auto now = Clock::now();
    *timings_.log << fmt::format(
        "reckon lsp: {} {}: waited {:.1f} ms, load {:.1f} ms, check {:.1f} ms, "
        "diagnostics {:.1f} ms, send {:.1f} ms, answered {:.1f} ms after arrival; "
        "freeing the replaced versions {:.1f} ms\n",
        method, timings_.what, ms_between(timings_.arrived, timings_.started), timings_.load,
        timings_.check, timings_.build, timings_.send, ms_between(timings_.arrived, served),
        ms_between(served, now));
    timings_.log->flush();
  }

  void send(const json& message) {
    std::lock_guard lock(out_mutex_);
    write_message(out_, message);
  }
  void reply(const json& id, json result) {
    send({{"jsonrpc", "2.0"}, {"id", id}, {"result", std::move(result)}});
  }
  void fail(const json& id, int code, const std::string& message) {
    send({{"jsonrpc", "2.0"}, {"id", id}, {"error", {{"code", code}, {"message", message}}}});
  }

  static std::string uri_in(const json& params) {
    if (!params.is_object() || !params.contains("textDocument") ||
        !params["textDocument"].is_object())
      return "";
    const json& uri = params["textDocument"].value("uri", json());
    return uri.is_string() ? uri.get<std::string>() : "";
  }

  json capabilities() const {
    return {
        {"positionEncoding", "utf-16"},
        {"textDocumentSync", {{"openClose", true}, {"change", 2}}},  // 2: incremental
        {"hoverProvider", true},
        {"completionProvider", {{"triggerCharacters", {".", " ", "(", ","}}}},
        {"definitionProvider", true},
        {"referencesProvider", true},
        {"documentSymbolProvider", true},
        {"workspaceSymbolProvider", true},
        {"inlayHintProvider", true},
        {"codeActionProvider", {{"codeActionKinds", {"quickfix"}}}},
        {"executeCommandProvider", {{"commands", {"reckon.setCase"}}}},
        {"documentFormattingProvider", true},
        {"renameProvider", {{"prepareProvider", true}}},
        {"signatureHelpProvider",
         {{"triggerCharacters", {"(", ","}}, {"retriggerCharacters", {" "}}}},
    };
  }

  void request(const json& id, const std::string& method, const json& params) {
    if (inbox_.cancelled(id)) return fail(id, request_cancelled, "cancelled");
    if (method == "initialize") {
      initialized_ = true;
      if (params.is_object() && params.contains("initializationOptions") &&
          params["initializationOptions"].is_object()) {
        const json& c = params["initializationOptions"].value("case", json());
        if (c.is_string()) workspace_.chosen_case = c.get<std::string>();
      }
      if (params.is_object() && params.contains("capabilities"))
        refresh_hints_ =
            params["capabilities"].value("/workspace/inlayHint/refreshSupport"_json_pointer, false);
      return reply(id, {{"capabilities", capabilities()},
                        {"serverInfo", {{"name", "reckon"}, {"version", "0.1.0"}}}});
    }
    if (!initialized_) return fail(id, server_not_initialized, "initialize first");
    if (method == "shutdown") {
      shutdown_ = true;
      return reply(id, nullptr);
    }
    // Work on a document that a waiting change has already made stale is not done.
    std::string uri = uri_in(params);
    if (!uri.empty() && inbox_.changed_later(uri))
      return fail(id, content_modified, "the document changed");
    try {
      if (method == "textDocument/hover") return reply(id, hover(workspace_, params));
      if (method == "textDocument/completion") return reply(id, completion(workspace_, params));
      if (method == "textDocument/definition") return reply(id, definition(workspace_, params));
      if (method == "textDocument/references") return reply(id, references(workspace_, params));
      if (method == "textDocument/documentSymbol")
        return reply(id, document_symbols(workspace_, params));
      if (method == "workspace/symbol") return reply(id, workspace_symbols(workspace_, params));
      if (method == "textDocument/inlayHint") return reply(id, inlay_hints(workspace_, params));
      if (method == "textDocument/codeAction") return reply(id, code_actions(workspace_, params));
      if (method == "textDocument/formatting") return reply(id, formatting(workspace_, params));
      if (method == "textDocument/prepareRename")
        return reply(id, prepare_rename(workspace_, params));
      if (method == "textDocument/rename") return reply(id, rename(workspace_, params));
      if (method == "textDocument/signatureHelp")
        return reply(id, signature_help(workspace_, params));
      if (method == "workspace/executeCommand") return reply(id, execute(params));
    } catch (const RequestFailed& e) {
      return fail(id, request_failed, e.what());
    } catch (const json::exception& e) {
      return fail(id, invalid_params, std::string("malformed parameters: ") + e.what());
    } catch (const std::exception& e) {
      return fail(id, internal_error, e.what());
    }
    fail(id, method_not_found, "no method `" + method + "`");
  }

  json execute(const json& params) {
    std::string command = params.value("command", "");
    if (command != "reckon.setCase") throw std::invalid_argument("no command `" + command + "`");
    const json& args = params.value("arguments", json::array());
    workspace_.chosen_case =
        args.is_array() && !args.empty() && args[0].is_string() ? args[0].get<std::string>() : "";
    if (refresh_hints_)
      send({{"jsonrpc", "2.0"},
            {"id", "reckon-refresh-" + std::to_string(++refreshes_)},
            {"method", "workspace/inlayHint/refresh"}});
    return nullptr;
  }

  // Handles a notification; true for `exit`.
  bool notification(const std::string& method, const json& params) {
    if (method == "exit") return true;
    if (!initialized_) return false;
    try {
      std::string uri = uri_in(params);
      if (method == "textDocument/didOpen") {
        const json& doc = params["textDocument"];
        workspace_.documents().open(uri, doc.value("text", ""),
                                    doc.value("version", std::int64_t{0}));
        publish(uri);
        publish_importers(uri);
      } else if (method == "textDocument/didChange") {
        Document* doc = workspace_.documents().find(uri);
        if (!doc) return false;
        for (const json& change : params.value("contentChanges", json::array()))
          apply_change(*doc, change);
        doc->version = params["textDocument"].value("version", doc->version + 1);
        publish(uri);
        publish_importers(uri);
      } else if (method == "textDocument/didClose") {
        workspace_.forget(uri);
        send({{"jsonrpc", "2.0"},
              {"method", "textDocument/publishDiagnostics"},
              {"params", {{"uri", uri}, {"diagnostics", json::array()}}}});
        publish_importers(uri);  // they read the file on disk again
      }
    } catch (const json::exception&) {
      // A malformed notification has no reply to carry an error: it is ignored.
    }
    return false;
  }

  // Diagnostics for the document's current version, unless another change is waiting:
  // then the next one publishes.
  void publish(const std::string& uri) {
    if (inbox_.changed_later(uri)) return;
    auto analysis = workspace_.analysis(uri);  // loaded and checked here, for the log
    const auto analysed = Clock::now();
    json params = diagnostics(workspace_, uri);
    const auto built = Clock::now();
    send({{"jsonrpc", "2.0"},
          {"method", "textDocument/publishDiagnostics"},
          {"params", std::move(params)}});
    if (!timings_.log || !analysis) return;
    timings_.load += analysis->load_ms();
    timings_.check += analysis->check_ms();
    timings_.what +=
        fmt::format("{}{} v{} ({} declarations parsed, {} reused)",
                    timings_.what.empty() ? "" : ", ", uri.substr(uri.find_last_of('/') + 1),
                    analysis->version(), analysis->parsed_decls(), analysis->reused_decls());
    timings_.build += ms_between(analysed, built);
    timings_.send += ms_between(built, Clock::now());
  }

  // The open documents that import `uri` read its buffer: a change to it is a change
  // to their programs too.
  void publish_importers(const std::string& uri) {
    for (const std::string& importer : workspace_.importers_of(uri)) publish(importer);
  }

  Workspace workspace_;
  std::ostream& out_;
  std::mutex out_mutex_;
  Inbox inbox_;
  bool initialized_ = false;
  bool shutdown_ = false;
  bool refresh_hints_ = false;
  long refreshes_ = 0;
  Timings timings_;
};

}  // namespace

int serve(const Library& library, std::istream& in, std::ostream& out, std::ostream& err) {
  // Shared with the reading thread: after `exit` it may still wait on a client that
  // keeps the stream open, and the process ends without waiting for it.
  auto server = std::make_shared<Server>(library, out, err);
  std::thread reader([server, &in] { server->read(in); });
  int status = server->serve();
  reader.detach();
  if (auto e = server->stream_error()) {
    err << render(SourceManager(), *e);
    return 1;
  }
  return status;
}

}  // namespace reckon::lsp
