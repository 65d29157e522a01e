// A store to an unmapped address: SIGSEGV, exit status 139.
#include <stdio.h>

int main(void) {
  printf("writing through a bad pointer\n");
  fflush(stdout);
  *(volatile int *)0x00001234 = 1;
  return 0;
}
