// Interned element types of list types (Type::list_of). A list type carries its element
// type as a 4-byte id into this table instead of a pointer, which would have grown
// every Type, and so every Expr, by 8 bytes.
#include "syntax/types.hpp"

#include <algorithm>
#include <array>
#include <atomic>
#include <cstring>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <vector>

namespace reckon {

namespace {

bool same(const Type& a, const Type& b) {
  return a.kind == b.kind && a.dim == b.dim && a.integer == b.integer && a.optional == b.optional &&
         a.element_id == b.element_id && a.record == b.record && a.enumeration == b.enumeration &&
         a.scenario == b.scenario;
}

bool same(const std::vector<Type>& a, const std::vector<Type>& b) {
  return std::equal(a.begin(), a.end(), b.begin(), b.end(),
                    [](const Type& x, const Type& y) { return same(x, y); });
}

// Append-only and never freed: a program has a handful of distinct list types. Chunks
// are published through atomics, so reading an element type (the evaluator's threads
// do, to show a list) takes no lock; interning a new one does. Entry is a Type (list
// elements, map values) or a tuple's element types.
template <typename Entry>
class InternTable {
 public:
  static constexpr std::size_t chunk_size = 1024;
  static constexpr std::size_t max_chunks = 1024;

  std::uint32_t intern(const Entry& t) {
    std::lock_guard lock(mutex_);
    for (std::uint32_t id = 1; id <= count_; ++id)
      if (same(at(id), t)) return id;
    const std::size_t next = count_ + 1;
    const std::size_t chunk = next / chunk_size;
    if (chunk >= max_chunks) throw std::length_error("too many distinct list element types");
    if (!chunks_[chunk].load(std::memory_order_acquire))
      chunks_[chunk].store(new Entry[chunk_size], std::memory_order_release);
    chunks_[chunk].load(std::memory_order_relaxed)[next % chunk_size] = t;
    count_ = static_cast<std::uint32_t>(next);
    return count_;
  }

  const Entry& at(std::uint32_t id) const {
    return chunks_[id / chunk_size].load(std::memory_order_acquire)[id % chunk_size];
  }

 private:
  std::mutex mutex_;
  std::uint32_t count_ = 0;  // ids 1..count_ are taken; 0 is "no element"
  std::array<std::atomic<Entry*>, max_chunks> chunks_{};
};

InternTable<Type>& table() {
  static auto* t = new InternTable<Type>;  // never destroyed: types outlive statics
  return *t;
}

InternTable<std::vector<Type>>& tuple_table() {
  static auto* t = new InternTable<std::vector<Type>>;
  return *t;
}

}  // namespace

Type Type::list_of(const Type& element) {
  Type t;
  t.kind = TypeKind::list;
  t.element_id = table().intern(element);
  return t;
}

Type Type::set_of(const Type& element) {
  Type t;
  t.kind = TypeKind::set;
  t.element_id = table().intern(element);
  return t;
}

Type Type::map_of(const Type& key, const Type& value) {
  Type t;
  t.kind = TypeKind::map;
  t.enumeration = key.enumeration;
  t.element_id = tuple_table().intern(std::vector<Type>{key, value});
  return t;
}

const Type& Type::map_key() const {
  static const Type error_type;
  if (kind != TypeKind::map || element_id == 0) return error_type;
  return tuple_table().at(element_id)[0];
}

const Type& Type::map_value() const {
  static const Type error_type;
  if (kind != TypeKind::map || element_id == 0) return error_type;
  return tuple_table().at(element_id)[1];
}

Type Type::tuple_of(std::span<const Type> elements) {
  Type t;
  t.kind = TypeKind::tuple;
  t.element_id = tuple_table().intern(std::vector<Type>(elements.begin(), elements.end()));
  return t;
}

std::span<const Type> Type::tuple_elements() const {
  if (kind != TypeKind::tuple || element_id == 0) return {};
  return tuple_table().at(element_id);
}

const Type& Type::element() const {
  static const Type error_type;
  if ((kind != TypeKind::list && kind != TypeKind::set) || element_id == 0) return error_type;
  return table().at(element_id);
}

}  // namespace reckon
