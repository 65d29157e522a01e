#include "devices/sysinfo.h"

#include "pimnic/memmap.h"

namespace pimnic {

const SysInfo& SysInfoDevice::info_for(const MmioAccess& by) const {
  if (by.from)
    for (const Other& o : others_)
      if (o.core == initiator_core(by.initiator)) return o.info;
  return info_;
}

bool SysInfoDevice::set_args(const std::vector<std::string>& args) {
  std::string joined;
  for (const std::string& a : args) joined += a + '\0';
  if (joined.size() > SYSINFO_ARGS_MAX) return false;
  args_ = joined;
  return true;
}

bool SysInfoDevice::read(uint32_t offset, unsigned size, uint64_t& value, const MmioAccess& by) {
  if (offset >= SYSINFO_ARGS && offset < SYSINFO_ARGS + SYSINFO_ARGS_MAX) {  // bytes in memory order (big-endian)
    value = 0;
    for (unsigned i = 0; i < size; ++i) {
      const uint32_t k = offset - SYSINFO_ARGS + i;
      value = value << 8 | (k < args_.size() ? uint8_t(args_[k]) : 0);
    }
    return true;
  }
  const SysInfo& info = info_for(by);
  switch (offset) {
    case SYSINFO_NODE_ID: value = info.node_id; break;
    case SYSINFO_CORE_ROLE: value = info.role; break;
    case SYSINFO_CORE_INDEX: value = info.core_index; break;
    case SYSINFO_HART_COUNT: value = info.hart_count; break;
    case SYSINFO_RAM_SIZE: value = info.ram_size; break;
    case SYSINFO_CLOCK_KHZ: value = info.clock_khz; break;
    case SYSINFO_NODE_COUNT: value = info.node_count; break;
    case SYSINFO_FEATURES: value = info.features; break;
    case SYSINFO_VEC_BYTES: value = info.vec_bytes; break;
    case SYSINFO_ARGS_BYTES: value = args_.size(); break;
    case SYSINFO_CORE_COUNT: value = info.core_count; break;
    default: value = 0; return offset < PIMNIC_DEVICE_SIZE;
  }
  return true;
}

}  // namespace pimnic
