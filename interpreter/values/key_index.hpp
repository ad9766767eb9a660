// One rule for when two values are the same set element or map key, and a hash index over
// a vector of them (docs/language.md, "Sets"). Sets use it for every element; maps for
// lookups once they pass a handful of entries, and to find a key made twice.
//
// Texts are the same when their characters are, enumeration members when they are one
// member, booleans when equal, and quantities when their base-unit values agree to 40
// binary digits (about 12 significant decimal digits, the tolerance `==` allows): each is
// rounded to its nearest such value before it is compared or hashed, so that sameness is
// an equivalence, which a tolerance is not. The values compared are of one type (the
// checker's), so a quantity's dimension is not compared: a count meets a plain number.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace reckon {

struct Value;

std::uint64_t key_hash(const Value& v);
bool same_key(const Value& a, const Value& b);

// Open addressing over positions into a vector of keys the caller keeps (a set's
// elements, a map's keys): each slot holds 32 bits of a key's hash and its position, so
// a probe compares keys only where their hashes agree.
class KeyIndex {
 public:
  static constexpr std::size_t npos = static_cast<std::size_t>(-1);

  // Room for `count` keys without growing.
  void reserve(std::size_t count);
  // The position among `keys` (the vector this index was built over) of a key the same as
  // `key`, or npos.
  std::size_t find(std::span<const Value> keys, const Value& key) const;
  // Indexes keys[position] unless a key the same is indexed: then returns that key's
  // position (and indexes nothing), else `position`.
  std::size_t add(std::span<const Value> keys, std::size_t position);
  std::size_t size() const { return count_; }

 private:
  std::size_t probe(std::span<const Value> keys, const Value& key, std::uint32_t fragment) const;
  void grow(std::size_t at_least);

  std::vector<std::uint64_t> slots_;  // fragment << 32 | (position + 1); 0 is empty
  std::size_t count_ = 0;
};

}  // namespace reckon
