// The REPL's help for the reader: `:doc` pages and tab completion.
#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <set>

#include "grammar/parse.hpp"
#include "interpreter/api/program.hpp"
#include "interpreter/repl/session.hpp"
#include "syntax/diagnostics.hpp"

namespace reckon::repl {

namespace {

std::string indent(const std::string& text) {
  if (text.empty()) return "";
  std::string out = "  ";
  for (char c : text) {
    out += c;
    if (c == '\n') out += "  ";
  }
  return out + "\n";
}

// `text` on one line: runs of whitespace (line breaks, indentation) become one space.
std::string one_line(std::string_view text) {
  std::string out;
  for (char c : text) {
    bool space = std::isspace(static_cast<unsigned char>(c));
    if (space && (out.empty() || out.back() == ' ')) continue;
    out += space ? ' ' : c;
  }
  while (!out.empty() && out.back() == ' ') out.pop_back();
  return out;
}

// At most `width` characters of `text` on one line, with `...` when cut.
std::string abridged(std::string_view text, std::size_t width) {
  std::string line = one_line(text);
  return line.size() <= width ? line : line.substr(0, width - 3) + "...";
}

// The first sentence of a documentation text, on one line.
std::string first_sentence(const std::string& text) {
  std::string line = one_line(text);
  auto end = line.find(". ");
  return end == std::string::npos ? line : line.substr(0, end + 1);
}

// `text` broken between words into lines of at most `width` characters (a longer word
// stands alone), each line ending in a newline: a builtin's paragraph at a terminal's width.
std::string wrapped(std::string_view text, std::size_t width) {
  std::string out, line;
  for (std::size_t at = 0; at < text.size();) {
    std::size_t end = std::min(text.find(' ', at), text.size());
    std::string_view word = text.substr(at, end - at);
    if (!line.empty() && line.size() + 1 + word.size() > width) {
      out += line + "\n";
      line.clear();
    }
    if (!word.empty()) line += (line.empty() ? "" : " ") + std::string(word);
    at = end + 1;
  }
  return line.empty() ? out : out + line + "\n";
}

std::string docs_block(const Docs& d) {
  std::string out = indent(d.text);
  for (const MetadataLine& m : metadata_lines(d)) out += fmt::format("  {}: {}\n", m.key, m.text);
  return out;
}

std::string input_line(const Program& p, const Input& in) {
  std::string s = fmt::format("    {}: {}", in.name, type_text(in.type));
  if (in.default_value) s += " = " + std::string(source_text(p, in.default_value->range));
  std::string first = first_sentence(in.docs.text);
  return s + (first.empty() ? "" : "    # " + first) + "\n";
}

std::string property_page(const Program& p, const ScenarioDecl& s, const Property& prop) {
  std::string out = fmt::format("{}.{}", s.name, signature(prop));
  if (prop.declared) out += ": " + type_text(*prop.declared);
  out += "\n" + docs_block(prop.docs);
  out += "  equation: " + one_line(source_text(p, prop.body->range)) + "\n";
  out += "  unit: " +
         (prop.declared ? type_text(*prop.declared) : describe_shown(prop.resolved, prop.display)) +
         "\n";
  return out;
}

std::string scenario_page(const Program& p, const ScenarioDecl& s) {
  std::string out = "scenario " + s.name + "\n" + docs_block(s.docs) + "  inputs:\n";
  for (const Input& in : s.inputs) out += input_line(p, in);
  out += "  properties:\n";
  for (const Property& prop : s.properties) {
    out += "    " + signature(prop);
    if (prop.declared) out += ": " + type_text(*prop.declared);
    out += " = " + abridged(source_text(p, prop.body->range), 70) + "\n";
  }
  return out;
}

// What may follow `path.`: a case's or scenario's inputs and properties, a record's
// fields, an enumeration's members. A path of one name is looked up as a declaration
// (a scenario or an enumeration is not a value); a longer one (`Tp4.gpu`) is checked
// as an expression, and its type says what it has.
std::vector<std::string> members_of(Program& p, const std::string& path) {
  std::vector<std::string> out;
  auto of_scenario = [&](const ScenarioDecl& s) {
    for (const auto& in : s.inputs) out.push_back(in.name);
    for (const auto& prop : s.properties) out.push_back(prop.name);
  };
  auto of_type = [&](const Type& t) {
    if (t.kind == TypeKind::record)
      for (const auto& f : t.record->fields) out.push_back(f.name);
    if (t.kind == TypeKind::instance) of_scenario(*t.scenario);
  };
  if (path.find_first_of(".[") == std::string::npos) {
    Decl* d = p.find(path);
    if (d && d->kind == DeclKind::case_) of_scenario(*static_cast<CaseDecl*>(d)->scenario);
    if (d && d->kind == DeclKind::scenario) of_scenario(*static_cast<ScenarioDecl*>(d));
    if (d && d->kind == DeclKind::let) of_type(static_cast<LetDecl*>(d)->resolved);
    if (d && d->kind == DeclKind::enumeration)
      for (const auto& m : static_cast<EnumDecl*>(d)->members) out.push_back(m);
    return out;
  }
  try {
    ExprPtr e = parse_expression(p.sources, p.sources.add("<completion>", path));
    check_expression(p, *e, {});
    of_type(e->type);
  } catch (const UserError&) {  // no such path: nothing to offer
  } catch (const UserErrors&) {
  }
  return out;
}

// The keys of the map `path` names, when they are written out: a `let` or a case's
// property defined as a map literal (`grid`, `C.grid`). Text keys quoted as they are
// written after `[`; an enumeration's members as `Vendor.nvidia`.
std::vector<std::string> keys_of(Program& p, const std::string& path) {
  std::vector<std::string> out;
  try {
    ExprPtr e = parse_expression(p.sources, p.sources.add("<completion>", path));
    check_expression(p, *e, {});
    if (!e->type.is_map()) return out;
    if (e->type.enumeration) {
      for (const auto& m : e->type.enumeration->members)
        out.push_back(e->type.enumeration->name + "." + m);
      return out;
    }
    const Expr* value = nullptr;
    if (e->kind == ExprKind::name && e->ref == RefKind::let && e->has_target())
      value = e->target_as<LetDecl>().value.get();
    if (e->kind == ExprKind::member && e->ref == RefKind::property &&
        e->operands[0]->type.kind == TypeKind::instance)
      value =
          e->operands[0]->type.scenario->properties[static_cast<std::size_t>(e->slot)].body.get();
    if (!value || value->kind != ExprKind::map) return out;
    for (std::size_t i = 0; i + 1 < value->operands.size(); i += 2)
      if (value->operands[i]->kind == ExprKind::text)
        out.push_back("\"" + value->operands[i]->text + "\"]");
  } catch (const UserError&) {  // no such map: nothing to offer
  } catch (const UserErrors&) {
  }
  return out;
}

// Where a path ending at `end` (exclusive) begins: back over names, dots and indexes in
// brackets (`C.gpus[0]`, `grid["us-east"]`), so that the members of an element complete.
std::size_t path_start(const std::string& line, std::size_t end) {
  auto is_word = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
  std::size_t at = end;
  while (at > 0) {
    const char c = line[at - 1];
    if (is_word(c) || c == '.') {
      --at;
      continue;
    }
    if (c != ']') break;
    int depth = 0;  // back to the `[` that opens it
    std::size_t i = at;
    while (i > 0) {
      --i;
      if (line[i] == ']') ++depth;
      if (line[i] == '[' && --depth == 0) break;
    }
    if (depth != 0) break;
    at = i;
  }
  return at;
}

}  // namespace

Reply Session::doc(const std::string& name) {
  Reply reply;
  Program p;
  try {
    build(p, "");
  } catch (...) {
    reply.errors = render("E0609", "the session does not check; :reload to repair it");
    return reply;
  }
  if (name.empty()) {
    reply.errors = render("E0607", "usage: :doc NAME");
    return reply;
  }
  std::string head = name.substr(0, name.find('.'));
  std::string member = name.find('.') == std::string::npos ? "" : name.substr(name.find('.') + 1);
  Decl* d = p.find(head);
  if (!d && member.empty())
    if (const BuiltinInfo* b = find_builtin_doc(head)) {
      std::string text = wrapped(b->doc, 86);
      text.pop_back();  // indent() adds the last newline
      reply.output = std::string(b->signature) + " (builtin)\n" + indent(text);
      return reply;
    }
  if (!d) {
    std::vector<std::string> names;
    for (const auto& [n, decl] : p.globals) names.push_back(n);
    reply.errors = render("E0316", "nothing is named `" + head + "`" + did_you_mean(head, names));
    return reply;
  }
  const ScenarioDecl* scenario = nullptr;
  if (d->kind == DeclKind::scenario) scenario = static_cast<const ScenarioDecl*>(d);
  if (d->kind == DeclKind::case_) scenario = static_cast<const CaseDecl*>(d)->scenario;
  if (!member.empty()) {
    if (!scenario) {
      reply.errors = render("E0307", "`" + head + "` is not a scenario or a case");
      return reply;
    }
    if (int i = scenario->input_index(member); i >= 0) {
      const Input& in = scenario->inputs[static_cast<std::size_t>(i)];
      reply.output =
          fmt::format("{}.{}: {} (input)\n", scenario->name, in.name, type_text(in.type)) +
          docs_block(in.docs);
      if (in.default_value)
        reply.output += "  default: " + std::string(source_text(p, in.default_value->range)) + "\n";
      return reply;
    }
    if (int i = scenario->property_index(member); i >= 0) {
      reply.output = property_page(p, *scenario, scenario->properties[static_cast<std::size_t>(i)]);
      return reply;
    }
    std::vector<std::string> names;
    for (const auto& in : scenario->inputs) names.push_back(in.name);
    for (const auto& prop : scenario->properties) names.push_back(prop.name);
    reply.errors = render("E0320", "`" + scenario->name + "` has no member `" + member + "`" +
                                       did_you_mean(member, names));
    return reply;
  }
  switch (d->kind) {
    case DeclKind::native:
      reply.output = signature(p, static_cast<const NativeDecl&>(*d)) + "\n" + docs_block(d->docs);
      break;
    case DeclKind::scenario:
      reply.output = scenario_page(p, *scenario);
      break;
    case DeclKind::case_:
      reply.output = std::string(source_text(p, d->range)) + "\n" + docs_block(d->docs) +
                     scenario_page(p, *scenario);
      break;
    case DeclKind::record: {
      const auto& r = static_cast<const RecordDecl&>(*d);
      reply.output = "record " + r.name + "\n" + docs_block(r.docs);
      for (const Field& f : r.fields) {
        reply.output += fmt::format("    {}: {}", f.name, type_text(f.type));
        if (f.default_value)
          reply.output += " = " + std::string(source_text(p, f.default_value->range));
        std::string first = first_sentence(f.docs.text);
        reply.output += (first.empty() ? "" : "    # " + first) + "\n";
      }
      break;
    }
    case DeclKind::enumeration: {
      const auto& e = static_cast<const EnumDecl&>(*d);
      std::string members;
      for (const auto& m : e.members) members += (members.empty() ? "" : ", ") + m;
      reply.output = "enum " + e.name + " { " + members + " }\n" + docs_block(e.docs);
      break;
    }
    default:
      reply.output = std::string(source_text(p, d->range)) + "\n" + docs_block(d->docs);
      break;
  }
  return reply;
}

std::vector<std::string> Session::completions(const std::string& line, std::size_t cursor) {
  cursor = std::min(cursor, line.size());
  auto is_word = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
  std::size_t start = cursor;
  while (start > 0 && is_word(line[start - 1])) --start;
  std::string prefix = line.substr(start, cursor - start);
  std::set<std::string> candidates;
  auto offer = [&](const std::string& c) {
    if (c.starts_with(prefix)) candidates.insert(c);
  };

  if (start > 0 && line[start - 1] == ':' && line.find_first_not_of(" \t") == start - 1) {
    for (const auto& c : {"help", "doc", "type", "why", "load", "reload", "set", "list", "quit"})
      offer(c);
    return {candidates.begin(), candidates.end()};
  }
  Program p;
  try {
    build(p, "");
  } catch (...) {
    return {};
  }
  // After `NAME.` or a longer path (`Tp4.gpu.`): the members of what the path is.
  if (start > 0 && line[start - 1] == '.') {
    const std::size_t from = path_start(line, start - 1);
    for (const std::string& m : members_of(p, line.substr(from, start - 1 - from))) offer(m);
    return {candidates.begin(), candidates.end()};
  }
  // After `map[` or `map["`: its keys, when they are written out.
  if (std::size_t open = start > 0 && line[start - 1] == '"' ? start - 1 : start;
      open > 0 && line[open - 1] == '[') {
    const std::size_t from = path_start(line, open - 1);
    if (from < open - 1) {
      const bool quoted = open < start;
      for (const std::string& k : keys_of(p, line.substr(from, open - 1 - from))) {
        if (quoted && k.front() != '"') continue;
        offer(quoted ? k.substr(1) : k);
      }
      if (!candidates.empty() || quoted) return {candidates.begin(), candidates.end()};
    }
  }
  // After `->`: a unit, or the next factor of one (`x -> GiB/s`).
  if (std::size_t arrow = line.rfind("->", start);
      arrow != std::string::npos && arrow + 2 <= start) {
    bool in_unit = std::all_of(line.begin() + static_cast<std::ptrdiff_t>(arrow + 2),
                               line.begin() + static_cast<std::ptrdiff_t>(start), [&](char c) {
                                 return is_word(c) || c == ' ' || c == '/' || c == '*' || c == '^';
                               });
    if (in_unit) {
      for (const UnitInfo& u : all_units()) offer(u.symbol);
      return {candidates.begin(), candidates.end()};
    }
  }
  // After a number: units.
  std::size_t before = start;
  while (before > 0 && line[before - 1] == ' ') --before;
  if (before < start && before > 0 && std::isdigit(static_cast<unsigned char>(line[before - 1]))) {
    for (const UnitInfo& u : all_units()) offer(u.symbol);
    return {candidates.begin(), candidates.end()};
  }
  // Inside a call: its parameters, as named arguments.
  int depth = 0;
  for (std::size_t i = start; i-- > 0;) {
    if (line[i] == ')') ++depth;
    if (line[i] != '(') continue;
    if (depth-- > 0) continue;
    std::size_t name_end = i;
    std::size_t name_start = name_end;
    while (name_start > 0 && is_word(line[name_start - 1])) --name_start;
    if (Decl* d = p.find(line.substr(name_start, name_end - name_start))) {
      if (d->kind == DeclKind::native)
        for (const auto& prm : static_cast<NativeDecl*>(d)->parameters) offer(prm.name + ": ");
      if (d->kind == DeclKind::record)
        for (const auto& f : static_cast<RecordDecl*>(d)->fields) offer(f.name + ": ");
      if (d->kind == DeclKind::scenario)
        for (const auto& in : static_cast<ScenarioDecl*>(d)->inputs) offer(in.name + ": ");
    }
    break;
  }
  for (const auto& [name, decl] : p.globals) offer(name);
  for (const BuiltinInfo& b : builtin_docs()) offer(std::string(b.name));
  return {candidates.begin(), candidates.end()};
}

}  // namespace reckon::repl
