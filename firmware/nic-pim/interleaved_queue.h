// The PIM NIC's matching queues (seed pim-nic-mpi-matching, section IV-C, Fig. 3(b)): a list of
// entries of sixteen items whose match data (context, source, tag) is interleaved, so that three
// 256-bit loads and a dozen vector operations examine sixteen items. Every entry has its own
// full/empty-bit lock, so that several threads walk, append and compact at once:
//
//   - walkers go hand over hand (lock the next entry, then release the current one), so none
//     overtakes another and a match always finds the oldest item that accepts it;
//   - items are appended at the `fill` entry (and entries after it, kept empty in reserve, which
//     only the main thread allocates, holding no lock: nobody ever waits for memory with a lock held);
//   - a matched item leaves a hole (its valid bit cleared); the clean-up thread compacts holes,
//     entry pair by entry pair hand over hand, merging neighbours that fit in one entry (items
//     keep their order) and giving emptied entries back; it never goes past `fill`.
//
// Every thread takes locks in one order (the posted queue's entries head to tail, then the
// unexpected queue's), so no cycle of waits can form. docs/pim-nic.md tells the whole story.
#pragma once
#include <cstdint>

#include <pimnic/pim.h>

#include "../mpi/nic/matching.h"

namespace nic::pim {

inline constexpr unsigned kItems = 16;  // items per entry: one 256-bit row per field

struct alignas(32) Entry {
  uint16_t row[3][kItems];   // context, source, tag (low 16 bits) of items 0-15: the vector rows
  Request* item[kItems];
  volatile uint32_t lock;    // full/empty word: full = free
  Entry* next;
  uint32_t valid;            // bit i: item i holds a request
  uint32_t used;             // items 0 .. used-1 have been filled since the entry was last compacted
  uint32_t pad[4];
};
static_assert(sizeof(Entry) == 192);

inline void lock(Entry* e) { (void)pim_readfe(&e->lock); }
inline void unlock(Entry* e) { pim_writeef(&e->lock, 0); }

// Entries not in a queue. Taking one may wait for the clean-up thread to give some back (`wake`:
// the full/empty word that wakes it, filled too whenever fewer than `low` are left).
class EntryPool {
 public:
  void init(Entry* entries, unsigned n, volatile uint32_t* wake, unsigned low);
  Entry* take();  // waits (yielding) while none is free
  void give(Entry* e);  // e's lock must be free (full)
  unsigned free_count() const { return free_; }

 private:
  volatile uint32_t lock_ = 0;  // full/empty word guarding the list
  volatile uint32_t* wake_ = nullptr;
  unsigned low_ = 0;
  Entry* list_ = nullptr;
  unsigned free_ = 0;
};

// What an item's three fields hold, and the key that finds it.
struct Fields {
  uint16_t f[3];
};

class InterleavedQueue {
 public:
  void init(EntryPool& pool);

  // ---- appending ----
  // Room for `items` more appends in entries already in the queue (empty ones linked after the
  // fill entry), taken from the pool by the main thread while it holds no lock (it may wait for
  // the clean-up thread to give entries back).
  void reserve(unsigned items);
  // r at the end (taking fill's lock, and the next entry's if fill is full: reserve first). The
  // callers serialise their appends (matching_pim.cpp says how).
  void append(Request* r, Fields f);
  // The same while already holding the fill entry's lock (from lock_fill).
  void append_locked(Entry* fill, Request* r, Fields f);
  Entry* lock_fill();  // the main thread: the fill entry, locked (appends wait for it)

  // ---- walking, hand over hand from the head up to the fill entry ----
  // The first (oldest) item whose fields match the key (pim_vec3x16_match_masked if Masked, else
  // _any) and for which accept(item) holds, removed; null if none. If none, at_end() runs while
  // the fill entry is still locked (nothing can be appended meanwhile). head_locked: the caller
  // holds the head's lock already (handed over by whoever started the walk).
  template <bool Masked, typename Accept, typename AtEnd>
  Request* take_first(const uint16_t* key, Accept&& accept, AtEnd&& at_end, bool head_locked = false);
  // The same without removing it.
  template <bool Masked, typename Accept>
  Request* find_first(const uint16_t* key, Accept&& accept);
  // Remove r wherever it is; false if it is not in the queue.
  bool remove(const Request* r);
  template <typename Pred>
  Request* find_if(Pred&& pred);  // the first item for which pred holds, left in place
  unsigned length();

