// A growable array in 16 bytes (a pointer and two 32-bit counts) where std::vector takes
// 24. Every expression node holds three (operands, call arguments, call binding) and a
// 16 MiB file has over a million nodes, so the 24 bytes saved per node bring `Expr` into
// a smaller allocation size class (docs/performance.md, "Memory"). Only what the syntax
// tree's users call is here; elements must move without throwing.
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>
#include <memory>
#include <new>
#include <stdexcept>
#include <type_traits>
#include <utility>
#include <vector>

namespace reckon {

template <typename T>
class CompactVector {
  static_assert(std::is_nothrow_move_constructible_v<T>);

 public:
  using value_type = T;
  using size_type = std::size_t;
  using iterator = T*;
  using const_iterator = const T*;

  CompactVector() noexcept = default;
  CompactVector(CompactVector&& o) noexcept
      : data_(std::exchange(o.data_, nullptr)),
        size_(std::exchange(o.size_, 0)),
        capacity_(std::exchange(o.capacity_, 0)) {}
  CompactVector(const CompactVector& o) {
    reserve(o.size());
    for (const T& x : o) emplace_back(x);
  }
  // What the parser builds in a std::vector.
  CompactVector(std::vector<T>&& v) {  // NOLINT: implicit, as an assignment's source
    reserve(v.size());
    for (T& x : v) emplace_back(std::move(x));
  }
  CompactVector& operator=(CompactVector&& o) noexcept {
    if (this != &o) {
      release();
      data_ = std::exchange(o.data_, nullptr);
      size_ = std::exchange(o.size_, 0);
      capacity_ = std::exchange(o.capacity_, 0);
    }
    return *this;
  }
  CompactVector& operator=(const CompactVector& o) {
    if (this != &o) *this = CompactVector(o);
    return *this;
  }
  ~CompactVector() { release(); }

  std::size_t size() const noexcept { return size_; }
  bool empty() const noexcept { return size_ == 0; }
  T* data() noexcept { return data_; }
  const T* data() const noexcept { return data_; }
  T* begin() noexcept { return data_; }
  T* end() noexcept { return data_ + size_; }
  const T* begin() const noexcept { return data_; }
  const T* end() const noexcept { return data_ + size_; }
  T& operator[](std::size_t i) noexcept { return data_[i]; }
  const T& operator[](std::size_t i) const noexcept { return data_[i]; }
  T& at(std::size_t i) {
    if (i >= size_) throw std::out_of_range("CompactVector::at");
    return data_[i];
  }
  const T& at(std::size_t i) const {
    if (i >= size_) throw std::out_of_range("CompactVector::at");
    return data_[i];
  }
  T& front() noexcept { return data_[0]; }
  const T& front() const noexcept { return data_[0]; }
  T& back() noexcept { return data_[size_ - 1]; }
  const T& back() const noexcept { return data_[size_ - 1]; }

  void reserve(std::size_t n) {
    if (n > capacity_) reallocate(n, nullptr);
  }
  template <typename... Args>
  T& emplace_back(Args&&... args) {
    if (size_ < capacity_) {
      T* p = ::new (static_cast<void*>(data_ + size_)) T(std::forward<Args>(args)...);
      ++size_;
      return *p;
    }
    // The new element is made before the old ones move, as it may be made from one.
    std::size_t n = capacity_ == 0 ? 1 : 2 * static_cast<std::size_t>(capacity_);
    T* fresh = allocate(n);
    T* p = nullptr;
    try {
      p = ::new (static_cast<void*>(fresh + size_)) T(std::forward<Args>(args)...);
    } catch (...) {
      std::allocator<T>().deallocate(fresh, n);
      throw;
    }
    reallocate(n, fresh);
    ++size_;
    return *p;
  }
  void push_back(T&& x) { emplace_back(std::move(x)); }
  void push_back(const T& x) { emplace_back(x); }
  void assign(std::size_t n, const T& value) {
    T copy(value);  // `value` may be an element
    clear();
    reserve(n);
    for (std::size_t i = 0; i < n; ++i) emplace_back(copy);
  }
  void clear() noexcept {
    std::destroy(data_, data_ + size_);
    size_ = 0;
  }

 private:
  static T* allocate(std::size_t n) {
    if (n > std::numeric_limits<std::uint32_t>::max()) throw std::length_error("CompactVector");
    return std::allocator<T>().allocate(n);
  }
  // Moves the elements into `fresh` (capacity n; allocated here when null).
  void reallocate(std::size_t n, T* fresh) {
    if (!fresh) fresh = allocate(n);
    for (std::uint32_t i = 0; i < size_; ++i) {
      ::new (static_cast<void*>(fresh + i)) T(std::move(data_[i]));
      data_[i].~T();
    }
    if (data_) std::allocator<T>().deallocate(data_, capacity_);
    data_ = fresh;
    capacity_ = static_cast<std::uint32_t>(n);
  }
  void release() noexcept {
    clear();
    if (data_) std::allocator<T>().deallocate(data_, capacity_);
    data_ = nullptr;
    capacity_ = 0;
  }

  T* data_ = nullptr;
  std::uint32_t size_ = 0;
  std::uint32_t capacity_ = 0;
};

}  // namespace reckon
