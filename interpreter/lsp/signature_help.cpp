// textDocument/signatureHelp: inside the brackets of a call, the callee's signature and
// which parameter the cursor is at. The signatures are those hover shows: a builtin's
// from interpreter/builtin_docs (every form it has), a native's, a method's and a
// constructor's (a record's fields, a scenario's inputs) from interpreter/signature. The call is
// found in the text as typed (which need not parse), its callee in the last analysis that parsed.
#include <optional>

#include "interpreter/api/program.hpp"
#include "interpreter/lsp/workspace.hpp"

namespace reckon::lsp {

namespace {

bool word_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// The innermost unclosed call around `offset`: its callee's name (`x.m(` is qualified),
// the number of arguments before the cursor's, and the name the cursor's argument
// starts with (`name:`), if any.
struct OpenCall {
  std::string name;
  bool qualified = false;
  int argument = 0;
  std::string named;
};

std::optional<OpenCall> open_call(std::string_view text, std::size_t offset) {
  struct Open {
    char bracket;
    std::string name;  // "" for a list, a map, or brackets that group
    bool qualified = false;
    int commas = 0;
    std::size_t argument_start = 0;
  };
  std::vector<Open> open;
  offset = std::min(offset, text.size());
  for (std::size_t i = 0; i < offset; ++i) {
    const char c = text[i];
    if (c == '#') {  // a comment, to the end of its line
      while (i < offset && text[i] != '\n') ++i;
    } else if (c == '"') {  // a text, with its escapes and interpolations
      for (++i; i < offset && text[i] != '"' && text[i] != '\n'; ++i)
        if (text[i] == '\\') ++i;
    } else if (c == '(' || c == '[' || c == '{') {
      Open o{c, "", false, 0, i + 1};
      if (c == '(') {
        std::size_t end = i;
        while (end > 0 && text[end - 1] == ' ') --end;
        std::size_t begin = end;
        while (begin > 0 && word_char(text[begin - 1])) --begin;
        if (begin < end && !std::isdigit(static_cast<unsigned char>(text[begin]))) {
          o.name = std::string(text.substr(begin, end - begin));
          o.qualified = begin > 0 && text[begin - 1] == '.';
        }
      }
      open.push_back(std::move(o));
    } else if ((c == ')' || c == ']' || c == '}') && !open.empty()) {
      open.pop_back();
    } else if (c == ',' && !open.empty()) {
      ++open.back().commas;
      open.back().argument_start = i + 1;
    }
  }
  for (auto o = open.rbegin(); o != open.rend(); ++o) {
    if (o->bracket != '(' || o->name.empty()) continue;
    OpenCall call{o->name, o->qualified, o->commas, ""};
    // Within the cursor's own argument (not a nested list's), `name:` names it.
    if (o == open.rbegin()) {
      std::string_view arg = text.substr(o->argument_start, offset - o->argument_start);
      std::size_t k = 0;
      while (k < arg.size() && std::isspace(static_cast<unsigned char>(arg[k]))) ++k;
      std::size_t start = k;
      while (k < arg.size() && word_char(arg[k])) ++k;
      std::size_t end = k;
      while (k < arg.size() && arg[k] == ' ') ++k;
      if (end > start && k < arg.size() && arg[k] == ':')
        call.named = std::string(arg.substr(start, end - start));
    }
    return call;
  }
  return std::nullopt;
}

std::size_t utf16_length(std::string_view s) {
  std::size_t n = 0;
  for (std::size_t i = 0; i < s.size(); ++i) {
    auto b = static_cast<unsigned char>(s[i]);
    if ((b & 0xC0) == 0x80) continue;  // a continuation byte
    n += b >= 0xF0 ? 2 : 1;            // four bytes: a surrogate pair
  }
  return n;
}

// One signature, `name(a: T, b: U = d): R`, with its parameters as [start, end) offsets
// (UTF-16) of the label: the text between the outer brackets, split at its commas.
json signature_of(const std::string& label, const std::string& documentation) {
  json parameters = json::array();
  std::size_t open = label.find('(');
  if (open != std::string::npos) {
    int depth = 0;
    std::size_t start = open + 1;
    for (std::size_t i = open; i < label.size(); ++i) {
      const char c = label[i];
      if (c == '"') {  // a default's text, whose commas and brackets are its own
        for (++i; i < label.size() && label[i] != '"'; ++i)
          if (label[i] == '\\') ++i;
        continue;
      }
      if (c == '(' || c == '[' || c == '{') ++depth;
      bool close = c == ')' || c == ']' || c == '}';
      if ((c == ',' && depth == 1) || (close && depth == 1)) {
        std::size_t b = start;
        while (b < i && label[b] == ' ') ++b;
        if (b < i)
          parameters.push_back({{"label", json::array({utf16_length(label.substr(0, b)),
                                                       utf16_length(label.substr(0, i))})}});
        start = i + 1;
      }
      if (close && --depth == 0) break;
    }
  }
  json out = {{"label", label}, {"parameters", parameters}};
  if (!documentation.empty())
    out["documentation"] = {{"kind", "markdown"}, {"value", documentation}};
  return out;
}

// A builtin's forms (`max(a, b, ...), max(xs)`), each a signature.
std::vector<std::string> forms_of(std::string_view signatures) {
  std::vector<std::string> out;
  int depth = 0;
  std::size_t start = 0;
  for (std::size_t i = 0; i <= signatures.size(); ++i) {
    const char c = i < signatures.size() ? signatures[i] : ',';
    if (c == '(' || c == '[' || c == '{') ++depth;
    if (c == ')' || c == ']' || c == '}') --depth;
    if (c == ',' && depth == 0) {
      std::size_t b = start;
      while (b < i && signatures[b] == ' ') ++b;
      if (b < i) out.emplace_back(signatures.substr(b, i - b));
      start = i + 1;
    }
  }
  return out;
}

// The method `name` of the scenario holding `offset`, or (called on a value) of any
// scenario of the program that has one, the main file's first.
const Property* method_named(Analysis& a, const std::string& name, std::size_t offset,
                             bool qualified) {
  auto method_of = [&](const ScenarioDecl& s) -> const Property* {
    int i = s.property_index(name);
    if (i < 0 || !s.properties[static_cast<std::size_t>(i)].is_method) return nullptr;
    return &s.properties[static_cast<std::size_t>(i)];
  };
  if (!qualified) {
    const ScenarioDecl* s = a.scenario_at(static_cast<std::uint32_t>(offset));
    return s ? method_of(*s) : nullptr;
  }
  for (const auto& m : a.program().modules)
    if (m)
      for (const auto& d : m->decls)
        if (d->kind == DeclKind::scenario)
          if (const Property* p = method_of(static_cast<const ScenarioDecl&>(*d))) return p;
  return nullptr;
}

}  // namespace

json signature_help(Workspace& w, const json& params) {
  Request r = request_of(w, params);
  if (!r.document) return nullptr;
  auto call = open_call(r.document->text, r.offset);
  if (!call) return nullptr;
  json signatures = json::array();
  auto a = w.parsed_analysis(r.uri);
  const Property* method =
      a && a->parsed() ? method_named(*a, call->name, r.offset, call->qualified) : nullptr;
  const Decl* declared =
      a && a->parsed() && !call->qualified ? a->program().find(call->name) : nullptr;
  if (method) {
    signatures.push_back(signature_of(signature(*method), method->docs.text));
  } else if (declared && declared->kind == DeclKind::native) {
    const auto& native = static_cast<const NativeDecl&>(*declared);
    signatures.push_back(signature_of(signature(a->program(), native), native.docs.text));
  } else if (declared && declared->kind == DeclKind::record) {
    const auto& record = static_cast<const RecordDecl&>(*declared);
    signatures.push_back(signature_of(signature(a->program(), record), record.docs.text));
  } else if (declared && declared->kind == DeclKind::scenario) {
    const auto& scenario = static_cast<const ScenarioDecl&>(*declared);
    signatures.push_back(signature_of(signature(a->program(), scenario), scenario.docs.text));
  } else if (const BuiltinInfo* doc = call->qualified ? nullptr : find_builtin_doc(call->name)) {
    for (const std::string& form : forms_of(doc->signature))
      signatures.push_back(signature_of(form, std::string(doc->doc)));
  }
  if (signatures.empty()) return nullptr;
  // The parameter: the one named, else by position; a form that has that many.
  int active_signature = 0, active = call->argument;
  for (std::size_t i = 0; i < signatures.size(); ++i) {
    const json& ps = signatures[i]["parameters"];
    const std::string label = signatures[i]["label"];
    if (!call->named.empty())
      for (std::size_t k = 0; k < ps.size(); ++k) {
        std::size_t b = ps[k]["label"][0], e = ps[k]["label"][1];
        std::string p = label.substr(b, e - b);  // ASCII names: offsets are bytes too
        if (p.starts_with(call->named + ":") || p == call->named) {
          active_signature = static_cast<int>(i);
          active = static_cast<int>(k);
          return {{"signatures", signatures},
                  {"activeSignature", active_signature},
                  {"activeParameter", active}};
        }
      }
  }
  for (std::size_t i = 0; i < signatures.size(); ++i) {
    const json& ps = signatures[i]["parameters"];
    const std::string label = signatures[i]["label"];
    if (static_cast<int>(ps.size()) > call->argument || label.find("...") != std::string::npos) {
      active_signature = static_cast<int>(i);
      break;
    }
  }
  return {{"signatures", signatures},
          {"activeSignature", active_signature},
          {"activeParameter", active}};
}

}  // namespace reckon::lsp
