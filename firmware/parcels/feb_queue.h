// A singly linked queue whose every element has its own full/empty-bit lock (seed
// mpi-over-parcels-pim, section 3.2): threads walk it hand over hand, holding at most two
// elements, so many can traverse and change it at once. Elements are the caller's memory.
#pragma once

#include <pimnic/pim.h>
#include <stdint.h>

namespace parcels {

struct FebElement {
  volatile uint32_t lock __attribute__((aligned(4)));  // full = free
  uint32_t key = 0;
  FebElement* next = nullptr;
};

class FebQueue {
 public:
  FebQueue() { release(&head_); }
  void push_back(FebElement* e);
  // Unlinks and returns the first element with `key`, or nullptr.
  FebElement* remove(uint32_t key);
  // Elements in order, up to `max`, into out (no concurrent changes expected).
  uint32_t snapshot(uint32_t* keys, uint32_t max);

 private:
  static void hold(FebElement* e) { (void)pim_readfe(&e->lock); }
  static void release(FebElement* e) { pim_writef(&e->lock, 0); }
  FebElement head_;  // a sentinel: its lock guards the first link
};

}  // namespace parcels
