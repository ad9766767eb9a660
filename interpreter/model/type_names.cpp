#include "interpreter/model/type_names.hpp"

#include "interpreter/model/type_shown.hpp"
#include "interpreter/values/units.hpp"
#include "syntax/ast.hpp"

namespace reckon {

namespace {

// A type inside brackets or braces: `GB` rather than `GB (information)`, the unit says
// enough there.
std::string bracketed(const Type& e) {
  if (e.is_quantity() && !e.dim.is_dimensionless())
    return counted_unit_string(e.dim) + (e.optional ? "?" : "");
  return describe(e);
}

}  // namespace

std::string describe(const Type& t) {
  std::string s;
  switch (t.kind) {
    case TypeKind::error:
      return "<error>";
    case TypeKind::quantity: {
      if (t.dim.is_dimensionless()) {
        s = t.integer ? "count" : "number";
        break;
      }
      std::string unit = counted_unit_string(t.dim) + (t.optional ? "?" : "");
      std::string name = dimension_name(t.dim);
      return name == counted_unit_string(t.dim) ? unit : unit + " (" + name + ")";
    }
    case TypeKind::boolean:
      s = "bool";
      break;
    case TypeKind::text:
      s = "text";
      break;
    case TypeKind::none:
      return "none";
    case TypeKind::record:
      s = t.record->name;
      break;
    case TypeKind::enumeration:
      s = t.enumeration->name;
      break;
    case TypeKind::instance:
      s = t.scenario->name;
      break;
    case TypeKind::list:
      s = "[" + bracketed(t.element()) + "]";
      break;
    case TypeKind::set:  // `{text}`, `{GB}`
      s = "{" + bracketed(t.element()) + "}";
      break;
    case TypeKind::tuple: {  // `(count, GB)`, units bare as in a list's brackets
      s = "(";
      const auto elements = t.tuple_elements();
      for (std::size_t i = 0; i < elements.size(); ++i) {
        s += (i ? ", " : "") + bracketed(elements[i]);
      }
      s += ")";
      break;
    }
    case TypeKind::map:  // `{text: gCO2e/kWh}`, `{Vendor: count}`, `{count: text}`
      s = "{" + bracketed(t.map_key()) + ": " + bracketed(t.map_value()) + "}";
      break;
  }
  return t.optional ? s + "?" : s;
}

namespace {

// A type inside brackets (a list's element, a map's value, a tuple's element) in `unit`
// where it has one: a quantity as its unit alone (`us`, where describe writes
// `us (time)` outside brackets), a collection by its own elements' units.
std::string inner_shown(const Type& e, const DisplayUnit* unit) {
  if (e.is_quantity() && !e.dim.is_dimensionless()) {
    const bool written = unit && !unit->is_tuple() && !unit->symbol.empty();
    return (written ? unit->symbol : counted_unit_string(e.dim)) + (e.optional ? "?" : "");
  }
  return unit ? describe_shown(e, *unit) : describe(e);
}

}  // namespace

std::string describe_shown(const Type& t, const std::optional<DisplayUnit>& unit) {
  if (!unit) return describe(t);
  const char* optional = t.optional ? "?" : "";
  switch (t.kind) {
    case TypeKind::list:
      return "[" + inner_shown(t.element(), &*unit) + "]" + optional;
    case TypeKind::set:
      return "{" + inner_shown(t.element(), &*unit) + "}" + optional;
    case TypeKind::map:
      return "{" + bracketed(t.map_key()) + ": " + inner_shown(t.map_value(), &*unit) + "}" +
             optional;
    case TypeKind::tuple: {  // each element in its own unit: `(text, us)`
      std::string s = "(";
      const auto elements = t.tuple_elements();
      for (std::size_t i = 0; i < elements.size(); ++i)
        s += (i ? ", " : "") + inner_shown(elements[i], unit->element(i));
      return s + ")" + optional;
    }
    default:
      return describe(t);
  }
}

}  // namespace reckon
