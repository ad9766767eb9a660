#include "interpreter/type_names.hpp"

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

}  // namespace reckon
