// A device mapped into an address space. Accesses arrive at simulated time order from the hart
// that executes the load/store; offsets are relative to the device's base address.
#pragma once
#include <cstdint>
#include <string>

namespace pimnic {

struct Hart;

class MmioDevice {
 public:
  virtual ~MmioDevice() = default;
  virtual std::string name() const = 0;
  // size is 1, 2, 4 or 8; values are in guest (big-endian register) meaning, i.e. plain integers.
  // Returning false signals a bus error (the hart takes a storage interrupt).
  virtual bool read(uint32_t offset, unsigned size, uint64_t& value, Hart* from) = 0;
  virtual bool write(uint32_t offset, unsigned size, uint64_t value, Hart* from) = 0;
};

}  // namespace pimnic
