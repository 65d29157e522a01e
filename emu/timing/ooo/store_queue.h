// The store half of the LSQ: stores wait here from dispatch until they commit and write the data
// cache. A younger load that overlaps a store still here takes the store's data (forwarding) when
// the store covers it, or waits for the store to commit when it covers only part of it.
#pragma once
#include <cstdint>
#include <vector>

namespace pimnic::timing {

struct StoreEntry {
  uint32_t addr = 0, size = 0;
  uint64_t data_ready = 0;  // cycle the store's address and data are known
  uint64_t commit = 0;      // cycle it leaves the queue and writes the cache
};

class StoreQueue {
 public:
  // Enough entries that every store still in flight is remembered (the LSQ size bounds them).
  explicit StoreQueue(uint32_t entries) {
    size_t n = 1;
    while (n < entries) n <<= 1;
    e_.resize(n);
  }
  void push(const StoreEntry& s) {
    e_[head_++ & (e_.size() - 1)] = s;
    if (count_ < e_.size()) ++count_;
  }
  enum class Match { None, Forward, Partial };
  // The youngest store overlapping [addr, addr+size) that is still queued at `cycle`. Stores
  // commit in order, so the search stops at the first one that has left.
  Match find(uint32_t addr, uint32_t size, uint64_t cycle, StoreEntry& out) const {
    for (size_t i = 0; i < count_; ++i) {
      const StoreEntry& s = e_[(head_ - 1 - i) & (e_.size() - 1)];
      if (s.commit <= cycle) break;
      if (s.addr >= addr + size || addr >= s.addr + s.size) continue;
      out = s;
      return s.addr <= addr && addr + size <= s.addr + s.size ? Match::Forward : Match::Partial;
    }
    return Match::None;
  }
  void reset() {
    head_ = count_ = 0;
  }

 private:
  std::vector<StoreEntry> e_;
  size_t head_ = 0, count_ = 0;
};

}  // namespace pimnic::timing
