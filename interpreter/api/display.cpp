#include "interpreter/api/display.hpp"

#include "interpreter/display/format.hpp"
#include "interpreter/display/format_table.hpp"
#include "interpreter/model/written_unit.hpp"

namespace reckon::api {

std::string display(const Evaluator& ev, const Value& v, const std::optional<DisplayUnit>& unit,
                    const Layout& layout) {
  if (layout.tables && shown_as_table(v)) {
    DisplayOptions options;
    options.digits = ev.digits();
    options.list_elements = ev.list_elements();
    const std::optional<DisplayUnit> fits = fitting_display_unit(v, unit, ev.digits());
    return format_table(v, options, fits ? &*fits : nullptr, layout.indent);
  }
  if (layout.short_records && v.kind == ValueKind::record) {  // a row of many: short
    DisplayOptions options;
    options.digits = ev.digits();
    return short_record(*v.record(), options);
  }
  if (layout.digits == 0) return ev.show(v, unit);
  DisplayOptions options;
  options.digits = layout.digits;
  options.list_elements = ev.list_elements();
  const std::optional<DisplayUnit> fits = fitting_display_unit(v, unit, ev.digits());
  return format_value(v, options, fits ? &*fits : nullptr);
}

bool shows_as_table(const Value& v) { return shown_as_table(v); }

std::string table_heading(const Value& v) { return table_summary(v); }

std::optional<DisplayUnit> expression_unit(const Expr& e, const ScenarioDecl* scenario) {
  return Evaluator::declared_unit(e, scenario);
}

std::optional<DisplayUnit> input_unit(const Input& in) { return in.display; }

std::optional<DisplayUnit> property_unit(const Property& prop, const ScenarioDecl& scenario) {
  // Settled on every property after checking (written_unit.hpp); a property the checker
  // left unsettled (the language server's salvaged programs) is shown as its body.
  return prop.display ? prop.display : expression_unit(*prop.body, &scenario);
}

std::optional<DisplayUnit> let_unit(const LetDecl& let) {
  if (let.display || !let.value) return let.display;
  return expression_unit(*let.value);
}

std::optional<DisplayUnit> answer_unit(const Expr& answer, const ScenarioDecl* scenario) {
  std::optional<DisplayUnit> unit = expression_unit(answer, scenario);
  if (unit) unit->ladder = false;
  return unit;
}

double number_in(double base, double scale) { return number_in_unit(base, scale); }

std::optional<DisplayUnit> field_unit(const RecordValue& record, std::size_t k, int digits) {
  return field_display_unit(record, k, digits);
}

DisplayUnit readable_unit(double base, const Dimension& dim, int digits) {
  return default_display_unit(Value::quantity(base, dim), digits);
}

}  // namespace reckon::api
