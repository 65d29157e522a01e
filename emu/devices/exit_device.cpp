#include "devices/exit_device.h"

#include "pimnic/memmap.h"

namespace pimnic {

bool ExitDevice::read(uint32_t offset, unsigned, uint64_t& value, const MmioAccess&) {
  value = 0;
  return offset < PIMNIC_DEVICE_SIZE;
}

bool ExitDevice::write(uint32_t offset, unsigned, uint64_t value, const MmioAccess& by) {
  if (offset != EXIT_CODE) return offset < PIMNIC_DEVICE_SIZE;
  if (by.from) by.from->stop_with_exit(int(value & 0xFF));
  on_exit_(int(value & 0xFF), by);
  return true;
}

}  // namespace pimnic
