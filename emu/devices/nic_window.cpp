#include "devices/nic_window.h"

namespace pimnic {

bool NicWindowDevice::read(uint32_t offset, unsigned size, uint64_t& value, const MmioAccess&) {
  if (uint64_t(offset) + size > size_) return false;
  uint8_t b[8];
  if (!sram_.read_bytes(offset, b, size)) return false;
  value = 0;
  for (unsigned i = 0; i < size; ++i) value = value << 8 | b[i];
  return true;
}

bool NicWindowDevice::write(uint32_t offset, unsigned size, uint64_t value, const MmioAccess& by) {
  if (uint64_t(offset) + size > size_) return false;
  bytes_ += size;
  events_.schedule(by.time + latency_, [this, offset, size, value] {
    uint8_t b[8];
    for (unsigned i = 0; i < size; ++i) b[i] = uint8_t(value >> (8 * (size - 1 - i)));
    sram_.write_bytes(offset, b, size);
  }, kPrioDeviceUpdate, "hif.pio_write");
  return true;
}

}  // namespace pimnic
