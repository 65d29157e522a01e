/* Computation/copy overlap (seed ioat-async-copy-engine.txt, section 4.2, Fig. 6). For each size:
 *   T_copy    blocking copy: post, then wait;
 *   T_compute a computation chosen to take longer than T_copy;
 *   T_total   post the copy, compute, wait;
 *   overlap = (T_copy + T_compute - T_total) / T_copy   (0: none, 1: fully hidden).
 * Times come from the time base (core.tb_divider cycles per tick; 8 by default, 4 ns at 2 GHz),
 * averaged over several repetitions for small sizes. Prints one table row per size; exit 0. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pimnic/copy_engine.h"
#include "pimnic/cpu.h"
#include "pimnic/sysinfo.h"

#define MIN_SIZE 256u
#define MAX_SIZE (8u << 20)

static volatile uint32_t sink;

/* Register-only work: no memory traffic to compete with the engine. */
static __attribute__((noinline)) void compute(uint32_t iterations) {
  uint32_t x = 1, y = 7;
  for (uint32_t i = 0; i < iterations; ++i) {
    x = x * 1664525u + 1013904223u;
    y ^= x >> 7;
  }
  sink = x ^ y;
}

static uint64_t tb(void) { return pimnic_timebase(); }

int main(void) {
  const unsigned channels = pimnic_copy_init(0);
  if (!channels) {
    puts("copy-engine-overlap: no copy engine");
    return 1;
  }
  uint8_t* src = malloc(MAX_SIZE);
  uint8_t* dst = malloc(MAX_SIZE);
  if (!src || !dst) return 1;
  memset(src, 0x3C, MAX_SIZE);
  const uint32_t khz = pimnic_clock_khz();
  const uint32_t tb_divider = 8; /* core.tb_divider's default */
  const double ns_per_tick = 1e6 / khz * tb_divider;

  /* Calibrate: time base ticks per 1000 iterations of compute(). */
  uint64_t t0 = tb();
  compute(100000);
  const double ticks_per_iter = (double)(tb() - t0) / 100000.0;

  printf("copy-engine-overlap: %u channels, %.1f ns per time-base tick\n", channels, ns_per_tick);
  printf("%10s %12s %12s %12s %9s %9s\n", "size", "copy_ns", "compute_ns", "total_ns", "MB/s", "overlap%");
  for (uint32_t size = MIN_SIZE; size <= MAX_SIZE; size *= 2) {
    const unsigned reps = size <= 65536 ? 16 : size <= (1u << 20) ? 4 : 1;
    pimnic_copy(dst, src, size); /* warm-up: the rings and the code are in place */

    uint64_t copy = 0;
    for (unsigned r = 0; r < reps; ++r) {
      t0 = tb();
      pimnic_copy_wait(pimnic_copy_async(dst, src, size));
      copy += tb() - t0;
    }
    const double t_copy = (double)copy / reps;
    /* A computation that takes at least 1.5 x T_copy. */
    const uint32_t iterations = (uint32_t)(1.5 * t_copy / ticks_per_iter) + 1;
    uint64_t comp = 0, total = 0;
    for (unsigned r = 0; r < reps; ++r) {
      t0 = tb();
      compute(iterations);
      comp += tb() - t0;
    }
    for (unsigned r = 0; r < reps; ++r) {
      t0 = tb();
      pimnic_copy_cookie k = pimnic_copy_async(dst, src, size);
      compute(iterations);
      pimnic_copy_wait(k);
      total += tb() - t0;
    }
    const double t_comp = (double)comp / reps, t_total = (double)total / reps;
    const double overlap = (t_copy + t_comp - t_total) / t_copy;
    const double copy_ns = t_copy * ns_per_tick;
    printf("%10u %12.0f %12.0f %12.0f %9.0f %9.1f\n", (unsigned)size, copy_ns, t_comp * ns_per_tick,
           t_total * ns_per_tick, size / copy_ns * 1e3, overlap * 100.0);
  }
  return memcmp(src, dst, MAX_SIZE) == 0 ? 0 : 1;
}
