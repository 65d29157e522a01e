/* Trace markers (memmap.h TRACE_*): name a point of the run, or a stretch of it, so that it shows
 * at its simulated time in instruction traces (commit, qemu, binary, Kanata) and in the Perfetto
 * timeline (an instant event or a span on the hardware thread's track). docs/traces.md.
 *
 *   pimnic_trace_mark("header arrived");
 *   pimnic_trace_mark_value("match found", entry_index);
 *   pimnic_trace_begin("match"); ... pimnic_trace_end();
 *
 * A mark is one device store (two with a value); the label is read from memory only when
 * something records the run. Labels longer than PIMNIC_TRACE_LABEL_MAX bytes are cut. Every
 * core of every machine has the device, one-core runs too. */
#ifndef PIMNIC_TRACE_H
#define PIMNIC_TRACE_H
#include <stdint.h>

#include "pimnic/memmap.h"
#include "pimnic/mmio.h"

/* (The barrier: a label just written into a buffer is in memory before the device reads it.) */
static inline void pimnic_trace_mark(const char* label) {
  __asm__ volatile("" ::: "memory");
  pimnic_mmio_write32(PIMNIC_TRACE_BASE + TRACE_MARK, (uint32_t)(uintptr_t)label);
}
static inline void pimnic_trace_mark_value(const char* label, uint32_t value) {
  __asm__ volatile("" ::: "memory");
  pimnic_mmio_write32(PIMNIC_TRACE_BASE + TRACE_VALUE, value);
  pimnic_mmio_write32(PIMNIC_TRACE_BASE + TRACE_MARK, (uint32_t)(uintptr_t)label);
}
/* Spans nest per hardware thread; pimnic_trace_end closes the innermost. */
static inline void pimnic_trace_begin(const char* label) {
  __asm__ volatile("" ::: "memory");
  pimnic_mmio_write32(PIMNIC_TRACE_BASE + TRACE_BEGIN, (uint32_t)(uintptr_t)label);
}
static inline void pimnic_trace_end(void) { pimnic_mmio_write32(PIMNIC_TRACE_BASE + TRACE_END, 0); }

#endif