  // ---- the clean-up thread ----
  // One pass from the head up to the fill entry: neighbours whose items fit in one entry are
  // merged (the items keep their order) and the emptied entry goes back to the pool; `tight` (the
  // pool runs low) also moves items forward into every entry's room. Returns the entries given back.
  unsigned compact(bool tight);

  Entry* head() const { return head_; }

 private:
  void put(Entry* e, Request* r, Fields f);
  Entry* next_for_append(Entry* full);  // fill is full: move into the reserve entry after it (locked)
  static void slide(Entry* e);
  template <bool Take, bool Masked, typename Accept>
  Request* walk(const uint16_t* key, Accept& accept, bool head_locked, Entry*& end);

  EntryPool* pool_ = nullptr;
  Entry* head_ = nullptr;            // permanent first entry
  Entry* volatile fill_ = nullptr;   // where the next item goes; moves towards the end only, by an
                                     // appender holding it
  Entry* last_ = nullptr;            // the final entry: fill_ or an empty one in reserve after it
  uint32_t reserved_ = 0;            // entries put in reserve (the main thread's count)
  volatile uint32_t consumed_ = 0;   // reserve entries appenders moved into (the appenders' count)
};

// ---- templates -------------------------------------------------------------------------------

// Hand over hand from the head; stops at a match (Take: removed) or at the fill entry, which it
// returns still locked in `end` (null after a match).
template <bool Take, bool Masked, typename Accept>
Request* InterleavedQueue::walk(const uint16_t* key, Accept& accept, bool head_locked, Entry*& end) {
  pim_vec3x16_key(key);
  Entry* e = head_;
  if (!head_locked) lock(e);
  for (;;) {
    unsigned bits = (Masked ? pim_vec3x16_match_masked(&e->row[0][0]) : pim_vec3x16_match_any(&e->row[0][0])) & e->valid;
    for (; bits; bits &= bits - 1) {
      const unsigned i = unsigned(__builtin_ctz(bits));
      Request* r = e->item[i];
      if (!accept(r)) continue;  // the low 16 bits of the tag matched, not the whole tag
      if (Take) e->valid &= ~(1u << i);
      unlock(e);
      end = nullptr;
      return r;
    }
    if (e == fill_) break;  // what follows is empty reserve
    Entry* n = e->next;
    lock(n);
    unlock(e);
    e = n;
  }
  end = e;
  return nullptr;
}

template <bool Masked, typename Accept, typename AtEnd>
Request* InterleavedQueue::take_first(const uint16_t* key, Accept&& accept, AtEnd&& at_end, bool head_locked) {
  Entry* end;
  Request* r = walk<true, Masked>(key, accept, head_locked, end);
  if (end) {
    at_end();
    unlock(end);
  }
  return r;
}

template <bool Masked, typename Accept>
Request* InterleavedQueue::find_first(const uint16_t* key, Accept&& accept) {
  Entry* end;
  Request* r = walk<false, Masked>(key, accept, false, end);
  if (end) unlock(end);
  return r;
}

template <typename Pred>
Request* InterleavedQueue::find_if(Pred&& pred) {
  Entry* e = head_;
  lock(e);
  for (;;) {
    for (uint32_t bits = e->valid; bits; bits &= bits - 1)
      if (Request* r = e->item[__builtin_ctz(bits)]; pred(r)) {
        unlock(e);
        return r;
      }
    if (e == fill_) break;
    Entry* n = e->next;
    lock(n);
    unlock(e);
    e = n;
  }
  unlock(e);
  return nullptr;
}

}  // namespace nic::pim
