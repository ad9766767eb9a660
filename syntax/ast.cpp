#include "syntax/ast.hpp"

namespace reckon {

std::string_view op_symbol(Op op) {
  switch (op) {
    case Op::add:
      return "+";
    case Op::sub:
      return "-";
    case Op::mul:
      return "*";
    case Op::div:
      return "/";
    case Op::floordiv:
      return "//";
    case Op::mod:
      return "%";
    case Op::pow:
      return "^";
    case Op::neg:
      return "-";
    case Op::logical_not:
      return "not";
    case Op::logical_and:
      return "and";
    case Op::logical_or:
      return "or";
    case Op::eq:
      return "==";
    case Op::ne:
      return "!=";
    case Op::lt:
      return "<";
    case Op::le:
      return "<=";
    case Op::gt:
      return ">";
    case Op::ge:
      return ">=";
    case Op::coalesce:
      return "??";
    case Op::in:
      return "in";
    case Op::not_in:
      return "not in";
    case Op::set_union:
      return "|";
    case Op::set_intersection:
      return "&";
  }
  return "?";
}

namespace {
constexpr auto name_of = [](const auto& item) -> std::string_view { return item.name; };
}  // namespace

int RecordDecl::field_index(std::string_view n) const {
  return field_names_.find(fields, n, name_of);
}
int ScenarioDecl::input_index(std::string_view n) const {
  return input_names_.find(inputs, n, name_of);
}
int ScenarioDecl::property_index(std::string_view n) const {
  return property_names_.find(properties, n, name_of);
}
int EnumDecl::member_index(std::string_view n) const {
  return member_names_.find(members, n, [](const std::string& m) -> std::string_view { return m; });
}

}  // namespace reckon
