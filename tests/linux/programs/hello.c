// The smallest check: stdio start-up, one line out, exit status 0.
#include <stdio.h>

int main(void) {
  printf("hello from powerpc linux\n");
  return 0;
}
