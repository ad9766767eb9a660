// The interned element units of tuples (display_unit.hpp). Entries live as long as the
// process: there are as many as distinct tuple shapes with units, a handful per program.
#include "syntax/display_unit.hpp"

#include <bit>
#include <map>
#include <memory>
#include <mutex>
#include <stdexcept>

namespace reckon {

namespace {

using Elements = std::vector<std::optional<DisplayUnit>>;

// A text that tells distinct units apart, a tuple's elements (by their entry) included.
std::string key_of(const DisplayUnit& u) {
  return u.symbol + '\x1f' + std::to_string(std::bit_cast<std::uint64_t>(u.scale)) +
         (u.ladder ? 'L' : 'W') + (u.written_values ? 'V' : 'C') + std::to_string(u.tuple);
}

// Shared by every thread that checks a program (the Python package checks in several).
struct Table {
  std::mutex lock;
  std::vector<std::unique_ptr<const Elements>> entries;  // entry i is tuple i + 1
  std::map<std::string, std::uint32_t> by_key;
};

Table& table() {
  static Table t;
  return t;
}

}  // namespace

std::span<const std::optional<DisplayUnit>> DisplayUnit::elements() const {
  if (!tuple) return {};
  Table& t = table();
  std::lock_guard guard(t.lock);
  return *t.entries.at(tuple - 1);  // the entry never moves nor changes
}

const DisplayUnit* DisplayUnit::element(std::size_t i) const {
  const auto all = elements();
  return i < all.size() && all[i] ? &*all[i] : nullptr;
}

DisplayUnit DisplayUnit::of_tuple(std::vector<std::optional<DisplayUnit>> elements) {
  std::string key;
  for (const auto& x : elements) key += (x ? key_of(*x) : std::string("-")) + '\x1e';
  Table& t = table();
  std::lock_guard guard(t.lock);
  auto [at, fresh] = t.by_key.try_emplace(std::move(key), 0);
  if (fresh) {
    if (t.entries.size() >= UINT32_MAX - 1) throw std::length_error("too many tuple units");
    t.entries.push_back(std::make_unique<const Elements>(std::move(elements)));
    at->second = static_cast<std::uint32_t>(t.entries.size());
  }
  DisplayUnit u;
  u.tuple = at->second;
  return u;
}

}  // namespace reckon
