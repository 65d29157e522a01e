#include "timing/ooo/fetch_stage.h"

#include "timing/mem/hierarchy.h"

namespace pimnic::timing {

FetchStage::FetchStage(const OooConfig& c, const BpredConfig& bpred, MemHierarchy* mem, const ClockDomain& clock)
    : bp(bpred), mem_(mem), clock_(clock), width_(c.fetch_width) {
  Cache* l1i = mem ? mem->l1i() : nullptr;
  line_ = l1i ? l1i->config().line : 32;
  hit_latency_ = l1i ? l1i->config().latency : 0;
}

uint64_t FetchStage::fetch(uint32_t pc, uint64_t room) {
  uint64_t f = next_ > room ? next_ : room;
  if (f != cycle_ || count_ >= width_) {
    if (f == cycle_) ++f;  // group full
    cycle_ = f;
    count_ = 0;
  }
  uint32_t line = pc & ~(line_ - 1);
  if (line != line_addr_ && mem_) {
    // A new line: the I-cache's hit latency is part of the pipeline; only a miss stalls fetch.
    MemResp r = mem_->fetch().access({line, line_, AccessKind::Fetch}, clock_.ticks(f));
    uint64_t ready = clock_.cycle_at_or_after(r.ready);
    if (ready > f + hit_latency_) {
      uint64_t stall = ready - f - hit_latency_;
      icache_stall += stall;
      f += stall;
      cycle_ = f;
      count_ = 0;
    }
  }
  line_addr_ = line;
  ++count_;
  next_ = f;
  return f;
}

BranchPrediction FetchStage::predict(const BranchInfo& b, uint64_t cycle) {
  while (!pending_.empty() && pending_.front().commit < cycle) {
    const Pending& p = pending_.front();
    bp.commit(p.b, p.p, p.next_pc);
    pending_.pop_front();
  }
  return bp.predict(b);
}

void FetchStage::committed(const BranchInfo& b, const BranchPrediction& p, uint32_t next_pc, uint64_t commit) {
  pending_.push_back({b, p, next_pc, commit});
}

void FetchStage::train_all() {
  for (const Pending& p : pending_) bp.commit(p.b, p.p, p.next_pc);
  pending_.clear();
}

void FetchStage::reset(uint64_t cycle) {
  next_ = cycle;
  cycle_ = ~0ull;
  count_ = 0;
  line_addr_ = ~0u;
}

}  // namespace pimnic::timing
