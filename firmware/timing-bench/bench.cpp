// Timing microbenchmarks. Each line printed is "name cycles_x100_per_unit units" where a unit is
// one instruction of interest (an add, a load, a branch, a copied line): the time base is read
// around each kernel (run with core.tb_divider=1 for cycle resolution). The same image gives the
// same output text under every model except for the cycle figures.
#include <stdint.h>
#include <stdio.h>

#include "kernels.h"
#include "pimnic/cpu.h"

namespace {

uint64_t now() { return pimnic_timebase(); }

void report(const char* name, uint64_t cycles, uint32_t units, uint32_t check) {
  printf("%s %u %u check=%08x\n", name, unsigned(cycles * 100 / units), unsigned(units), unsigned(check));
}

// One pointer per 64-byte line, visiting the lines of `bytes` in a scrambled order (so no
// stride prefetch or open DRAM row helps), closing the cycle.
uint32_t* make_chase(uint32_t* buf, uint32_t bytes) {
  const uint32_t lines = bytes / 64, step = 16;  // 16 words per line
  // A full-period LCG over a power-of-two line count visits every line once before it returns
  // to line 0: one cycle through the whole set.
  uint32_t x = 0;
  for (uint32_t i = 0; i < lines; ++i) {
    uint32_t next = (x * 1664525u + 1013904223u) & (lines - 1);
    buf[x * step] = uint32_t(uintptr_t(&buf[next * step]));
    x = next;
  }
  return buf;
}

uint32_t chase_buf[(4u << 20) / 4];
uint8_t bits[4096];
uint32_t copy_src[(1u << 20) / 4], copy_dst[(1u << 20) / 4];
uint32_t slot[16];

void chase(const char* name, uint32_t bytes) {
  uint32_t* start = make_chase(chase_buf, bytes);
  uint32_t lines = bytes / 64;
  uint32_t iters = lines / 8 < 256 ? 256 : lines / 8;
  kernel_chase(start, iters);  // warm up: bring the set into the caches it fits in
  uint64_t t0 = now();
  uint32_t c = kernel_chase(start, iters);
  report(name, now() - t0, iters * 8, c - uint32_t(uintptr_t(chase_buf)));
}

void branch(const char* name, bool random) {
  uint32_t x = 12345;
  for (uint32_t i = 0; i < sizeof bits; ++i) {
    x = x * 1103515245u + 12345u;
    bits[i] = random ? (x >> 16) & 1 : 1;
  }
  kernel_branch(bits, sizeof bits);
  uint64_t t0 = now();
  uint32_t c = kernel_branch(bits, sizeof bits);
  report(name, now() - t0, sizeof bits, c);
}

}  // namespace

int main() {
  const uint32_t n = 2000;
  uint64_t t0 = now();
  uint32_t c = kernel_add_chain(n);
  report("add_chain", now() - t0, n * 16, c);
  t0 = now();
  c = kernel_add_indep(n);
  report("add_indep", now() - t0, n * 32, c);
  t0 = now();
  c = kernel_mul_chain(n);
  report("mul_chain", now() - t0, n * 16, c);
  t0 = now();
  c = kernel_mul_indep(n);
  report("mul_indep", now() - t0, n * 16, c);
  chase("chase_l1", 16u << 10);
  chase("chase_l2", 256u << 10);
  chase("chase_dram", 4u << 20);
  branch("branch_predictable", false);
  branch("branch_random", true);
  for (uint32_t i = 0; i < sizeof copy_src / 4; ++i) copy_src[i] = i * 2654435761u;
  t0 = now();
  kernel_copy(copy_dst, copy_src, sizeof copy_src / 4);
  report("copy_stream", now() - t0, sizeof copy_src / 64, copy_dst[12345]);
  t0 = now();
  kernel_copy(copy_dst, copy_src, 2048);  // 8 KiB: stays in L1 after the first pass
  kernel_copy(copy_dst, copy_src, 2048);
  t0 = now();
  kernel_copy(copy_dst, copy_src, 2048);
  report("copy_l1", now() - t0, 2048 * 4 / 64, copy_dst[2047]);
  t0 = now();
  c = kernel_store_load(slot, n);
  report("store_load", now() - t0, n * 4, c);
  return 0;
}
