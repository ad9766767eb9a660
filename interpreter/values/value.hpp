// Runtime values. A quantity is a double in base units plus its dimension.
//
// A Value is 32 bytes and cheap to copy: quantities, booleans, enumeration members and
// literal texts carry no ownership (a literal text points at its string in the AST,
// which outlives every evaluation). Records, instances, lists, maps and texts built at run time
// (interpolation, `+`) are shared, reference-counted heap objects; only values of those
// kinds touch a reference count when copied, so the arithmetic that dominates
// evaluation copies plain bytes.
#pragma once

#include <atomic>
#include <cstdint>
#include <cstring>
#include <mutex>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "interpreter/values/key_index.hpp"
#include "syntax/dimension.hpp"

namespace reckon {

struct RecordDecl;
struct EnumDecl;
template <typename T>
class CompactVector;
struct Instance;
struct Value;

// What records, instances and built texts have in common: a count of the values (and holders)
// referring to them. Atomic, because sweeps share the values of their axes between
// threads.
struct Shared {
  mutable std::atomic<std::uint32_t> references{1};
  virtual ~Shared() = default;
};

inline void retain(const Shared* s) { s->references.fetch_add(1, std::memory_order_relaxed); }
// The last reference is dropped without a locked subtraction: a holder that sees a count
// of 1 holds the only reference, so no other thread can be copying or dropping one (the
// acquire load pairs with the release of every reference dropped before). A fresh case's
// instance and most built values end so.
inline void release(const Shared* s) {
  if (s->references.load(std::memory_order_acquire) == 1 ||
      s->references.fetch_sub(1, std::memory_order_acq_rel) == 1)
    delete s;
}

// A record value: its declaration and its fields in declaration order, stored in the
// same allocation (RecordValue::make).
// Aligned as a Value, which follow it in its allocation (RecordValue::make); so it is
// already on a 64-bit target, not on the wasm32 one (docs/playground.md).
struct alignas(double) RecordValue final : Shared {
  // The names its fields' declared units are spelled in where they were written in others
  // (`4 TOP/s/device` in a field declared `flop/s/device`): an interned tuple of units, one
  // per field (Expr::field_spellings, written_unit.hpp); 0 for none. Fills what was the
  // padding after the reference count.
  std::uint32_t spellings = 0;
  const RecordDecl* type = nullptr;
  std::span<Value> fields;

  // A record of `type` with `count` fields, each none; the caller fills them in. The
  // result holds one reference.
  static RecordValue* make(const RecordDecl* type, std::size_t count);
  ~RecordValue() override;
  // The spellings of a copy of this record with the fields whose `binding` is not -1
  // replaced, spelled as `replaced` spells them (`r with f: x`, Expr::field_spellings).
  std::uint32_t spellings_with(std::uint32_t replaced, const CompactVector<int>& binding) const;
  static void operator delete(void* p) { ::operator delete(p); }

 private:
  RecordValue() = default;
};

// A text built at run time ("{x} per request", `a + b`): its characters, owned and
// shared by every Value that refers to it. Literal texts are not TextValues (they stay
// in the AST); Value::text() reads either.
struct TextValue final : Shared {
  std::string text;

  // The result holds one reference (Value::adopt takes it).
  static TextValue* make(std::string text);

 private:
  explicit TextValue(std::string t) : text(std::move(t)) {}
};

// A list value: its elements, in order. Immutable once made (values are shared), so a
// list is built in a std::vector and then adopted (Value::adopt).
//
// A list of quantities of one dimension may be packed: its numbers as doubles and the
// dimension once (8 bytes an element instead of a Value's 32), which is what ranges,
// long number literals and comprehensions over numbers make. Code that takes every
// element as a Value reads items(), which makes the Values of a packed list on first
// use, once (sweeps share lists between threads); the hot paths (aggregates,
// indexing, comprehensions) read size(), at() and numbers() and never make them.
//
// A list of records of one declaration whose fields hold no shared object (quantities,
// booleans, enumeration members, literal texts, none), each field of one kind and
// dimension in every element, may be stored as rows: each element's field numbers, and
// each field's kind and dimension once (8 bytes a field an element instead of a slot's 32
// and a RecordValue's 40 plus 32 a field). A `scan` or a comprehension making records
// makes one (ListBuilder); at() and load() make an element's record when it is read.
struct ListValue final : Shared {
  // A list holding `items`; the result holds one reference.
  static ListValue* make(std::vector<Value> items);
  // A packed list: the quantities numbers[i] of dimension `dim`.
  static ListValue* make_packed(std::vector<double> numbers, Dimension dim);
  // Records of `type` as rows: element i's field f is shapes[f] with the number
  // numbers[i * shapes.size() + f]. Every shape holds no shared object.
  // Every row is spelled `spellings` (RecordValue::spellings).
  static ListValue* make_rows(const RecordDecl* type, std::vector<Value> shapes,
                              std::vector<double> numbers, std::size_t rows,
                              std::uint32_t spellings);
  ~ListValue() override;

