// The PIM core's memory operations, timed through the hierarchy: no data cache, so every load and
// store (a 256-bit lvx/stvx as one access of 32 bytes) goes to the memory level (DRAM open/closed
// row or SRAM), which may be shared with another PIM core (contention through its bank and bus
// busy-until times). Instruction fetches go through the I-cache a line at a time.
#pragma once
#include <cstdint>

#include "cpu/exec_record.h"
#include "sim/clock.h"

namespace pimnic::timing {

class MemHierarchy;
struct PimStats;

class PimMemory {
 public:
  PimMemory(MemHierarchy* mem, const ClockDomain& clock);
  // The memory accesses of `r`, the first issued at `cycle`, one per cycle after it (lmw, strings):
  // the cycle at which the last completes (the thread waits for it), or `cycle` without any.
  uint64_t data(const ExecRecord& r, uint64_t cycle, PimStats& stats);
  // Fetch of the line holding pc at `cycle`: the cycle the instruction is available (cycle itself
  // on an I-cache hit; later on a miss).
  uint64_t fetch(uint32_t pc, uint64_t cycle);
  uint32_t line_of(uint32_t pc) const { return pc >> line_shift_; }

 private:
  uint64_t to_cycle(Tick t) const { return (t + period_ - 1) / period_; }
  MemHierarchy* mem_;
  Tick period_;
  uint32_t line_shift_ = 5;
  uint64_t hit_ = 1;  // I-cache hit latency: no stall
  uint64_t mmio_cycles_ = 0;
};

}  // namespace pimnic::timing
