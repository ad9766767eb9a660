// Finding a member of a declaration by name (a scenario's inputs and properties, a
// record's fields, an enumeration's values) in constant time. A linear scan per lookup
// made checking a chain of 100,000 properties quadratic (17 s).
#pragma once

#include <cstddef>
#include <functional>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>

namespace reckon {

// A hash index over the names of a vector the owner keeps, built on the first lookup
// and rebuilt when the vector has grown (members are only ever appended). Short
// vectors are scanned: most declarations have a handful of members.
class NameIndex {
 public:
  NameIndex() = default;
  // A copy indexes its own vector: it starts empty.
  NameIndex(const NameIndex&) {}
  NameIndex& operator=(const NameIndex&) {
    std::lock_guard lock(mutex_);
    positions_.clear();
    indexed_ = 0;
    return *this;
  }

  // The position of the first item named `name` (name_of(item)), or -1.
  template <typename Items, typename NameOf>
  int find(const Items& items, std::string_view name, NameOf name_of) const {
    constexpr std::size_t scan_below = 16;
    if (items.size() < scan_below) {
      for (std::size_t i = 0; i < items.size(); ++i)
        if (name_of(items[i]) == name) return static_cast<int>(i);
      return -1;
    }
    std::lock_guard lock(mutex_);  // the checker's and a sweep's threads may ask at once
    if (indexed_ != items.size()) {
      positions_.clear();
      for (std::size_t i = 0; i < items.size(); ++i)
        positions_.try_emplace(std::string(name_of(items[i])), static_cast<int>(i));
      indexed_ = items.size();
    }
    auto it = positions_.find(name);
    return it == positions_.end() ? -1 : it->second;
  }

 private:
  struct Hash {
    using is_transparent = void;
    std::size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
  };
  mutable std::mutex mutex_;
  mutable std::unordered_map<std::string, int, Hash, std::equal_to<>> positions_;
  mutable std::size_t indexed_ = 0;
};

}  // namespace reckon