  // Defined below Value: std::vector<Value>::size needs Value complete (clang insists).
  std::size_t size() const;
  bool empty() const { return size() == 0; }
  // Whether the list is packed (then numbers() and dimension() are its elements).
  bool packed() const { return packed_; }
  const std::vector<double>& numbers() const { return numbers_; }
  const Dimension& dimension() const { return dim_; }
  // Element i as a Value, without making the others.
  Value at(std::size_t i) const;
  // Element i into `slot`, as `slot = at(i)` but reusing the record `slot` holds when
  // this is a list of rows and nothing else refers to it (a loop's local, rebound per
  // element, allocates once).
  void load(std::size_t i, Value& slot) const;
  // Element i's number (a quantity's in base units, a boolean's 0 or 1, ...).
  double number_at(std::size_t i) const;
  // A list of rows' declaration (null for any other list), and field k of element i.
  const RecordDecl* row_type() const { return row_type_; }
  // The spellings every row of a list of rows has (RecordValue::spellings).
  std::uint32_t row_spellings() const { return row_spellings_; }
  Value row_field(std::size_t i, std::size_t k) const;
  // Every element as a Value (made once for a packed list or rows).
  const std::vector<Value>& items() const;

 private:
  ListValue() = default;
  Value row(std::size_t i) const;    // a list of rows' element i (list_builder.cpp)
  void make_items() const;           // items() of a packed list or rows (list_builder.cpp)
  std::uint32_t row_spellings_ = 0;  // rows: their spellings; in what was padding
  std::vector<double> numbers_;      // packed: the elements; rows: their fields, row by row
  Dimension dim_;                    // packed: their dimension
  bool packed_ = false;
  const RecordDecl* row_type_ = nullptr;  // rows: the records' declaration
  std::vector<Value> shapes_;             // rows: each field's kind and dimension
  std::size_t rows_ = 0;                  // rows: the number of elements
  mutable std::once_flag made_items_;
  mutable std::vector<Value> items_;  // not packed: the elements; packed: made by items()
};

// A map value (docs/language.md, "Maps"): its keys (texts or enumeration members, each
// once) and the value of each, in the order written. Immutable once made, like a list.
// Lookup goes through the keys in turn (interpreter/values/maps.hpp): maps are written out
// by hand, and a handful of entries is the usual size.
struct MapValue final : Shared {
  std::vector<Value> keys;
  std::vector<Value> values;  // values[i] is the value of keys[i]

  // A map of distinct `keys`; `index`, if not empty, indexes them (else find() makes it
  // on first use past a handful of keys).
  static MapValue* make(std::vector<Value> keys, std::vector<Value> values, KeyIndex index = {});
  ~MapValue() override;
  // The position of the key the same as `key` (key_index.hpp), or KeyIndex::npos.
  std::size_t find(const Value& key) const;

 private:
  MapValue() = default;
  mutable KeyIndex index_;  // made once, by find(), when make() was given none
  mutable std::once_flag indexed_;
};

// A set value (docs/language.md, "Sets"): its elements, each once, in the order first
// made, as a list (so that going through a set, sorting it and its aggregates read a
// list), and their index (key_index.hpp). Immutable once made; made by SetBuilder.
struct SetValue final : Shared {
  // The elements as a list (defined below Value).
  const ListValue& elements() const;
  std::span<const Value> items() const;
  std::size_t size() const;
  bool contains(const Value& v) const;
  // The position among items() of the element the same as `v`, or KeyIndex::npos.
  std::size_t position(const Value& v) const;

