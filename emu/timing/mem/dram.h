// Main memory as banked DRAM with an open-row or closed-row page policy. Each bank and the one
// data bus keep their reservations (busy_calendar.h): an access to the row the bank's previous
// user left open costs row_hit cycles; to another row (precharge + activate + column) row_miss
// cycles. With the closed policy every access finds its bank precharged and costs row_miss. Bank
// occupancy is the row work (row_miss - row_hit when the row changes) plus one burst, so row hits
// to one bank pipeline; the burst takes the data bus at the end of the access, so streaming is
// bound by the bus (one burst per access). Writes (write-backs) take bank and bus like reads; there
// is no write queue that would defer them.
//
// Addresses interleave across banks by row: bank = (addr / row_bytes) % banks.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "timing/mem/busy_calendar.h"
#include "timing/mem/mem_level.h"

namespace pimnic {
class ParamRegistry;
}

namespace pimnic::timing {

struct DramConfig {
  uint32_t banks = 8;
  uint32_t row_bytes = 2048;
  uint32_t row_hit = 140;     // cycles (of the owning core's clock, as Table I gives them)
  uint32_t row_miss = 160;
  uint32_t burst = 4;         // cycles the data bus is busy per access
  std::string policy = "open";  // open | closed
  void declare(ParamRegistry& params, const std::string& prefix);
  void check(const std::string& prefix) const;
};

class Dram final : public MemLevel {
 public:
  Dram(std::string name, const DramConfig& cfg, const ClockDomain& clock);
  const std::string& name() const override { return name_; }
  MemResp access(const MemReq& req, Tick now) override;
  void register_stats(StatRegistry& stats) override;
  void reset_state() override;

  uint64_t reads = 0, writes = 0, row_hits = 0, row_misses = 0, bank_conflicts = 0;
  uint64_t latency_ticks = 0;  // summed over accesses

 private:
  std::string name_;
  DramConfig cfg_;
  Tick hit_, miss_, burst_;
  bool closed_;
  std::vector<BusyCalendar> banks_;  // tag: the row an access left open
  BusyCalendar bus_;
};

}  // namespace pimnic::timing
