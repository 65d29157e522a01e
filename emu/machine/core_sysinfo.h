// What the system information device (devices/sysinfo.h) tells a core about itself, from the
// core's configuration.
#pragma once
#include <cstdint>

#include "devices/sysinfo.h"

namespace pimnic {

struct CoreConfig;

// PIMNIC_FEAT_* bits of a core, and the information of a core of this role on a node.
uint32_t sysinfo_features(const CoreConfig& c);
SysInfo sysinfo_for(const CoreConfig& c, uint32_t role, uint32_t ram_size);

}  // namespace pimnic
