// System information device: identity and configuration of the core that reads it.
#pragma once
#include "mem/mmio_device.h"

namespace pimnic {

struct SysInfo {
  uint32_t node_id = 0;
  uint32_t role = 0;        // PIMNIC_ROLE_*
  uint32_t core_index = 0;
  uint32_t hart_count = 1;
  uint32_t ram_size = 0;
  uint32_t clock_khz = 0;
  uint32_t node_count = 1;
  uint32_t features = 0;    // PIMNIC_FEAT_*
  uint32_t vec_bytes = 0;
};

class SysInfoDevice : public MmioDevice {
 public:
  explicit SysInfoDevice(SysInfo info) : info_(info) {}
  std::string name() const override { return "sysinfo"; }
  bool read(uint32_t offset, unsigned size, uint64_t& value, Hart* from) override;
  bool write(uint32_t offset, unsigned, uint64_t, Hart*) override { return offset < 0x1000; }

 private:
  SysInfo info_;
};

}  // namespace pimnic
