#include "devices/pim_spawn.h"

#include "mem/address_space.h"
#include "pimnic/memmap.h"

namespace pimnic {

namespace {
bool read_word(AddressSpace& mem, uint32_t addr, uint32_t& v) {
  uint8_t b[4];
  if (!mem.read_bytes(addr, b, 4)) return false;
  v = uint32_t(b[0]) << 24 | uint32_t(b[1]) << 16 | uint32_t(b[2]) << 8 | b[3];
  return true;
}
}  // namespace

PimSpawnDevice::PimSpawnDevice(std::vector<ThreadContexts*> cores, AddressSpace& sram)
    : cores_(std::move(cores)), sram_(sram) {
  for (ThreadContexts* c : cores_) c->allow_outside_starts();
}

bool PimSpawnDevice::read(uint32_t offset, unsigned, uint64_t& value, const MmioAccess&) {
  value = 0;
  return offset < PIMNIC_DEVICE_SIZE;
}

bool PimSpawnDevice::write(uint32_t offset, unsigned size, uint64_t value, const MmioAccess& by) {
  if (offset != PIM_SPAWN_REQUEST) return offset < PIMNIC_DEVICE_SIZE;
  if (size != 4 || !by.from) return false;
  const uint32_t desc = uint32_t(value);
  uint32_t core = 0, pc = 0, arg = 0;
  if (desc % 4 || !read_word(sram_, desc + PIM_SPAWN_DESC_CORE, core) || !read_word(sram_, desc + PIM_SPAWN_DESC_PC, pc) ||
      !read_word(sram_, desc + PIM_SPAWN_DESC_ARG, arg) || !sram_.find(desc + PIM_SPAWN_DESC_RESULT))
    return false;  // a descriptor outside SRAM: the store faults (storage interrupt)
  uint32_t result = 0xFFFFFFFFu;
  if (core < cores_.size()) {
    // The new thread takes its core's time and the caller's MSR, as a spawn on that core would.
    const uint32_t msr = by.from->machine_state();
    const int t = cores_[core]->start_thread_with(pc, &arg, 1, &msr);
    if (t >= 0) result = uint32_t(t);
  }
  ++(result == 0xFFFFFFFFu ? refused_ : started_);
  const uint8_t b[4] = {uint8_t(result >> 24), uint8_t(result >> 16), uint8_t(result >> 8), uint8_t(result)};
  sram_.write_bytes(desc + PIM_SPAWN_DESC_RESULT, b, 4);
  return true;
}

}  // namespace pimnic
