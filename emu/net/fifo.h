// A first-in first-out ring buffer that allocates nothing until its first push (so thousands of
// idle ports cost a few words each, unlike std::deque's eager block) and grows by doubling.
#pragma once
#include <cstddef>
#include <memory>
#include <utility>

namespace pimnic::net {

template <typename T>
class Fifo {
 public:
  Fifo() = default;
  Fifo(Fifo&&) noexcept = default;
  Fifo& operator=(Fifo&&) noexcept = default;

  bool empty() const { return size_ == 0; }
  size_t size() const { return size_; }
  size_t capacity() const { return cap_; }
  T& front() { return buf_[head_]; }
  const T& front() const { return buf_[head_]; }

  void push(T v) {
    if (size_ == cap_) grow();
    buf_[(head_ + size_) & (cap_ - 1)] = std::move(v);
    ++size_;
  }
  T pop() {
    T v = std::move(buf_[head_]);
    buf_[head_] = T{};  // release what the moved-from slot may still hold
    head_ = (head_ + 1) & (cap_ - 1);
    --size_;
    return v;
  }

 private:
  void grow() {
    size_t cap = cap_ ? cap_ * 2 : 4;
    std::unique_ptr<T[]> b(new T[cap]);
    for (size_t i = 0; i < size_; ++i) b[i] = std::move(buf_[(head_ + i) & (cap_ - 1)]);
    buf_ = std::move(b);
    cap_ = cap;
    head_ = 0;
  }
  std::unique_ptr<T[]> buf_;
  size_t cap_ = 0, head_ = 0, size_ = 0;
};

}  // namespace pimnic::net
