#include "timing/mem/hierarchy.h"

#include <stdexcept>

#include "sim/clock.h"
#include "sim/params.h"
#include "sim/stats.h"

namespace pimnic::timing {

void HierarchyConfig::declare(ParamRegistry& p, const std::string& prefix) {
  l1i.declare(p, prefix + "mem.l1i", "L1 instruction cache");
  l1d.declare(p, prefix + "mem.l1d", "L1 data cache");
  l2.declare(p, prefix + "mem.l2", "unified L2 cache");
  l2_prefetch.declare(p, prefix + "mem.l2");
  p.declare(prefix + "mem.backing", backing, backing, "memory behind the caches: dram (banked, row policy) or sram (NIC SRAM behind the bus)",
            {"dram", "sram"});
  dram.declare(p, prefix + "mem.dram");
  sram.declare(p, prefix + "mem.sram");
  p.declare(prefix + "mem.mmio_ns", mmio_ns, mmio_ns, "ns a device register access takes on the bus (uncached)");
  p.declare(prefix + "mem.store_buffer", store_buffer, store_buffer,
            "store buffer entries between the core and the data cache (one line each; a store that misses holds "
            "one until its line is in the cache; stores to that line merge into it)");
}

void HierarchyConfig::check(const std::string& prefix) const {
  l1i.check(prefix + "l1i");
  l1d.check(prefix + "l1d");
  l2.check(prefix + "l2");
  l2_prefetch.check(prefix + "l2");
  if (backing == "sram") sram.check(prefix + "sram");
  else dram.check(prefix + "dram");
  check_ns_setting(mmio_ns, "mem.mmio_ns");
  if (store_buffer == 0 || store_buffer > 256) throw std::invalid_argument("mem.store_buffer must be between 1 and 256");
}

std::unique_ptr<MemLevel> make_backing_memory(const HierarchyConfig& cfg, const ClockDomain& clock,
                                              const std::string& prefix) {
  if (cfg.backing == "sram") return std::make_unique<Sram>(prefix + "sram", cfg.sram, clock);
  return std::make_unique<Dram>(prefix + "dram", cfg.dram, clock);
}

MemHierarchy::MemHierarchy(const HierarchyConfig& cfg, const ClockDomain& clock, const std::string& prefix,
                           MemLevel* shared_memory) {
  cfg.check(prefix);
  if (shared_memory) memory_ = shared_memory;
  else memory_ = (own_memory_ = make_backing_memory(cfg, clock, prefix)).get();
  MemLevel* below = memory_;
  if (cfg.l2.size) {
    l2_ = std::make_unique<Cache>(prefix + "l2", cfg.l2, clock, below, cfg.l2_prefetch);
    below = l2_.get();
  }
  fetch_ = data_ = below;
  if (cfg.l1i.size) fetch_ = (l1i_ = std::make_unique<Cache>(prefix + "l1i", cfg.l1i, clock, below)).get();
  if (cfg.l1d.size) data_ = (l1d_ = std::make_unique<Cache>(prefix + "l1d", cfg.l1d, clock, below)).get();
  stores_ = std::make_unique<StoreBuffer>(cfg.store_buffer, *data_, l1d_.get());
  mmio_ = ns_to_ticks(cfg.mmio_ns);
}

void MemHierarchy::register_stats(StatRegistry& s) {
  if (l1i_) l1i_->register_stats(s);
  if (l1d_) l1d_->register_stats(s);
  if (l2_) l2_->register_stats(s);
  if (own_memory_) own_memory_->register_stats(s);
}

void MemHierarchy::reset_state() {
  if (l1i_) l1i_->reset_state();
  if (l1d_) l1d_->reset_state();
  if (l2_) l2_->reset_state();
  if (own_memory_) own_memory_->reset_state();
  stores_->reset_state();
}

}  // namespace pimnic::timing
