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

std::string describe_shown(const Type& t, const std::optional<DisplayUnit>& unit) {
  if (!unit || unit->symbol.empty()) return describe(t);
  const char* optional = t.optional ? "?" : "";
  switch (t.kind) {
    case TypeKind::list: {
      const Type& e = t.element();
      if (e.kind != TypeKind::quantity && e.kind != TypeKind::list && e.kind != TypeKind::map)
        return describe(t);
      std::string inner = describe_shown(e, unit);
      if (e.is_quantity() && !e.dim.is_dimensionless())
        inner = unit->symbol + (e.optional ? "?" : "");
      return "[" + inner + "]" + optional;
    }
    case TypeKind::map: {
      const Type& v = t.map_value();
      if (v.kind != TypeKind::quantity && v.kind != TypeKind::list && v.kind != TypeKind::map)
        return describe(t);
      std::string value = describe_shown(v, unit);
      if (v.is_quantity() && !v.dim.is_dimensionless())
        value = unit->symbol + (v.optional ? "?" : "");
      return "{" + (t.enumeration ? t.enumeration->name : std::string("text")) + ": " + value +
             "}" + optional;
    }
    default:
      return describe(t);
  }
}

}  // namespace reckon
