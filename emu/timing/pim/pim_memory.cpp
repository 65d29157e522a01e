#include "timing/pim/pim_memory.h"

#include <algorithm>
#include <bit>

#include "timing/mem/hierarchy.h"
#include "timing/pim/pim_stats.h"

namespace pimnic::timing {

PimMemory::PimMemory(MemHierarchy* mem, const ClockDomain& clock) : mem_(mem), period_(clock.period()) {
  if (mem_ && mem_->l1i()) {
    line_shift_ = uint32_t(std::countr_zero(mem_->l1i()->config().line));
    hit_ = std::max<uint32_t>(1, mem_->l1i()->config().latency);
  }
  if (mem_) mmio_cycles_ = to_cycle(mem_->mmio_latency());
}

uint64_t PimMemory::data(const ExecRecord& r, uint64_t cycle, PimStats& stats) {
  uint64_t done = cycle;
  for (unsigned i = 0; i < r.nmem; ++i) {
    const MemAccess& a = r.mem[i];
    const uint64_t t = cycle + i;
    ++(a.write ? stats.stores : stats.loads);
    if (a.mmio) {
      ++stats.mmio;
      done = std::max(done, t + 1 + mmio_cycles_);
    } else if (mem_) {
      MemResp m = mem_->data().access({a.addr, a.size, a.write ? AccessKind::Store : AccessKind::Load}, t * period_);
      done = std::max(done, to_cycle(m.ready));
    } else {
      done = std::max(done, t + 1);
    }
  }
  return done;
}

uint64_t PimMemory::fetch(uint32_t pc, uint64_t cycle) {
  if (!mem_) return cycle;
  const uint32_t line_bytes = 1u << line_shift_;
  MemResp m = mem_->fetch().access({pc & ~(line_bytes - 1), line_bytes, AccessKind::Fetch}, cycle * period_);
  const uint64_t ready = to_cycle(m.ready);
  return ready > cycle + hit_ ? ready - hit_ : cycle;
}

}  // namespace pimnic::timing
