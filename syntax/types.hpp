// Static types. The checker gives every expression one before anything runs, so
// dimension errors are found without evaluating.
#pragma once

#include <cstdint>
#include <span>

#include "syntax/dimension.hpp"

namespace reckon {

struct RecordDecl;
struct EnumDecl;
struct ScenarioDecl;

// A byte: with it the list's element id fits in what was Type's padding (the checker keeps
// a Type in every expression: tests/unit/test_memory_layout.cpp).
enum class TypeKind : std::uint8_t {
  error,     // already reported: suppresses follow-on errors
  quantity,  // a number with a dimension (dimensionless numbers included)
  boolean,
  text,
  none,  // the type of the literal `none`
  record,
  enumeration,
  instance,  // a bound scenario (a case)
  list,      // `[GB]`: its element type is element()
  map,       // `{text: GB}`: values of map_value(), keys text or of `enumeration`
  tuple,     // `(count, GB)`: its element types are tuple_elements()
};

struct Type {
  TypeKind kind = TypeKind::error;
  Dimension dim;
  bool integer = false;   // values must be whole numbers (count, int ...)
  bool optional = false;  // may be none
  // list: the element type, interned (Type::list_of); 0 otherwise. An id rather than a
  // pointer keeps Type at 48 bytes.
  std::uint32_t element_id = 0;
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
  // `[element]`. Element types are interned for the life of the process, so equal
  // element types have equal ids.
  static Type list_of(const Type& element);
  // A list's element type (an error type for anything else).
  const Type& element() const;
  bool is_list() const { return kind == TypeKind::list; }
  // `{K: V}`: K is text when `key_enum` is null, else that enumeration; V is interned as
  // a list's element is (element_id), so a map type takes no more room than a list's.
  static Type map_of(const EnumDecl* key_enum, const Type& value);
  bool is_map() const { return kind == TypeKind::map; }
  const Type& map_value() const;

  // `(A, B, ...)`, two or more element types; interned as a whole (another table than
  // list elements'), so equal tuple types have equal ids.
  static Type tuple_of(std::span<const Type> elements);
  bool is_tuple() const { return kind == TypeKind::tuple; }
  // A tuple's element types in order (empty for anything else).
  std::span<const Type> tuple_elements() const;

  bool is_error() const { return kind == TypeKind::error; }
  bool is_quantity() const { return kind == TypeKind::quantity; }
};
static_assert(sizeof(Type) == 48, "Type sits in every Expr: see test_memory_layout.cpp");

}  // namespace reckon
