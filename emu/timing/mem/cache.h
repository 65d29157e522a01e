// A set-associative cache level: LRU replacement, write-back or write-through, write-allocate or
// not, and MSHRs. Timing only (mem_level.h).
//
// Lines remember when their fill arrives, so an access to a line whose miss is still outstanding
// waits for that fill (an MSHR merge) instead of going below again. A new miss takes the MSHR that
// frees first; when all are busy it waits (MemResp::queued), which is what bounds the misses in
// flight: the in-order model holds its memory stage meanwhile, the out-of-order model its LSQ.
// A write is done (MemResp::ready) when its line is here (write-back) or when the level below has
// done it (write-through, or a miss that does not allocate): the core's store buffer holds it until
// then. A dirty line evicted from above (a write-back) is allocated without being fetched: all of
// it is written.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "timing/mem/mem_level.h"
#include "timing/mem/stream_prefetcher.h"

namespace pimnic {
class ParamRegistry;
}

namespace pimnic::timing {

struct CacheConfig {
  uint32_t size = 0;       // bytes; 0 = no such cache
  uint32_t assoc = 2;
  uint32_t line = 32;      // bytes, a power of two
  uint32_t latency = 1;    // cycles for a hit
  uint32_t mshrs = 4;      // misses in flight
  bool write_back = true;  // false: write-through (stores also go below, through a write buffer)
  bool write_allocate = true;
  // "<prefix>.size", ".assoc", ".line", ".latency", ".mshrs", ".write_back", ".write_allocate".
  void declare(ParamRegistry& params, const std::string& prefix, const std::string& what);
  // Throws std::invalid_argument naming the prefix for an impossible geometry.
  void check(const std::string& prefix) const;
};

class Cache final : public MemLevel {
 public:
  // `prefetch`: a stream prefetcher that watches the accesses from the level above (an L2's).
  Cache(std::string name, const CacheConfig& cfg, const ClockDomain& clock, MemLevel* next,
        const PrefetchConfig& prefetch = {});
  const std::string& name() const override { return name_; }
  MemResp access(const MemReq& req, Tick now) override {
    const MemResp r = access(req.addr, req.size, req.kind, now);
    if (prefetcher_.enabled()) [[unlikely]] prefetch_after(req, r, now);
    return r;
  }
  // The same, inline for models that hold the cache itself: a hit within one line, the common
  // case, is looked up here; misses, merges, line-crossing and write-through stores go out of line.
  // The line of the previous access already holds the newest LRU stamp: a hit on it needs none.
  [[gnu::always_inline]] MemResp access(uint32_t addr, uint32_t size, AccessKind kind, Tick now) {
    if (Line* l = sure_hit(addr, size, kind, now)) [[likely]] {
      touch(l, kind == AccessKind::Store || kind == AccessKind::Writeback);
      return {now + hit_ticks_, 1};
    }
    return access_slow(addr, size, kind, now);
  }
  struct Line {
    uint32_t addr = ~0u;  // line address; never aligned while invalid, so a lookup compares it alone
    bool dirty = false;
    uint64_t used = 0;  // LRU stamp
    Tick ready = 0;     // when its data arrived (or will)
    bool valid() const { return addr != ~0u; }
  };
  // The line that an access made at `now` or later hits on the inline path, found without
  // changing anything; null when it may not. touch() then does what the hit does.
  [[gnu::always_inline]] Line* sure_hit(uint32_t addr, uint32_t size, AccessKind kind, Tick now) {
    const bool write = kind == AccessKind::Store || kind == AccessKind::Writeback;
    if (!pow2_sets_ || (write && !cfg_.write_back)) [[unlikely]] return nullptr;
    return sure_hit_again(addr, size, now);
  }
  // sure_hit for an access of the kind that made one before (the in-order model's block replay):
  // the sets are a power of two and, for a store, the cache writes back; only the line is looked at.
  [[gnu::always_inline]] Line* sure_hit_again(uint32_t addr, uint32_t size, Tick now) {
    if (size - 1u > line_mask_ - (addr & line_mask_)) [[unlikely]] return nullptr;  // no bytes, or two lines
    const uint32_t line = addr & ~line_mask_;
    Line* set = &lines_[size_t((line >> line_shift_) & set_mask_) * cfg_.assoc];
    for (Line *l = set, *end = set + cfg_.assoc; l != end; ++l)
      if (l->addr == line) return l->ready > now + hit_ticks_ ? nullptr : l;  // else its fill is on the way
    return nullptr;
  }
  [[gnu::always_inline]] void touch(Line* l, bool write) {
    use(l, write);
    count_hits(!write, write);
  }
  // touch() in two parts, for a caller that counts a batch of hits at once.
  [[gnu::always_inline]] void use(Line* l, bool write) {
    if (l != mru_) l->used = ++stamp_, mru_ = l;
    l->dirty |= write;
  }
  void count_hits(uint64_t reads, uint64_t writes) {
    hits += reads + writes;
    read_hits += reads;
    write_hits += writes;
  }
  // Whether an access at `now` would hit (every line it touches present, filled by now + the hit
  // latency; a write needs a write-back cache), changing nothing.
  bool would_hit(uint32_t addr, uint32_t size, AccessKind kind, Tick now) const;
  Tick hit_ticks() const { return hit_ticks_; }
  void register_stats(StatRegistry& stats) override;
  void reset_state() override;
  const CacheConfig& config() const { return cfg_; }

  // Statistics (counters, for speed).
  uint64_t hits = 0, misses = 0, read_hits = 0, read_misses = 0, write_hits = 0, write_misses = 0;
  uint64_t mshr_merges = 0;   // misses to a line whose fill was already on its way
  uint64_t mshr_full = 0;     // misses that waited for a free MSHR
  uint64_t writebacks = 0;    // dirty lines written below
  uint64_t miss_ticks = 0;    // total picoseconds misses waited beyond the hit latency
  uint64_t mshr_wait_ticks = 0;  // of which waiting for a free MSHR
  uint64_t prefetches = 0;       // lines the stream prefetcher fetched

 private:
  MemResp access_slow(uint32_t addr, uint32_t size, AccessKind kind, Tick now);
  MemResp access_line(uint32_t line_addr, AccessKind kind, Tick now);
  const Line* find(uint32_t line_addr) const;
  Line* victim_in(Line* set);
  // The prefetcher's part of an access from above: the lines it asks for, fetched at `now`.
  void prefetch_after(const MemReq& req, const MemResp& r, Tick now);
  void prefetch_line(uint32_t line_addr, Tick now);

  std::string name_;
  CacheConfig cfg_;
  MemLevel* next_;
  Tick hit_ticks_;
  uint32_t sets_, line_shift_, line_mask_;
  uint32_t set_mask_ = 0;       // sets_ - 1 when sets_ is a power of two (no division), else 0
  bool pow2_sets_ = false;
  Line* mru_ = nullptr;         // the (valid) line of the last access: most accesses hit it again
  std::vector<Line> lines_;      // sets_ * assoc
  std::vector<Tick> mshr_free_;  // when each MSHR frees
  uint64_t stamp_ = 0;
  StreamPrefetcher prefetcher_;
};

}  // namespace pimnic::timing
