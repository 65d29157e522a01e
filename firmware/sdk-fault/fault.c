/* Faults on purpose (see CMakeLists.txt): a load from an address with no memory behind it, or an
 * illegal instruction. Nothing after the fault should run. */
#include <stdint.h>
#include <stdio.h>

int main(void) {
  puts("about to fault");
#if defined(FAULT_DSI)
  volatile uint32_t* nowhere = (volatile uint32_t*)0xE0000000u;
  printf("read %u\n", (unsigned)*nowhere);
#elif defined(FAULT_ILLEGAL)
  __asm__ volatile(".long 0");
#endif
  puts("still running: the fault was not taken");
  return 0;
}
