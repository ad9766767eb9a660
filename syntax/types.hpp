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
  map,       // `{text: GB}`: keys of map_key(), values of map_value()
  tuple,     // `(count, GB)`: its element types are tuple_elements()
  set,       // `{text}`: its element type is element()
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
  // `{element}`: a set (docs/language.md, "Sets"), its element type interned as a list's.
  static Type set_of(const Type& element);
  // A list's or a set's element type (an error type for anything else).
  const Type& element() const;
  bool is_list() const { return kind == TypeKind::list; }
  bool is_set() const { return kind == TypeKind::set; }
  // `{K: V}`: the pair (K, V) is interned as a tuple's element types are (element_id), so
  // a map type takes no more room than a list's; `enumeration` is K's when K is one.
  static Type map_of(const Type& key, const Type& value);
  bool is_map() const { return kind == TypeKind::map; }
  const Type& map_key() const;
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
// On a 64-bit target; the wasm32 build (docs/playground.md) has smaller pointers.
static_assert(sizeof(void*) != 8 || sizeof(Type) == 48,
              "Type sits in every Expr: see test_memory_layout.cpp");

}  // namespace reckon
