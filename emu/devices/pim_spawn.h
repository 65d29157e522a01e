// PIM thread start (memmap.h PIMNIC_PIM_SPAWN_BASE): a spawn across the PIM cores of one NIC, so that
// firmware booted on the first core can put threads on the others (docs/isa/pim.md, "Threads on
// several cores").
#pragma once
#include <vector>

#include "mem/mmio_device.h"
#include "sim/thread_contexts.h"

namespace pimnic {

class AddressSpace;

class PimSpawnDevice : public MmioDevice {
 public:
  PimSpawnDevice(std::vector<ThreadContexts*> cores, AddressSpace& sram);
  std::string name() const override { return "pim-spawn"; }
  bool read(uint32_t offset, unsigned, uint64_t& value, const MmioAccess&) override;
  bool write(uint32_t offset, unsigned size, uint64_t value, const MmioAccess& by) override;
  uint64_t started() const { return started_; }
  uint64_t refused() const { return refused_; }

 private:
  std::vector<ThreadContexts*> cores_;
  AddressSpace& sram_;
  uint64_t started_ = 0, refused_ = 0;
};

}  // namespace pimnic
