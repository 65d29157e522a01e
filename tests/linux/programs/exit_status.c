// A non-zero return from main becomes the exit status; atexit handlers still run.
#include <stdio.h>
#include <stdlib.h>

static void bye(void) { printf("atexit handler\n"); }

int main(int argc, char **argv) {
  atexit(bye);
  printf("returning %d\n", 40 + argc);
  return 40 + argc;
}
