// The PIM core's functional units, shared by all of its hardware threads (seed
// pim-nic-mpi-matching.txt, Table I, PIM column: one integer unit, one memory port; the 256-bit
// vector unit is one too). An operation takes a unit of its kind for its class's issue interval
// (core.op.<Class>.interval; a memory operation also one cycle per access), so a 19-cycle divide
// keeps every other thread's integer operations out for 19 cycles; fully pipelined operations
// (interval 1) never wait, the core issuing one instruction a cycle anyway.
#pragma once
#include <array>
#include <cstdint>
#include <vector>

#include "isa/insn_table.h"
#include "timing/op_timing.h"
#include "timing/pim/pim_config.h"

namespace pimnic::timing {

class PimUnits {
 public:
  PimUnits(const PimConfig& cfg, const OpTiming& ops);
  // The first cycle >= now at which an operation of class c can have a unit.
  uint64_t free_at(isa::OpClass c, uint64_t now) const {
    const std::vector<uint64_t>& u = units_[size_t(kind_[size_t(c)])];
    uint64_t best = ~0ull;
    for (uint64_t f : u) best = f < best ? f : best;
    return best > now ? best : now;
  }
  // Whether some unit is busy at `now` (only then does an issue need to look at its class).
  bool any_busy(uint64_t now) const { return now < latest_; }
  // An operation of class c with `accesses` memory accesses issues at `now`.
  void take(isa::OpClass c, unsigned accesses, uint64_t now);

 private:
  enum Kind : uint8_t { Int, Mem, Vec, None, Kinds };
  std::array<Kind, size_t(isa::OpClass::Count)> kind_{};
  std::array<std::vector<uint64_t>, Kinds> units_;  // when each unit is free
  const OpTiming& ops_;
  uint64_t latest_ = 0;  // the latest of those
};

}  // namespace pimnic::timing