  // A set of `unique` (no two the same), indexed by `index`; holds one reference.
  static SetValue* make(std::vector<Value> unique, KeyIndex index);
  ~SetValue() override;

 private:
  SetValue() = default;
  ListValue* list_ = nullptr;  // one reference held
  KeyIndex index_;
};

// Every kind from `record` on is a Shared object (Value::shared).
enum class ValueKind : std::uint8_t {
  none,
  quantity,
  boolean,
  text,
  enumeration,
  record,
  instance,
  list,
  map,
  tuple,  // its elements in a ListValue (a tuple is a fixed-length list of mixed types)
  set
};

struct Value {
  // (No member has a default initializer: the constructor of a shape below writes the
  // bytes after the number itself.)
  double number;  // quantity in base units; boolean as 0/1; enum member index
  Dimension dim;
  ValueKind kind;
  // 1 when this is a text whose `object_` is a TextValue it holds a reference to (a
  // built text), 0 otherwise. It fills what was padding: every byte of a Value is
  // defined (method memos compare arguments by their bytes).
  std::uint8_t owned_text;

  // None: every byte zero (number 0, no dimension, kind none, no object; a null pointer
  // is all zeros on every target built), written as one block: GCC wrote the members'
  // zeros one by one.
  Value() : dim(Dimension::Unset{}) { std::memset(static_cast<void*>(this), 0, sizeof(Value)); }
  // A number of a kind without an object (plain()), each member written once.
  Value(double v, ValueKind k, const Dimension& d)
      : number(v), dim(d), kind(k), owned_text(0), object_(nullptr) {}
  // The number `v` in the form of `shape`, which holds no shared object: its kind, unit
  // and object (a thunk's value settled by a plan, Thunk::settle_like). The same bytes
  // as place_like writes, without a Value's zeros written first.
  explicit Value(double v, const Value& shape) : number(v), dim(Dimension::Unset{}) {
    take_form(shape);
  }
  Value(const Value& o)
      : number(o.number), dim(o.dim), kind(o.kind), owned_text(o.owned_text), object_(o.object_) {
    if (shared()) retain(static_cast<const Shared*>(object_));
  }
  Value(Value&& o) noexcept
      : number(o.number), dim(o.dim), kind(o.kind), owned_text(o.owned_text), object_(o.object_) {
    o.kind = ValueKind::none;
    o.owned_text = 0;
    o.object_ = nullptr;
  }
  Value& operator=(const Value& o) {
    if (o.shared()) retain(static_cast<const Shared*>(o.object_));
    if (shared()) release(static_cast<const Shared*>(object_));
    assign(o);
    return *this;
  }
  Value& operator=(Value&& o) noexcept {
    if (this != &o) {
      if (shared()) release(static_cast<const Shared*>(object_));
      assign(o);
      o.kind = ValueKind::none;
      o.owned_text = 0;
      o.object_ = nullptr;
    }
    return *this;
  }
  ~Value() {
    if (shared()) release(static_cast<const Shared*>(object_));
  }

