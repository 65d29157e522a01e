#include "devices/console.h"

#include <algorithm>

#include "pimnic/memmap.h"

namespace pimnic {

bool ConsoleDevice::read(uint32_t offset, unsigned size, uint64_t& value, const MmioAccess&) {
  if (offset == CONSOLE_STATUS) return value = 1, true;
  value = 0;
  return offset < PIMNIC_DEVICE_SIZE;
}

bool ConsoleDevice::write(uint32_t offset, unsigned size, uint64_t value, const MmioAccess&) {
  switch (offset) {
    case CONSOLE_TX: {
      const uint8_t c = uint8_t(value);
      put(&c, 1);
      return true;
    }
    case CONSOLE_WRITE_ADDR:
      buf_addr_ = uint32_t(value);
      return true;
    case CONSOLE_WRITE_LEN: {
      // In chunks, so that a bogus length cannot make the simulator allocate gigabytes.
      uint8_t chunk[4096];
      for (uint32_t left = uint32_t(value), addr = buf_addr_; left;) {
        uint32_t n = std::min<uint32_t>(left, sizeof chunk);
        if (!mem_.read_bytes(addr, chunk, n)) return false;
        put(chunk, n);
        addr += n;
        left -= n;
      }
      return true;
    }
    default:
      return offset < PIMNIC_DEVICE_SIZE;  // writes elsewhere in the page are ignored
  }
}

void ConsoleDevice::put(const uint8_t* p, size_t n) {
  bytes_ += n;
  if (prefix_.empty()) {
    std::fwrite(p, 1, n, out_);
    return;
  }
  for (size_t i = 0; i < n; ++i) {
    if (at_line_start_) std::fputs(prefix_.c_str(), out_);
    std::fputc(p[i], out_);
    at_line_start_ = p[i] == '\n';
  }
}

}  // namespace pimnic
