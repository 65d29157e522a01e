/* Program termination: atexit and __cxa_atexit registrations (run last first), .fini_array, then
 * the exit device. Registrations live in blocks of 32, the first one static so that static
 * constructors can register destructors before (or without) the heap. */
#include <stdio.h>
#include <stdlib.h>

#include "pimnic/exit.h"

typedef struct exit_entry {
  void (*fn)(void*);
  void* arg;
  int with_arg; /* __cxa_atexit: fn(arg); atexit: fn() */
} exit_entry;

typedef struct exit_block {
  struct exit_block* older;
  int used;
  exit_entry entries[32];
} exit_block;

static exit_block first_block;
static exit_block* newest = &first_block;

typedef void (*fini_fn)(void);
extern fini_fn __fini_array_start[], __fini_array_end[];

static int add_entry(void (*fn)(void*), void* arg, int with_arg) {
  if (newest->used == 32) {
    exit_block* b = calloc(1, sizeof *b);
    if (!b) return -1;
    b->older = newest;
    newest = b;
  }
  newest->entries[newest->used++] = (exit_entry){fn, arg, with_arg};
  return 0;
}

int atexit(void (*fn)(void)) { return add_entry((void (*)(void*))fn, NULL, 0); }

/* The C++ ABI's registration of static destructors. The SDK links everything into one image,
 * so dso (&__dso_handle) is not needed to tell shared objects apart. */
int __cxa_atexit(void (*fn)(void*), void* arg, void* dso) {
  (void)dso;
  return add_entry(fn, arg, 1);
}

void* __dso_handle = &__dso_handle;

static void run_exit_handlers(void) {
  while (newest) {
    while (newest->used > 0) {
      exit_entry e = newest->entries[--newest->used];
      if (e.with_arg) e.fn(e.arg);
      else ((void (*)(void))e.fn)();
    }
    newest = newest->older;  /* leaked blocks do not matter: the machine stops */
  }
  for (fini_fn* f = __fini_array_end; f > __fini_array_start;) (*--f)();
}

void exit(int status) {
  static int exiting;
  if (!exiting++) run_exit_handlers(); /* exit() from a handler stops without running the rest */
  pimnic_exit(status);
}

void _Exit(int status) { pimnic_exit(status); }

void abort(void) {
  puts("abort()");
  pimnic_exit(128 + 6); /* as if killed by SIGABRT */
}

void __pimnic_assert_fail(const char* expr, const char* file, int line, const char* func) {
  printf("%s:%d: %s: Assertion `%s' failed.\n", file, line, func, expr);
  abort();
}
