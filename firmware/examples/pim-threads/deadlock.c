/* Waits for a word nobody will fill: pimnic must report the deadlock and exit like a guest fault. */
#include <stdint.h>

#include "pimnic/pim.h"

static volatile uint32_t never;

int main(void) {
  pim_feempty(&never);
  return (int)pim_readfe(&never);
}
