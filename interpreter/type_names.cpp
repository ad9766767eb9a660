#include "interpreter/type_names.hpp"

#include "interpreter/type_shown.hpp"
#include "interpreter/units.hpp"
#include "syntax/ast.hpp"

namespace reckon {

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
    case TypeKind::list: {
      // `[GB]` rather than `[GB (information)]`: the unit says enough inside brackets.
      const Type& e = t.element();
      std::string inner = describe(e);
      if (e.is_quantity() && !e.dim.is_dimensionless())
        inner = counted_unit_string(e.dim) + (e.optional ? "?" : "");
      s = "[" + inner + "]";
      break;
    }
    case TypeKind::tuple: {  // `(count, GB)`, units bare as in a list's brackets
      s = "(";
      const auto elements = t.tuple_elements();
      for (std::size_t i = 0; i < elements.size(); ++i) {
        const Type& e = elements[i];
        std::string inner = describe(e);
        if (e.is_quantity() && !e.dim.is_dimensionless())
          inner = counted_unit_string(e.dim) + (e.optional ? "?" : "");
        s += (i ? ", " : "") + inner;
      }
      s += ")";
      break;
    }
    case TypeKind::map: {  // `{text: gCO2e/kWh}`, `{Vendor: count}`
      const Type& v = t.map_value();
      std::string value = describe(v);
      if (v.is_quantity() && !v.dim.is_dimensionless())
        value = counted_unit_string(v.dim) + (v.optional ? "?" : "");
      s = "{" + (t.enumeration ? t.enumeration->name : std::string("text")) + ": " + value + "}";
      break;
    }
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
    case TypeKind::map:
      return "{" + (t.enumeration ? t.enumeration->name : std::string("text")) + ": " +
             inner_shown(t.map_value(), &*unit) + "}" + optional;
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
