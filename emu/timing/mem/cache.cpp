#include "timing/mem/cache.h"

#include <algorithm>
#include <bit>
#include <stdexcept>

#include "sim/params.h"
#include "sim/stats.h"

namespace pimnic::timing {

void CacheConfig::declare(ParamRegistry& p, const std::string& prefix, const std::string& what) {
  p.declare(prefix + ".size", size, size, "bytes of the " + what + " (0: none)");
  p.declare(prefix + ".assoc", assoc, assoc, "ways per set of the " + what);
  p.declare(prefix + ".line", line, line, "line size in bytes of the " + what + " (a power of two)");
  p.declare(prefix + ".latency", latency, latency, "core cycles for a hit in the " + what);
  p.declare(prefix + ".mshrs", mshrs, mshrs, "misses the " + what + " keeps in flight (MSHRs)");
  p.declare(prefix + ".write_back", write_back, write_back,
            "the " + what + " is write-back (false: write-through, every store is written to the level below)");
  p.declare(prefix + ".write_allocate", write_allocate, write_allocate,
            "a store miss in the " + what + " allocates the line");
}

void CacheConfig::check(const std::string& prefix) const {
  if (size == 0) return;
  auto bad = [&](const std::string& what) { throw std::invalid_argument(prefix + ": " + what); };
  if (line < 4 || !std::has_single_bit(line)) bad("line size must be a power of two of at least 4 bytes");
  if (assoc == 0) bad("associativity must be at least 1");
  if (size % (uint64_t(line) * assoc) != 0) bad("size must be a multiple of line size times associativity");
  if (mshrs == 0 || mshrs > 1024) bad("MSHRs must be between 1 and 1024");
  if (latency == 0 || latency > 100000) bad("latency must be between 1 and 100000 cycles");
}

Cache::Cache(std::string name, const CacheConfig& cfg, const ClockDomain& clock, MemLevel* next,
             const PrefetchConfig& prefetch)
    : name_(std::move(name)), cfg_(cfg), next_(next), hit_ticks_(clock.ticks(cfg.latency)),
      prefetcher_(prefetch, cfg.line) {
  cfg.check(name_);
  sets_ = cfg.size / (cfg.line * cfg.assoc);
  line_shift_ = uint32_t(std::countr_zero(cfg.line));
  line_mask_ = cfg.line - 1;
  pow2_sets_ = std::has_single_bit(sets_);
  if (pow2_sets_) set_mask_ = sets_ - 1;
  reset_state();
}

void Cache::reset_state() {
  lines_.assign(size_t(sets_) * cfg_.assoc, Line{});
  mshr_free_.assign(cfg_.mshrs, 0);
  stamp_ = 0;
  mru_ = nullptr;
  prefetcher_.reset();
}

void Cache::prefetch_after(const MemReq& req, const MemResp& r, Tick now) {
  if (req.kind != AccessKind::Load && req.kind != AccessKind::Store) return;  // data streams only
  const uint32_t line = req.addr & ~line_mask_;
  const StreamPrefetcher::Range want = prefetcher_.observe(line, r.level > 1);
  for (uint32_t a = want.first; a != want.end; a += cfg_.line) prefetch_line(a, now);
}

// A line the prefetcher asked for: fetched like a miss (an MSHR, the level below, the LRU victim
// written back if dirty) unless it is here or on its way; nobody waits for it.
void Cache::prefetch_line(uint32_t addr, Tick now) {
  if (find(addr)) return;
  const uint32_t index = addr >> line_shift_;
  Line* set = &lines_[size_t(pow2_sets_ ? index & set_mask_ : index % sets_) * cfg_.assoc];
  Line* victim = victim_in(set);
  if (victim == mru_) return;  // never evict the line the demand access just used
  auto mshr = std::min_element(mshr_free_.begin(), mshr_free_.end());
  const Tick start = std::max(now, *mshr);
  const MemResp below = next_->access({addr, cfg_.line, AccessKind::Load}, start);
  *mshr = below.ready;
  if (victim->valid() && victim->dirty) {
    ++writebacks;
    next_->access({victim->addr, cfg_.line, AccessKind::Writeback}, start);
  }
  *victim = Line{addr, false, ++stamp_, below.ready};
  ++prefetches;
}

MemResp Cache::access_slow(uint32_t addr, uint32_t size, AccessKind kind, Tick now) {
  uint32_t first = addr >> line_shift_;
  uint32_t last = (addr + std::max<uint32_t>(size, 1) - 1) >> line_shift_;
  MemResp r = access_line(first << line_shift_, kind, now);
  if (last != first) {  // an access across two lines (unaligned, or a long block)
    MemResp r2 = access_line(last << line_shift_, kind, now);
    r.ready = std::max(r.ready, r2.ready);
    r.level = std::max(r.level, r2.level);
    r.queued = std::max(r.queued, r2.queued);
  }
  return r;
}

const Cache::Line* Cache::find(uint32_t addr) const {
  const uint32_t index = addr >> line_shift_;
  const Line* set = &lines_[size_t(pow2_sets_ ? index & set_mask_ : index % sets_) * cfg_.assoc];
  for (const Line* l = set; l != set + cfg_.assoc; ++l)
    if (l->addr == addr) return l;
  return nullptr;
}

bool Cache::would_hit(uint32_t addr, uint32_t size, AccessKind kind, Tick now) const {
  if ((kind == AccessKind::Store || kind == AccessKind::Writeback) && !cfg_.write_back) return false;
  const uint32_t first = addr >> line_shift_, last = (addr + std::max<uint32_t>(size, 1) - 1) >> line_shift_;
  for (uint32_t n = first; n <= last; ++n) {
    const Line* l = find(n << line_shift_);
    if (!l || l->ready > now + hit_ticks_) return false;
  }
  return true;
}

// The invalid way of the set, else its least recently used.
Cache::Line* Cache::victim_in(Line* set) {
  Line* victim = set;
  for (Line* l = set; l != set + cfg_.assoc; ++l) {
    if (!l->valid()) return l;
    if (l->used < victim->used) victim = l;
  }
  return victim;
}

MemResp Cache::access_line(uint32_t addr, AccessKind kind, Tick now) {
  const bool write = kind == AccessKind::Store || kind == AccessKind::Writeback;
  const Tick looked = now + hit_ticks_;
  ++stamp_;
  // The common case first: the same line as last time, already filled, a write-back hit.
  if (Line* l = mru_; l && l->addr == addr && l->ready <= looked && (cfg_.write_back || !write)) {
    l->used = stamp_;
    l->dirty |= write;
    ++hits;
    ++(write ? write_hits : read_hits);
    return {looked, 1};
  }
  const uint32_t index = addr >> line_shift_;
  Line* set = &lines_[size_t(pow2_sets_ ? index & set_mask_ : index % sets_) * cfg_.assoc];
  Line* end = set + cfg_.assoc;
  for (Line* l = set; l != end; ++l) {
    if (l->addr != addr) continue;
    mru_ = l;
    l->used = stamp_;
    Tick done = looked;
    if (write) {
      if (cfg_.write_back) l->dirty = true;
      else done = next_->access({addr, cfg_.line, AccessKind::Store}, looked).ready;  // written through
    }
    if (l->ready > looked) {  // its fill is still on the way
      ++misses, ++mshr_merges;
      ++(write ? write_misses : read_misses);
      miss_ticks += l->ready - looked;
      return {std::max(done, l->ready), 2};
    }
    ++hits;
    ++(write ? write_hits : read_hits);
    return {done, uint8_t(done > looked ? 2 : 1)};
  }
  ++misses;
  ++(write ? write_misses : read_misses);
  if (write && !cfg_.write_allocate) {  // straight to the level below
    const MemResp below = next_->access({addr, cfg_.line, AccessKind::Store}, looked);
    return {std::max(looked, below.ready), uint8_t(below.level + 1)};
  }
  Line* victim = victim_in(set);
  if (kind == AccessKind::Writeback && cfg_.write_back) {
    // A whole dirty line from above: allocated here without a fetch (its old victim goes below).
    if (victim->valid() && victim->dirty) {
      ++writebacks;
      next_->access({victim->addr, cfg_.line, AccessKind::Writeback}, looked);
    }
    *victim = Line{addr, true, stamp_, looked};
    mru_ = victim;
    return {looked, 1};
  }
  // A miss: wait for an MSHR, fetch the line from below, evict the LRU (writing it back if dirty).
  auto mshr = std::min_element(mshr_free_.begin(), mshr_free_.end());
  Tick start = looked;
  if (*mshr > start) {
    ++mshr_full;
    start = *mshr;
  }
  MemResp below = next_->access({addr, cfg_.line, kind == AccessKind::Fetch ? AccessKind::Fetch : AccessKind::Load}, start);
  *mshr = below.ready;
  if (victim->valid() && victim->dirty) {
    ++writebacks;
    next_->access({victim->addr, cfg_.line, AccessKind::Writeback}, start);
  }
  *victim = Line{addr, write && cfg_.write_back, stamp_, below.ready};
  mru_ = victim;
  Tick done = below.ready;
  if (write && !cfg_.write_back) done = next_->access({addr, cfg_.line, AccessKind::Store}, below.ready).ready;
  miss_ticks += below.ready - looked;
  mshr_wait_ticks += start - looked;
  return {std::max(done, below.ready), uint8_t(below.level + 1), start - looked};
}

void Cache::register_stats(StatRegistry& s) {
  const std::string& n = name_;
  s.counter(n + ".hits", &hits, "accesses that hit in " + n);
  s.counter(n + ".misses", &misses, "accesses that missed in " + n + " (including MSHR merges)");
  s.formula(n + ".miss_rate", [this] { return hits + misses ? double(misses) / double(hits + misses) : 0.0; },
            "misses per access of " + n);
  s.counter(n + ".read_hits", &read_hits, "reads (loads, fetches) that hit in " + n);
  s.counter(n + ".read_misses", &read_misses, "reads that missed in " + n);
  s.counter(n + ".write_hits", &write_hits, "writes that hit in " + n);
  s.counter(n + ".write_misses", &write_misses, "writes that missed in " + n);
  s.counter(n + ".mshr_merges", &mshr_merges, "misses to a line already being filled (merged into its MSHR)");
  s.counter(n + ".mshr_full", &mshr_full, "misses that waited for a free MSHR of " + n);
  s.counter(n + ".writebacks", &writebacks, "dirty lines " + n + " wrote to the level below");
  s.formula(n + ".avg_miss_ps", [this] { return misses ? double(miss_ticks) / double(misses) : 0.0; },
            "average picoseconds a miss in " + n + " waited beyond the hit latency");
  if (prefetcher_.enabled()) s.counter(n + ".prefetches", &prefetches, "lines the stream prefetcher of " + n + " fetched");
  s.formula(n + ".avg_mshr_wait_ps", [this] { return misses ? double(mshr_wait_ticks) / double(misses) : 0.0; },
            "of which, on average, waiting for a free MSHR of " + n);
}

}  // namespace pimnic::timing
