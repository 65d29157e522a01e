// A doubly linked list threaded through its elements (no allocation), for the queues of NIC
// firmware (the MPI engine's five queues of the seed - postedRecvQ, activeRecvQ, unexpectedQ,
// unexpectedActiveQ, sendQ - and its completion backlog). Link is a pointer to the element's member
// holding its {next, prev} pair.
#pragma once

namespace nic {

template <typename T>
struct Link {
  T* next = nullptr;
  T* prev = nullptr;
};

template <typename T, Link<T> T::*L>
class List {
 public:
  T* front() const { return head_; }
  T* back() const { return tail_; }
  bool empty() const { return !head_; }
  unsigned size() const { return size_; }
  static T* next(const T* e) { return (e->*L).next; }
  void push_back(T* e) {
    (e->*L).prev = tail_;
    (e->*L).next = nullptr;
    if (tail_) (tail_->*L).next = e;
    else head_ = e;
    tail_ = e;
    ++size_;
  }
  void remove(T* e) {
    Link<T>& l = e->*L;
    if (l.prev) (l.prev->*L).next = l.next;
    else head_ = l.next;
    if (l.next) (l.next->*L).prev = l.prev;
    else tail_ = l.prev;
    l.next = l.prev = nullptr;
    --size_;
  }
  T* pop_front() {
    T* e = head_;
    if (e) remove(e);
    return e;
  }

 private:
  T* head_ = nullptr;
  T* tail_ = nullptr;
  unsigned size_ = 0;
};

}  // namespace nic
