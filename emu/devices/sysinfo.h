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

class Core;
struct CoreConfig;

// PIMNIC_FEAT_* bits of a core, and the information of a core of this role on a node.
uint32_t sysinfo_features(const CoreConfig& c);
SysInfo sysinfo_for(const CoreConfig& c, uint32_t role, uint32_t ram_size);

// One page per address space: cores that share it (the PIM cores of a NIC) each read their own.
class SysInfoDevice : public MmioDevice {
 public:
  explicit SysInfoDevice(SysInfo info) : info_(info) {}
  // Another core in the same address space, answered with its own information.
  void add_core(const Core* core, SysInfo info) { others_.push_back({core, info}); }
  // Boot arguments every core of the page reads (argv of `pimnic run IMAGE ARGS...`), each ending
  // in a NUL; false if they exceed SYSINFO_ARGS_MAX bytes.
  bool set_args(const std::vector<std::string>& args);
  std::string name() const override { return "sysinfo"; }
  bool read(uint32_t offset, unsigned size, uint64_t& value, Hart* from) override;
  bool write(uint32_t offset, unsigned, uint64_t, Hart*) override { return offset < 0x1000; }

 private:
  const SysInfo& info_for(const Hart* from) const;
  SysInfo info_;
  struct Other {
    const Core* core;
    SysInfo info;
  };
  std::vector<Other> others_;
  std::string args_;  // NUL-terminated strings, back to back
};

}  // namespace pimnic
