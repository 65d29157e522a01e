// The memory-hierarchy timing interface. A level (cache, DRAM, SRAM behind a bus) answers one
// question: an access issued at tick `now`, when is it done? No data moves here: the functional
// core has already read or written the bytes in the AddressSpace (emu/mem), and functional
// accesses (loader, gdb, DMA set-up) never come this way, so timing can never change results.
//
// Times are picoseconds (sim/clock.h) so that levels in different clock domains compose; each
// level converts its own cycle latencies with its ClockDomain. Requests issued to one level arrive
// with non-decreasing `now` from an in-order core; an out-of-order core may issue out of order in
// time as long as it never goes back before a tick it has already simulated past in that level's
// busy state (the levels keep busy-until times, not per-cycle state).
#pragma once
#include <cstdint>
#include <string>

#include "sim/clock.h"

namespace pimnic {
class StatRegistry;
}

namespace pimnic::timing {

enum class AccessKind : uint8_t {
  Fetch,      // instruction fetch (a line)
  Load,
  Store,
  Writeback,  // a dirty line evicted by the level above
};

struct MemReq {
  uint32_t addr = 0;
  uint32_t size = 4;  // bytes; accesses that cross a line are split by the cache
  AccessKind kind = AccessKind::Load;
  bool is_write() const { return kind == AccessKind::Store || kind == AccessKind::Writeback; }
};

struct MemResp {
  Tick ready = 0;     // data available (reads) / write done (writes)
  uint8_t level = 0;  // where it was satisfied: 1 = first level asked, 2 = the one below, ...
  Tick queued = 0;    // how long the first level kept the request waiting for a free MSHR
};

class MemLevel {
 public:
  virtual ~MemLevel() = default;
  virtual const std::string& name() const = 0;
  virtual MemResp access(const MemReq& req, Tick now) = 0;
  // Register statistics as "<name>.<stat>".
  virtual void register_stats(StatRegistry& stats) = 0;
  // Forget contents and busy state (a fresh run); statistics are kept.
  virtual void reset_state() = 0;
};

}  // namespace pimnic::timing
