// Branch target buffer: set-associative, LRU, tagged with the branch address. Holds the targets of
// taken branches so fetch can redirect before the branch is decoded.
#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>

namespace pimnic::timing {

class Btb {
 public:
  Btb(uint32_t sets, uint32_t ways);  // sets: a power of two; throws std::invalid_argument
  static void check(uint32_t sets, uint32_t ways);  // what the constructor throws for
  Btb(const Btb&) = delete;  // last_ points into e_
  Btb& operator=(const Btb&) = delete;
  // The target recorded for the branch at pc, if any (refreshes LRU).
  bool lookup(uint32_t pc, uint32_t& target) {
    Entry* e = find(pc);
    if (!e) return false;
    e->last_use = ++clock_;
    target = e->target;
    return true;
  }
  // Record a taken branch's target, evicting the set's least recently used entry.
  void update(uint32_t pc, uint32_t target) { put(find(pc), pc, target); }
  // lookup, then update if `taken` (with the target `next`), with one search.
  bool lookup_then_update(uint32_t pc, uint32_t& target, bool taken, uint32_t next) {
    Entry* e = find(pc);
    if (e) {
      e->last_use = ++clock_;
      target = e->target;
    }
    if (taken) put(e, pc, next);
    return e != nullptr;
  }
  uint32_t sets() const { return sets_; }
  uint32_t ways() const { return ways_; }

 private:
  struct Entry {
    uint32_t pc = ~0u;  // never a branch's address (those are multiples of 4) while invalid
    uint32_t target = 0;
    uint64_t last_use = 0;
    bool valid() const { return pc != ~0u; }
  };
  // A pc is in at most one entry, so the entry last found still holding pc is the one: a commit
  // that follows its branch's lookup needs no second search.
  Entry* find(uint32_t pc) {
    if (last_->pc == pc) return last_;
    Entry* set = &e_[size_t((pc >> 2) & (sets_ - 1)) * ways_];
    for (Entry *e = set, *end = set + ways_; e != end; ++e)
      if (e->pc == pc) return last_ = e;
    return nullptr;
  }
  // update() with pc's entry already searched for (e: it, or null).
  void put(Entry* e, uint32_t pc, uint32_t target) {
    if (!e) e = insert(pc);
    e->target = target;
    e->last_use = ++clock_;
  }
  Entry* insert(uint32_t pc);  // the set's free or least recently used entry, now pc's
  std::vector<Entry> e_;
  uint32_t sets_, ways_;
  uint64_t clock_ = 0;  // use order for LRU (deterministic)
  Entry* last_;
};

}  // namespace pimnic::timing
