/* Device register access. Registers are big-endian 32-bit like the core, so a volatile access is
 * all it takes; the core executes device accesses in order (see docs/developing.md). */
#ifndef PIMNIC_MMIO_H
#define PIMNIC_MMIO_H
#include <stdint.h>

static inline uint32_t pimnic_mmio_read32(uint32_t addr) {
  return *(volatile uint32_t*)(uintptr_t)addr;
}

static inline void pimnic_mmio_write32(uint32_t addr, uint32_t value) {
  *(volatile uint32_t*)(uintptr_t)addr = value;
}

#endif
