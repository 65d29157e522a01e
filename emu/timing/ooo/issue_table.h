// Per-cycle reservations over a sliding window of future cycles: issue slots and the units of each
// functional-unit pool taken in a given cycle. The model schedules each instruction's whole
// timeline when its record arrives, so reservations reach ahead of "now"; a slot remembers its
// cycle, which makes stale slots read as free without ever clearing the table. One slot holds
// every count of its cycle (one host cache line touched per issue), and the window is small so
// the table stays in the host's caches: reservations further ahead than the window alias
// (deterministically) with nearer cycles, which only happens behind chains of thousands of cycles.
#pragma once
#include <array>
#include <cstdint>
#include <vector>

namespace pimnic::timing {

class IssueTable {
 public:
  static constexpr uint64_t kWindow = 1u << 12;
  static constexpr unsigned kPools = 6;
  IssueTable() : s_(kWindow) {}
  // Whether an instruction can issue in `cycle` to `pool`, keeping one of its `units` busy for
  // `span` cycles, with at most `width` issues a cycle; if so, reserve it.
  bool try_issue(uint64_t cycle, unsigned pool, uint32_t span, uint32_t units, uint32_t width) {
    Slot& first = at(cycle);
    if (first.issued >= width || first.busy[pool] >= units) return false;
    for (uint32_t k = 1; k < span; ++k)
      if (at(cycle + k).busy[pool] >= units) return false;
    ++first.issued;
    for (uint32_t k = 0; k < span; ++k) ++at(cycle + k).busy[pool];
    return true;
  }
  void reset() { s_.assign(kWindow, Slot{}); }

 private:
  struct Slot {
    uint32_t tag = ~0u;  // the cycle (low 32 bits) the counts belong to
    uint8_t issued = 0;
    std::array<uint8_t, kPools> busy{};
  };
  Slot& at(uint64_t cycle) {
    Slot& x = s_[cycle & (kWindow - 1)];
    if (x.tag != uint32_t(cycle)) x = Slot{uint32_t(cycle), 0, {}};
    return x;
  }
  std::vector<Slot> s_;
};

}  // namespace pimnic::timing