  static Value quantity(double v, Dimension d = {}) { return Value(v, ValueKind::quantity, d); }
  // A quantity or boolean made of its parts (compiled code's result).
  static Value plain(double v, ValueKind k, const Dimension& d) { return Value(v, k, d); }
  static Value boolean(bool b) {
    Value x;
    x.kind = ValueKind::boolean;
    x.number = b ? 1 : 0;
    return x;
  }
  // A text value refers to `s`, which must outlive it (a literal in the AST).
  static Value text_of(const std::string& s) {
    Value x;
    x.kind = ValueKind::text;
    x.object_ = &s;
    return x;
  }
  // A built text; takes over the reference the caller holds.
  static Value adopt(TextValue* t) {
    Value x;
    x.kind = ValueKind::text;
    x.owned_text = 1;
    x.object_ = static_cast<const Shared*>(t);
    return x;
  }
  static Value member(const EnumDecl* e, int index) {
    Value x;
    x.kind = ValueKind::enumeration;
    x.object_ = e;
    x.number = index;
    return x;
  }
  // Takes over the reference the caller holds.
  static Value adopt(RecordValue* r) {
    Value x;
    x.kind = ValueKind::record;
    x.object_ = static_cast<const Shared*>(r);
    return x;
  }
  static Value adopt(Instance* i);
  static Value adopt(ListValue* l) {
    Value x;
    x.kind = ValueKind::list;
    x.object_ = static_cast<const Shared*>(l);
    return x;
  }
  static Value adopt(MapValue* m) {
    Value x;
    x.kind = ValueKind::map;
    x.object_ = static_cast<const Shared*>(m);
    return x;
  }
  static Value adopt(SetValue* s) {
    Value x;
    x.kind = ValueKind::set;
    x.object_ = static_cast<const Shared*>(s);
    return x;
  }
  // A tuple of the ListValue's items; takes over the reference the caller holds.
  static Value adopt_tuple(ListValue* l) {
    Value x;
    x.kind = ValueKind::tuple;
    x.object_ = static_cast<const Shared*>(l);
    return x;
  }
  // A new reference to an existing instance.
  static Value of(Instance& i);

  // Becomes the quantity or boolean `v` (compiled code's results, written in place).
  void set_plain(double v, ValueKind k, const Dimension& d) {
    if (shared()) [[unlikely]]
      *this = Value{};
    number = v;
    dim = d;
    kind = k;
    owned_text = 0;
    object_ = nullptr;
  }

  // Becomes `shape`, which holds no shared object (a quantity, boolean or enumeration
  // member, with its unit and display), with the number `v` (a plan's result, written
  // in place).
  void set_like(const Value& shape, double v) {
    if (shared()) [[unlikely]]
      *this = Value{};
    place_like(shape, v);
  }
  // The same where this value holds no shared object (a method argument made for a
  // memo entry, Form::add_to).
  void place_like(const Value& shape, double v) {
    number = v;
    take_form(shape);
  }

  bool is_none() const { return kind == ValueKind::none; }
  bool truthy() const { return number != 0; }

  const std::string& text() const {
    if (owned_text) return static_cast<const TextValue*>(shared_object())->text;
    return *static_cast<const std::string*>(object_);
  }
  const EnumDecl* enumeration() const {
    return kind == ValueKind::enumeration ? static_cast<const EnumDecl*>(object_) : nullptr;
  }
  const RecordValue* record() const {
    return kind == ValueKind::record ? static_cast<const RecordValue*>(shared_object()) : nullptr;
  }
  Instance* instance() const;
  const ListValue* list() const {
    return kind == ValueKind::list ? static_cast<const ListValue*>(shared_object()) : nullptr;
  }
  // A tuple's elements (null for anything else).
  const ListValue* tuple() const {
    return kind == ValueKind::tuple ? static_cast<const ListValue*>(shared_object()) : nullptr;
  }
  const MapValue* map() const {
    return kind == ValueKind::map ? static_cast<const MapValue*>(shared_object()) : nullptr;
  }
  const SetValue* set() const {
    return kind == ValueKind::set ? static_cast<const SetValue*>(shared_object()) : nullptr;
  }
  // What `for x in ...` goes through: a list, or a set's elements (null for anything else).
  const ListValue* elements() const;
  // The identity of what a text, record or instance value refers to (null otherwise): a
  // literal text is its string in the AST, a built text its TextValue.
  const void* identity() const { return object_; }
  // Whether the value refers to a shared object (a record, instance, list, map, tuple or
  // built text), whose reference count a copy touches.
  bool holds_shared() const { return shared(); }
  // Whether `o` is of the same kind and dimension and refers to the same thing (one
  // column of a list of rows: ListBuilder).
  bool same_shape(const Value& o) const {
    // The 24 bytes after the number, all defined (see owned_text), as three words.
    std::uint64_t a[3];
    std::uint64_t b[3];
    std::memcpy(a, reinterpret_cast<const unsigned char*>(this) + sizeof(double), sizeof a);
    std::memcpy(b, reinterpret_cast<const unsigned char*>(&o) + sizeof(double), sizeof b);
    return ((a[0] ^ b[0]) | (a[1] ^ b[1]) | (a[2] ^ b[2])) == 0;
  }
  // This value, which holds no shared object, with another number.
  Value with_number(double v) const {
    Value x;
    x.assign(*this);
    x.number = v;
    return x;
  }

