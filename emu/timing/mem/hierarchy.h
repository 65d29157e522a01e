// One core's memory hierarchy: L1 instruction and data caches, an optional unified L2, the
// backing memory (banked DRAM, or SRAM behind the NIC bus), and the store buffer in front of the
// data cache. A missing cache (size 0) is skipped: the PIM core has an I-cache only, the
// conventional NIC no L2. Device (MMIO) accesses do not go through the caches; they cost the bus
// latency mmio_ns.
#pragma once
#include <memory>
#include <string>

#include "timing/mem/cache.h"
#include "timing/mem/stream_prefetcher.h"
#include "timing/mem/dram.h"
#include "timing/mem/sram.h"
#include "timing/mem/store_buffer.h"

namespace pimnic::timing {

struct HierarchyConfig {
  CacheConfig l1i{65536, 2, 64, 1, 4, true, true};
  CacheConfig l1d{65536, 2, 64, 2, 8, true, true};
  CacheConfig l2{524288, 8, 64, 12, 16, true, true};
  PrefetchConfig l2_prefetch;    // mem.l2.prefetch_*: off unless a preset or --set turns it on
  std::string backing = "dram";  // dram | sram
  DramConfig dram;
  SramConfig sram;
  double mmio_ns = 0;            // bus latency of a device register access
  uint32_t store_buffer = 8;     // store buffer entries (store_buffer.h)
  // Everything under "mem.": mem.l1i.*, mem.l1d.*, mem.l2.*, mem.backing, mem.dram.*, mem.sram.*,
  // mem.mmio_ns, mem.store_buffer.
  void declare(ParamRegistry& params, const std::string& prefix = "");  // names prefix + "mem.*"
  // Throws std::invalid_argument for a level MemHierarchy would refuse (names as it gives them),
  // so a model without caches rejects the same settings.
  void check(const std::string& prefix) const;
};

// The backing memory a HierarchyConfig describes (DRAM or SRAM), named "<prefix>dram"/"sram", for
// hierarchies that share one (the two PIM cores of a NIC contend for their memory's banks and bus).
std::unique_ptr<MemLevel> make_backing_memory(const HierarchyConfig& cfg, const ClockDomain& clock,
                                              const std::string& prefix);

class MemHierarchy {
 public:
  // Levels are named "<prefix>l1i", "<prefix>l1d", "<prefix>l2", "<prefix>dram"/"sram".
  // shared_memory: a backing level owned elsewhere (make_backing_memory), used instead of one of
  // its own; the owner registers its statistics and resets it.
  MemHierarchy(const HierarchyConfig& cfg, const ClockDomain& core_clock, const std::string& prefix,
               MemLevel* shared_memory = nullptr);
  MemLevel& fetch() { return *fetch_; }  // where instruction fetches go first
  MemLevel& data() { return *data_; }    // where loads and stores go first
  Cache* l1i() { return l1i_.get(); }    // null when absent
  Cache* l1d() { return l1d_.get(); }
  Cache* l2() { return l2_.get(); }
  Tick mmio_latency() const { return mmio_; }
  // In front of data(); its statistics are the model's to register (the models that use it).
  StoreBuffer& stores() { return *stores_; }
  void register_stats(StatRegistry& stats);
  void reset_state();

 private:
  std::unique_ptr<MemLevel> own_memory_;
  MemLevel* memory_ = nullptr;
  std::unique_ptr<Cache> l2_, l1i_, l1d_;
  MemLevel* fetch_ = nullptr;
  MemLevel* data_ = nullptr;
  std::unique_ptr<StoreBuffer> stores_;
  Tick mmio_ = 0;
};

}  // namespace pimnic::timing
