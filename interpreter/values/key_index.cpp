#include "interpreter/values/key_index.hpp"

#include <bit>
#include <cstring>
#include <functional>
#include <string_view>

#include "interpreter/values/value.hpp"

namespace reckon {

namespace {

// A quantity's base-unit value rounded to 40 of a double's 52 fraction bits (round half
// up on the magnitude), with -0 as 0: the representative of the values that count as it.
std::uint64_t rounded_bits(double x) {
  if (x == 0) return 0;
  std::uint64_t bits = std::bit_cast<std::uint64_t>(x);
  constexpr std::uint64_t dropped = 12;
  bits += std::uint64_t{1} << (dropped - 1);
  return bits & ~((std::uint64_t{1} << dropped) - 1);
}

std::uint64_t mix(std::uint64_t x) {  // splitmix64's finaliser: every bit moves every bit
  x ^= x >> 30;
  x *= 0xbf58476d1ce4e5b9ULL;
  x ^= x >> 27;
  x *= 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

}  // namespace

std::uint64_t key_hash(const Value& v) {
  switch (v.kind) {
    case ValueKind::text:
      return mix(std::hash<std::string_view>{}(v.text()));
    case ValueKind::quantity:
      return mix(rounded_bits(v.number));
    case ValueKind::enumeration:
      return mix(static_cast<std::uint64_t>(v.number) ^
                 (reinterpret_cast<std::uintptr_t>(v.enumeration()) << 16));
    default:
      return mix(static_cast<std::uint64_t>(v.number) + static_cast<std::uint64_t>(v.kind));
  }
}

bool same_key(const Value& a, const Value& b) {
  if (a.kind != b.kind) return false;
  switch (a.kind) {
    case ValueKind::text:
      return a.text() == b.text();
    case ValueKind::quantity:  // of one type (the checker's): a count and a plain number meet
      return rounded_bits(a.number) == rounded_bits(b.number);
    case ValueKind::enumeration:
      return a.enumeration() == b.enumeration() && a.number == b.number;
    default:
      return a.number == b.number;
  }
}

void KeyIndex::reserve(std::size_t count) {
  if (2 * count > slots_.size()) grow(2 * count);
}

std::size_t KeyIndex::probe(std::span<const Value> keys, const Value& key,
                            std::uint32_t fragment) const {
  const std::size_t mask = slots_.size() - 1;
  for (std::size_t i = fragment & mask;; i = (i + 1) & mask) {
    const std::uint64_t slot = slots_[i];
    if (slot == 0) return i;
    if (static_cast<std::uint32_t>(slot >> 32) == fragment) {
      const auto position = static_cast<std::size_t>(slot & 0xffffffffu) - 1;
      if (same_key(keys[position], key)) return i;
    }
  }
}

std::size_t KeyIndex::find(std::span<const Value> keys, const Value& key) const {
  if (count_ == 0) return npos;
  const std::uint64_t slot = slots_[probe(keys, key, static_cast<std::uint32_t>(key_hash(key)))];
  return slot == 0 ? npos : static_cast<std::size_t>(slot & 0xffffffffu) - 1;
}

std::size_t KeyIndex::add(std::span<const Value> keys, std::size_t position) {
  if (2 * (count_ + 1) > slots_.size()) grow(2 * (count_ + 1));
  const auto fragment = static_cast<std::uint32_t>(key_hash(keys[position]));
  std::uint64_t& slot = slots_[probe(keys, keys[position], fragment)];
  if (slot != 0) return static_cast<std::size_t>(slot & 0xffffffffu) - 1;
  slot = std::uint64_t{fragment} << 32 | (position + 1);
  ++count_;
  return position;
}

std::size_t MapValue::find(const Value& key) const {
  // A handful of keys, the usual map written by hand, is searched in turn.
  constexpr std::size_t searched_in_turn = 8;
  if (keys.size() <= searched_in_turn) {
    for (std::size_t i = 0; i < keys.size(); ++i)
      if (same_key(keys[i], key)) return i;
    return KeyIndex::npos;
  }
  std::call_once(indexed_, [this] {
    if (index_.size() == keys.size()) return;  // make() was given it
    index_ = KeyIndex{};
    index_.reserve(keys.size());
    for (std::size_t i = 0; i < keys.size(); ++i) index_.add(keys, i);
  });
  return index_.find(keys, key);
}

// Rehashes from the stored fragments: the keys are not read again.
void KeyIndex::grow(std::size_t at_least) {
  std::size_t capacity = 16;
  while (capacity < at_least) capacity *= 2;
  std::vector<std::uint64_t> old(capacity, 0);
  old.swap(slots_);
  const std::size_t mask = capacity - 1;
  for (std::uint64_t slot : old) {
    if (slot == 0) continue;
    std::size_t i = static_cast<std::uint32_t>(slot >> 32) & mask;
    while (slots_[i] != 0) i = (i + 1) & mask;
    slots_[i] = slot;
  }
}

}  // namespace reckon
