// Shared by the ISA benchmark programs (scripts/bench_isa.py): the repeat count from argv and a
// checksum printed at the end, so that both emulators are seen to compute the same thing.
#pragma once
#include <stdio.h>
#include <stdlib.h>

static inline long bench_reps(int argc, char **argv, long dflt) {
  return argc > 1 ? strtol(argv[1], 0, 0) : dflt;
}

// Which kernel to run alone (argv[2], for profiling), or -1 for all of them.
static inline int bench_only(int argc, char **argv) { return argc > 2 ? atoi(argv[2]) : -1; }
#define BENCH_RUN(only, k) ((only) < 0 || (only) == (k))

// A small deterministic generator (xorshift32) for inputs.
static inline unsigned bench_rand(unsigned *s) {
  unsigned x = *s;
  x ^= x << 13;
  x ^= x >> 17;
  x ^= x << 5;
  return *s = x;
}
