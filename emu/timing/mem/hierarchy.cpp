#include "timing/mem/hierarchy.h"

#include "sim/params.h"
#include "sim/stats.h"

namespace pimnic::timing {

void HierarchyConfig::declare(ParamRegistry& p, const std::string& prefix) {
  l1i.declare(p, prefix + "mem.l1i", "L1 instruction cache");
  l1d.declare(p, prefix + "mem.l1d", "L1 data cache");
  l2.declare(p, prefix + "mem.l2", "unified L2 cache");
  p.declare(prefix + "mem.backing", backing, backing, "memory behind the caches: dram (banked, row policy) or sram (NIC SRAM behind the bus)",
            {"dram", "sram"});
  dram.declare(p, prefix + "mem.dram");
  sram.declare(p, prefix + "mem.sram");
  p.declare(prefix + "mem.mmio_ns", mmio_ns, mmio_ns, "ns a device register access takes on the bus (uncached)");
}

MemHierarchy::MemHierarchy(const HierarchyConfig& cfg, const ClockDomain& clock, const std::string& prefix) {
  if (cfg.backing == "sram") memory_ = std::make_unique<Sram>(prefix + "sram", cfg.sram, clock);
  else memory_ = std::make_unique<Dram>(prefix + "dram", cfg.dram, clock);
  MemLevel* below = memory_.get();
  if (cfg.l2.size) {
    l2_ = std::make_unique<Cache>(prefix + "l2", cfg.l2, clock, below);
    below = l2_.get();
  }
  fetch_ = data_ = below;
  if (cfg.l1i.size) fetch_ = (l1i_ = std::make_unique<Cache>(prefix + "l1i", cfg.l1i, clock, below)).get();
  if (cfg.l1d.size) data_ = (l1d_ = std::make_unique<Cache>(prefix + "l1d", cfg.l1d, clock, below)).get();
  if (cfg.mmio_ns < 0) throw std::invalid_argument("mem.mmio_ns must not be negative");
  mmio_ = ns_to_ticks(cfg.mmio_ns);
}

void MemHierarchy::register_stats(StatRegistry& s) {
  if (l1i_) l1i_->register_stats(s);
  if (l1d_) l1d_->register_stats(s);
  if (l2_) l2_->register_stats(s);
  memory_->register_stats(s);
}

void MemHierarchy::reset_state() {
  if (l1i_) l1i_->reset_state();
  if (l1d_) l1d_->reset_state();
  if (l2_) l2_->reset_state();
  memory_->reset_state();
}

}  // namespace pimnic::timing