 private:
  // `shape`'s kind, unit and object (it holds no shared object): the bytes after the
  // number copied as words, every one defined (see owned_text), which GCC does not merge
  // the fields' copies into.
  void take_form(const Value& shape) {
    std::memcpy(reinterpret_cast<unsigned char*>(this) + sizeof(double),
                reinterpret_cast<const unsigned char*>(&shape) + sizeof(double),
                sizeof(Value) - sizeof(double));
  }
  // kind >= record or owned_text, as one comparison of the two adjacent bytes (which GCC
  // reads as one word): a scan of many values (an instance's thunks) tests each once.
  bool shared() const {
    return (static_cast<unsigned>(kind) | static_cast<unsigned>(owned_text) << 8) >=
           static_cast<unsigned>(ValueKind::record);
  }
  const Shared* shared_object() const { return static_cast<const Shared*>(object_); }
  void assign(const Value& o) {
    number = o.number;
    dim = o.dim;
    kind = o.kind;
    owned_text = o.owned_text;
    object_ = o.object_;
  }

  // text: const std::string* (a literal) or the Shared TextValue (owned_text); enumeration:
  // const EnumDecl*; record, instance and list: the Shared object (a RecordValue, an
  // Instance or a ListValue).
  const void* object_;
};
// On a 64-bit target; the wasm32 build (docs/playground.md) has smaller pointers.
static_assert(sizeof(void*) != 8 || (sizeof(Value) == 32 && sizeof(Dimension) + 1 + 1 == 16));
static_assert(static_cast<int>(ValueKind::none) == 0);  // Value(): all zeros

inline ListValue* ListValue::make(std::vector<Value> items) {
  auto* l = new ListValue;
  l->items_ = std::move(items);
  return l;
}
inline ListValue* ListValue::make_packed(std::vector<double> numbers, Dimension dim) {
  auto* l = new ListValue;
  l->numbers_ = std::move(numbers);
  l->dim_ = dim;
  l->packed_ = true;
  return l;
}
inline ListValue::~ListValue() = default;

inline std::size_t ListValue::size() const {
  return packed_ ? numbers_.size() : row_type_ ? rows_ : items_.size();
}

inline Value ListValue::at(std::size_t i) const {
  if (packed_) return Value::quantity(numbers_[i], dim_);
  if (row_type_) return row(i);
  return items_[i];
}

inline Value ListValue::row_field(std::size_t i, std::size_t k) const {
  return shapes_[k].with_number(numbers_[i * shapes_.size() + k]);
}

inline double ListValue::number_at(std::size_t i) const {
  if (packed_) return numbers_[i];
  return row_type_ ? items()[i].number : items_[i].number;
}

inline const std::vector<Value>& ListValue::items() const {
  if (packed_ || row_type_) make_items();
  return items_;
}

inline SetValue* SetValue::make(std::vector<Value> unique, KeyIndex index) {
  auto* s = new SetValue;
  s->list_ = ListValue::make(std::move(unique));
  s->index_ = std::move(index);
  return s;
}
inline SetValue::~SetValue() { release(list_); }
inline const ListValue& SetValue::elements() const { return *list_; }
inline std::span<const Value> SetValue::items() const { return elements().items(); }
inline std::size_t SetValue::size() const { return elements().size(); }
inline std::size_t SetValue::position(const Value& v) const { return index_.find(items(), v); }
inline bool SetValue::contains(const Value& v) const { return position(v) != KeyIndex::npos; }
inline const ListValue* Value::elements() const {
  if (kind == ValueKind::set) return &set()->elements();
  return list();
}

inline MapValue* MapValue::make(std::vector<Value> keys, std::vector<Value> values,
                                KeyIndex index) {
  auto* m = new MapValue;
  m->keys = std::move(keys);
  m->values = std::move(values);
  m->index_ = std::move(index);
  return m;
}
inline MapValue::~MapValue() = default;

}  // namespace reckon
