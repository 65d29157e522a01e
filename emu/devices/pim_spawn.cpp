#include "devices/pim_spawn.h"

#include "cpu/core.h"
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

PimSpawnDevice::PimSpawnDevice(std::vector<Core*> cores, AddressSpace& sram) : cores_(std::move(cores)), sram_(sram) {
  for (Core* c : cores_) c->set_spawned_from_outside();
}

bool PimSpawnDevice::read(uint32_t offset, unsigned, uint64_t& value, Hart*) {
  value = 0;
  return offset < PIMNIC_DEVICE_SIZE;
}

bool PimSpawnDevice::write(uint32_t offset, unsigned size, uint64_t value, Hart* from) {
  if (offset != PIM_SPAWN_REQUEST) return offset < PIMNIC_DEVICE_SIZE;
  if (size != 4 || !from) return false;
  const uint32_t desc = uint32_t(value);
  uint32_t core = 0, pc = 0, arg = 0;
  if (desc % 4 || !read_word(sram_, desc + PIM_SPAWN_DESC_CORE, core) || !read_word(sram_, desc + PIM_SPAWN_DESC_PC, pc) ||
      !read_word(sram_, desc + PIM_SPAWN_DESC_ARG, arg) || !sram_.find(desc + PIM_SPAWN_DESC_RESULT))
    return false;  // a descriptor outside SRAM: the store faults (storage interrupt)
  uint32_t result = 0xFFFFFFFFu;
  if (core < cores_.size()) {
    Core& c = *cores_[core];
    // The new thread takes its core's time (hart 0's, which every context of a PIM core shares)
    // and the caller's MSR, as a spawn on that core would.
    if (Hart* t = c.start_thread(c.hart(0), pc, arg)) {
      t->msr = from->msr;
      result = t->index();
    }
  }
  ++(result == 0xFFFFFFFFu ? refused_ : started_);
  const uint8_t b[4] = {uint8_t(result >> 24), uint8_t(result >> 16), uint8_t(result >> 8), uint8_t(result)};
  sram_.write_bytes(desc + PIM_SPAWN_DESC_RESULT, b, 4);
  return true;
}

}  // namespace pimnic
