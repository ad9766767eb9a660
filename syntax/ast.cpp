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
  }
  return "?";
}

namespace {
template <typename T>
int index_of(const std::vector<T>& items, std::string_view name) {
  for (std::size_t i = 0; i < items.size(); ++i)
    if (items[i].name == name) return static_cast<int>(i);
  return -1;
}
}  // namespace

int RecordDecl::field_index(std::string_view n) const { return index_of(fields, n); }
int ScenarioDecl::input_index(std::string_view n) const { return index_of(inputs, n); }
int ScenarioDecl::property_index(std::string_view n) const { return index_of(properties, n); }
int EnumDecl::member_index(std::string_view n) const {
  for (std::size_t i = 0; i < members.size(); ++i)
    if (members[i] == n) return static_cast<int>(i);
  return -1;
}

}  // namespace reckon
