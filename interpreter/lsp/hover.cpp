// textDocument/hover: what a name is (its kind, type and unit), its documentation and
// metadata, and, when a case is in scope, its value for that case, computed only now.
#include <fmt/format.h>

#include "interpreter/api/program.hpp"
#include "interpreter/lsp/workspace.hpp"

namespace reckon::lsp {

namespace {

std::string docs_text(const Docs& d) {
  std::string out;
  if (!d.text.empty()) out += "\n\n" + d.text;
  std::vector<MetadataLine> lines = metadata_lines(d);
  if (!lines.empty()) {
    out += "\n";
    for (const MetadataLine& m : lines) out += fmt::format("\n@{} {}", m.key, m.text);
  }
  return out;
}

std::string code(const std::string& s) { return "```reckon\n" + s + "\n```"; }

// The checked type, under a heading that already shows the unit as written (`GB`). A
// quantity is named by its dimension and base unit, so `B` is not read as the declared
// unit; other types are shown as the checker names them.
// An optional quantity says so (`GB?` is information, or none), as the heading does.
std::string resolved(const Type& t) {
  if (t.kind == TypeKind::quantity && !t.dim.is_dimensionless()) {
    std::string name = dimension_name(t.dim);
    std::string base = counted_unit_string(t.dim);
    std::string none = t.optional ? ", or none" : "";
    if (name == base) return "base unit " + base + none;
    return fmt::format("{} (base unit {}){}", name, base, none);
  }
  // A list of quantities by its elements' dimension: `[ms]` read `type [s]`, as if
  // declared in seconds.
  if (t.is_list() && t.element().kind == TypeKind::quantity && !t.element().dim.is_dimensionless())
    return "list of " + resolved(t.element());
  return "type " + describe(t);
}

// The heading and documentation of what `s` names.
std::string describe_symbol(const Program& p, const Symbol& s) {
  if (s.kind == Symbol::Kind::unit) {
    const UnitInfo* u = find_unit(s.unit);
    if (!u) return code(std::string(s.unit));
    return code("unit " + u->symbol) + fmt::format("\n1 {} = {:.10g} {} ({})", u->symbol, u->scale,
                                                   base_unit_string(u->dim),
                                                   dimension_name(u->dim));
  }
  const Decl& d = *s.owner;
  auto i = static_cast<std::size_t>(s.index);
  switch (s.kind) {
    case Symbol::Kind::input: {
      const Input& in = static_cast<const ScenarioDecl&>(d).inputs[i];
      std::string head = fmt::format("input {}.{}: {}", d.name, in.name, type_text(in.type));
      if (in.default_value) head += " = " + one_line(source_text(p, in.default_value->range));
      return code(head) + "\n" + resolved(in.resolved) + docs_text(in.docs);
    }
    case Symbol::Kind::property: {
      const Property& prop = static_cast<const ScenarioDecl&>(d).properties[i];
      std::string head = fmt::format("property {}.{}", d.name, signature(prop));
      if (prop.declared) head += ": " + type_text(*prop.declared);
      if (prop.body) head += " = " + one_line(source_text(p, prop.body->range));
      if (head.size() > 300) head = head.substr(0, 297) + "...";
      return code(head) + "\n" + resolved(prop.resolved) + docs_text(prop.docs);
    }
    case Symbol::Kind::field: {
      const Field& f = static_cast<const RecordDecl&>(d).fields[i];
      return code(fmt::format("field {}.{}: {}", d.name, f.name, type_text(f.type))) + "\n" +
             resolved(f.resolved) + docs_text(f.docs);
    }
    case Symbol::Kind::enum_member:
      return code(fmt::format("{}.{}", d.name, static_cast<const EnumDecl&>(d).members[i])) +
             "\nmember of the enumeration " + d.name;
    case Symbol::Kind::decl:
    case Symbol::Kind::none:
    case Symbol::Kind::unit:
      break;
  }
  switch (d.kind) {
    case DeclKind::native:
      return code(signature(p, static_cast<const NativeDecl&>(d))) + docs_text(d.docs);
    case DeclKind::let: {
      const auto& let = static_cast<const LetDecl&>(d);
      std::string head = "let " + d.name;
      if (let.declared) head += ": " + type_text(*let.declared);
      return code(head) + "\n" + resolved(let.resolved) + docs_text(d.docs);
    }
    case DeclKind::scenario:
      return code("scenario " + d.name) + docs_text(d.docs);
    case DeclKind::record:
      return code("record " + d.name) + docs_text(d.docs);
    case DeclKind::enumeration: {
      std::string members;
      for (const auto& m : static_cast<const EnumDecl&>(d).members)
        members += (members.empty() ? "" : ", ") + m;
      return code("enum " + d.name + " { " + members + " }") + docs_text(d.docs);
    }
    default: {
      std::string text = one_line(source_text(p, d.range));
      if (text.size() > 300) text = text.substr(0, 297) + "...";
      return code(text) + docs_text(d.docs);
    }
  }
}

// A builtin's signature and text, over the name of its call (`sum` in `sum(xs)`).
json builtin_hover(Workspace& w, Analysis& a, std::uint32_t offset) {
  auto call = a.builtin_at(offset);
  const BuiltinInfo* doc = call ? find_builtin_doc(call->name) : nullptr;
  if (!doc) return nullptr;
  std::string text = code(std::string(doc->signature)) + "\nbuiltin\n\n" + std::string(doc->doc);
  return {{"contents", {{"kind", "markdown"}, {"value", text}}},
          {"range", w.range(a, call->place)}};
}

}  // namespace

json hover(Workspace& w, const json& params) {
  auto [r, a, o] = look_up(w, params);
  if (!a) return nullptr;
  if (!o) return builtin_hover(w, *a, static_cast<std::uint32_t>(r.offset));
  std::string text = describe_symbol(a->program(), o->symbol);
  // The case in scope: the one a member is read of (`Tp4.gpu`), else the chosen (or
  // first) case of the scenario whose member this is.
  const CaseDecl* c = nullptr;
  if (o->expr && o->expr->kind == ExprKind::member && !o->expr->operands.empty() &&
      std::holds_alternative<const CaseDecl*>(o->expr->operands[0]->target))
    c = std::get<const CaseDecl*>(o->expr->operands[0]->target);
  bool member = o->symbol.kind == Symbol::Kind::input || o->symbol.kind == Symbol::Kind::property;
  if (!c && member)
    c = a->case_for(w.chosen_case, static_cast<const ScenarioDecl*>(o->symbol.owner));
  if (auto value = a->value_of(o->symbol, c))
    text +=
        "\n\n---\n" + (c ? "`" + c->name + "`: " : std::string("value: ")) + "**" + *value + "**";
  return {{"contents", {{"kind", "markdown"}, {"value", text}}}, {"range", w.range(*a, o->place)}};
}

}  // namespace reckon::lsp
