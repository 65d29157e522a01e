// The store stream of issue 21 as a Linux program: word stores into every 64-byte line of a
// buffer larger than every cache (8 MiB by default), then one load of a line nobody touched.
// Run with `pimnic linux --model inorder|ooo --clock sim store_lines [BYTES [STORES_PER_LINE]]`
// (STORES_PER_LINE 1 or 16). Prints, as the calibration programs do, `name hex-value` lines:
// the time-base ticks of the store loop and of the load (Linux mode: 8 core cycles a tick).
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static inline uint32_t time_base(void) {
  uint32_t t;
  __asm__ volatile("mftb %0" : "=r"(t));
  return t;
}

struct times {
  uint32_t store_loop, next_load;
};

// Not inlined: the first call, over a few lines, brings this code into the I-cache, so that the
// second is timed without instruction fetches from memory.
__attribute__((noinline)) static struct times stream(char* buf, size_t bytes, unsigned per_line,
                                                     volatile uint32_t* probe) {
  const uint32_t t0 = time_base();
  for (size_t i = 0; i < bytes; i += 64) {
    volatile uint32_t* l = (volatile uint32_t*)(buf + i);
    if (per_line == 16) {  // the whole line
      l[0] = l[1] = l[2] = l[3] = l[4] = l[5] = l[6] = l[7] = (uint32_t)i;
      l[8] = l[9] = l[10] = l[11] = l[12] = l[13] = l[14] = l[15] = (uint32_t)i;
    } else {
      l[0] = (uint32_t)i;
    }
  }
  const uint32_t t1 = time_base();
  (void)*probe;
  const uint32_t t2 = time_base();
  return (struct times){t1 - t0, t2 - t1};
}

int main(int argc, char** argv) {
  const size_t bytes = argc > 1 ? strtoul(argv[1], 0, 0) : 8u << 20;
  const unsigned per_line = argc > 2 && atoi(argv[2]) == 16 ? 16 : 1;
  char* buf = malloc(bytes + (1u << 20));
  if (!buf) return 1;
  // Past the stream: in no cache, and not a line the stream touches next.
  stream(buf, 1024, per_line, (volatile uint32_t*)(buf + bytes + (256u << 10)));
  const struct times t = stream(buf, bytes, per_line, (volatile uint32_t*)(buf + bytes + (512u << 10)));
  printf("stores %zx\nstore_loop %x\nnext_load %x\n", bytes / 64 * per_line, t.store_loop, t.next_load);
  return 0;
}
