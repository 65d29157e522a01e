#include "devices/exit_device.h"

#include "cpu/hart.h"
#include "pimnic/memmap.h"

namespace pimnic {

bool ExitDevice::read(uint32_t offset, unsigned, uint64_t& value, Hart*) {
  value = 0;
  return offset < PIMNIC_DEVICE_SIZE;
}

bool ExitDevice::write(uint32_t offset, unsigned, uint64_t value, Hart* from) {
  if (offset != EXIT_CODE) return offset < PIMNIC_DEVICE_SIZE;
  if (from) {
    from->exit_code = int(value & 0xFF);
    from->request_stop(StopReason::Exit);
  }
  on_exit_(int(value & 0xFF), from);
  return true;
}

}  // namespace pimnic
