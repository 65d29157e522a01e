// Branch target buffer: set-associative, LRU, tagged with the branch address. Holds the targets of
// taken branches so fetch can redirect before the branch is decoded.
#pragma once
#include <cstdint>
#include <vector>

namespace pimnic::timing {

class Btb {
 public:
  Btb(uint32_t sets, uint32_t ways);  // sets: a power of two; throws std::invalid_argument
  // The target recorded for the branch at pc, if any (refreshes LRU).
  bool lookup(uint32_t pc, uint32_t& target);
  // Record a taken branch's target, evicting the set's least recently used entry.
  void update(uint32_t pc, uint32_t target);
  uint32_t sets() const { return sets_; }
  uint32_t ways() const { return ways_; }

 private:
  struct Entry {
    uint32_t pc = 0, target = 0;
    uint64_t last_use = 0;
    bool valid = false;
  };
  Entry* find(uint32_t pc);
  std::vector<Entry> e_;
  uint32_t sets_, ways_;
  uint64_t clock_ = 0;  // use order for LRU (deterministic)
};

}  // namespace pimnic::timing
