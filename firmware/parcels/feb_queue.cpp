#include "feb_queue.h"

namespace parcels {

void FebQueue::push_back(FebElement* e) {
  e->next = nullptr;
  release(e);
  hold(&head_);
  FebElement* prev = &head_;
  while (FebElement* cur = prev->next) {
    hold(cur);
    release(prev);
    prev = cur;
  }
  prev->next = e;
  release(prev);
}

FebElement* FebQueue::remove(uint32_t key) {
  hold(&head_);
  FebElement* prev = &head_;
  while (FebElement* cur = prev->next) {
    hold(cur);
    if (cur->key == key) {
      prev->next = cur->next;
      release(cur);
      release(prev);
      return cur;
    }
    release(prev);
    prev = cur;
  }
  release(prev);
  return nullptr;
}

uint32_t FebQueue::snapshot(uint32_t* keys, uint32_t max) {
  uint32_t n = 0;
  for (FebElement* e = head_.next; e && n < max; e = e->next) keys[n++] = e->key;
  return n;
}

}  // namespace parcels
