#include "timing/mem/sram.h"

#include <algorithm>
#include <stdexcept>

#include "sim/clock.h"
#include "sim/params.h"
#include "sim/stats.h"

namespace pimnic::timing {

void SramConfig::declare(ParamRegistry& p, const std::string& prefix) {
  p.declare(prefix + ".bus_ns", bus_ns, bus_ns, "fixed latency in ns of the NIC bus in front of the SRAM");
  p.declare(prefix + ".access", access, access, "core cycles of the SRAM access itself");
  p.declare(prefix + ".width", width, width, "bytes the bus moves per beat (one core cycle each)");
}

void SramConfig::check(const std::string& prefix) const {
  if (width == 0) throw std::invalid_argument(prefix + ".width must be at least 1");
  check_ns_setting(bus_ns, prefix + ".bus_ns");
  if (access > 100000) throw std::invalid_argument(prefix + ".access must be at most 100000 cycles");
}

Sram::Sram(std::string name, const SramConfig& cfg, const ClockDomain& clock)
    : name_(std::move(name)), cfg_(cfg), bus_(ns_to_ticks(cfg.bus_ns)), access_(clock.ticks(cfg.access)),
      beat_(clock.period()) {
  cfg.check(name_);
}

MemResp Sram::access(const MemReq& req, Tick now) {
  ++(req.is_write() ? writes : reads);
  const Tick beats = beat_ * ((std::max<uint32_t>(req.size, 1) + cfg_.width - 1) / cfg_.width);
  const Tick start = beats_.reserve(now, beats);
  if (start > now) ++bus_waits;
  return {start + bus_ + access_ + beats, 1};
}

void Sram::register_stats(StatRegistry& s) {
  s.counter(name_ + ".reads", &reads, "reads of the NIC SRAM");
  s.counter(name_ + ".writes", &writes, "writes to the NIC SRAM");
  s.counter(name_ + ".bus_waits", &bus_waits, "accesses that waited for the NIC bus");
}

}  // namespace pimnic::timing
