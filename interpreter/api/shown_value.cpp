#include "interpreter/api/shown_value.hpp"

#include <span>

#include "interpreter/api/display.hpp"
#include "interpreter/display/format.hpp"
#include "interpreter/display/format_map.hpp"
#include "interpreter/display/format_table.hpp"
#include "interpreter/values/instance.hpp"

namespace reckon::api {

namespace {

// `within`: the digits rule of the list, map or table column `v` is a quantity of, so
// that its `display` is the text it has there (`1.000` in `[1.000, 2.500]`).
ShownValue shown(const Evaluator& ev, const Value& v, const std::optional<DisplayUnit>& unit,
                 const DisplayOptions* within);

// A record's fields, each with its own value and unit: `units` (one per field: a
// collection's columns, record_column_units) with the columns' digits rules, or, when
// empty, each field's as it is shown alone.
ShownValue shown_record(const Evaluator& ev, const Value& v,
                        const std::vector<std::optional<DisplayUnit>>& units,
                        const std::vector<DisplayOptions>& columns) {
  ShownValue s;
  s.kind = ShownValue::Kind::record;
  s.display = display(ev, v, std::nullopt);
  const RecordValue& r = *v.record();
  s.text = r.type->name;
  for (std::size_t k = 0; k < r.fields.size(); ++k) {
    // A declared field's unit is marked for its ladder where it is declared (the checker),
    // spelled in the names its value was written in.
    const std::optional<DisplayUnit> field_unit =
        units.empty() ? record_field_unit(r, k) : units[k];
    s.names.push_back(r.type->fields[k].name);
    s.items.push_back(shown(ev, r.fields[k], field_unit, columns.empty() ? nullptr : &columns[k]));
  }
  return s;
}

// The elements of a list or the values of a map: records in their columns' units and
// digits rules (as the table shows them), anything else in the collection's one unit.
void shown_elements(const Evaluator& ev, std::span<const Value> values,
                    const std::optional<DisplayUnit>& shared, ShownValue& out) {
  DisplayOptions options;
  options.digits = ev.digits();
  const std::vector<std::optional<DisplayUnit>> columns = record_column_units(values, ev.digits());
  const std::vector<DisplayOptions> column_options = record_column_options(values, options);
  const DisplayOptions numbers = collection_options(values, shared, options);
  for (const Value& x : values)
    out.items.push_back(x.kind == ValueKind::record && !columns.empty()
                            ? shown_record(ev, x, columns, column_options)
                            : shown(ev, x, shared, &numbers));
  if (shared) out.unit = shared->symbol;
}

ShownValue shown(const Evaluator& ev, const Value& v, const std::optional<DisplayUnit>& unit,
                 const DisplayOptions* within) {
  ShownValue s;
  s.display = display(ev, v, unit);  // the one text every surface shows
  const int digits = ev.digits();
  switch (v.kind) {
    case ValueKind::none:
      break;
    case ValueKind::quantity: {
      s.kind = ShownValue::Kind::quantity;
      const std::optional<DisplayUnit> fits = Evaluator::fitting_unit(v, unit);
      const DisplayUnit u = fits ? *fits : default_display_unit(v, digits);
      if (within) s.display = format_value(v, *within, &u);
      s.value = number_in_unit(v.number, u.scale);
      s.unit = u.symbol;
      s.scale = u.scale;
      s.base_value = v.number;
      s.dim = v.dim;
      break;
    }
    case ValueKind::boolean:
      s.kind = ShownValue::Kind::boolean;
      s.truth = v.truthy();
      break;
    case ValueKind::text:
      s.kind = ShownValue::Kind::text;
      s.text = v.text();
      break;
    case ValueKind::enumeration:
      s.kind = ShownValue::Kind::member;
      s.text = v.enumeration()->members.at(static_cast<std::size_t>(v.number));
      break;
    case ValueKind::record:
      return shown_record(ev, v, {}, {});
    case ValueKind::instance: {
      s.kind = ShownValue::Kind::instance;
      const Instance& inst = *v.instance();
      s.text = std::string(inst.name);
      s.scenario = inst.scenario->name;
      break;
    }
    case ValueKind::list:
    case ValueKind::set: {  // a set as the list of its elements, in their order
      s.kind = v.set() ? ShownValue::Kind::set : ShownValue::Kind::list;
      const ListValue& xs = *v.elements();
      shown_elements(ev, xs.items(), list_display_unit(xs, digits, unit ? &*unit : nullptr), s);
      break;
    }
    case ValueKind::tuple: {
      // Each element in its declared or written unit if it has one (`(text, us)`), else
      // in a readable unit of its own.
      s.kind = ShownValue::Kind::tuple;
      const auto& elements = v.tuple()->items();
      for (std::size_t i = 0; i < elements.size(); ++i) {
        const DisplayUnit* declared = unit ? unit->element(i) : nullptr;
        s.items.push_back(shown(ev, elements[i],
                                declared ? std::optional<DisplayUnit>(*declared) : std::nullopt,
                                nullptr));
      }
      break;
    }
    case ValueKind::map: {
      s.kind = ShownValue::Kind::map;
      DisplayOptions options;
      options.digits = digits;
      const MapValue& m = *v.map();
      for (const Value& k : m.keys) {
        s.names.push_back(k.kind == ValueKind::text ? k.text() : key_text(k));
        s.keys.push_back(shown(ev, k, std::nullopt, nullptr));
        s.keys.back().display = s.names.back();  // a key reads as the map writes it
      }
      shown_elements(ev, m.values, map_display_unit(m, options, unit ? &*unit : nullptr), s);
      break;
    }
  }
  return s;
}

}  // namespace

ShownValue shown_value(const Evaluator& ev, const Value& v,
                       const std::optional<DisplayUnit>& unit) {
  return shown(ev, v, unit, nullptr);
}

}  // namespace reckon::api
