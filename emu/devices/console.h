// Console device: guest text to an output stream (the simulator's stdout by default).
#pragma once
#include <cstdio>
#include <string>

#include "mem/address_space.h"
#include "mem/mmio_device.h"

namespace pimnic {

class ConsoleDevice : public MmioDevice {
 public:
  // mem: the address space whose buffers CONSOLE_WRITE_* refers to.
  ConsoleDevice(AddressSpace& mem, std::FILE* out) : mem_(mem), out_(out) {}
  std::string name() const override { return "console"; }
  bool read(uint32_t offset, unsigned size, uint64_t& value, const MmioAccess& by) override;
  bool write(uint32_t offset, unsigned size, uint64_t value, const MmioAccess& by) override;
  uint64_t bytes_written() const { return bytes_; }
  // Start every line with this (multi-core machines name the core: "n0.host: ").
  void set_line_prefix(std::string prefix) { prefix_ = std::move(prefix); }

 private:
  AddressSpace& mem_;
  std::FILE* out_;
  uint32_t buf_addr_ = 0;
  uint64_t bytes_ = 0;
  std::string prefix_;
  bool at_line_start_ = true;
  void put(const uint8_t* p, size_t n);
};

}  // namespace pimnic
