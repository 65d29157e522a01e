/* Exit driver: a write to EXIT_CODE stops the machine. */
#include "pimnic/exit.h"

#include "pimnic/memmap.h"
#include "pimnic/mmio.h"

void pimnic_exit(int code) {
  pimnic_mmio_write32(PIMNIC_EXIT_BASE + EXIT_CODE, (unsigned)code & 0xFF);
  for (;;) {
    /* The device stops the core; spin should it ever return (another loader, a debugger). */
  }
}
