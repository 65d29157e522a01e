/* Console driver: single characters through CONSOLE_TX, buffers with one CONSOLE_WRITE_* transfer. */
#include "pimnic/console.h"

#include <stdint.h>
#include <string.h>

#include "pimnic/memmap.h"
#include "pimnic/mmio.h"

void pimnic_console_putc(char c) {
  pimnic_mmio_write32(PIMNIC_CONSOLE_BASE + CONSOLE_TX, (unsigned char)c);
}

void pimnic_console_write(const char* buf, size_t len) {
  if (!len) return;
  pimnic_mmio_write32(PIMNIC_CONSOLE_BASE + CONSOLE_WRITE_ADDR, (uint32_t)(uintptr_t)buf);
  pimnic_mmio_write32(PIMNIC_CONSOLE_BASE + CONSOLE_WRITE_LEN, (uint32_t)len);
}

void pimnic_console_puts(const char* s) { pimnic_console_write(s, strlen(s)); }
