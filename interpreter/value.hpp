// Runtime values. A quantity is a double in base units plus its dimension.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "interpreter/dimension.hpp"

namespace reckon {

struct RecordDecl;
struct EnumDecl;
struct Instance;
struct Value;

struct RecordValue {
  const RecordDecl* type = nullptr;
  std::vector<Value> fields;  // in declaration order
};

enum class ValueKind { none, quantity, boolean, text, record, enumeration, instance };

struct Value {
  ValueKind kind = ValueKind::none;
  double number = 0;  // quantity in base units; boolean as 0/1; enum member index
  Dimension dim;
  const EnumDecl* enumeration = nullptr;
  std::shared_ptr<const std::string> text;
  std::shared_ptr<const RecordValue> record;
  std::shared_ptr<Instance> instance;

  static Value quantity(double v, Dimension d = {}) {
    Value x;
    x.kind = ValueKind::quantity;
    x.number = v;
    x.dim = d;
    return x;
  }
  static Value boolean(bool b) {
    Value x;
    x.kind = ValueKind::boolean;
    x.number = b ? 1 : 0;
    return x;
  }
  static Value string(std::string s) {
    Value x;
    x.kind = ValueKind::text;
    x.text = std::make_shared<const std::string>(std::move(s));
    return x;
  }
  static Value member(const EnumDecl* e, int index) {
    Value x;
    x.kind = ValueKind::enumeration;
    x.enumeration = e;
    x.number = index;
    return x;
  }
  bool is_none() const { return kind == ValueKind::none; }
  bool truthy() const { return number != 0; }
};

}  // namespace reckon
