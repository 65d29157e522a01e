/* The per-core timer (memmap.h TIMER_*): simulated nanoseconds and a one-shot compare interrupt. */
#ifndef PIMNIC_TIMER_H
#define PIMNIC_TIMER_H
#include <stdint.h>

#include "pimnic/memmap.h"
#include "pimnic/mmio.h"

/* Simulated time in ns (reading the high word latches the low one). */
static inline uint64_t pimnic_time_ns(void) {
  uint32_t hi = pimnic_mmio_read32(PIMNIC_TIMER_BASE + TIMER_NOW_HI);
  uint32_t lo = pimnic_mmio_read32(PIMNIC_TIMER_BASE + TIMER_NOW_LO);
  return (uint64_t)hi << 32 | lo;
}

/* Raise the external interrupt at time `ns` (if enable); clear with pimnic_timer_ack. */
static inline void pimnic_timer_arm(uint64_t ns, int enable_irq) {
  pimnic_mmio_write32(PIMNIC_TIMER_BASE + TIMER_CTRL, enable_irq ? 1 : 0);
  pimnic_mmio_write32(PIMNIC_TIMER_BASE + TIMER_COMPARE_HI, (uint32_t)(ns >> 32));
  pimnic_mmio_write32(PIMNIC_TIMER_BASE + TIMER_COMPARE_LO, (uint32_t)ns);
}
static inline int pimnic_timer_fired(void) { return pimnic_mmio_read32(PIMNIC_TIMER_BASE + TIMER_STATUS) & 1; }
static inline void pimnic_timer_ack(void) { pimnic_mmio_write32(PIMNIC_TIMER_BASE + TIMER_STATUS, 1); }

/* Sleep until this core's external interrupt input is asserted (by any device whose interrupt
 * is enabled), then return without taking the interrupt: waiting costs no instructions and wakes
 * exactly when the device changes, as a polling loop would see it. Acknowledge (clear the status
 * of) the sources you poll before polling them, or this returns at once. */
static inline void pimnic_wait_for_interrupt(void) { pimnic_mmio_write32(PIMNIC_TIMER_BASE + TIMER_WAIT, 1); }

#endif
