#include "timing/mem/store_buffer.h"

#include <algorithm>

#include "sim/stats.h"

namespace pimnic::timing {

StoreBuffer::StoreBuffer(uint32_t entries, MemLevel& data, Cache* l1)
    : data_(data), l1_(l1), line_mask_(~((l1 ? l1->config().line : 32u) - 1)), e_(std::max(1u, entries)) {}

void StoreBuffer::reset_state() {
  e_.assign(e_.size(), Entry{});
  drained_ = 0;
}

Tick StoreBuffer::put_slow(uint32_t addr, uint32_t size, Tick now) {
  ++stores;
  const uint32_t line = addr & line_mask_;
  const Tick hit = l1_ ? now + l1_->hit_ticks() : now;
  for (Entry& e : e_)
    if (e.line == line && e.free > now) {  // its line is on the way: write with it
      ++merged;
      const MemResp r = data_.access({addr, size, AccessKind::Store}, now);
      if (r.ready > hit && r.ready > e.free) {  // (a write-through store is done when the level below has it)
        entry_ticks += r.ready - e.free;
        e.free = r.ready;
        drained_ = std::max(drained_, e.free);
      }
      return now;
    }
  if (l1_ && l1_->would_hit(addr, size, AccessKind::Store, now)) {
    l1_->access(addr, size, AccessKind::Store, now);
    return now;
  }
  // An entry: the one that frees first (all entries free in time; none is older than another).
  Entry& e = *std::min_element(e_.begin(), e_.end(), [](const Entry& a, const Entry& b) { return a.free < b.free; });
  Tick at = now;
  if (e.free > at) {
    ++full;
    full_ticks += e.free - at;
    at = e.free;
  }
  const MemResp r = data_.access({addr, size, AccessKind::Store}, at);
  if (r.ready > (l1_ ? at + l1_->hit_ticks() : at)) {  // the cache has not taken it yet: it waits in the entry
    ++allocated;
    e = {line, r.ready};
    entry_ticks += r.ready - at;
    drained_ = std::max(drained_, r.ready);
  }
  return at;
}

void StoreBuffer::register_stats(StatRegistry& s, const std::string& p) {
  s.counter(p + "stores", &stores, "stores that left the pipeline into the store buffer");
  s.counter(p + "merged", &merged, "stores written with an earlier store to the same line (write combining)");
  s.counter(p + "allocated", &allocated, "stores that took an entry (the L1 did not take them at once)");
  s.counter(p + "full", &full, "stores that waited for a free entry (and held the pipeline)");
  s.formula(p + "full_wait_ps", [this] { return full ? double(full_ticks) / double(full) : 0.0; },
            "average picoseconds a store waited for a free entry");
  s.counter(p + "entry_ticks", &entry_ticks, "picoseconds entries were held, summed over entries");
}

}  // namespace pimnic::timing
