#include "devices/sysinfo.h"

#include "pimnic/memmap.h"

namespace pimnic {

bool SysInfoDevice::read(uint32_t offset, unsigned, uint64_t& value, Hart*) {
  switch (offset) {
    case SYSINFO_NODE_ID: value = info_.node_id; break;
    case SYSINFO_CORE_ROLE: value = info_.role; break;
    case SYSINFO_CORE_INDEX: value = info_.core_index; break;
    case SYSINFO_HART_COUNT: value = info_.hart_count; break;
    case SYSINFO_RAM_SIZE: value = info_.ram_size; break;
    case SYSINFO_CLOCK_KHZ: value = info_.clock_khz; break;
    case SYSINFO_NODE_COUNT: value = info_.node_count; break;
    case SYSINFO_FEATURES: value = info_.features; break;
    case SYSINFO_VEC_BYTES: value = info_.vec_bytes; break;
    default: value = 0; return offset < PIMNIC_DEVICE_SIZE;
  }
  return true;
}

}  // namespace pimnic
