// The store buffer between a core and its data cache: stores leave the pipeline into it and are
// written into the cache behind the core's back. Entries are line-sized (stores to a line already
// waiting merge into its entry: write combining, as the 7400's store miss merging and the 440's
// store gathering do). A store that hits in the L1 is written at once and takes no entry; one that
// misses (or must go below: write-through, no-allocate) takes an entry until the cache has taken
// the write — for a write-allocate miss, until its line has arrived through an MSHR. When every
// entry is taken the store waits for the first to free, and so does the pipeline behind it.
//
// sync/eieio and device accesses wait for drained(); the models also tell the hart
// (Hart::device_after) so that a device sees a doorbell after the stores before it.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "timing/mem/cache.h"

namespace pimnic {
class StatRegistry;
}

namespace pimnic::timing {

class StoreBuffer {
 public:
  // `data`: where stores go (the L1 data cache, or the level below when there is none); `l1`:
  // that cache if it is one (null otherwise).
  StoreBuffer(uint32_t entries, MemLevel& data, Cache* l1);
  // A store of [addr, addr + size) leaves the pipeline at `now`. Returns when it has left: `now`,
  // or when an entry freed if all were taken.
  Tick put(uint32_t addr, uint32_t size, Tick now) {
    // A hit first, as the in-order model's block replay finds it (a line on its way that arrives
    // within the hit latency counts as here).
    if (Cache::Line* l = l1_ ? l1_->sure_hit(addr, size, AccessKind::Store, now) : nullptr) [[likely]] {
      l1_->touch(l, true);
      ++stores;
      return now;
    }
    return put_slow(addr, size, now);
  }
  // When every store put so far has been written.
  Tick drained() const { return drained_; }
  void register_stats(StatRegistry& s, const std::string& prefix);
  void reset_state();

  uint64_t stores = 0;      // stores put
  uint64_t merged = 0;      // of which merged into the entry of their line
  uint64_t allocated = 0;   // of which took an entry
  uint64_t full = 0;        // of which waited for an entry
  uint64_t full_ticks = 0;  // picoseconds they waited
  uint64_t entry_ticks = 0; // picoseconds entries were held (occupancy: divide by the run's time)

 private:
  Tick put_slow(uint32_t addr, uint32_t size, Tick now);
  struct Entry {
    uint32_t line = ~0u;
    Tick free = 0;  // when its write is done
  };
  MemLevel& data_;
  Cache* l1_;
  uint32_t line_mask_;
  std::vector<Entry> e_;
  Tick drained_ = 0;
};

}  // namespace pimnic::timing
