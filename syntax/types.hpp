// Static types. The checker gives every expression one before anything runs, so
// dimension errors are found without evaluating.
#pragma once

#include "syntax/dimension.hpp"

namespace reckon {

struct RecordDecl;
struct EnumDecl;
struct ScenarioDecl;

enum class TypeKind {
  error,     // already reported: suppresses follow-on errors
  quantity,  // a number with a dimension (dimensionless numbers included)
  boolean,
  text,
  none,  // the type of the literal `none`
  record,
  enumeration,
  instance,  // a bound scenario (a case)
};

struct Type {
  TypeKind kind = TypeKind::error;
  Dimension dim;
  bool integer = false;   // values must be whole numbers (count, int ...)
  bool optional = false;  // may be none
  const RecordDecl* record = nullptr;
  const EnumDecl* enumeration = nullptr;
  const ScenarioDecl* scenario = nullptr;

  static Type quantity(Dimension d, bool integer = false) {
    Type t;
    t.kind = TypeKind::quantity;
    t.dim = d;
    t.integer = integer;
    return t;
  }
  static Type of(TypeKind k) {
    Type t;
    t.kind = k;
    return t;
  }
  bool is_error() const { return kind == TypeKind::error; }
  bool is_quantity() const { return kind == TypeKind::quantity; }
};

}  // namespace reckon
