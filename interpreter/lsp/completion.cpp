// textDocument/completion, from the text before the cursor and the last analysis of the
// document that parsed (a line being typed, such as `Tp4.`, does not parse): members
// after `.`, units after a number or `->`, named arguments and, where an enumeration is
// expected, its members inside a call, else the names in scope with the standard
// library's functions and their signatures.
#include <cctype>
#include <set>

#include "interpreter/api/program.hpp"
#include "interpreter/lsp/kinds.hpp"
#include "interpreter/lsp/paths.hpp"
#include "interpreter/lsp/workspace.hpp"

namespace reckon::lsp {

namespace {

bool is_word(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

class Items {
 public:
  explicit Items(std::string prefix) : prefix_(std::move(prefix)) {}
  void add(const std::string& label, int kind, const std::string& detail = "",
           const std::string& insert = "") {
    if (!label.starts_with(prefix_) || !seen_.insert(label).second) return;
    json item = {{"label", label}, {"kind", kind}};
    if (!detail.empty()) item["detail"] = detail;
    if (!insert.empty()) item["insertText"] = insert;
    items_.push_back(item);
  }
  json done() { return {{"isIncomplete", false}, {"items", items_}}; }

 private:
  std::string prefix_;
  std::set<std::string> seen_;
  json items_ = json::array();
};

void members_of_scenario(const ScenarioDecl& s, Items& items) {
  for (const Input& in : s.inputs) items.add(in.name, field_kind.completion, type_text(in.type));
  for (const Property& p : s.properties)
    items.add(p.name, (p.is_method ? method_kind : property_kind).completion,
              signature(p) + (p.declared ? ": " + type_text(*p.declared) : ""));
}

void members_of_type(const Type& t, Items& items) {
  if (t.kind == TypeKind::instance && t.scenario) members_of_scenario(*t.scenario, items);
  if (t.kind == TypeKind::record && t.record)
    for (const Field& f : t.record->fields)
      items.add(f.name, field_kind.completion, type_text(f.type));
}

// The type a named argument `name:` of the call to `callee` expects.
std::optional<Type> parameter_type(const Decl& callee, const std::string& name) {
  if (callee.kind == DeclKind::scenario) {
    const auto& s = static_cast<const ScenarioDecl&>(callee);
    if (int i = s.input_index(name); i >= 0) return s.inputs[static_cast<std::size_t>(i)].resolved;
  }
  if (callee.kind == DeclKind::record) {
    const auto& r = static_cast<const RecordDecl&>(callee);
    if (int i = r.field_index(name); i >= 0) return r.fields[static_cast<std::size_t>(i)].resolved;
  }
  if (callee.kind == DeclKind::native)
    for (const Parameter& prm : static_cast<const NativeDecl&>(callee).parameters)
      if (prm.name == name) return prm.resolved;
  return std::nullopt;
}

void parameters_of(const Decl& callee, Items& items) {
  if (callee.kind == DeclKind::scenario)
    for (const Input& in : static_cast<const ScenarioDecl&>(callee).inputs)
      items.add(in.name + ":", field_kind.completion, type_text(in.type), in.name + ": ");
  if (callee.kind == DeclKind::record)
    for (const Field& f : static_cast<const RecordDecl&>(callee).fields)
      items.add(f.name + ":", field_kind.completion, type_text(f.type), f.name + ": ");
  if (callee.kind == DeclKind::native)
    for (const Parameter& prm : static_cast<const NativeDecl&>(callee).parameters)
      items.add(prm.name + ":", field_kind.completion, type_text(prm.type), prm.name + ": ");
}

}  // namespace

json completion(Workspace& w, const json& params) {
  Request r = request_of(w, params);
  if (!r.document) return nullptr;
  auto a = w.parsed_analysis(r.uri);
  const std::string& text = r.document->text;
  std::size_t start = r.offset;
  while (start > 0 && is_word(text[start - 1])) --start;
  Items items(text.substr(start, r.offset - start));
  std::size_t line_start = text.rfind('\n', start == 0 ? 0 : start - 1);
  line_start = line_start == std::string::npos || start == 0 ? 0 : line_start + 1;
  std::string line = text.substr(line_start, start - line_start);

  // After a number, or after `->`: a unit.
  std::size_t before = line.size();
  while (before > 0 && line[before - 1] == ' ') --before;
  bool after_number = before < line.size() && before > 0 &&
                      std::isdigit(static_cast<unsigned char>(line[before - 1]));
  bool after_arrow = before >= 2 && line.compare(before - 2, 2, "->") == 0;
  if (after_number || after_arrow) {
    for (const UnitInfo& u : all_units())
      items.add(u.symbol, unit_kind.completion, dimension_name(u.dim));
    return items.done();
  }
  if (!a || !a->parsed()) return items.done();
  const Program& p = a->program();
  const ScenarioDecl* scope =
      a->scenario_at(static_cast<std::uint32_t>(std::min<std::size_t>(r.offset, UINT32_MAX)));

  // After `path.`: the members of what the path is.
  if (!line.empty() && line.back() == '.') {
    std::vector<std::string> path;
    std::size_t end = line.size() - 1;
    std::size_t path_begin = end;
    while (true) {
      std::size_t b = end;
      while (b > 0 && is_word(line[b - 1])) --b;
      if (b == end) break;
      path.insert(path.begin(), line.substr(b, end - b));
      path_begin = b;
      if (b == 0 || line[b - 1] != '.') break;
      end = b - 1;
    }
    if (path.empty()) return items.done();
    auto [t, head] = type_of_path(p, scope, text, line_start + path_begin, path);
    if (head && head->kind == DeclKind::enumeration)
      for (const auto& m : static_cast<const EnumDecl*>(head)->members)
        items.add(m, enum_member_kind.completion);
    if (head && head->kind == DeclKind::scenario)
      members_of_scenario(*static_cast<const ScenarioDecl*>(head), items);
    if (t) members_of_type(*t, items);
    return items.done();
  }

  // Inside a call: its parameters as named arguments, and after `name:` the members of
  // the enumeration it expects.
  int depth = 0;
  std::size_t from = r.offset > 4000 ? r.offset - 4000 : 0;  // a call spans few lines
  for (std::size_t i = start; i-- > from;) {
    if (text[i] == ')') ++depth;
    if (text[i] != '(') continue;
    if (depth-- > 0) continue;
    std::size_t name_start = i;
    while (name_start > 0 && is_word(text[name_start - 1])) --name_start;
    const Decl* callee = p.find(text.substr(name_start, i - name_start));
    if (!callee) break;
    // The argument being written: `name: ` just before the word?
    std::size_t colon = before;
    if (colon > 0 && line[colon - 1] == ':') {
      std::size_t b = colon - 1;
      while (b > 0 && line[b - 1] == ' ') --b;
      std::size_t e = b;
      while (b > 0 && is_word(line[b - 1])) --b;
      auto t = parameter_type(*callee, line.substr(b, e - b));
      if (t && t->kind == TypeKind::enumeration && t->enumeration)
        for (const auto& m : t->enumeration->members)
          items.add(m, enum_member_kind.completion, t->enumeration->name);
    } else {
      parameters_of(*callee, items);
    }
    break;
  }

  if (scope) members_of_scenario(*scope, items);
  for (const auto& [name, d] : p.globals) {
    std::string detail;
    if (d->kind == DeclKind::native) detail = signature(p, static_cast<const NativeDecl&>(*d));
    if (d->kind == DeclKind::let) detail = describe(static_cast<const LetDecl&>(*d).resolved);
    if (d->kind == DeclKind::case_ && static_cast<const CaseDecl&>(*d).scenario)
      detail = "case of " + static_cast<const CaseDecl&>(*d).scenario->name;
    items.add(name, kinds_of(d->kind).completion, detail);
  }
  for (const BuiltinInfo& b : builtin_docs())
    items.add(std::string(b.name), function_kind.completion, std::string(b.signature));
  return items.done();
}

}  // namespace reckon::lsp
