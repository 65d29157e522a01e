#include "machine/core_sysinfo.h"

#include "cpu/core.h"
#include "pimnic/memmap.h"

namespace pimnic {

uint32_t sysinfo_features(const CoreConfig& c) {
  uint32_t f = 0;
  if (c.features & isa::FEAT_FPU) f |= PIMNIC_FEAT_FPU;
  if (c.features & isa::FEAT_ALTIVEC) f |= PIMNIC_FEAT_ALTIVEC;
  if (c.features & isa::FEAT_440) f |= PIMNIC_FEAT_440;
  if (c.features & isa::FEAT_PIM) f |= PIMNIC_FEAT_PIM;
  return f;
}

SysInfo sysinfo_for(const CoreConfig& c, uint32_t role, uint32_t ram_size) {
  SysInfo info;
  info.role = role;
  info.hart_count = c.harts;
  info.ram_size = ram_size;
  info.clock_khz = uint32_t(c.clock_hz / 1000);
  info.features = sysinfo_features(c);
  info.vec_bytes = c.vec_bytes;
  return info;
}

}  // namespace pimnic
