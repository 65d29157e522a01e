#include "interleaved_queue.h"

namespace nic::pim {

namespace {
void clear(Entry* e) {
  e->next = nullptr;
  e->valid = 0;
  e->used = 0;
}
}  // namespace

// ---- the pool --------------------------------------------------------------------------------

void EntryPool::init(Entry* entries, unsigned n, volatile uint32_t* wake, unsigned low) {
  wake_ = wake;
  low_ = low;
  pim_writef(&lock_, 0);
  for (unsigned i = 0; i < n; ++i) {
    pim_writef(&entries[i].lock, 0);
    give(&entries[i]);
  }
}

Entry* EntryPool::take() {
  for (;;) {
    (void)pim_readfe(&lock_);
    Entry* e = list_;
    if (e) {
      list_ = e->next;
      --free_;
    }
    const unsigned left = free_;
    pim_writeef(&lock_, 0);
    if (left < low_) pim_writef(wake_, 1);  // the clean-up thread gives entries back
    if (e) {
      clear(e);
      return e;
    }
    pim_yield();
  }
}

void EntryPool::give(Entry* e) {
  (void)pim_readfe(&lock_);
  e->next = list_;
  list_ = e;
  ++free_;
  pim_writeef(&lock_, 0);
}

// ---- the queue -------------------------------------------------------------------------------

void InterleavedQueue::init(EntryPool& pool) {
  pool_ = &pool;
  head_ = last_ = pool.take();
  fill_ = head_;
  reserved_ = 0;
  consumed_ = 0;
}

void InterleavedQueue::reserve(unsigned items) {
  const unsigned want = (items + kItems - 1) / kItems;
  while (reserved_ - consumed_ < want) {
    Entry* n = pool_->take();  // may wait: we hold no lock
    Entry* l = last_;           // only this thread moves last_
    lock(l);
    l->next = n;
    last_ = n;
    ++reserved_;
    unlock(l);
  }
}

void InterleavedQueue::put(Entry* e, Request* r, Fields f) {
  const unsigned i = e->used++;
  e->row[0][i] = f.f[0];
  e->row[1][i] = f.f[1];
  e->row[2][i] = f.f[2];
  e->item[i] = r;
  e->valid |= 1u << i;
}

Entry* InterleavedQueue::next_for_append(Entry* full) {
  Entry* n = full->next;  // in reserve (reserve() saw to it)
  lock(n);
  fill_ = n;
  consumed_ = consumed_ + 1;
  unlock(full);
  return n;
}

Entry* InterleavedQueue::lock_fill() {
  Entry* e = fill_;  // stays fill while we hold it
  lock(e);
  return e;
}

void InterleavedQueue::append_locked(Entry* e, Request* r, Fields f) {
  if (e->used == kItems) slide(e);  // holes left by matches make room at the end
  if (e->used == kItems) e = next_for_append(e);
  put(e, r, f);
  unlock(e);
}

void InterleavedQueue::append(Request* r, Fields f) { append_locked(lock_fill(), r, f); }

bool InterleavedQueue::remove(const Request* r) {
  Entry* e = head_;
  lock(e);
  for (;;) {
    for (uint32_t bits = e->valid; bits; bits &= bits - 1) {
      const unsigned i = unsigned(__builtin_ctz(bits));
      if (e->item[i] == r) {
        e->valid &= ~(1u << i);
        unlock(e);
        return true;
      }
    }
    if (e == fill_) break;
    Entry* n = e->next;
    lock(n);
    unlock(e);
    e = n;
  }
  unlock(e);
  return false;
}

unsigned InterleavedQueue::length() {
  unsigned n = 0;
  find_if([&n](Request*) {
    ++n;
    return false;
  });
  return n;
}

// The valid items of e to its first slots, in order.
void InterleavedQueue::slide(Entry* e) {
  unsigned k = 0;
  for (uint32_t bits = e->valid; bits; bits &= bits - 1, ++k) {
    const unsigned i = unsigned(__builtin_ctz(bits));
    if (i == k) continue;
    e->row[0][k] = e->row[0][i];
    e->row[1][k] = e->row[1][i];
    e->row[2][k] = e->row[2][i];
    e->item[k] = e->item[i];
  }
  e->valid = k == kItems ? 0xFFFFu : (1u << k) - 1;
  e->used = k;
}

unsigned InterleavedQueue::compact(bool tight) {
  unsigned given = 0;
  Entry* a = head_;
  lock(a);
  while (a != fill_) {
    Entry* b = a->next;
    lock(b);
    const unsigned na = unsigned(__builtin_popcount(a->valid)), nb = unsigned(__builtin_popcount(b->valid));
    // Neighbours whose items fit in one entry become one (a hole costs at most one move of each
    // item). Tight: b's first items also fill a's room when they do not all fit (entries are then
    // full but for the last ones, whatever the holes' pattern; each item may move again).
    if (nb && (na + nb <= kItems || (tight && na < kItems))) {
      slide(a);
      slide(b);
      unsigned moved = 0;
      for (; moved < nb && a->used < kItems; ++moved) {
        const unsigned i = a->used++;
        a->row[0][i] = b->row[0][moved];
        a->row[1][i] = b->row[1][moved];
        a->row[2][i] = b->row[2][moved];
        a->item[i] = b->item[moved];
      }
      a->valid = a->used == kItems ? 0xFFFFu : (1u << a->used) - 1;
      b->valid &= ~((1u << moved) - 1);
      if (moved < nb) slide(b);
    }
    if (!b->valid && b != fill_) {  // empty, and nothing appends to it: out of the list
      a->next = b->next;
      unlock(b);
      pool_->give(b);
      ++given;
      continue;  // a again, with its new next
    }
    unlock(a);
    a = b;
  }
  unlock(a);
  return given;
}

}  // namespace nic::pim
