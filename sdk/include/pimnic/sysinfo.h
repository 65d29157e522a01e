/* What the core running this code is: reads of the sysinfo device (see memmap.h). */
#ifndef PIMNIC_SYSINFO_H
#define PIMNIC_SYSINFO_H
#include <stdint.h>

#include "pimnic/memmap.h"
#include "pimnic/mmio.h"

static inline uint32_t pimnic_sysinfo(uint32_t reg) {
  return pimnic_mmio_read32(PIMNIC_SYSINFO_BASE + reg);
}
static inline uint32_t pimnic_node_id(void) { return pimnic_sysinfo(SYSINFO_NODE_ID); }
static inline uint32_t pimnic_node_count(void) { return pimnic_sysinfo(SYSINFO_NODE_COUNT); }
static inline uint32_t pimnic_core_role(void) { return pimnic_sysinfo(SYSINFO_CORE_ROLE); }
static inline uint32_t pimnic_core_index(void) { return pimnic_sysinfo(SYSINFO_CORE_INDEX); }
static inline uint32_t pimnic_hart_count(void) { return pimnic_sysinfo(SYSINFO_HART_COUNT); }
static inline uint32_t pimnic_ram_size(void) { return pimnic_sysinfo(SYSINFO_RAM_SIZE); }
static inline uint32_t pimnic_clock_khz(void) { return pimnic_sysinfo(SYSINFO_CLOCK_KHZ); }
static inline uint32_t pimnic_features(void) { return pimnic_sysinfo(SYSINFO_FEATURES); }
static inline uint32_t pimnic_vec_bytes(void) { return pimnic_sysinfo(SYSINFO_VEC_BYTES); }
/* Cores of this core's role on the node: the PIM cores of a PIM NIC (1 on a one-core machine). */
static inline uint32_t pimnic_core_count(void) { return pimnic_sysinfo(SYSINFO_CORE_COUNT); }

#endif
