#include "interpreter/values/convert_each.hpp"

#include <vector>

#include "interpreter/values/sets.hpp"

namespace reckon {

namespace {

// `v` with every quantity in it (at any depth of lists and maps) of dimension `dim`.
Value with_dimension(Value v, const Dimension& dim) {
  switch (v.kind) {
    case ValueKind::quantity:
      v.dim = dim;
      return v;
    case ValueKind::list: {
      const ListValue& l = *v.list();
      if (l.packed())
        return l.dimension() == dim ? v : Value::adopt(ListValue::make_packed(l.numbers(), dim));
      std::vector<Value> items;
      items.reserve(l.size());
      for (std::size_t i = 0; i < l.size(); ++i) items.push_back(with_dimension(l.at(i), dim));
      return Value::adopt(ListValue::make(std::move(items)));
    }
    case ValueKind::set: {
      SetBuilder out(&dim);
      for (const Value& x : v.set()->items()) out.add(x);
      return Value::adopt(out.finish());
    }
    case ValueKind::map: {
      const MapValue& m = *v.map();
      std::vector<Value> values;
      values.reserve(m.values.size());
      for (const Value& x : m.values) values.push_back(with_dimension(x, dim));
      return Value::adopt(MapValue::make(m.keys, std::move(values)));
    }
    default:
      return v;  // none: an empty list's element never made
  }
}

// `a, b, c, ...` for the elements of a tuple pattern.
std::string pattern_name(std::size_t i) {
  return i < 26 ? std::string(1, static_cast<char>('a' + i)) : "x" + std::to_string(i);
}

}  // namespace

const Type& converted_element(const Type& t) {
  if (t.is_list() || t.is_set()) return converted_element(t.element());
  return t.is_map() ? converted_element(t.map_value()) : t;
}

Type with_converted_element(const Type& t, const Type& element) {
  Type out;
  if (t.is_list())
    out = Type::list_of(with_converted_element(t.element(), element));
  else if (t.is_set())
    out = Type::set_of(with_converted_element(t.element(), element));
  else if (t.is_map())
    out = Type::map_of(t.map_key(), with_converted_element(t.map_value(), element));
  else
    return element;
  out.optional = t.optional;
  return out;
}

std::string convert_hint(const Type& t, const Dimension& target, std::string_view operand,
                         std::string_view unit) {
  const Type& inner = converted_element(t);
  if (!inner.is_tuple()) return "";
  // Which elements of the tuple take the conversion: quantities of its dimension.
  const auto elements = inner.tuple_elements();
  std::vector<bool> takes(elements.size());
  bool any = false;
  for (std::size_t i = 0; i < elements.size(); ++i) {
    takes[i] = elements[i].is_quantity() && elements[i].dim.compatible(target);
    any = any || takes[i];
  }
  if (!any) return "";
  const std::string to = " -> " + std::string(unit);
  std::string written;
  if (t.is_tuple()) {  // `(p[0] -> KiB, p[1])`
    const std::string p = operand.empty() ? "p" : std::string(operand);
    for (std::size_t i = 0; i < elements.size(); ++i)
      written += (i ? ", " : "") + p + "[" + std::to_string(i) + "]" + (takes[i] ? to : "");
    return ": convert its elements one by one, as in `(" + written + ")`";
  }
  if (!t.is_list() || !t.element().is_tuple()) return "";
  // `[(a, b -> KiB) for (a, b) in xs]`
  std::string names;
  for (std::size_t i = 0; i < elements.size(); ++i) {
    names += (i ? ", " : "") + pattern_name(i);
    written += (i ? ", " : "") + pattern_name(i) + (takes[i] ? to : "");
  }
  const std::string xs = operand.empty() ? "xs" : std::string(operand);
  return ": convert each element in a comprehension, as in `[(" + written + ") for (" + names +
         ") in " + xs + "]`";
}

Value convert_each(Value v, const Type& from, const Type& to) {
  const Dimension& dim = converted_element(to).dim;
  if (converted_element(from).dim == dim) return v;  // only shown otherwise
  return with_dimension(std::move(v), dim);
}

}  // namespace reckon
