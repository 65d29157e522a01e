// A growable array of trivially copyable values (malloc/realloc: the MPI layer uses no exceptions
// and no standard containers). Growth failure is fatal (out_of_memory).
#pragma once
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <type_traits>

namespace pimnic::mpi {

[[noreturn]] void out_of_memory(const char* what);  // errors.cpp

// malloc that never returns null (a zero-byte request gets one byte, so the result is never null).
inline void* checked_alloc(size_t bytes, const char* what) {
  void* p = malloc(bytes ? bytes : 1);
  if (!p) out_of_memory(what);
  return p;
}

template <class T>
class Vec {
  static_assert(std::is_trivially_copyable_v<T>);

 public:
  Vec() = default;
  Vec(const Vec&) = delete;
  Vec& operator=(const Vec&) = delete;
  ~Vec() { free(data_); }

  uint32_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  T* data() { return data_; }
  const T* data() const { return data_; }
  T& operator[](uint32_t i) { return data_[i]; }
  const T& operator[](uint32_t i) const { return data_[i]; }
  T* begin() { return data_; }
  T* end() { return data_ + size_; }

  void reserve(uint32_t n) {
    if (n <= capacity_) return;
    T* grown = static_cast<T*>(realloc(data_, size_t(n) * sizeof(T)));
    if (!grown) out_of_memory("array");
    data_ = grown;
    capacity_ = n;
  }
  void push_back(const T& value) {
    if (size_ == capacity_) reserve(capacity_ ? capacity_ * 2 : 8);
    data_[size_++] = value;
  }
  void pop_back() { --size_; }
  T& back() { return data_[size_ - 1]; }
  void resize(uint32_t n) {  // new elements are zero bytes
    reserve(n);
    if (n > size_) memset(static_cast<void*>(data_ + size_), 0, size_t(n - size_) * sizeof(T));
    size_ = n;
  }
  void clear() { size_ = 0; }

 private:
  T* data_ = nullptr;
  uint32_t size_ = 0;
  uint32_t capacity_ = 0;
};

// Scratch bytes owned for one call (a collective's temporary, a pack buffer).
class Scratch {
 public:
  Scratch() = default;
  explicit Scratch(size_t bytes) { data_ = checked_alloc(bytes, "temporary buffer"); }
  Scratch(const Scratch&) = delete;
  Scratch& operator=(const Scratch&) = delete;
  ~Scratch() { free(data_); }
  void allocate(size_t bytes) {
    free(data_);
    data_ = checked_alloc(bytes, "temporary buffer");
  }
  char* bytes() { return static_cast<char*>(data_); }

 private:
  void* data_ = nullptr;
};

}  // namespace pimnic::mpi
