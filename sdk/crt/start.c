/* The C half of start-up: static constructors, main(0, NULL), then exit() with its result. */
#include <stddef.h>
#include <stdlib.h>

typedef void (*init_fn)(void);
extern init_fn __preinit_array_start[], __preinit_array_end[];
extern init_fn __init_array_start[], __init_array_end[];

int main(int argc, char** argv);
void __pimnic_start(void) __attribute__((noreturn, used));

static void run_array(init_fn* begin, init_fn* end) {
  for (init_fn* f = begin; f < end; ++f) (*f)();
}

void __pimnic_start(void) {
  run_array(__preinit_array_start, __preinit_array_end);
  run_array(__init_array_start, __init_array_end);
  exit(main(0, NULL));
}
