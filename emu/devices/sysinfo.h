// System information device: identity and configuration of the core that reads it.
#pragma once
#include <string>
#include <vector>

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
  uint32_t core_count = 1;  // cores of this role on the node
};

// (machine/core_sysinfo.h fills a SysInfo from a core's configuration.)

// One page per address space: cores that share it (the PIM cores of a NIC) each read their own.
class SysInfoDevice : public MmioDevice {
 public:
  explicit SysInfoDevice(SysInfo info) : info_(info) {}
  // Another core in the same address space (its number, initiator_core), answered with its own
  // information.
  void add_core(uint32_t core, SysInfo info) { others_.push_back({core, info}); }
  // Boot arguments every core of the page reads (argv of `pimnic run IMAGE ARGS...`), each ending
  // in a NUL; false if they exceed SYSINFO_ARGS_MAX bytes.
  bool set_args(const std::vector<std::string>& args);
  std::string name() const override { return "sysinfo"; }
  bool read(uint32_t offset, unsigned size, uint64_t& value, const MmioAccess& by) override;
  bool write(uint32_t offset, unsigned, uint64_t, const MmioAccess&) override { return offset < 0x1000; }

 private:
  const SysInfo& info_for(const MmioAccess& by) const;
  SysInfo info_;
  struct Other {
    uint32_t core;
    SysInfo info;
  };
  std::vector<Other> others_;
  std::string args_;  // NUL-terminated strings, back to back
};

}  // namespace pimnic
