// NIC memory: SRAM behind the NIC bus. Every access pays the bus's fixed latency (20 ns in the
// seed's NIC model) plus the SRAM's own access cycles and one beat per bus-width of data; the bus
// carries one transfer at a time.
#pragma once
#include <cstdint>
#include <string>

#include "timing/mem/busy_calendar.h"
#include "timing/mem/mem_level.h"

namespace pimnic {
class ParamRegistry;
}

namespace pimnic::timing {

struct SramConfig {
  double bus_ns = 20;        // fixed bus latency
  uint32_t access = 1;       // SRAM cycles (of the owning core's clock)
  uint32_t width = 8;        // bytes per bus beat (32 on the PIM's wide path)
  void declare(ParamRegistry& params, const std::string& prefix);
  void check(const std::string& prefix) const;
};

class Sram final : public MemLevel {
 public:
  Sram(std::string name, const SramConfig& cfg, const ClockDomain& clock);
  const std::string& name() const override { return name_; }
  MemResp access(const MemReq& req, Tick now) override;
  void register_stats(StatRegistry& stats) override;
  void reset_state() override { beats_.reset(); }

  uint64_t reads = 0, writes = 0, bus_waits = 0;

 private:
  std::string name_;
  SramConfig cfg_;
  Tick bus_, access_, beat_;
  BusyCalendar beats_;  // the transfers' beats (pipelined: the next may start once these are out)
};

}  // namespace pimnic::timing
