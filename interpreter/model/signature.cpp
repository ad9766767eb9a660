#include "interpreter/model/signature.hpp"

namespace reckon {

std::string_view source_text(const Program& p, SourceRange r) {
  return std::string_view(p.sources.file(r.file).text()).substr(r.begin, r.end - r.begin);
}

std::string one_line(std::string_view s) {
  std::string out;
  bool space = false;
  for (char c : s) {
    if (c == ' ' || c == '\n' || c == '\r' || c == '\t') {
      space = true;
      continue;
    }
    if (space && !out.empty()) out += ' ';
    space = false;
    out += c;
  }
  return out;
}

std::string type_text(const TypeExpr& t) {
  if (t.key)  // `{text: GB}`
    return "{" + type_text(*t.key) + ": " + type_text(*t.element) + "}" + (t.optional ? "?" : "");
  if (t.element)  // `{text}` for a set, `[GB]` for a list
    return (t.set ? "{" : "[") + type_text(*t.element) + (t.set ? "}" : "]") +
           (t.optional ? "?" : "");
  if (!t.tuple.empty()) {
    std::string out = "(";
    for (std::size_t i = 0; i < t.tuple.size(); ++i) out += (i ? ", " : "") + type_text(t.tuple[i]);
    return out + ")" + (t.optional ? "?" : "");
  }
  return (t.integer ? "int " : "") + t.unit.text + (t.optional ? "?" : "");
}

std::string signature(const Program& p, const NativeDecl& d) {
  if (d.is_constant) return d.name + ": " + type_text(d.result);
  std::string s = d.name + "(";
  for (std::size_t i = 0; i < d.parameters.size(); ++i) {
    const Parameter& prm = d.parameters[i];
    s += (i ? ", " : "") + prm.name + ": " + type_text(prm.type);
    if (prm.default_value) s += " = " + std::string(source_text(p, prm.default_value->range));
  }
  return s + "): " + type_text(d.result);
}

std::string signature(const Property& prop) {
  if (!prop.is_method) return prop.name;
  std::string s = prop.name + "(";
  for (std::size_t i = 0; i < prop.parameters.size(); ++i)
    s += (i ? ", " : "") + prop.parameters[i].name + ": " + type_text(prop.parameters[i].type);
  return s + ")";
}

namespace {

// `Name(a: T = d, ...)` of fields or inputs (both have a name, a type and a default).
template <typename Parameters>
std::string constructor_signature(const Program& p, const std::string& name,
                                  const Parameters& parameters) {
  std::string s = name + "(";
  for (std::size_t i = 0; i < parameters.size(); ++i) {
    const auto& prm = parameters[i];
    s += (i ? ", " : "") + prm.name + ": " + type_text(prm.type);
    if (prm.default_value) s += " = " + one_line(source_text(p, prm.default_value->range));
  }
  return s + ")";
}

}  // namespace

std::string signature(const Program& p, const RecordDecl& r) {
  return constructor_signature(p, r.name, r.fields);
}

std::string signature(const Program& p, const ScenarioDecl& s) {
  return constructor_signature(p, s.name, s.inputs);
}

std::string metadata(const Docs& d, std::string_view key) {
  for (const Metadata& m : d.metadata)
    if (m.key == key) return m.text;
  return "";
}

std::vector<const Metadata*> fallacies(const Docs& d) {
  std::vector<const Metadata*> out;
  for (const Metadata& m : d.metadata)
    if (m.key == "fallacy") out.push_back(&m);
  return out;
}

std::string fallacy_text(const Metadata& f) { return f.text + " Reality: " + f.reality; }

std::vector<MetadataLine> metadata_lines(const Docs& d) {
  std::vector<MetadataLine> out;
  out.reserve(d.metadata.size());
  for (const Metadata& m : d.metadata)
    out.push_back({m.key, m.key == "fallacy" ? fallacy_text(m) : m.text});
  return out;
}

}  // namespace reckon
