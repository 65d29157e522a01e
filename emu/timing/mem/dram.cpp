#include "timing/mem/dram.h"

#include <algorithm>
#include <stdexcept>

#include "sim/params.h"
#include "sim/stats.h"

namespace pimnic::timing {

void DramConfig::declare(ParamRegistry& p, const std::string& prefix) {
  p.declare(prefix + ".banks", banks, banks, "DRAM banks (rows interleave across them)");
  p.declare(prefix + ".row_bytes", row_bytes, row_bytes, "bytes per DRAM row (page)");
  p.declare(prefix + ".row_hit", row_hit, row_hit, "core cycles for an access to the open row");
  p.declare(prefix + ".row_miss", row_miss, row_miss,
            "core cycles for an access to a closed or different row (precharge, activate, column)");
  p.declare(prefix + ".burst", burst, burst, "core cycles the DRAM data bus is busy per access");
  p.declare(prefix + ".policy", policy, policy, "row policy: open (keep the row open) or closed (precharge after each access)",
            {"open", "closed"});
}

void DramConfig::check(const std::string& prefix) const {
  if (banks == 0 || banks > 4096) throw std::invalid_argument(prefix + ".banks must be between 1 and 4096");
  if (row_bytes == 0) throw std::invalid_argument(prefix + ".row_bytes must be at least 1");
  if (row_miss < row_hit) throw std::invalid_argument(prefix + ".row_miss must not be below .row_hit");
  if (row_miss > 100000 || burst > 100000) throw std::invalid_argument(prefix + ": latencies must be at most 100000 cycles");
}

Dram::Dram(std::string name, const DramConfig& cfg, const ClockDomain& clock)
    : name_(std::move(name)), cfg_(cfg), hit_(clock.ticks(cfg.row_hit)), miss_(clock.ticks(cfg.row_miss)),
      burst_(clock.ticks(cfg.burst)), closed_(cfg.policy == "closed") {
  cfg.check(name_);
  reset_state();
}

void Dram::reset_state() {
  banks_.assign(cfg_.banks, BusyCalendar{});
  bus_.reset();
}

MemResp Dram::access(const MemReq& req, Tick now) {
  ++(req.is_write() ? writes : reads);
  const uint32_t row_index = req.addr / cfg_.row_bytes;
  const uint32_t row = row_index / cfg_.banks;
  bool hit = false;
  const Tick start = banks_[row_index % cfg_.banks].reserve(now, row, [&](uint32_t open_row) {
    hit = !closed_ && open_row == row;
    return (hit ? 0 : miss_ - hit_) + burst_;
  });
  if (start > now) ++bank_conflicts;
  ++(hit ? row_hits : row_misses);
  // The burst takes the shared data bus at the end of the access.
  const Tick end = start + (hit ? hit_ : miss_);
  const Tick burst_at = end > start + burst_ ? end - burst_ : start;
  const Tick ready = bus_.reserve(burst_at, burst_) + burst_;
  latency_ticks += ready - now;
  return {ready, 1};
}

void Dram::register_stats(StatRegistry& s) {
  const std::string& n = name_;
  s.counter(n + ".reads", &reads, "line reads (fills) served by " + n);
  s.counter(n + ".writes", &writes, "writes (write-backs, write-through stores) to " + n);
  s.counter(n + ".row_hits", &row_hits, "accesses to the open row");
  s.counter(n + ".row_misses", &row_misses, "accesses that opened a row");
  s.formula(n + ".row_hit_rate", [this] { return row_hits + row_misses ? double(row_hits) / double(row_hits + row_misses) : 0.0; },
            "row hits per access");
  s.counter(n + ".bank_conflicts", &bank_conflicts, "accesses that waited for a busy bank");
  s.formula(n + ".avg_latency_ps", [this] { return reads + writes ? double(latency_ticks) / double(reads + writes) : 0.0; },
            "average picoseconds per access including queueing");
}

}  // namespace pimnic::timing
