// Word 0 is not an instruction: SIGILL, exit status 132.
#include <stdio.h>

int main(void) {
  printf("executing an illegal word\n");
  fflush(stdout);
  __asm__ volatile(".long 0");
  return 0;
}
