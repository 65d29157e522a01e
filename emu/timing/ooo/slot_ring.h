// Per-cycle resource usage over a sliding window of future cycles: how many issue slots or units
// of a pool are taken in a given cycle. The model schedules each instruction's whole timeline when
// its record arrives, so reservations reach ahead of "now"; a slot remembers its cycle, which makes
// stale slots read as free without ever clearing the ring.
#pragma once
#include <cstdint>
#include <vector>

namespace pimnic::timing {

class SlotRing {
 public:
  static constexpr uint64_t kWindow = 1u << 15;  // cycles ahead a reservation may reach
  SlotRing() : s_(kWindow) {}
  uint32_t used(uint64_t cycle) const {
    const Slot& x = s_[cycle & (kWindow - 1)];
    return x.cycle == cycle ? x.used : 0;
  }
  void take(uint64_t cycle) {
    Slot& x = s_[cycle & (kWindow - 1)];
    if (x.cycle != cycle) x = {cycle, 0};
    ++x.used;
  }
  // True if `n` more units are free in each of the cycles [cycle, cycle + span).
  bool free(uint64_t cycle, uint32_t span, uint32_t capacity) const {
    for (uint32_t i = 0; i < span; ++i)
      if (used(cycle + i) >= capacity) return false;
    return true;
  }
  void take(uint64_t cycle, uint32_t span) {
    for (uint32_t i = 0; i < span; ++i) take(cycle + i);
  }
  void reset() { s_.assign(kWindow, Slot{}); }

 private:
  struct Slot {
    uint64_t cycle = ~0ull;
    uint32_t used = 0;
  };
  std::vector<Slot> s_;
};

}  // namespace pimnic::timing
